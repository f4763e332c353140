package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"nnlrs/core/gemm"
	"nnlrs/tools/nnlrs/internal/graphcmd"
)

// TestMain runs the tests on the BLAS the command installs (main).
func TestMain(m *testing.M) {
	gemm.Use()
	os.Exit(m.Run())
}

// runCLI runs the command in-process and returns status, stdout, stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	status := run(args, &out, &errb)
	return status, out.String(), errb.String()
}

func readCSV(t *testing.T, path string) [][]float64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	m := make([][]float64, len(recs))
	for i, r := range recs {
		for _, s := range r {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("%s line %d: %v", path, i+1, err)
			}
			m[i] = append(m[i], v)
		}
	}
	return m
}

// writeSubspaceCSV writes 3 classes of points on 3 lines through the origin
// of R^4 (one sample per row), with a little deterministic jitter.
func writeSubspaceCSV(t *testing.T, path string) int {
	t.Helper()
	dirs := [][]float64{{1, 0, 0, 0}, {0, 1, 1, 0}, {0, 0, 1, 1}}
	var b strings.Builder
	n := 0
	for c, d := range dirs {
		for k := 1; k <= 6; k++ {
			for i, v := range d {
				if i > 0 {
					b.WriteByte(',')
				}
				s := float64(k)*v + 0.01*math.Sin(float64(7*n+i+c))
				b.WriteString(strconv.FormatFloat(s, 'g', -1, 64))
			}
			b.WriteByte('\n')
			n++
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestGraphWritesOutputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "x.csv")
	n := writeSubspaceCSV(t, in)
	for _, method := range []string{"nnlrs", "lrr", "l1", "spg", "knn0", "knn1", "lle0", "lle1"} {
		w, z, st := filepath.Join(dir, method+"W.csv"), filepath.Join(dir, method+"Z.csv"), filepath.Join(dir, method+".json")
		args := []string{"graph", "-method", method, "-in", in, "-w", w, "-stats", st}
		if method != "knn0" && method != "knn1" {
			args = append(args, "-z", z)
		}
		status, out, errs := runCLI(t, args...)
		if status != 0 {
			t.Fatalf("%s: status %d, stderr %q", method, status, errs)
		}
		if !strings.HasPrefix(out, method+": n=18 d=4") {
			t.Errorf("%s: summary %q", method, out)
		}
		wm := readCSV(t, w)
		if len(wm) != n {
			t.Fatalf("%s: W has %d rows, want %d", method, len(wm), n)
		}
		for i := range wm {
			if len(wm[i]) != n {
				t.Fatalf("%s: W row %d has %d entries", method, i, len(wm[i]))
			}
			for j := range wm[i] {
				if wm[i][j] != wm[j][i] || wm[i][j] < 0 {
					t.Fatalf("%s: W[%d][%d] = %v, W[%d][%d] = %v", method, i, j, wm[i][j], j, i, wm[j][i])
				}
			}
		}
		if method != "knn0" && method != "knn1" {
			if zm := readCSV(t, z); len(zm) != n || len(zm[0]) != n {
				t.Fatalf("%s: Z is %d×%d", method, len(zm), len(zm[0]))
			}
		}
		var s struct {
			Method     string   `json:"method"`
			N          int      `json:"n"`
			D          int      `json:"d"`
			Iterations *int     `json:"iterations"`
			Converged  *bool    `json:"converged"`
			Objective  *float64 `json:"objective"`
			Residual   *float64 `json:"residual"`
			Seconds    *float64 `json:"seconds"`
		}
		b, err := os.ReadFile(st)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		if s.Method != method || s.N != n || s.D != 4 || s.Iterations == nil || s.Converged == nil ||
			s.Objective == nil || s.Residual == nil || s.Seconds == nil || !*s.Converged {
			t.Errorf("%s: stats %s", method, b)
		}
	}
}

// The graphs of core/embed through `nnlrs graph`: W symmetric and
// nonnegative, each half step of Algorithm 4 reported, the learned P's
// scale printed. (That NNLRS-EF's first Z step on normalized projections is
// PCA+NNLRS is checked in core/embed.)
func TestGraphEmbedMethods(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "x.csv")
	n := writeSubspaceCSV(t, in)
	status, out, errs := runCLI(t, "graph", "-method", "nnlrs-ef", "-in", in, "-dim", "3", "-lambda", "1", "-ef-outer", "2", "-progress", "1", "-w", filepath.Join(dir, "w.csv"))
	if status != 0 {
		t.Fatalf("nnlrs-ef: status %d, stderr %q", status, errs)
	}
	if !strings.HasPrefix(out, "nnlrs-ef: n=18 d=4") || !strings.Contains(errs, "alternation 1  Z step") ||
		!strings.Contains(errs, "alternation 1  P step") || !strings.Contains(errs, "||P||_F^2/r = ") {
		t.Errorf("nnlrs-ef: stdout %q, stderr %q", out, errs)
	}
	wm := readCSV(t, filepath.Join(dir, "w.csv"))
	if len(wm) != n {
		t.Fatalf("W has %d rows, want %d", len(wm), n)
	}
	for i := range wm {
		for j := range wm[i] {
			if wm[i][j] != wm[j][i] || wm[i][j] < 0 {
				t.Fatalf("W[%d][%d] = %v, W[%d][%d] = %v", i, j, wm[i][j], j, i, wm[j][i])
			}
		}
	}
	if status, out, errs := runCLI(t, "graph", "-method", "pca-nnlrs", "-in", in, "-dim", "3", "-lambda", "1"); status != 0 || !strings.HasPrefix(out, "pca-nnlrs: n=18 d=4") {
		t.Errorf("pca-nnlrs: status %d, stdout %q, stderr %q", status, out, errs)
	}
}

// Z.csv's orientation: entry (i, j) is the coefficient of sample i in the
// representation of sample j, so X ≈ XZ with samples as columns. For LRR
// on noiseless data X = XZ exactly; check it with the unit-normalized rows
// of the input file.
func TestGraphZOrientation(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "x.csv")
	// rank-2 data in R^3, samples as rows, not symmetric in any way
	rows := [][]float64{{1, 0, 1}, {0, 1, 1}, {1, 1, 2}, {2, 1, 3}, {1, 3, 4}, {3, 1, 4}}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(csvRow(r) + "\n")
	}
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	z := filepath.Join(dir, "z.csv")
	if status, _, errs := runCLI(t, "graph", "-method", "lrr", "-lambda", "1000", "-in", in, "-z", z); status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	zm := readCSV(t, z)
	norm := func(r []float64) []float64 {
		s := 0.0
		for _, v := range r {
			s += v * v
		}
		out := make([]float64, len(r))
		for i, v := range r {
			out[i] = v / math.Sqrt(s)
		}
		return out
	}
	for j := range rows {
		xj := norm(rows[j])
		for k := 0; k < 3; k++ {
			rec := 0.0
			for i := range rows {
				rec += norm(rows[i])[k] * zm[i][j]
			}
			if math.Abs(rec-xj[k]) > 1e-6 {
				t.Fatalf("sample %d coordinate %d: (XZ) = %v, x = %v", j, k, rec, xj[k])
			}
		}
	}
}

func csvRow(r []float64) string {
	s := make([]string, len(r))
	for i, v := range r {
		s[i] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strings.Join(s, ",")
}

// The two solvers of problem (6), the paper's LADMAP and the default ADMM,
// are independent algorithms: on the same data their objectives agree
// within 1%: ADMM's certified gap (0.4%) plus what LADMAP's stopping rule
// (eps2 = 1e-2 on the change) leaves.
func TestGraphSolversAgree(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "x.csv")
	writeSubspaceCSV(t, in)
	obj := map[string]float64{}
	for _, solver := range []string{"admm", "ladmap"} {
		st := filepath.Join(dir, solver+".json")
		status, _, errs := runCLI(t, "graph", "-solver", solver, "-lambda", "1", "-in", in, "-stats", st)
		if status != 0 {
			t.Fatalf("%s: status %d, stderr %q", solver, status, errs)
		}
		var s struct {
			Objective float64 `json:"objective"`
			Converged bool    `json:"converged"`
		}
		b, err := os.ReadFile(st)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &s); err != nil || !s.Converged {
			t.Fatalf("%s: stats %s (%v)", solver, b, err)
		}
		obj[solver] = s.Objective
	}
	t.Logf("objectives: admm %v, ladmap %v", obj["admm"], obj["ladmap"])
	if d := math.Abs(obj["admm"]-obj["ladmap"]) / obj["ladmap"]; d > 0.01 {
		t.Errorf("objectives: admm %v, ladmap %v, relative difference %.2g > 1%%", obj["admm"], obj["ladmap"], d)
	}
}

// Bad input: exit status 2 and exactly one line on stderr, never a trace.
func TestGraphBadInput(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(content), 0o644)
		return p
	}
	good := filepath.Join(dir, "good.csv")
	writeSubspaceCSV(t, good)
	for _, tc := range []struct {
		name string
		args []string
		want string // substring of the message
	}{
		{"no command", nil, ""},
		{"unknown command", []string{"frobnicate"}, "unknown command"},
		{"missing -in", []string{"graph"}, "-in FILE is required"},
		{"unknown reading", []string{"graph", "-in", "synthetic", "-reading", "zhou"}, `unknown reading "zhou"`},
		{"zero diagonal under Algorithm 1", []string{"graph", "-in", "synthetic", "-zero-diagonal", "-reading", "algorithm1"}, "-zero-diagonal needs"},
		{"missing file", []string{"graph", "-in", filepath.Join(dir, "nope.csv")}, "nope.csv"},
		{"empty file", []string{"graph", "-in", file("empty.csv", "")}, "empty"},
		{"ragged", []string{"graph", "-in", file("ragged.csv", "1,2,3\n4,5\n")}, "line 2"},
		{"nan", []string{"graph", "-in", file("nan.csv", "1,2\nNaN,3\n")}, "line 2"},
		{"inf", []string{"graph", "-in", file("inf.csv", "1,2\n3,Inf\n")}, "line 2"},
		{"not a number", []string{"graph", "-in", file("text.csv", "1,2\n3,abc\n")}, "abc"},
		{"fake mat", []string{"graph", "-in", file("fake.mat", "MATLAB 5.0 MAT-file garbage")}, "matfile"},
		{"binary junk", []string{"graph", "-in", file("junk.bin", "\x00\x01\x02\xff\xfe")}, ""},
		{"unknown method", []string{"graph", "-method", "pca", "-in", good}, "unknown method"},
		{"unknown solver", []string{"graph", "-solver", "newton", "-in", good}, "-solver"},
		{"negative beta", []string{"graph", "-beta", "-1", "-in", good}, "-beta"},
		{"zero lambda", []string{"graph", "-lambda", "0", "-in", good}, "-lambda"},
		{"nan theta", []string{"graph", "-theta", "NaN", "-in", good}, "-theta"},
		{"negative per-class", []string{"graph", "-per-class", "-3", "-in", good}, "-per-class"},
		{"classes without labels", []string{"graph", "-classes", "1,2", "-per-class", "2", "-in", good}, "labels"},
		{"bad flag", []string{"graph", "-bogus", "-in", good}, "bogus"},
		{"too large", []string{"graph", "-in", good, "-max-mem", "1e-9"}, "-max-mem"},
		{"zero gamma", []string{"graph", "-method", "nnlrs-ef", "-gamma", "0", "-in", good}, "-gamma"},
		{"zero dim", []string{"graph", "-method", "pca-nnlrs", "-dim", "0", "-in", good}, "-dim"},
		{"extra argument", []string{"graph", "-in", good, "extra"}, "extra"},
		{"extra argument to demo", []string{"demo", "extra"}, "extra"},
	} {
		status, _, errs := runCLI(t, tc.args...)
		if status != 2 {
			t.Errorf("%s: status %d, want 2 (stderr %q)", tc.name, status, errs)
			continue
		}
		if tc.args == nil {
			continue
		}
		lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
		if len(lines) != 1 {
			t.Errorf("%s: %d lines on stderr, want 1: %q", tc.name, len(lines), errs)
		}
		if strings.Contains(errs, "goroutine") || strings.Contains(errs, "panic") {
			t.Errorf("%s: trace on stderr: %q", tc.name, errs)
		}
		if !strings.Contains(errs, tc.want) {
			t.Errorf("%s: stderr %q does not mention %q", tc.name, errs, tc.want)
		}
	}
}

// The paper's protocol on the real data: a seeded draw of USPS digits.
func TestGraphUSPSSubset(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "datasets", "USPS.mat")
	if _, err := os.Stat(path); err != nil {
		t.Skip("USPS.mat not available:", err)
	}
	dir := t.TempDir()
	for i, seed := range []string{"1", "1", "2"} {
		status, out, errs := runCLI(t, "graph", "-method", "knn0", "-in", path, "-classes", "1,2,3,4",
			"-per-class", "10", "-seed", seed, "-w", filepath.Join(dir, "w"+strconv.Itoa(i)+".csv"))
		if status != 0 {
			t.Fatalf("status %d: %s", status, errs)
		}
		if !strings.Contains(out, "n=40 d=256") || !strings.Contains(out, "within-class=") {
			t.Errorf("summary %q", out)
		}
	}
	w := make([][]byte, 3)
	for i := range w {
		w[i], _ = os.ReadFile(filepath.Join(dir, "w"+strconv.Itoa(i)+".csv"))
	}
	if len(w[0]) == 0 || !bytes.Equal(w[0], w[1]) {
		t.Error("the same seed gave different graphs")
	}
	if bytes.Equal(w[0], w[2]) {
		t.Error("seeds 1 and 2 drew the same subset")
	}
}

// refused runs the command line args (case name) and checks that it is
// refused as bad input: exit status 2 and one line on stderr that mentions
// want.
func refused(t *testing.T, name, want string, args ...string) {
	t.Helper()
	status, _, errs := runCLI(t, args...)
	if status != 2 {
		t.Errorf("%s: status %d, want 2 (stderr %q)", name, status, errs)
		return
	}
	if lines := strings.Split(strings.TrimRight(errs, "\n"), "\n"); len(lines) != 1 {
		t.Errorf("%s: %d lines on stderr: %q", name, len(lines), errs)
	}
	if !strings.Contains(errs, want) {
		t.Errorf("%s: stderr %q does not mention %q", name, errs, want)
	}
}

// TestGraphZeroDiagonal: -zero-diagonal writes a Z with a zero diagonal
// (the same solve without it puts weight there), and is refused with the
// paper's LADMAP.
func TestGraphZeroDiagonal(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "x.csv")
	n := writeSubspaceCSV(t, in)
	diag := func(args ...string) float64 {
		z := filepath.Join(dir, "z.csv")
		args = append([]string{"graph", "-method", "nnlrs", "-in", in, "-z", z}, args...)
		if status, _, errs := runCLI(t, args...); status != 0 {
			t.Fatalf("%v: status %d: %s", args, status, errs)
		}
		zm := readCSV(t, z)
		s := 0.0
		for i := 0; i < n; i++ {
			s += math.Abs(zm[i][i])
		}
		return s
	}
	if d := diag(); d == 0 {
		t.Errorf("without -zero-diagonal the diagonal is zero already: the test proves nothing")
	}
	if d := diag("-zero-diagonal"); d != 0 {
		t.Errorf("-zero-diagonal: the diagonal sums to %v", d)
	}
	status, _, errs := runCLI(t, "graph", "-method", "nnlrs", "-in", in, "-zero-diagonal", "-solver", "ladmap")
	if status != 2 || !strings.Contains(errs, "-zero-diagonal needs -solver admm") {
		t.Errorf("with LADMAP: status %d, %q", status, errs)
	}
}

// -version prints one line naming the module, the Go toolchain and the
// platform, from the build information.
func TestVersion(t *testing.T) {
	status, out, _ := runCLI(t, "-version")
	if status != 0 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "nnlrs: nnlrs ") || !strings.Contains(out, runtime.Version()) || !strings.Contains(out, runtime.GOOS+"/"+runtime.GOARCH) {
		t.Errorf("nnlrs -version: status %d, %q", status, out)
	}
}

// -progress starts with a legend saying what the objective and the lower
// bound are; the bound is a dual value, never above the optimum, so no
// line's bound exceeds the certified final objective, while the
// objective of an iterate (not yet feasible) may lie below it.
func TestGraphProgressLegend(t *testing.T) {
	dir := t.TempDir()
	in, st := filepath.Join(dir, "x.csv"), filepath.Join(dir, "s.json")
	writeSubspaceCSV(t, in)
	status, _, errs := runCLI(t, "graph", "-in", in, "-lambda", "1", "-progress", "1", "-stats", st)
	if status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	if strings.Count(errs, graphcmd.ProgressLegend) != 1 || !strings.HasPrefix(errs, graphcmd.ProgressLegend) {
		t.Errorf("stderr does not start with the legend once:\n%s", errs)
	}
	var s struct{ Objective float64 }
	b, _ := os.ReadFile(st)
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, l := range strings.Split(errs, "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || f[0] != "iter" {
			continue
		}
		lines++
		bound, err := strconv.ParseFloat(f[len(f)-1], 64)
		if err != nil || f[len(f)-3] != "lower" {
			t.Fatalf("line %q: no lower bound at its end", l)
		}
		// Printed to 6 digits.
		if bound > s.Objective*(1+1e-6) {
			t.Errorf("line %q: bound above the final objective %v", l, s.Objective)
		}
	}
	if lines == 0 {
		t.Errorf("no progress line:\n%s", errs)
	}
}

// Class names in the label column of a CSV file: -classes draws by name,
// and a name not in the file is refused with the names it has.
func TestGraphClassNames(t *testing.T) {
	dir := t.TempDir()
	plain, in := filepath.Join(dir, "plain.csv"), filepath.Join(dir, "named.csv")
	writeSubspaceCSV(t, plain)
	b, _ := os.ReadFile(plain)
	names := []string{"first line", "second", "third"}
	var named strings.Builder
	named.WriteString("a,b,c,d,class\n")
	for i, row := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		named.WriteString(row + "," + names[i/6] + "\n")
	}
	os.WriteFile(in, []byte(named.String()), 0o644)
	status, out, errs := runCLI(t, "graph", "-in", in, "-lambda", "1", "-classes", "third,first line", "-per-class", "4")
	if status != 0 || !strings.HasPrefix(out, "nnlrs: n=8 d=4") || !strings.Contains(out, "within-class=") {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errs)
	}
	status, _, errs = runCLI(t, "graph", "-in", in, "-classes", "second,fourth")
	if want := `-classes: no class "fourth" in the data (classes: first line, second, third)`; status != 2 || !strings.Contains(errs, want) {
		t.Errorf("status %d, stderr %q; want 2 and %q", status, errs, want)
	}
}

// -cpuprofile and -memprofile write pprof profiles (gzip-compressed
// protocol buffers); a missing folder is refused before the run.
func TestGraphProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.pb"), filepath.Join(dir, "mem.pb")
	if status, _, errs := runCLI(t, "graph", "-in", "synthetic", "-cpuprofile", cpu, "-memprofile", mem); status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	for _, p := range []string{cpu, mem} {
		if b, err := os.ReadFile(p); err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s: not a gzip-compressed profile (%v)", p, err)
		}
	}
	status, _, errs := runCLI(t, "graph", "-in", "synthetic", "-memprofile", filepath.Join(dir, "none", "m.pb"))
	if status != 2 || !strings.Contains(errs, "does not exist") {
		t.Errorf("status %d, stderr %q", status, errs)
	}
}

// -classes without -per-class takes every sample of the classes, however
// unequal their sizes: class by class in the order given, each in the
// order of the file.
func TestGraphEveryClassMember(t *testing.T) {
	dir := t.TempDir()
	plain, in, samples := filepath.Join(dir, "plain.csv"), filepath.Join(dir, "in.csv"), filepath.Join(dir, "samples.csv")
	writeSubspaceCSV(t, plain)
	b, _ := os.ReadFile(plain)
	var lab strings.Builder
	lab.WriteString("a,b,c,d,label\n")
	var want []string // the rows of class 2, then of class 1
	var ones []string
	for i, row := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		l := 1 + min(i/4, 1) + i/14 // rows 0-3: 1, 4-13: 2, 14-17: 3
		lab.WriteString(row + "," + strconv.Itoa(l) + "\n")
		switch l {
		case 1:
			ones = append(ones, strconv.Itoa(i)+",1")
		case 2:
			want = append(want, strconv.Itoa(i)+",2")
		}
	}
	want = append(want, ones...)
	os.WriteFile(in, []byte(lab.String()), 0o644)
	status, out, errs := runCLI(t, "graph", "-method", "knn0", "-in", in, "-classes", "2,1", "-samples", samples)
	if status != 0 || !strings.HasPrefix(out, "knn0: n=14 ") {
		t.Fatalf("status %d, stdout %q, stderr %q; want n=14 (10 of class 2, 4 of class 1)", status, out, errs)
	}
	got, _ := os.ReadFile(samples)
	if w := "index,label\n" + strings.Join(want, "\n") + "\n"; string(got) != w {
		t.Errorf("-samples wrote\n%s\nwant\n%s", got, w)
	}
	status, _, errs = runCLI(t, "graph", "-method", "knn0", "-in", in, "-classes", "2,7")
	if want := "class 7 is absent from " + in; status != 2 || !strings.Contains(errs, want) {
		t.Errorf("status %d, stderr %q; want 2 and %q", status, errs, want)
	}
}

// TestGraphReading: -reading sets the graph's construction as the
// experiments' readings do: Cheng et al.'s l1-graph solved exactly has the
// exact zeros of the linear program's vertex, where the lasso form's
// code has zeros of its own and the interior point none.
func TestGraphReading(t *testing.T) {
	dir := t.TempDir()
	density := func(args ...string) float64 {
		t.Helper()
		st := filepath.Join(dir, "st.json")
		args = append([]string{"graph", "-in", "synthetic", "-method", "l1", "-stats", st}, args...)
		if status, _, stderr := runCLI(t, args...); status != 0 {
			t.Fatalf("%v: status %d: %s", args, status, stderr)
		}
		var s struct{ Density float64 }
		if err := json.Unmarshal(readBytes(t, st), &s); err != nil {
			t.Fatal(err)
		}
		return s.Density
	}
	interior, exact := density("-reading", "cheng"), density("-reading", "cheng-exact")
	if interior != 1 || !(exact < 1) {
		t.Errorf("density of W: %v at l1-magic's tolerance (want 1: an interior point), %v solved exactly (want below 1)", interior, exact)
	}
}
