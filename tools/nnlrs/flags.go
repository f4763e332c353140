package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/demo"
	"nnlrs/core/experiment"
	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
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

	// drawn are the samples load drew (-classes, -per-class), as indices
	// of the file's samples (rows), in the order of the data; nil when it
	// kept them all.
	drawn []int
}

func addDataFlags(fs *flag.FlagSet) *dataFlags {
	f := &dataFlags{}
	fs.StringVar(&f.in, "in", "", "data, one sample per row: a .csv file (an optional header may name a label column), a .mat file with fea and gnd, a .npy array or a .npz SciPy sparse matrix, or \""+syntheticName+"\"")
	fs.StringVar(&f.classes, "classes", "", "comma-separated classes to draw, labels or class names as the file spells them (default: all)")
	fs.IntVar(&f.perClass, "per-class", 0, "samples drawn at random per class (0: every sample of the classes)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the random draw (and of the synthetic data)")
	fs.BoolVar(&f.normalize, "normalize", true, "scale samples to unit l2 norm, as the paper does")
	return f
}

// load reads the data, draws the subset and normalizes it.
func (f *dataFlags) load() (*dataset.Set, error) {
	rng := rand.New(rand.NewPCG(f.seed, demo.DataStream))
	var set *dataset.Set
	var err error
	if f.in == syntheticName {
		set, err = dataset.Synthetic(dataset.DefaultSynthetic(), rng)
		if err != nil {
			return nil, err
		}
	} else {
		if set, err = loadData(f.in); err != nil {
			return nil, err
		}
		if err := checkValues(f.in, set, f.normalize); err != nil {
			return nil, err
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
			if classes, err = parseClasses(f.classes, set); err != nil {
				return nil, usagef("-classes: %v", err)
			}
		}
		if f.perClass == 0 {
			f.drawn, err = classMembers(set, classes, f.in)
		} else {
			f.drawn, err = set.Draw(classes, f.perClass, rng)
		}
		if err != nil {
			return nil, usageError{err}
		}
		set = set.Pick(f.drawn)
	}
	if f.normalize {
		set.NormalizeUnit()
	}
	return set, nil
}

// loadData reads the data file in: a .csv or .mat file by dataset.Load,
// a .npy or .npz matrix of one sample per row (without labels).
func loadData(in string) (*dataset.Set, error) {
	if err := checkMatrixExt("-in", in); err != nil {
		return nil, err
	}
	switch matrixExt(in) {
	case ".npy", ".npz":
		m, err := readMatrixFile(in, "", nil)
		if err != nil {
			return nil, usageError{err}
		}
		return &dataset.Set{Name: strings.TrimSuffix(filepath.Base(in), filepath.Ext(in)), X: mat.DenseCopyOf(m.T())}, nil
	}
	set, err := dataset.Load(in)
	if err != nil {
		return nil, usageError{err}
	}
	return set, nil
}

// classMembers returns every sample of the classes, class by class in
// the order given, each class's samples in the order of the file: what
// -classes takes without -per-class.
func classMembers(set *dataset.Set, classes []int, in string) ([]int, error) {
	var idx []int
	for _, c := range classes {
		k := len(idx)
		for j, l := range set.Labels {
			if l == c {
				idx = append(idx, j)
			}
		}
		if len(idx) == k {
			return nil, fmt.Errorf("class %s is absent from %s (classes: %v)", set.ClassName(c), in, set.Classes())
		}
	}
	return idx, nil
}

// parseClasses reads the classes of -classes: names of set's classes
// when it has them, integer labels otherwise.
func parseClasses(s string, set *dataset.Set) ([]int, error) {
	if set.ClassNames == nil {
		return parseInts(s)
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		name := strings.TrimSpace(f)
		l := slices.Index(set.ClassNames, name)
		if l < 0 {
			return nil, fmt.Errorf("no class %q in the data (classes: %s)", excerpt(name), excerpt(strings.Join(set.ClassNames, ", ")))
		}
		out = append(out, l)
	}
	return out, nil
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", excerpt(f))
		}
		out = append(out, v)
	}
	return out, nil
}

// parseFlags parses a command's arguments, which take no positional
// arguments. -h prints the usage (fs.Usage) and gives errHelp. A bad flag
// or value, or a stray argument, gives a usage error of one line naming
// the flag and pointing to -h; the usage is not printed then. Numbers must
// be spelled as in a data file (dataset.ParseNumber), integers in plain
// decimal.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var bad error // why checkedValue.Set refused a value
	fs.VisitAll(func(f *flag.Flag) { f.Value = &checkedValue{Value: f.Value, name: f.Name, bad: &bad} })
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	fs.SetOutput(out)
	fs.VisitAll(func(f *flag.Flag) { f.Value = f.Value.(*checkedValue).Value })
	see := "see " + fs.Name() + " -h"
	switch {
	case errors.Is(err, flag.ErrHelp):
		if fs.Usage != nil {
			fs.Usage()
		} else {
			fs.PrintDefaults()
		}
		return errHelp
	case err != nil && bad != nil:
		return usagef("%v; %s", bad, see)
	case err != nil:
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
			return usagef("%s is not a flag of %s; %s", excerpt(name), fs.Name(), see)
		}
		if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
			return usagef("%s needs a value; %s", excerpt(name), see)
		}
		return usagef("%s; %s", excerpt(msg), see)
	case fs.NArg() > 0:
		return usagef("unexpected argument %q (flags come as -name value); %s", excerpt(fs.Arg(0)), see)
	}
	return nil
}

// checkedValue is a flag's value whose Set refuses in words what is not
// a value of the flag's type, including what the flag package would take
// for a number but a data file would not (1_000, 0x10, Inf), and records
// the reason in bad.
type checkedValue struct {
	flag.Value
	name string
	bad  *error
}

func (v *checkedValue) Set(s string) error {
	var err error
	switch v.Value.(flag.Getter).Get().(type) {
	case float64:
		_, err = dataset.ParseNumber(s)
	case int, int64:
		if _, perr := strconv.ParseInt(s, 10, 64); perr != nil {
			err = fmt.Errorf("%q is not an integer", excerpt(s))
		}
	case uint, uint64:
		if _, perr := strconv.ParseUint(s, 10, 64); perr != nil {
			err = fmt.Errorf("%q is not an integer >= 0", excerpt(s))
		}
	case bool:
		if _, perr := strconv.ParseBool(s); perr != nil {
			err = fmt.Errorf("%q is not true or false", excerpt(s))
		}
	}
	if err == nil && v.Value.Set(s) != nil {
		err = fmt.Errorf("%q is not a value of this flag", excerpt(s))
	}
	if err != nil {
		*v.bad = fmt.Errorf("-%s: %w", v.name, err)
	}
	return err
}

// IsBoolFlag lets a wrapped boolean flag stand without a value.
func (v *checkedValue) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// solverFlags choose the solver of problem (6): -solver and -paper-eta.
type solverFlags struct {
	solver   string
	paperEta bool
}

// add declares -solver and -paper-eta on fs.
func (f *solverFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&f.solver, "solver", "admm", "NNLRS: admm (exact ADMM, certified within 0.4% of the optimum) or ladmap (the paper's Algorithm 1)")
	fs.BoolVar(&f.paperEta, "paper-eta", false, "NNLRS: LADMAP with the paper's eta1 = ||X||_2^2 instead of ||X||_2^2 + 1: Algorithm 1 exactly as written")
}

// solverName names the NNLRS solver the flags choose: admm or ladmap.
func (f *solverFlags) solverName() string {
	if f.paperEta {
		return "ladmap"
	}
	return f.solver
}

// method returns the NNLRS method the flags choose, capped at maxIter
// iterations (0: its default): nil for ADMM with its defaults, which the
// solvers take for nil, so that runs made before these flags keep their
// settings.
func (f *solverFlags) method(maxIter int) (lowrank.Method, error) {
	switch {
	case f.paperEta: // the paper's eta1 belongs to Algorithm 1
		return &lowrank.LADMAP{MaxIter: maxIter, PaperEta: true}, nil
	case f.solver == "admm" && maxIter == 0:
		return nil, nil
	case f.solver == "admm":
		return &lowrank.ADMM{MaxIter: maxIter}, nil
	case f.solver == "ladmap":
		return &lowrank.LADMAP{MaxIter: maxIter}, nil
	}
	return nil, usagef("unknown -solver %q (solvers: admm, ladmap)", excerpt(f.solver))
}

// optionFlags hold the model and solver parameters.
type optionFlags struct {
	beta, lambda, theta float64
	maxIter             int
	zeroDiag            bool
	solverFlags
	maxMem float64
}

func addOptionFlags(fs *flag.FlagSet) *optionFlags {
	f := &optionFlags{}
	def := lowrank.DefaultParams()
	fs.Float64Var(&f.beta, "beta", def.Beta, "NNLRS: weight of sparsity ||Z||_1 against low rank")
	fs.Float64Var(&f.lambda, "lambda", def.Lambda, "NNLRS and LRR: weight of the error term ||E||_2,1")
	fs.Float64Var(&f.theta, "theta", 0, "NNLRS: zero the normalized coefficients below theta")
	fs.BoolVar(&f.zeroDiag, "zero-diagonal", false, "NNLRS: hold diag Z at 0, as sparse subspace clustering does (an option beside the paper's problem; admm solver)")
	fs.IntVar(&f.maxIter, "max-iter", 0, "iteration cap of the NNLRS/LRR solver (0: its default)")
	f.solverFlags.add(fs)
	fs.Float64Var(&f.maxMem, "max-mem", 8, "refuse problems whose solver would need more than this many GiB")
	return f
}

func (f *optionFlags) options() (graph.Options, error) {
	if err := f.checkParams(); err != nil {
		return graph.Options{}, err
	}
	if f.maxIter < 0 {
		return graph.Options{}, usagef("-max-iter must be >= 0, have %d", f.maxIter)
	}
	method, err := f.method(f.maxIter)
	if err != nil {
		return graph.Options{}, err
	}
	if method == nil {
		method = &lowrank.ADMM{}
	}
	if f.zeroDiag && f.solverName() != "admm" {
		return graph.Options{}, usagef("-zero-diagonal needs -solver admm")
	}
	o := graph.DefaultOptions()
	o.NNLRS.Beta, o.NNLRS.Lambda, o.NNLRS.Theta = f.beta, f.lambda, f.theta
	o.NNLRS.ZeroDiagonal = f.zeroDiag
	o.NNLRS.Solver = method
	o.LRR.Lambda = f.lambda
	o.LRR.Solver = &lowrank.ADMM{MaxIter: f.maxIter}
	return o, nil
}

// checkSize refuses problems whose memory estimate exceeds maxGiB.
func checkSize(name method.Name, d, n int, maxGiB float64) error {
	need := float64(memoryEstimate(name, d, n))
	if need > maxGiB*(1<<30) {
		return usagef("%s of dimension %d need about %s for %s, above the limit of %s (-max-mem %g); draw a subset with -classes and -per-class",
			count(n, "sample"), d, formatBytes(need), name, formatBytes(maxGiB*(1<<30)), maxGiB)
	}
	return nil
}

// programBytes is the memory of the command beside its solver's
// matrices: the runtime, the code, the data and its copies, measured on
// USPS (docs/BENCH.md).
const programBytes = 32 << 20

// memoryEstimate is the peak memory of building graph name on n samples
// of dimension d: the solver's matrices (method.Bytes) and the program.
func memoryEstimate(name method.Name, d, n int) int64 {
	return method.Bytes(name, d, n) + programBytes
}

// heapCap is the soft memory limit of building graph name on n samples
// of dimension d: the matrices counted one by one (method.Live, without
// the estimate's margin for the collector) and the program.
func heapCap(name method.Name, d, n int) int64 {
	return method.Live(name, d, n) + programBytes
}

// limitHeap sets the garbage collector's soft memory limit to bytes
// (heapCap), unless the environment sets one (GOMEMLIMIT): the collector
// then runs before the heap reaches twice the live matrices, as it
// otherwise lets garbage do, and the peak memory of a solve stays near
// the matrices it keeps (docs/BENCH.md). The heap holds few pointers, so
// that a collection takes milliseconds even at gigabytes. A solve that
// needs more than the cap still runs, with the collector working harder.
// It returns the function that restores the limit before (commands run
// in the tests' process too).
func limitHeap(bytes int64) (restore func()) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return func() {}
	}
	old := debug.SetMemoryLimit(bytes)
	return func() { debug.SetMemoryLimit(old) }
}

// writeMatrix writes m as CSV, one row per line, each entry in the
// shortest format that reads back exactly.
func writeMatrix(w io.Writer, m mat.Matrix) error {
	r, c := m.Dims()
	buf := make([]byte, 0, 32)
	for i := 0; i < r; i++ {
		buf = buf[:0]
		for j := 0; j < c; j++ {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendFloat(buf, m.At(i, j), 'g', -1, 64)
		}
		buf = append(buf, '\n')
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// readingsHelp lists the readings of the paper for a flag's usage.
func readingsHelp() string {
	var b strings.Builder
	for i, r := range experiment.Readings {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s (%s: %s)", r.Name, r.Graph, r.Title)
	}
	return b.String()
}

// parseReadings parses -reading, a comma-separated list of readings of the
// paper, and refuses a reading of the NNLRS solver beside an explicit one.
func parseReadings(s string, solver solverFlags) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	names := strings.Split(s, ",")
	if err := experiment.CheckReadings(names); err != nil {
		return nil, usagef("-reading: %v", strings.TrimPrefix(err.Error(), "experiment: "))
	}
	for _, n := range names {
		r, _ := experiment.LookupReading(n)
		if r.Graph == method.NNLRS && (solver.solver != "admm" || solver.paperEta) {
			return nil, usagef("-reading %s sets the NNLRS solver; leave out -solver and -paper-eta", n)
		}
	}
	return names, nil
}
