package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"nnlrs/tools/nnlrs/internal/cli"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/lowrank"
	"nnlrs/core/weights"
)

// numpyRunner runs tools/numpy/ladmap.py.
type numpyRunner struct {
	maxIter        int // --max-iter; 0: the script's default
	Python, script string
	threads        int
}

// FindNumpy looks for a python that runs the script (ladmap.py
// --describe: NumPy's and Python's versions and the BLAS library NumPy
// loaded) and returns a runner, or nil and a note saying why the NumPy
// column is absent. Debian's NumPy takes the system's libblas.so.3, the
// slow reference BLAS unless an optimized one (libopenblas0-pthread) is
// installed, and the comparison means little then.
func FindNumpy(python, script string, threads int) (*numpyRunner, string) {
	if runtime.GOOS == "js" {
		return nil, "NumPy reference: skipped (no subprocesses under js/wasm)"
	}
	if _, err := os.Stat(script); err != nil {
		return nil, fmt.Sprintf("NumPy reference: skipped, script %s not found (run from the repository root or set -script)", script)
	}
	candidates := []string{"/usr/bin/python3", "python3"}
	if python != "" {
		candidates = []string{python}
	}
	for _, p := range candidates {
		out, err := exec.Command(p, script, "--describe").Output()
		if err != nil {
			continue
		}
		r := &numpyRunner{Python: p, script: script, threads: threads}
		return r, fmt.Sprintf("NumPy reference: %s (%s), %d BLAS thread(s), script %s",
			p, strings.TrimSpace(string(out)), threads, script)
	}
	return nil, "NumPy reference: skipped, no python3 with numpy found (Debian: apt-get install -y python3-numpy)"
}

// run writes the data to a temporary .npy file, runs the script and reads
// back its result and multipliers.
func (r *numpyRunner) run(set *dataset.Set) (benchRow, error) {
	dir, err := os.MkdirTemp("", "nnlrs-bench-")
	if err != nil {
		return benchRow{}, err
	}
	defer os.RemoveAll(dir)
	xPath := filepath.Join(dir, "X.npy")
	if err := cli.WriteNpyFile(xPath, set.X); err != nil {
		return benchRow{}, err
	}
	out := filepath.Join(dir, "out")
	args := []string{r.script, xPath, "--out", out}
	if r.maxIter > 0 {
		args = append(args, "--max-iter", strconv.Itoa(r.maxIter))
	}
	cmd := exec.Command(r.Python, args...)
	th := strconv.Itoa(r.threads)
	cmd.Env = append(os.Environ(), "OPENBLAS_NUM_THREADS="+th, "OMP_NUM_THREADS="+th, "MKL_NUM_THREADS="+th)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return benchRow{}, fmt.Errorf("%s %s: %v: %s", r.Python, r.script, err, cli.OneLineString(stderr.String()))
	}
	var res struct {
		Iterations int      `json:"iterations"`
		Converged  bool     `json:"converged"`
		Seconds    float64  `json:"seconds"`
		CPU        *float64 `json:"cpu_seconds"`
		Objective  float64  `json:"objective"`
		BLAS       string   `json:"blas"`
	}
	if err := json.Unmarshal(b, &res); err != nil {
		return benchRow{}, fmt.Errorf("%s: bad output %q: %v", r.script, b, err)
	}
	ms := map[string]*mat.Dense{}
	for _, name := range []string{"Z", "H", "Y1", "Y2"} {
		m, err := cli.ReadNpyFile(out + name + ".npy")
		if err != nil {
			return benchRow{}, err
		}
		ms[name] = m
	}
	row := benchRow{solver: "numpy ladmap", iterations: res.Iterations, converged: res.Converged,
		seconds: res.Seconds, cpu: math.NaN(), objective: res.Objective, firstGraph: math.NaN(), firstGraphCPU: math.NaN()}
	if res.CPU != nil {
		row.cpu = *res.CPU
	}
	row.within = weights.WithinClass(weights.ThresholdNormalized(ms["Z"], 0), set.Labels)
	row.rank = rankOf(ms["Z"])
	_, row.lower, err = lowrank.Bounds(set.X, nil, lowrank.DefaultParams(), ms["H"], ms["Y1"], ms["Y2"])
	return row, err
}
