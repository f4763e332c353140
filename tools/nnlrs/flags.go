package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/wasm/protocol"
)

// syntheticName is the -in value that selects the built-in data set.
const syntheticName = "synthetic"

// dataFlags select and draw the data, as in the paper's protocol.
type dataFlags struct {
	in        string
	classes   string
	perClass  int
	seed      uint64
	normalize bool
}

func addDataFlags(fs *flag.FlagSet) *dataFlags {
	f := &dataFlags{}
	fs.StringVar(&f.in, "in", "", "data: a CSV file (one sample per row; an optional header may name a label column), a MAT-file with fea and gnd, or \""+syntheticName+"\"")
	fs.StringVar(&f.classes, "classes", "", "comma-separated class labels to draw (default: all)")
	fs.IntVar(&f.perClass, "per-class", 0, "samples drawn at random per class (0: all samples)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the random draw (and of the synthetic data)")
	fs.BoolVar(&f.normalize, "normalize", true, "scale samples to unit l2 norm, as the paper does")
	return f
}

// load reads the data, draws the subset and normalizes it.
func (f *dataFlags) load() (*dataset.Set, error) {
	rng := rand.New(rand.NewPCG(f.seed, protocol.DataStream))
	var set *dataset.Set
	var err error
	if f.in == syntheticName {
		set, err = dataset.Synthetic(dataset.DefaultSynthetic(), rng)
		if err != nil {
			return nil, err
		}
	} else {
		set, err = dataset.Load(f.in)
		if err != nil {
			return nil, usageError{err}
		}
	}
	if f.perClass < 0 {
		return nil, usagef("-per-class must be >= 0, have %d", f.perClass)
	}
	if f.classes != "" || f.perClass > 0 {
		if set.Labels == nil {
			return nil, usagef("-classes/-per-class need labels, and %s has none", f.in)
		}
		classes := set.Classes()
		if f.classes != "" {
			classes, err = parseInts(f.classes)
			if err != nil {
				return nil, usagef("-classes: %v", err)
			}
		}
		per := f.perClass
		if per == 0 {
			per = minClassSize(set, classes)
		}
		set, err = set.Subset(classes, per, rng)
		if err != nil {
			return nil, usageError{err}
		}
	}
	if f.normalize {
		set.NormalizeUnit()
	}
	return set, nil
}

func minClassSize(set *dataset.Set, classes []int) int {
	count := map[int]int{}
	for _, l := range set.Labels {
		count[l]++
	}
	m := 0
	for i, c := range classes {
		if i == 0 || count[c] < m {
			m = count[c]
		}
	}
	return m
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", f)
		}
		out = append(out, v)
	}
	return out, nil
}

// parseFlags parses a command's arguments, which take no positional
// arguments: -h gives errHelp, a bad flag or a stray argument a usage error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// optionFlags hold the model and solver parameters.
type optionFlags struct {
	beta, lambda, theta float64
	maxIter             int
	paperEta            bool
	solver              string
	maxMem              float64
}

func addOptionFlags(fs *flag.FlagSet) *optionFlags {
	f := &optionFlags{}
	def := lowrank.DefaultParams()
	fs.Float64Var(&f.beta, "beta", def.Beta, "NNLRS: weight of sparsity ||Z||_1 against low rank")
	fs.Float64Var(&f.lambda, "lambda", def.Lambda, "NNLRS and LRR: weight of the error term ||E||_2,1")
	fs.Float64Var(&f.theta, "theta", 0, "NNLRS: zero the normalized coefficients below theta")
	fs.IntVar(&f.maxIter, "max-iter", 0, "iteration cap of the NNLRS/LRR solver (0: its default)")
	fs.StringVar(&f.solver, "solver", "admm", "NNLRS: admm (exact ADMM, certified within 0.4% of the optimum) or ladmap (the paper's Algorithm 1 as written)")
	fs.BoolVar(&f.paperEta, "paper-eta", false, "NNLRS: LADMAP with the paper's eta1 = ||X||_2^2 instead of ||X||_2^2 + 1")
	fs.Float64Var(&f.maxMem, "max-mem", 8, "refuse problems whose solver would need more than this many GiB")
	return f
}

func (f *optionFlags) options() (graph.Options, error) {
	for _, p := range []struct {
		name     string
		v        float64
		positive bool // strictly
	}{
		{"-beta", f.beta, false},
		{"-lambda", f.lambda, true},
		{"-theta", f.theta, false},
		{"-max-mem", f.maxMem, true},
	} {
		switch {
		case math.IsNaN(p.v) || math.IsInf(p.v, 0) || p.v < 0:
			return graph.Options{}, usagef("%s must be a finite number >= 0, have %v", p.name, p.v)
		case p.positive && p.v == 0:
			return graph.Options{}, usagef("%s must be > 0", p.name)
		}
	}
	if f.maxIter < 0 {
		return graph.Options{}, usagef("-max-iter must be >= 0, have %d", f.maxIter)
	}
	var method lowrank.Method
	switch {
	case f.paperEta: // the paper's eta1 belongs to Algorithm 1
		method = &lowrank.LADMAP{MaxIter: f.maxIter, PaperEta: true}
	case f.solver == "admm":
		method = &lowrank.ADMM{MaxIter: f.maxIter}
	case f.solver == "ladmap":
		method = &lowrank.LADMAP{MaxIter: f.maxIter}
	default:
		return graph.Options{}, usagef("unknown -solver %q (solvers: admm, ladmap)", f.solver)
	}
	o := graph.DefaultOptions()
	o.NNLRS.Beta, o.NNLRS.Lambda, o.NNLRS.Theta = f.beta, f.lambda, f.theta
	o.NNLRS.Solver = method
	o.LRR.Lambda = f.lambda
	o.LRR.Solver = &lowrank.ADMM{MaxIter: f.maxIter}
	return o, nil
}

// checkSize refuses problems whose memory estimate exceeds maxGiB.
func checkSize(name method.Name, d, n int, maxGiB float64) error {
	need := method.Bytes(name, d, n)
	if float64(need) > maxGiB*(1<<30) {
		return usagef("%d samples of dimension %d need about %.1f GiB for %s, above the %.1f GiB limit (-max-mem); draw a subset with -classes and -per-class",
			n, d, float64(need)/(1<<30), name, maxGiB)
	}
	return nil
}

// writeCSV writes m with one row per line, shortest exact float format.
func writeCSV(path string, m mat.Matrix) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	r, c := m.Dims()
	buf := make([]byte, 0, 32)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if j > 0 {
				w.WriteByte(',')
			}
			buf = strconv.AppendFloat(buf[:0], m.At(i, j), 'g', -1, 64)
			w.Write(buf)
		}
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
