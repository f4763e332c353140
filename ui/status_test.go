package ui

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/method"
)

func TestIterProgress(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		name  string
		iters []demo.Iter
		want  float64
	}{
		// log(100/10)/log(100): halfway down from 100 to 1 on a log scale
		{"halfway", []demo.Iter{{Stop: 100}, {Stop: 30}, {Stop: 10}}, 0.5},
		{"at the start", []demo.Iter{{Stop: 100}}, 0},
		{"an estimate below the threshold", []demo.Iter{{Stop: 100}, {Stop: -0.5}}, 0.99},
		{"ADMM before its first bound: the residual", []demo.Iter{{Stop: inf, Residual: 1e-3}}, 0.5},
		{"ADMM's first bound", []demo.Iter{{Stop: inf, Residual: 1e-1}, {Stop: 1000}, {Stop: 10}}, 2.0 / 3},
		{"no Stop at all: the residual", []demo.Iter{{Residual: 1e-2}}, 1.0 / 3},
		{"nothing yet", []demo.Iter{{}}, 0},
	} {
		if got := iterProgress(tc.iters); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestStatusParts checks that no graph's time in the status exceeds the
// run's without saying why: a solve the first worker began from the link
// before the page asked (the head start) says how much of it came before.
func TestStatusParts(t *testing.T) {
	m, jobs := started(t)
	m.Samples(jobs[0].ID, testData(3))
	for _, j := range jobs {
		res := finalGraph(j.Method, twoBlocks(3, 0), 6)
		if j.Method == method.NNLRS {
			res.Elapsed = 2.7 // begun 0.7 s before the run's start
		}
		m.Finished(j.ID, res, t0.Add(2*time.Second))
	}
	line, _ := m.Status(t0)
	if !strings.HasPrefix(line, "Done in 2.0 s: NNLRS 10 iterations, 2.7 s, 0.7 s of it before the page asked") || !strings.Contains(line, "kNN 0.5 s;") {
		t.Errorf("status %q", line)
	}
	re := regexp.MustCompile(`(\d+\.\d) s`)
	whole := 2.0
	for _, part := range strings.Split(line, ";") {
		for _, s := range re.FindAllStringSubmatch(part, -1) {
			if v, _ := strconv.ParseFloat(s[1], 64); v > whole && !strings.Contains(part, "before the page asked") {
				t.Errorf("%q: %v s exceeds the whole %v s without saying why", part, v, whole)
			}
		}
	}
}

// TestStatusPartsRounding: a head start shorter than the status's
// precision is not said, and the part, rounded, does not exceed the
// whole: 2.76 s of a run of 2.74 s reads 2.7 s, as the whole does.
func TestStatusPartsRounding(t *testing.T) {
	m, jobs := started(t)
	m.Samples(jobs[0].ID, testData(3))
	for _, j := range jobs {
		res := finalGraph(j.Method, twoBlocks(3, 0), 6)
		if j.Method == method.NNLRS {
			res.Elapsed = 2.76
		}
		m.Finished(j.ID, res, t0.Add(2740*time.Millisecond))
	}
	line, _ := m.Status(t0)
	if !strings.HasPrefix(line, "Done in 2.7 s: NNLRS 10 iterations, 2.7 s;") {
		t.Errorf("status %q", line)
	}
}

// TestStatusReady: the first run's status says how long after the page
// opened its figure was ready, beside the run's own time; a later run's
// does not.
func TestStatusReady(t *testing.T) {
	m, jobs := started(t)
	m.Opened = t0.Add(-3 * time.Second) // the page loaded for 3 s before the run
	m.Samples(jobs[0].ID, testData(3))
	for _, j := range jobs {
		m.Finished(j.ID, finalGraph(j.Method, twoBlocks(3, 0), 6), t0.Add(2*time.Second))
	}
	line, _ := m.Status(t0)
	if !strings.HasPrefix(line, "Done in 2.0 s: ") || !strings.HasSuffix(line, " Ready 5.0 s after opening the page.") {
		t.Errorf("first run's status %q", line)
	}
	p := m.Params
	p.Seed++
	jobs, err := m.Start(p, demo.File{}, t0.Add(10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	m.Samples(jobs[0].ID, testData(3))
	for _, j := range jobs {
		m.Finished(j.ID, finalGraph(j.Method, twoBlocks(3, 0), 6), t0.Add(11*time.Second))
	}
	if line, _ := m.Status(t0); strings.Contains(line, "Ready") || !strings.HasPrefix(line, "Done in 1.0 s") {
		t.Errorf("a later run's status %q", line)
	}
}

// TestStatusKernels checks that the status says which kernels the solves
// ran, as the workers' Ready said, and nothing before one said.
func TestStatusKernels(t *testing.T) {
	m, jobs := started(t)
	m.Samples(jobs[0].ID, testData(3))
	for _, j := range jobs {
		m.Finished(j.ID, finalGraph(j.Method, twoBlocks(3, 0), 6), t0.Add(2*time.Second))
	}
	if line, _ := m.Status(t0); strings.Contains(line, "SIMD") || strings.Contains(line, "pure Go") {
		t.Errorf("no worker said: %q", line)
	}
	for kernels, want := range map[string]string{"simd128": "WebAssembly SIMD128 kernels", "go": "pure Go (this browser refused WebAssembly SIMD)"} {
		m.Kernels = kernels
		if line, _ := m.Status(t0); !strings.Contains(line, want) {
			t.Errorf("%s: %q", kernels, line)
		}
	}
}
