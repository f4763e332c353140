package protocol

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"nnlrs/core/demo"
)

// examples holds one message of every kind, with every field set.
func examples() []Message {
	job := demo.Job{ID: 7, Method: "nnlrs",
		Data:   demo.Data{Dataset: demo.Synthetic, Classes: 4, PerClass: 25, Noise: 0.05, Corrupt: 10, Seed: 1 << 40},
		Params: demo.Params{Beta: 0.2, Lambda: 2, Theta: 0.05, LRRLambda: 0.3, Gap: 1e-6},
		File:   demo.File{Name: "x.csv", Bytes: []byte("1,2\n3,4\n")}, SendData: true, Warm: []byte{1, 2, 3}}
	return []Message{
		&Ready{Kernels: "simd128"},
		&Job{job},
		&Job{demo.Job{ID: math.MaxUint32, Method: "knn0", Data: demo.Data{Dataset: "usps", Seed: 3}}},
		&Cancel{ID: 9},
		&Crash{},
		&Data{1, demo.Samples{Name: "synthetic", D: 2, N: 3, X: []float64{1, 2, 3, 4, 5, -6},
			Labels: []int{1, 1, 2}, Corrupted: []bool{false, true, false}}},
		&Data{2, demo.Samples{Name: "digits", D: 1, N: 1, X: []float64{0.5}, ImageW: 1, ImageH: 1}},
		&Data{3, demo.Samples{Name: "fruit.csv", D: 1, N: 3, X: []float64{1, 2, 3}, Labels: []int{0, 0, 1}, ClassNames: []string{"apple", "pear"}}},
		&Progress{3, demo.Progress{Method: "nnlrs", Iters: []demo.Iter{{Iter: 1, Residual: 0.5, RankZ: 10, NNZH: 300, Stop: math.Inf(1)}, {Iter: 2, Residual: 0.25, RankZ: 9, NNZH: 280, Stop: 3.5}},
			Elapsed: 1.5, N: 2, W: []float64{1, 0.5, 0.5, 1}}},
		&Progress{4, demo.Progress{Method: "l1", Done: 5, Total: 100, Elapsed: 0.1}},
		&Graph{5, demo.Result{Method: "lrr", N: 2, W: []float64{0, 1, 1, 0}, Layout: []float64{0, 0, 1, 1},
			ENorm: []float64{0.1, 0.9}, Iterations: 200, Converged: true, Residual: 1e-7, Objective: 12,
			Elapsed: 0.7, Density: 1, WithinClass: 0.8, DiagonalShare: 0.1, Components: 1}},
		&Graph{6, demo.Result{Method: "nnlrs", N: 1, W: []float64{1}, Layout: []float64{0.5, 0.5}, Z: []float64{0.9}, Warm: []byte{9}}},
		&Error{6, demo.Failure{Method: "nnlrs", Fault: demo.InputFault, Message: "dataset: x.csv: line 2 has 3 fields"}},
		&Cancelled{JobID: 8},
	}
}

func TestRoundTrip(t *testing.T) {
	for _, m := range examples() {
		b := Encode(m)
		got, err := Decode(b)
		if err != nil {
			t.Errorf("%T: decode: %v", m, err)
			continue
		}
		if !reflect.DeepEqual(got, m) {
			t.Errorf("%T: got %+v, want %+v", m, got, m)
		}
	}
}

func TestRoundTripNaN(t *testing.T) {
	g := &Graph{Result: demo.Result{Method: "knn0", WithinClass: math.NaN(), Residual: math.Inf(1)}}
	m, err := Decode(Encode(g))
	if err != nil {
		t.Fatal(err)
	}
	got := m.(*Graph)
	if !math.IsNaN(got.WithinClass) || !math.IsInf(got.Residual, 1) {
		t.Errorf("got %+v", got)
	}
}

// TestDecodeErrors checks that every truncation of every message, and a few
// inconsistent ones, give an error rather than a message or a panic.
func TestDecodeErrors(t *testing.T) {
	for _, m := range examples() {
		b := Encode(m)
		for k := 0; k < len(b); k++ {
			if _, err := Decode(b[:k]); err == nil {
				t.Errorf("%T cut to %d of %d bytes: no error", m, k, len(b))
			}
		}
		if _, err := Decode(append(b, 0)); err == nil || !strings.Contains(err.Error(), "stray") {
			t.Errorf("%T with a stray byte: err = %v", m, err)
		}
	}
	bad := []struct {
		name string
		m    Message
	}{
		{"data size", &Data{Samples: demo.Samples{D: 2, N: 2, X: []float64{1, 2, 3}}}},
		{"labels", &Data{Samples: demo.Samples{D: 1, N: 2, X: []float64{1, 2}, Labels: []int{1}}}},
		{"class names", &Data{Samples: demo.Samples{D: 1, N: 2, X: []float64{1, 2}, Labels: []int{0, 2}, ClassNames: []string{"a", "b"}}}},
		{"graph weights", &Graph{Result: demo.Result{N: 2, W: []float64{1}, Layout: []float64{0, 0, 0, 0}}}},
		{"graph layout", &Graph{Result: demo.Result{N: 1, W: []float64{1}}}},
		{"enorm", &Graph{Result: demo.Result{N: 1, W: []float64{1}, Layout: []float64{0, 0}, ENorm: []float64{1, 2}}}},
		{"z", &Graph{Result: demo.Result{N: 1, W: []float64{1}, Layout: []float64{0, 0}, Z: []float64{1, 2}}}},
		{"progress weights", &Progress{Progress: demo.Progress{N: 2, W: []float64{1, 2, 3}}}},
	}
	for _, c := range bad {
		if _, err := Decode(Encode(c.m)); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	for _, b := range [][]byte{nil, {0}, {200}, {byte(KindJob), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}} {
		if _, err := Decode(b); err == nil {
			t.Errorf("% x: no error", b)
		}
	}
}

// TestDecodeHugeLength checks that a length prefix larger than the message
// is refused before anything that size is allocated.
func TestDecodeHugeLength(t *testing.T) {
	b := []byte{byte(KindProgress), 1, 0} // job 1, method ""
	b = append(b, 0xff, 0xff, 0xff, 0xff, 0x0f)
	allocs := testing.AllocsPerRun(10, func() {
		if _, err := Decode(b); err == nil {
			t.Fatal("no error")
		}
	})
	if allocs > 5 {
		t.Errorf("%v allocations to refuse a 4 GiB length", allocs)
	}
}

func FuzzDecode(f *testing.F) {
	for _, m := range examples() {
		f.Add(Encode(m))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			return
		}
		// What decodes re-encodes to bytes that decode to the same message.
		e := Encode(m)
		m2, err := Decode(e)
		if err != nil {
			t.Fatalf("re-encoded %T does not decode: %v", m, err)
		}
		if !bytes.Equal(Encode(m2), e) {
			t.Fatalf("%T changes on a second round trip", m)
		}
	})
}

// TestJobFields sets every field of a job's data and graph parameters, by
// reflection, to a value of its own and checks the round trip: a field
// added to demo.Data or demo.Params travels with no change here.
func TestJobFields(t *testing.T) {
	var j Job
	for _, v := range []reflect.Value{reflect.ValueOf(&j.Data).Elem(), reflect.ValueOf(&j.Params).Elem()} {
		for i := range v.NumField() {
			f := v.Field(i)
			switch f.Kind() {
			case reflect.String:
				f.SetString(v.Type().Field(i).Name)
			case reflect.Int:
				f.SetInt(int64(i + 1))
			case reflect.Uint64:
				f.SetUint(uint64(1<<40 + i))
			case reflect.Float64:
				f.SetFloat(0.5 + float64(i))
			default:
				t.Fatalf("%s.%s: a kind the codec does not know", v.Type(), v.Type().Field(i).Name)
			}
		}
	}
	m, err := Decode(Encode(&j))
	if err != nil || !reflect.DeepEqual(m, &j) {
		t.Errorf("got %+v (%v), want %+v", m, err, &j)
	}
}
