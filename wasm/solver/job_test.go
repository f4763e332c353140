package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/demo"
	"nnlrs/core/graph"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/core/weights"
	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

// spec is the data and parameters of a job.
type spec struct {
	demo.Data
	demo.Params
}

// specOf returns the spec of the page's settings p.
func specOf(p params.Params) spec { return spec{p.Data, p.Params} }

// newJob returns j with the data and parameters of s.
func newJob(s spec, j demo.Job) *protocol.Job {
	j.Data, j.Params = s.Data, s.Params
	return &protocol.Job{Job: j}
}

// smallSpec is a quick synthetic problem: 3 subspaces, 12 samples each,
// 10% of them grossly corrupted.
func smallSpec() spec {
	return spec{demo.Data{Dataset: demo.Synthetic, Classes: 3, PerClass: 12, Noise: 0.05, Corrupt: 10, Seed: 1},
		demo.Params{Beta: 0.2, Lambda: 1, Theta: 0.05}}
}

// ghfError returns the error rate of GHF on the graph g of the samples d
// with percent % of every class labeled by the seed's draw (demo.Labels,
// as the page draws them), NaN for samples without labels.
func ghfError(d *protocol.Data, g *protocol.Graph, percent float64, seed uint64) float64 {
	if d.Labels == nil {
		return math.NaN()
	}
	given := demo.Labels(d.Labels, percent, seed)
	res, err := propagate.GHF(mat.NewSymDense(g.N, g.W), given)
	if err != nil {
		return math.NaN()
	}
	return propagate.ErrorRate(res.Pred, d.Labels, given)
}

// record runs job on a runner that reports every iteration and returns the
// messages it emitted.
func record(t *testing.T, ctx context.Context, job *protocol.Job, setup func(r *runner)) []protocol.Message {
	t.Helper()
	var got []protocol.Message
	r := newRunner(func(m protocol.Message) {
		// Every message must survive its encoding.
		if _, err := protocol.Decode(protocol.Encode(m)); err != nil {
			t.Errorf("%T does not round-trip: %v", m, err)
		}
		got = append(got, m)
	}, nil, nil)
	r.progressEvery, r.weightsEvery = 0, 0
	if setup != nil {
		setup(r)
	}
	r.run(ctx, job)
	return got
}

func last[T protocol.Message](t *testing.T, ms []protocol.Message) T {
	t.Helper()
	if len(ms) == 0 {
		t.Fatal("no message")
	}
	m, ok := ms[len(ms)-1].(T)
	if !ok {
		t.Fatalf("last message is %T %+v, want %T", ms[len(ms)-1], ms[len(ms)-1], *new(T))
	}
	return m
}

// defaultSpec is the page's default problem (params.Default): 4 subspaces
// of 25 samples, 10% of them grossly corrupted.
func defaultSpec() spec {
	s := smallSpec()
	s.Classes, s.PerClass = 4, 25
	return s
}

func TestRunNNLRS(t *testing.T) {
	ms := record(t, context.Background(), newJob(defaultSpec(), demo.Job{ID: 3, Method: "nnlrs", SendData: true}), nil)
	data, ok := ms[0].(*protocol.Data)
	if !ok {
		t.Fatalf("first message %T, want Data", ms[0])
	}
	if data.N != 100 || data.D != demo.SyntheticD || len(data.Labels) != 100 || data.Corrupted == nil {
		t.Errorf("data: n=%d d=%d labels=%d corrupted=%v", data.N, data.D, len(data.Labels), data.Corrupted != nil)
	}
	var iters, weights int
	for _, m := range ms[1 : len(ms)-1] {
		p, ok := m.(*protocol.Progress)
		if !ok || p.JobID != 3 || p.Method != "nnlrs" {
			t.Fatalf("got %T %+v between Data and Graph", m, m)
		}
		for _, it := range p.Iters {
			iters++
			if it.Iter != iters {
				t.Fatalf("iteration %d reported as %d", iters, it.Iter)
			}
		}
		if p.W != nil {
			weights++
		}
	}
	g := last[*protocol.Graph](t, ms)
	if g.Iterations != iters || iters == 0 || weights == 0 {
		t.Errorf("graph after %d iterations; progress reported %d, with %d weight snapshots", g.Iterations, iters, weights)
	}
	if g.N != 100 || len(g.ENorm) != 100 || !g.Converged {
		t.Errorf("graph: n=%d enorm=%d converged=%v", g.N, len(g.ENorm), g.Converged)
	}
	for i := 0; i < g.N; i++ {
		for j := 0; j < g.N; j++ {
			if g.W[i*g.N+j] != g.W[j*g.N+i] || g.W[i*g.N+j] < 0 {
				t.Fatalf("W(%d,%d) = %v, W(%d,%d) = %v", i, j, g.W[i*g.N+j], j, i, g.W[j*g.N+i])
			}
		}
	}
	for _, v := range g.Layout {
		if !(v >= 0 && v <= 1) {
			t.Fatalf("layout coordinate %v outside [0, 1]", v)
		}
	}
	// The default-like settings give a graph that teaches: mostly within
	// classes, not the trivial Z = I, and propagation that works.
	if e := ghfError(data, g, 10, 1); g.WithinClass < 0.9 || g.DiagonalShare > 0.5 || g.Density == 0 || e > 0.2 {
		t.Errorf("within-class %.2f, diagonal share %.2f, density %.2f, GHF error %.2f", g.WithinClass, g.DiagonalShare, g.Density, e)
	}
	// The error term E picks out the grossly corrupted samples: their
	// columns are the largest.
	minIn, maxOut := math.Inf(1), 0.0
	for j, c := range data.Corrupted {
		if c {
			minIn = math.Min(minIn, g.ENorm[j])
		} else {
			maxOut = math.Max(maxOut, g.ENorm[j])
		}
	}
	if minIn <= maxOut {
		t.Errorf("smallest |e_j| of a corrupted sample %.3f, largest of a clean one %.3f", minIn, maxOut)
	}
}

func TestRunEveryGraph(t *testing.T) {
	for _, m := range []method.Name{method.LRR, method.L1, method.KNN0} {
		ms := record(t, context.Background(), newJob(smallSpec(), demo.Job{ID: 1, Method: m}), nil)
		g := last[*protocol.Graph](t, ms)
		if _, ok := ms[0].(*protocol.Data); ok {
			t.Errorf("%s: Data sent unasked", m)
		}
		if g.Method != m || g.N != 36 || math.IsNaN(g.WithinClass) {
			t.Errorf("%s: %+v", m, g)
		}
		if (m == "lrr") != (g.ENorm != nil) {
			t.Errorf("%s: ENorm %v", m, g.ENorm != nil)
		}
	}
}

// TestDeterministic checks that two workers given the same job compute the
// same data and graph, as the page's several workers must.
func TestDeterministic(t *testing.T) {
	job := newJob(smallSpec(), demo.Job{Method: "nnlrs", SendData: true})
	a := record(t, context.Background(), job, nil)
	b := record(t, context.Background(), job, nil)
	if !reflect.DeepEqual(a[0], b[0]) {
		t.Error("data differ")
	}
	ga, gb := last[*protocol.Graph](t, a), last[*protocol.Graph](t, b)
	if !reflect.DeepEqual(ga.W, gb.W) || !reflect.DeepEqual(ga.Layout, gb.Layout) {
		t.Error("graphs differ")
	}
	spec := smallSpec()
	spec.Seed = 2
	c := record(t, context.Background(), newJob(spec, demo.Job{Method: "knn0", SendData: true}), nil)
	if reflect.DeepEqual(a[0], c[0]) {
		t.Error("another seed gives the same data")
	}
}

func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	yields := 0
	ms := record(t, ctx, newJob(smallSpec(), demo.Job{ID: 5, Method: "nnlrs"}), func(r *runner) {
		r.yieldEvery = 0
		r.yield = func() {
			yields++
			if yields == 3 {
				cancel()
			}
		}
	})
	if c := last[*protocol.Cancelled](t, ms); c.JobID != 5 {
		t.Errorf("cancelled job %d", c.JobID)
	}
	if yields > 4 {
		t.Errorf("the solver went on for %d yields after the cancel", yields-3)
	}
	ms = record(t, ctx, newJob(smallSpec(), demo.Job{ID: 6, Method: "knn0"}), nil)
	last[*protocol.Cancelled](t, ms)
}

func TestRunPanic(t *testing.T) {
	ms := record(t, context.Background(), newJob(smallSpec(), demo.Job{ID: 8, Method: "knn0"}), func(r *runner) {
		r.build = func(context.Context, method.Name, *mat.Dense, graph.Options) (*graph.Graph, error) {
			var g *graph.Graph
			_ = g.W.At(0, 0) // a nil dereference
			return g, nil
		}
	})
	e := last[*protocol.Error](t, ms)
	if e.Fault != demo.InternalFault || e.JobID != 8 || !strings.Contains(e.Message, "bug") {
		t.Errorf("got %+v", e)
	}
}

func TestRunBadInput(t *testing.T) {
	upload := func(name, content string) *protocol.Job {
		s := smallSpec()
		s.Dataset = demo.Upload
		return newJob(s, demo.Job{Method: "knn0", SendData: true, File: demo.File{Name: name, Bytes: []byte(content)}})
	}
	big := strings.Repeat("1,2,3\n", demo.MaxSamples+1)
	for _, c := range []struct {
		name string
		job  *protocol.Job
		code demo.Fault
		want string
	}{
		{"empty", upload("e.csv", ""), demo.InputFault, "e.csv is empty"},
		{"ragged", upload("r.csv", "1,2\n3\n4,5\n"), demo.InputFault, "r.csv: CSV line 2"},
		{"text", upload("t.csv", "hello,world\n"), demo.InputFault, "t.csv"},
		{"binary", upload("b.mat", "\x89PNG\r\n\x1a\n\x00\x00"), demo.InputFault, "neither a MAT-file nor CSV"},
		{"bad MAT", upload("m.mat", "MATLAB 5.0 MAT-file, truncated"), demo.InputFault, "m.mat"},
		{"too few", upload("s.csv", "1,2\n3,4\n"), demo.InputFault, "at least 10"},
		{"all zeros", upload("z.csv", strings.Repeat("1,2\n", 5)+"0,0\n"+strings.Repeat("3,1\n", 5)), demo.InputFault, "sample 6 is all zeros"},
		{"too large", upload("big.csv", big), demo.LimitFault, "401 samples"},
		{"synthetic too large", newJob(func() spec {
			s := smallSpec()
			s.Classes, s.PerClass = 10, 41
			return s
		}(), demo.Job{Method: "nnlrs"}), demo.LimitFault, "410 samples"},
		{"synthetic bad", newJob(func() spec {
			s := smallSpec()
			s.Classes = 20
			return s
		}(), demo.Job{Method: "nnlrs"}), demo.InputFault, "independent"},
		{"corrupted", func() *protocol.Job {
			j := upload("c.csv", strings.Repeat("1,2\n3,5\n", 6))
			j.Data.Corrupt = 150
			return j
		}(), demo.InputFault, "corrupted percentage"},
		{"method", newJob(smallSpec(), demo.Job{Method: "pca"}), demo.SolverFault, "unknown graph"},
		{"builtin", newJob(func() spec {
			s := smallSpec()
			s.Dataset = "usps"
			return s
		}(), demo.Job{Method: "knn0"}), demo.InputFault, "usps"},
	} {
		ms := record(t, context.Background(), c.job, nil)
		e := last[*protocol.Error](t, ms)
		if e.Fault != c.code || !strings.Contains(e.Message, c.want) {
			t.Errorf("%s: got code %d %q, want code %d saying %q", c.name, e.Fault, e.Message, c.code, c.want)
		}
		for _, p := range []string{"dataset:", "graph:", "lowrank:", "lasso:"} {
			if strings.Contains(e.Message, p) {
				t.Errorf("%s: %q names a package (%s)", c.name, e.Message, p)
			}
		}
		if len(ms) != 1 {
			t.Errorf("%s: %d messages before the error", c.name, len(ms)-1)
		}
	}
}

// matFile returns an uncompressed little-endian Level 5 MAT-file holding
// the double matrices fea (n×d) and gnd (n×1).
func matFile(fea [][]float64, gnd []float64) []byte {
	var b bytes.Buffer
	h := make([]byte, 128)
	copy(h, bytes.Repeat([]byte{' '}, 116))
	copy(h, "MATLAB 5.0 MAT-file, solver test")
	binary.LittleEndian.PutUint16(h[124:], 0x0100)
	copy(h[126:], "IM")
	b.Write(h)
	put := func(v ...uint32) {
		for _, x := range v {
			binary.Write(&b, binary.LittleEndian, x)
		}
	}
	matrix := func(name string, rows, cols int, at func(i, j int) float64) {
		nameLen := (len(name) + 7) / 8 * 8
		size := 16 + 16 + 8 + nameLen + 8 + 8*rows*cols
		put(14, uint32(size))
		put(6, 8, 6, 0) // array flags: double
		put(5, 8, uint32(rows), uint32(cols))
		put(1, uint32(len(name)))
		b.WriteString(name)
		b.Write(make([]byte, nameLen-len(name)))
		put(9, uint32(8*rows*cols))
		for j := 0; j < cols; j++ {
			for i := 0; i < rows; i++ {
				binary.Write(&b, binary.LittleEndian, at(i, j))
			}
		}
	}
	matrix("fea", len(fea), len(fea[0]), func(i, j int) float64 { return fea[i][j] })
	matrix("gnd", len(gnd), 1, func(i, _ int) float64 { return gnd[i] })
	return b.Bytes()
}

// blobs returns n samples of dimension 16 (4×4 images) in classes given by
// label(i), each class near its own direction.
func blobs(n int, label func(i int) int) ([][]float64, []float64) {
	fea := make([][]float64, n)
	gnd := make([]float64, n)
	for i := range fea {
		c := label(i)
		gnd[i] = float64(c)
		fea[i] = make([]float64, 16)
		for k := range fea[i] {
			fea[i][k] = 0.1 * math.Sin(float64(3*i+k))
		}
		fea[i][c] += 1
		fea[i][c+4] += 0.5
	}
	return fea, gnd
}

func TestRunUploadMAT(t *testing.T) {
	// Classes interleaved in the file come out in class order.
	fea, gnd := blobs(30, func(i int) int { return 1 + i%3 })
	s := smallSpec()
	s.Dataset, s.Noise, s.Corrupt = demo.Upload, 0, 0
	s.Classes, s.PerClass = 0, 0 // every sample
	ms := record(t, context.Background(), newJob(s, demo.Job{Method: "knn0", SendData: true, File: demo.File{Name: "mine.mat", Bytes: matFile(fea, gnd)}}), nil)
	data := ms[0].(*protocol.Data)
	if data.N != 30 || data.ImageW != 4 || data.ImageH != 4 || data.Name != "mine.mat" || data.Corrupted != nil {
		t.Errorf("data %+v", data)
	}
	for i := 1; i < data.N; i++ {
		if data.Labels[i] < data.Labels[i-1] {
			t.Fatalf("labels not in class order: %v", data.Labels)
		}
	}
	g := last[*protocol.Graph](t, ms)
	if e := ghfError(data, g, 20, s.Seed); g.WithinClass < 0.9 || e > 0.1 {
		t.Errorf("within-class %.2f, GHF error %.2f", g.WithinClass, e)
	}
	// A CSV upload has no labels: no propagation to judge.
	csv := strings.Repeat("1,0,0\n0.9,0.1,0\n0,1,0\n0.1,0.9,0\n0,0,1\n", 3)
	ms = record(t, context.Background(), newJob(s, demo.Job{Method: "knn0", SendData: true, File: demo.File{Name: "p.csv", Bytes: []byte(csv)}}), nil)
	data = ms[0].(*protocol.Data)
	g = last[*protocol.Graph](t, ms)
	if data.Labels != nil || !math.IsNaN(g.WithinClass) {
		t.Errorf("unlabeled upload: data %+v, graph %+v", data, g)
	}
}

func TestRunBuiltin(t *testing.T) {
	fea, gnd := blobs(60, func(i int) int { return 1 + i/15 }) // 4 classes of 15
	file := matFile(fea, gnd)
	var fetched []string
	s := smallSpec()
	s.Dataset, s.Classes, s.PerClass, s.Corrupt = "digits", 3, 10, 20
	ms := record(t, context.Background(), newJob(s, demo.Job{Method: "knn0", SendData: true}), func(r *runner) {
		r.fetch = func(name string) ([]byte, error) {
			fetched = append(fetched, name)
			return file, nil
		}
	})
	data := ms[0].(*protocol.Data)
	if !reflect.DeepEqual(fetched, []string{"digits"}) || data.N != 30 || data.Labels[0] != 1 || data.Labels[29] != 3 {
		t.Errorf("fetched %v; data n=%d labels %v", fetched, data.N, data.Labels)
	}
	if k := count(data.Corrupted); k != 6 {
		t.Errorf("%d samples corrupted, want 20%% of 30", k)
	}
	last[*protocol.Graph](t, ms)

	for _, c := range []struct {
		name  string
		spec  func(s *spec)
		fetch func(string) ([]byte, error)
		want  string
	}{
		{"classes", func(s *spec) { s.Classes = 5 }, func(string) ([]byte, error) { return file, nil }, "have 4 classes"},
		{"per class", func(s *spec) { s.PerClass = 16 }, func(string) ([]byte, error) { return file, nil }, "fewer than the 16"},
		{"fetch", func(*spec) {}, func(string) ([]byte, error) { return nil, fmt.Errorf("HTTP status 404") }, "404"},
		{"path", func(s *spec) { s.Dataset = "../secret" }, func(string) ([]byte, error) { return file, nil }, "no built-in"},
	} {
		s := s
		c.spec(&s)
		ms := record(t, context.Background(), newJob(s, demo.Job{Method: "knn0"}), func(r *runner) { r.fetch = c.fetch })
		if e := last[*protocol.Error](t, ms); e.Fault != demo.InputFault || !strings.Contains(e.Message, c.want) {
			t.Errorf("%s: %+v, want it to say %q", c.name, e, c.want)
		}
	}
}

func count(b []bool) int {
	k := 0
	for _, v := range b {
		if v {
			k++
		}
	}
	return k
}

// norms returns the l2 norms of the samples of a Data message.
func norms(d *protocol.Data) []float64 {
	v := make([]float64, d.N)
	for j := range v {
		v[j] = mat.Norm(mat.NewVecDense(d.D, d.X[j*d.D:(j+1)*d.D]), 2)
	}
	return v
}

// TestRunUnitNorm checks that real data reach the graphs with unit-norm
// samples, as the command line and Algorithm 2 (step 1) scale them, and
// without noise or corruption unless the spec asks for them.
func TestRunUnitNorm(t *testing.T) {
	fea, gnd := blobs(60, func(i int) int { return 1 + i/15 })
	for i := range fea {
		for k := range fea[i] {
			fea[i][k] *= float64(1 + i%7) // samples of norms far from 1
		}
	}
	file := matFile(fea, gnd)
	csv := strings.Repeat("3,0,0\n0.9,0.1,0\n0,7,0\n0.1,0.9,0\n0,0,12\n", 3)
	s := smallSpec()
	s.Noise, s.Corrupt = 0, 0
	for _, c := range []struct {
		name string
		job  *protocol.Job
		n    int
	}{
		{"builtin", newJob(func() spec {
			s := s
			s.Dataset, s.Classes, s.PerClass = "digits", 3, 10
			return s
		}(), demo.Job{Method: "knn0", SendData: true}), 30},
		{"upload MAT", newJob(func() spec {
			s := s
			s.Dataset, s.Classes, s.PerClass = demo.Upload, 0, 0
			return s
		}(), demo.Job{Method: "knn0", SendData: true, File: demo.File{Name: "mine.mat", Bytes: file}}), 60},
		{"upload CSV", newJob(func() spec {
			s := s
			s.Dataset, s.Classes, s.PerClass = demo.Upload, 0, 0
			return s
		}(), demo.Job{Method: "knn0", SendData: true, File: demo.File{Name: "p.csv", Bytes: []byte(csv)}}), 15},
	} {
		ms := record(t, context.Background(), c.job, func(r *runner) {
			r.fetch = func(string) ([]byte, error) { return file, nil }
		})
		data, ok := ms[0].(*protocol.Data)
		if !ok {
			t.Fatalf("%s: first message %T %+v, want Data", c.name, ms[0], ms[0])
		}
		if data.N != c.n || data.Corrupted != nil {
			t.Errorf("%s: n = %d (want %d), corrupted %v", c.name, data.N, c.n, data.Corrupted)
		}
		for j, v := range norms(data) {
			// One division and a norm of at most 16 terms: a few ulps.
			if math.Abs(v-1) > 1e-12 {
				t.Errorf("%s: sample %d has norm %v, want 1", c.name, j, v)
			}
		}
		last[*protocol.Graph](t, ms)
	}

	// Noise asked for explicitly is added to the unit-norm samples.
	s.Dataset, s.Classes, s.PerClass, s.Noise = "digits", 3, 10, 0.5
	ms := record(t, context.Background(), newJob(s, demo.Job{Method: "knn0", SendData: true}), func(r *runner) {
		r.fetch = func(string) ([]byte, error) { return file, nil }
	})
	far := 0
	for _, v := range norms(ms[0].(*protocol.Data)) {
		if math.Abs(v-1) > 0.01 {
			far++
		}
	}
	if far == 0 {
		t.Error("noise 0.5 left every sample at unit norm")
	}
}

// TestRunUploadDraw checks that a labeled upload is drawn down class by
// class as a built-in set, and that a file over the size limit is refused
// in words that say whether it can be drawn down.
func TestRunUploadDraw(t *testing.T) {
	n := demo.MaxSamples + 50
	fea, gnd := blobs(n, func(i int) int { return 1 + i%3 })
	file := matFile(fea, gnd)
	s := smallSpec()
	s.Dataset, s.Noise, s.Corrupt, s.Classes, s.PerClass = demo.Upload, 0, 0, 2, 15
	ms := record(t, context.Background(), newJob(s, demo.Job{Method: "knn0", SendData: true, File: demo.File{Name: "big.mat", Bytes: file}}), nil)
	data, ok := ms[0].(*protocol.Data)
	if !ok {
		t.Fatalf("first message %T %+v, want Data", ms[0], ms[0])
	}
	per := map[int]int{}
	for _, l := range data.Labels {
		per[l]++
	}
	if data.N != 30 || !reflect.DeepEqual(per, map[int]int{1: 15, 2: 15}) || data.Name != "big.mat" {
		t.Errorf("drawn %d samples of classes %v named %q, want 15 of classes 1 and 2", data.N, per, data.Name)
	}
	// The same seed draws the same samples.
	again := record(t, context.Background(), newJob(s, demo.Job{Method: "knn0", SendData: true, File: demo.File{Name: "big.mat", Bytes: file}}), nil)
	if !reflect.DeepEqual(again[0], ms[0]) {
		t.Error("the draw of an upload is not deterministic")
	}

	var rows strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&rows, "%d,%d\n", i+1, i%5) // no sample all zeros
	}
	for _, c := range []struct {
		name             string
		file             []byte
		classes, per     int
		code             demo.Fault
		want, wantAbsent []string
	}{
		{"unlabeled", []byte(rows.String()), 2, 15, demo.LimitFault,
			[]string{"450 samples", "at most 400", "only a labeled file"}, []string{"fewer classes"}},
		{"labeled, all", file, 0, 0, demo.LimitFault, []string{"450 samples in 3 classes", "at most 400", "choose how many classes"}, nil},
		{"labeled, too many classes", file, 4, 10, demo.InputFault, []string{"have 3 classes; asked for 4"}, nil},
		{"labeled, too many per class", file, 3, 200, demo.LimitFault, []string{"600 samples"}, nil},
	} {
		s := s
		s.Classes, s.PerClass = c.classes, c.per
		ms := record(t, context.Background(), newJob(s, demo.Job{Method: "knn0", File: demo.File{Name: "f", Bytes: c.file}}), nil)
		e := last[*protocol.Error](t, ms)
		if e.Fault != c.code {
			t.Errorf("%s: code %d, want %d (%q)", c.name, e.Fault, c.code, e.Message)
		}
		for _, w := range c.want {
			if !strings.Contains(e.Message, w) {
				t.Errorf("%s: %q does not say %q", c.name, e.Message, w)
			}
		}
		for _, w := range c.wantAbsent {
			if strings.Contains(e.Message, w) {
				t.Errorf("%s: %q says %q", c.name, e.Message, w)
			}
		}
	}
}

// TestRunUploadCSVLabels checks that a CSV upload whose header names a
// label column is judged and drawn as a labeled set.
func TestRunUploadCSVLabels(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,c,label\n")
	for i := 0; i < 30; i++ {
		c := i % 3
		v := []float64{0.1, 0.1, 0.1}
		v[c] = 1 + 0.01*float64(i)
		fmt.Fprintf(&b, "%g,%g,%g,%d\n", v[0], v[1], v[2], c+1)
	}
	s := smallSpec()
	s.Dataset, s.Noise, s.Corrupt, s.Classes, s.PerClass = demo.Upload, 0, 0, 2, 8
	ms := record(t, context.Background(), newJob(s, demo.Job{Method: "knn0", SendData: true, File: demo.File{Name: "l.csv", Bytes: []byte(b.String())}}), nil)
	data, ok := ms[0].(*protocol.Data)
	if !ok {
		t.Fatalf("first message %T %+v, want Data", ms[0], ms[0])
	}
	if data.N != 16 || data.D != 3 || data.Labels[0] != 1 || data.Labels[15] != 2 {
		t.Errorf("data n=%d d=%d labels %v", data.N, data.D, data.Labels)
	}
	if g := last[*protocol.Graph](t, ms); math.IsNaN(g.WithinClass) || math.IsNaN(ghfError(data, g, 20, s.Seed)) {
		t.Errorf("no measures for a labeled CSV: %+v", g)
	}
}

// TestRunLRRLambda checks that LRR takes Params.LRRLambda when set and
// Params.Lambda otherwise, and that NNLRS keeps Params.Lambda.
func TestRunLRRLambda(t *testing.T) {
	for _, c := range []struct {
		method          method.Name
		lrrLambda, want float64
	}{{"lrr", 0, 1}, {"lrr", 0.3, 0.3}, {"nnlrs", 0.3, 1}} {
		s := smallSpec()
		s.LRRLambda = c.lrrLambda
		var got float64
		record(t, context.Background(), newJob(s, demo.Job{Method: c.method}), func(r *runner) {
			build := r.build
			r.build = func(ctx context.Context, m method.Name, x *mat.Dense, o graph.Options) (*graph.Graph, error) {
				got = o.LRR.Lambda
				if m == method.NNLRS {
					got = o.NNLRS.Lambda
				}
				return build(ctx, m, x, o)
			}
		})
		if got != c.want {
			t.Errorf("%s with Lambda %v, LRRLambda %v: solved with λ = %v, want %v", c.method, s.Lambda, c.lrrLambda, got, c.want)
		}
	}
}

// TestRunGap: the spec's gap is the one NNLRS's solver certifies: a
// looser gap stops sooner, and the objectives of the two answers lie
// within the looser gap of each other (both bracket the same optimum).
func TestRunGap(t *testing.T) {
	ctx := context.Background()
	tight := last[*protocol.Graph](t, record(t, ctx, newJob(defaultSpec(), demo.Job{ID: 1, Method: "nnlrs"}), nil))
	loose := defaultSpec()
	loose.Gap = 0.05
	g := last[*protocol.Graph](t, record(t, ctx, newJob(loose, demo.Job{ID: 2, Method: "nnlrs"}), nil))
	if !tight.Converged || !g.Converged || g.Iterations >= tight.Iterations {
		t.Errorf("gap 0.05: %d iterations (converged %v); default gap: %d (converged %v)", g.Iterations, g.Converged, tight.Iterations, tight.Converged)
	}
	if d := g.Objective - tight.Objective; d < -4e-3*tight.Objective || d > 0.05*tight.Objective {
		t.Errorf("objectives: gap 0.05 %v, default %v", g.Objective, tight.Objective)
	}
	t.Logf("gap 0.05: %d iterations; default: %d", g.Iterations, tight.Iterations)
}

// TestRunWarm runs the default NNLRS job, then a step of λ cold and warm
// (Job.Warm from the first Graph): the warm job takes fewer iterations
// and both are certified (Converged) with objectives within ADMM's
// default gap of each other; its Z is the matrix W is made of. A state
// from other data, or bytes that are no state, start cold.
func TestRunWarm(t *testing.T) {
	ctx := context.Background()
	first := last[*protocol.Graph](t, record(t, ctx, newJob(defaultSpec(), demo.Job{ID: 1, Method: "nnlrs"}), nil))
	if first.Warm == nil || len(first.Z) != first.N*first.N {
		t.Fatalf("first graph: warm %d bytes, Z %d entries", len(first.Warm), len(first.Z))
	}
	theta := defaultSpec().Theta
	zw := weights.ThresholdNormalized(mat.NewDense(first.N, first.N, first.Z), theta)
	for i := 0; i < first.N; i++ {
		for j := 0; j < first.N; j++ {
			if zw.At(i, j) != first.W[i*first.N+j] {
				t.Fatalf("W[%d,%d] = %v, from Z %v", i, j, first.W[i*first.N+j], zw.At(i, j))
			}
		}
	}
	step := defaultSpec()
	step.Lambda = 1.25
	cold := last[*protocol.Graph](t, record(t, ctx, newJob(step, demo.Job{ID: 2, Method: "nnlrs"}), nil))
	warm := last[*protocol.Graph](t, record(t, ctx, newJob(step, demo.Job{ID: 3, Method: "nnlrs", Warm: first.Warm}), nil))
	if !cold.Converged || !warm.Converged || warm.Iterations >= cold.Iterations {
		t.Errorf("λ step: cold %d iterations (converged %v), warm %d (converged %v)", cold.Iterations, cold.Converged, warm.Iterations, warm.Converged)
	}
	if d := math.Abs(warm.Objective - cold.Objective); d > 4e-3*math.Min(warm.Objective, cold.Objective) {
		t.Errorf("λ step: objectives cold %v, warm %v", cold.Objective, warm.Objective)
	}
	t.Logf("λ 1 → 1.25: cold %d iterations, warm %d", cold.Iterations, warm.Iterations)
	other := smallSpec()
	ref := last[*protocol.Graph](t, record(t, ctx, newJob(other, demo.Job{ID: 4, Method: "nnlrs"}), nil))
	for name, w := range map[string][]byte{"other data": first.Warm, "garbage": []byte("no state")} { // cold
		g := last[*protocol.Graph](t, record(t, ctx, newJob(other, demo.Job{ID: 5, Method: "nnlrs", Warm: w}), nil))
		if g.Iterations != ref.Iterations || g.Objective != ref.Objective {
			t.Errorf("%s: %d iterations, objective %v; cold %d, %v", name, g.Iterations, g.Objective, ref.Iterations, ref.Objective)
		}
	}
}

// TestRunEmbedded builds the paper's two variants of NNLRS that the page's
// joint-learning figure asks for: graphs on every sample, mostly within
// the classes.
func TestRunEmbedded(t *testing.T) {
	for _, m := range []method.Name{method.PCANNLRS, method.NNLRSEF} {
		ms := record(t, context.Background(), newJob(defaultSpec(), demo.Job{ID: 4, Method: m}), nil)
		g := last[*protocol.Graph](t, ms)
		if g.Method != m || g.N != 100 || g.Density == 0 || g.WithinClass < 0.8 {
			t.Errorf("%s: n %d, density %.2f, within %.2f", m, g.N, g.Density, g.WithinClass)
		}
	}
}
