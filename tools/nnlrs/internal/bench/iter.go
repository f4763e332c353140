package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"nnlrs/core/dataset"
	"nnlrs/core/lowrank"
	"nnlrs/tools/nnlrs/internal/cli"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

// Iter is the iter command: time one iteration of LADMAP (Algorithm 1) in Go, NumPy and WebAssembly, side by side.
var Iter = cli.Command{Name: "iter", Summary: "time one iteration of LADMAP (Algorithm 1) in Go, NumPy and WebAssembly, side by side", Run: iterCmd}

// iterConfig is the iter command's flags, checked.
type iterConfig struct {
	sizes    []int
	usps     string
	iters    int
	numpy    bool
	python   string
	script   string
	wasm     string
	wasmExec string
	blas     string
	jsonOut  bool
}

// iterCost is the median cost of one iteration, in wall and CPU seconds
// of the process (NaN where not measured). On a shared machine the CPU
// time is the steadier figure: it leaves out the time spent waiting for
// a core.
type iterCost struct {
	Wall float64 `json:"wall"`
	CPU  float64 `json:"cpu"`
}

var notMeasured = iterCost{math.NaN(), math.NaN()}

// iterRow is one size's costs.
type iterRow struct {
	N, D            int
	Go, NumPy, Wasm iterCost
}

// iterCmd prints, for each size n, the median wall time of one iteration
// of LADMAP with the Gram SVT (the same iterates as the NumPy reference,
// which takes a full SVD) on n USPS digits 1-4 (n/4 per class), in Go,
// in NumPy with one BLAS thread, and in Go compiled to WebAssembly and
// run by Node when -wasm names a build of this command:
//
//	GOOS=js GOARCH=wasm go build -o /tmp/nnlrs.wasm ./tools/nnlrs
//	go run ./tools/nnlrs iter -n 100,200,400,800 -wasm /tmp/nnlrs.wasm
func iterCmd(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseIterFlags(args, stderr)
	if err != nil {
		return err
	}
	if cfg.blas == "gonum" {
		blas64.Use(gonum.Implementation{}) // main installed gemm's
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var py *numpyRunner
	if cfg.numpy {
		var note string
		py, note = FindNumpy(cfg.python, cfg.script, 1)
		if !cfg.jsonOut {
			fmt.Fprintln(stdout, note)
		}
	}
	var wasm map[int]iterCost
	if cfg.wasm != "" {
		if wasm, err = cfg.runWasm(stderr); err != nil {
			return err
		}
	}
	// Warm up on the smallest size: under Node the first iterations run
	// in the engine's baseline compiler, several times slower.
	if set, err := iterData(cfg.usps, slices.Min(cfg.sizes)); err != nil {
		return err
	} else if _, err := goIterSeconds(set, cfg.iters); err != nil {
		return err
	}
	var rows []iterRow
	for _, n := range cfg.sizes {
		set, err := iterData(cfg.usps, n)
		if err != nil {
			return err
		}
		d, _ := set.X.Dims()
		row := iterRow{N: n, D: d, NumPy: notMeasured, Wasm: notMeasured}
		if row.Go, err = goIterSeconds(set, cfg.iters); err != nil {
			return err
		}
		if py != nil {
			if row.NumPy, err = py.iterSeconds(set, cfg.iters); err != nil {
				return err
			}
		}
		if w, ok := wasm[n]; ok {
			row.Wasm = w
		}
		if cfg.jsonOut {
			b, _ := json.Marshal(iterJSON{n, row.Go})
			fmt.Fprintln(stdout, string(b))
		} else {
			fmt.Fprintf(stderr, "iter n=%d: cpu ms go %.1f, numpy %.1f, wasm %.1f\n", n, 1e3*row.Go.CPU, 1e3*row.NumPy.CPU, 1e3*row.Wasm.CPU)
		}
		rows = append(rows, row)
	}
	if !cfg.jsonOut {
		writeIterTable(stdout, cfg, rows)
	}
	return nil
}

func parseIterFlags(args []string, stderr io.Writer) (*iterConfig, error) {
	fs := flag.NewFlagSet("nnlrs iter", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := &iterConfig{}
	sizes := fs.String("n", "100,200,400,800", "comma-separated sizes n (USPS digits 1-4, n/4 per class; n a multiple of 4)")
	fs.StringVar(&cfg.usps, "usps", filepath.Join("..", "shared", "datasets", "USPS.mat"), "USPS MAT-file")
	fs.IntVar(&cfg.iters, "iters", 7, "iterations timed per size (after 2 not timed); the median is printed")
	fs.BoolVar(&cfg.numpy, "numpy", true, "time the NumPy reference (tools/numpy/ladmap.py) with one BLAS thread")
	fs.StringVar(&cfg.python, "python", "", "python interpreter with numpy (default: the first of /usr/bin/python3, python3 that imports numpy)")
	fs.StringVar(&cfg.script, "script", filepath.Join("tools", "numpy", "ladmap.py"), "the NumPy reference script")
	fs.StringVar(&cfg.wasm, "wasm", "", "a GOOS=js GOARCH=wasm build of this command, run under Node for the wasm column")
	fs.StringVar(&cfg.wasmExec, "wasm-exec", "", "the wasm runner (default: $(go env GOROOT)/lib/wasm/go_js_wasm_exec)")
	fs.StringVar(&cfg.blas, "blas", "gemm", "the BLAS of the mat products: gemm (gemm.Use, as every command and the browser worker) or gonum (its own Dgemm, SSE2 assembly on amd64)")
	fs.BoolVar(&cfg.jsonOut, "json", false, "print one JSON line per size (Go timings only; used for the wasm column)")
	if err := cli.ParseFlags(fs, args); err != nil {
		return nil, err
	}
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 4 || n%4 != 0 {
			return nil, cli.Usagef("-n: want multiples of 4, have %q", cli.Excerpt(f))
		}
		cfg.sizes = append(cfg.sizes, n)
	}
	switch {
	case cfg.iters < 1:
		return nil, cli.Usagef("-iters must be >= 1, have %d", cfg.iters)
	case cfg.blas != "gonum" && cfg.blas != "gemm":
		return nil, cli.Usagef("-blas: want gonum or gemm, have %q", cli.Excerpt(cfg.blas))
	}
	if _, err := os.Stat(cfg.usps); err != nil {
		return nil, cli.Usagef("-usps: %v", err)
	}
	return cfg, nil
}

// iterData draws n USPS digits 1-4, n/4 per class, normalized, as the
// bench's usps cases do.
func iterData(usps string, n int) (*dataset.Set, error) {
	df := cli.DataFlags{In: usps, Seed: 1, Normalize: true, Classes: "1,2,3,4", PerClass: n / 4}
	return df.Load()
}

// iterJSON is the line printed per size with -json.
type iterJSON struct {
	N  int      `json:"n"`
	Go iterCost `json:"go"`
}

// iterWarm is the number of iterations run before the timed ones: the
// first includes the solver's set-up (||A||₂ by an SVD).
const iterWarm = 2

// goIterSeconds runs LADMAP (the paper's η, Gram SVT) for iterWarm+iters
// iterations and returns the median wall and CPU time between the
// progress reports of the timed ones.
func goIterSeconds(set *dataset.Set, iters int) (iterCost, error) {
	var stamps []time.Time
	var cpus []float64
	progress := func(lowrank.Progress) {
		stamps = append(stamps, time.Now())
		cpus = append(cpus, cli.CPUSeconds())
	}
	_, err := lowrank.NNLRS(context.Background(), set.X, nil, lowrank.DefaultParams(),
		&lowrank.LADMAP{PaperEta: true, MaxIter: iterWarm + iters}, progress)
	if err != nil {
		return notMeasured, err
	}
	var wall, cpu []float64
	for i := iterWarm; i < len(stamps); i++ {
		wall = append(wall, stamps[i].Sub(stamps[i-1]).Seconds())
		cpu = append(cpu, cpus[i]-cpus[i-1])
	}
	return iterCost{median(wall), median(cpu)}, nil
}

// iterSeconds runs the NumPy reference for iterWarm+iters iterations
// and returns the medians of the timed ones.
func (r *numpyRunner) iterSeconds(set *dataset.Set, iters int) (iterCost, error) {
	dir, err := os.MkdirTemp("", "nnlrs-iter-")
	if err != nil {
		return notMeasured, err
	}
	defer os.RemoveAll(dir)
	xPath := filepath.Join(dir, "X.npy")
	if err := cli.WriteNpyFile(xPath, set.X); err != nil {
		return notMeasured, err
	}
	cmd := exec.Command(r.Python, r.script, xPath, "--iter-times", "--max-iter", strconv.Itoa(iterWarm+iters))
	cmd.Env = append(os.Environ(), "OPENBLAS_NUM_THREADS=1", "OMP_NUM_THREADS=1", "MKL_NUM_THREADS=1")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		return notMeasured, fmt.Errorf("%s %s: %v: %s", r.Python, r.script, err, cli.OneLineString(errb.String()))
	}
	var res struct {
		IterSeconds []float64 `json:"iter_seconds"`
		IterCPU     []float64 `json:"iter_cpu_seconds"`
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res.IterSeconds) <= iterWarm || len(res.IterCPU) != len(res.IterSeconds) {
		return notMeasured, fmt.Errorf("%s: bad output %q (%v)", r.script, out, err)
	}
	return iterCost{median(res.IterSeconds[iterWarm:]), median(res.IterCPU[iterWarm:])}, nil
}

// runWasm runs the wasm build of this command with -json under Node and
// returns its Go timings by size.
func (cfg *iterConfig) runWasm(stderr io.Writer) (map[int]iterCost, error) {
	runner := cfg.wasmExec
	if runner == "" {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return nil, fmt.Errorf("-wasm: cannot find GOROOT (set -wasm-exec): %v", err)
		}
		runner = filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "go_js_wasm_exec")
	}
	usps, err := filepath.Abs(cfg.usps)
	if err != nil {
		return nil, err
	}
	var sizes []string
	for _, n := range cfg.sizes {
		sizes = append(sizes, strconv.Itoa(n))
	}
	fmt.Fprintf(stderr, "iter: running %s under Node\n", cfg.wasm)
	cmd := exec.Command(runner, cfg.wasm, "iter", "-json", "-numpy=false", "-blas", "gemm",
		"-usps", usps, "-iters", strconv.Itoa(cfg.iters), "-n", strings.Join(sizes, ","))
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v: %s", runner, cfg.wasm, err, cli.OneLineString(errb.String()))
	}
	res := map[int]iterCost{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r iterJSON
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, fmt.Errorf("%s: bad output line %q: %v", cfg.wasm, line, err)
		}
		res[r.N] = r.Go
	}
	return res, nil
}

func writeIterTable(w io.Writer, cfg *iterConfig, rows []iterRow) {
	fmt.Fprintf(w, "nnlrs iter: Go %s %s/%s, one thread; LADMAP (Algorithm 1, Gram SVT) on USPS 1-4, n/4 per class; median of %d iterations; BLAS %s (wasm: gemm)\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, cfg.iters, cfg.blas)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "n\td\tgo ms\tnumpy ms\tgo/numpy\twasm ms\twasm/go\tgo cpu ms\tnumpy cpu ms\tgo/numpy cpu\twasm cpu ms\twasm/go cpu\t")
	ms := func(s float64) string {
		if math.IsNaN(s) {
			return "-"
		}
		return fmt.Sprintf("%.1f", 1e3*s)
	}
	ratio := func(a, b float64) string {
		if math.IsNaN(a) || math.IsNaN(b) {
			return "-"
		}
		return fmt.Sprintf("%.2fx", a/b)
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.N, r.D,
			ms(r.Go.Wall), ms(r.NumPy.Wall), ratio(r.Go.Wall, r.NumPy.Wall), ms(r.Wasm.Wall), ratio(r.Wasm.Wall, r.Go.Wall),
			ms(r.Go.CPU), ms(r.NumPy.CPU), ratio(r.Go.CPU, r.NumPy.CPU), ms(r.Wasm.CPU), ratio(r.Wasm.CPU, r.Go.CPU))
	}
	tw.Flush()
	fmt.Fprintln(w, "ms: wall time per iteration; cpu ms: CPU time of the process per iteration (steadier on a shared machine;\nunder Node it counts the engine's compiler and collector threads too); ratios: slower/faster.")
}

func median(s []float64) float64 {
	if len(s) == 0 {
		return math.NaN()
	}
	s = slices.Clone(s)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
