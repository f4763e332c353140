package cli

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

// SyntheticName is the -in value that selects the built-in data set.
const SyntheticName = "synthetic"

// DataFlags select and draw the data, as in the paper's protocol.
type DataFlags struct {
	In        string
	Classes   string
	PerClass  int
	Seed      uint64
	Normalize bool

	// drawn are the samples load drew (-classes, -per-class), as indices
	// of the file's samples (rows), in the order of the data; nil when it
	// kept them all.
	Drawn []int
}

func AddDataFlags(fs *flag.FlagSet) *DataFlags {
	f := &DataFlags{}
	fs.StringVar(&f.In, "in", "", "data, one sample per row: a .csv file (an optional header may name a label column), a .mat file with fea and gnd, a .npy array or a .npz SciPy sparse matrix, or \""+SyntheticName+"\"")
	fs.StringVar(&f.Classes, "classes", "", "comma-separated classes to draw, labels or class names as the file spells them (default: all)")
	fs.IntVar(&f.PerClass, "per-class", 0, "samples drawn at random per class (0: every sample of the classes)")
	fs.Uint64Var(&f.Seed, "seed", 1, "seed of the random draw (and of the synthetic data)")
	fs.BoolVar(&f.Normalize, "normalize", true, "scale samples to unit l2 norm, as the paper does")
	return f
}

// Load reads the data, draws the subset and normalizes it.
func (f *DataFlags) Load() (*dataset.Set, error) {
	rng := rand.New(rand.NewPCG(f.Seed, demo.DataStream))
	var set *dataset.Set
	var err error
	if f.In == SyntheticName {
		set, err = dataset.Synthetic(dataset.DefaultSynthetic(), rng)
		if err != nil {
			return nil, err
		}
	} else {
		if set, err = loadData(f.In); err != nil {
			return nil, err
		}
		if err := checkValues(f.In, set, f.Normalize); err != nil {
			return nil, err
		}
	}
	if f.PerClass < 0 {
		return nil, Usagef("-per-class must be >= 0, have %d", f.PerClass)
	}
	if f.Classes != "" || f.PerClass > 0 {
		if set.Labels == nil {
			return nil, Usagef("-classes/-per-class need labels, and %s has none", f.In)
		}
		classes := set.Classes()
		if f.Classes != "" {
			if classes, err = parseClasses(f.Classes, set); err != nil {
				return nil, Usagef("-classes: %v", err)
			}
		}
		if f.PerClass == 0 {
			f.Drawn, err = classMembers(set, classes, f.In)
		} else {
			f.Drawn, err = set.Draw(classes, f.PerClass, rng)
		}
		if err != nil {
			return nil, UsageError{Err: err}
		}
		set = set.Pick(f.Drawn)
	}
	if f.Normalize {
		set.NormalizeUnit()
	}
	return set, nil
}

// loadData reads the data file in: a .csv or .mat file by dataset.Load,
// a .npy or .npz matrix of one sample per row (without labels).
func loadData(in string) (*dataset.Set, error) {
	if err := CheckMatrixExt("-in", in); err != nil {
		return nil, err
	}
	switch matrixExt(in) {
	case ".npy", ".npz":
		m, err := ReadMatrixFile(in, "", nil)
		if err != nil {
			return nil, UsageError{Err: err}
		}
		return &dataset.Set{Name: strings.TrimSuffix(filepath.Base(in), filepath.Ext(in)), X: mat.DenseCopyOf(m.T())}, nil
	}
	set, err := dataset.Load(in)
	if err != nil {
		return nil, UsageError{Err: err}
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
			return nil, fmt.Errorf("no class %q in the data (classes: %s)", Excerpt(name), Excerpt(strings.Join(set.ClassNames, ", ")))
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
			return nil, fmt.Errorf("%q is not an integer", Excerpt(f))
		}
		out = append(out, v)
	}
	return out, nil
}

// ParseFlags parses a command's arguments, which take no positional
// arguments. -h prints the usage (fs.Usage) and gives errHelp. A bad flag
// or value, or a stray argument, gives a usage error of one line naming
// the flag and pointing to -h; the usage is not printed then. Numbers must
// be spelled as in a data file (dataset.ParseNumber), integers in plain
// decimal.
func ParseFlags(fs *flag.FlagSet, args []string) error {
	var bad error // why checkedValue.Set refused a value
	fs.VisitAll(func(f *flag.Flag) { f.Value = &CheckedValue{Value: f.Value, name: f.Name, bad: &bad} })
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	fs.SetOutput(out)
	fs.VisitAll(func(f *flag.Flag) { f.Value = f.Value.(*CheckedValue).Value })
	see := "see " + fs.Name() + " -h"
	switch {
	case errors.Is(err, flag.ErrHelp):
		if fs.Usage != nil {
			fs.Usage()
		} else {
			fs.PrintDefaults()
		}
		return ErrHelp
	case err != nil && bad != nil:
		return Usagef("%v; %s", bad, see)
	case err != nil:
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
			return Usagef("%s is not a flag of %s; %s", Excerpt(name), fs.Name(), see)
		}
		if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
			return Usagef("%s needs a value; %s", Excerpt(name), see)
		}
		return Usagef("%s; %s", Excerpt(msg), see)
	case fs.NArg() > 0:
		return Usagef("unexpected argument %q (flags come as -name value); %s", Excerpt(fs.Arg(0)), see)
	}
	return nil
}

// CheckedValue is a flag's value whose Set refuses in words what is not
// a value of the flag's type, including what the flag package would take
// for a number but a data file would not (1_000, 0x10, Inf), and records
// the reason in bad.
type CheckedValue struct {
	flag.Value
	name string
	bad  *error
}

func (v *CheckedValue) Set(s string) error {
	var err error
	switch v.Value.(flag.Getter).Get().(type) {
	case float64:
		_, err = dataset.ParseNumber(s)
	case int, int64:
		if _, perr := strconv.ParseInt(s, 10, 64); perr != nil {
			err = fmt.Errorf("%q is not an integer", Excerpt(s))
		}
	case uint, uint64:
		if _, perr := strconv.ParseUint(s, 10, 64); perr != nil {
			err = fmt.Errorf("%q is not an integer >= 0", Excerpt(s))
		}
	case bool:
		if _, perr := strconv.ParseBool(s); perr != nil {
			err = fmt.Errorf("%q is not true or false", Excerpt(s))
		}
	}
	if err == nil && v.Value.Set(s) != nil {
		err = fmt.Errorf("%q is not a value of this flag", Excerpt(s))
	}
	if err != nil {
		*v.bad = fmt.Errorf("-%s: %w", v.name, err)
	}
	return err
}

// IsBoolFlag lets a wrapped boolean flag stand without a value.
func (v *CheckedValue) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// SolverFlags choose the solver of problem (6): -solver and -paper-eta.
type SolverFlags struct {
	solver   string
	paperEta bool
}

// Add declares -solver and -paper-eta on fs.
func (f *SolverFlags) Add(fs *flag.FlagSet) {
	fs.StringVar(&f.solver, "solver", "admm", "NNLRS: admm (exact ADMM, certified within 0.4% of the optimum) or ladmap (the paper's Algorithm 1)")
	fs.BoolVar(&f.paperEta, "paper-eta", false, "NNLRS: LADMAP with the paper's eta1 = ||X||_2^2 instead of ||X||_2^2 + 1: Algorithm 1 exactly as written")
}

// SolverName names the NNLRS solver the flags choose: admm or ladmap.
func (f *SolverFlags) SolverName() string {
	if f.paperEta {
		return "ladmap"
	}
	return f.solver
}

// Method returns the NNLRS method the flags choose, capped at maxIter
// iterations (0: its default): nil for ADMM with its defaults, which the
// solvers take for nil, so that runs made before these flags keep their
// settings.
func (f *SolverFlags) Method(maxIter int) (lowrank.Method, error) {
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
	return nil, Usagef("unknown -solver %q (solvers: admm, ladmap)", Excerpt(f.solver))
}

// OptionFlags hold the model and solver parameters.
type OptionFlags struct {
	Beta, Lambda, Theta float64
	MaxIter             int
	ZeroDiag            bool
	SolverFlags
	// Readings name readings of the paper (experiment.Readings), applied
	// over the other flags.
	Readings string
	MaxMem   float64
}

// AddOptionFlags declares the flags of a graph's parameters and solver on
// fs.
func AddOptionFlags(fs *flag.FlagSet) *OptionFlags {
	f := &OptionFlags{}
	def := lowrank.DefaultParams()
	fs.Float64Var(&f.Beta, "beta", def.Beta, "NNLRS: weight of sparsity ||Z||_1 against low rank")
	fs.Float64Var(&f.Lambda, "lambda", def.Lambda, "NNLRS and LRR: weight of the error term ||E||_2,1")
	fs.Float64Var(&f.Theta, "theta", 0, "NNLRS: zero the normalized coefficients below theta")
	fs.BoolVar(&f.ZeroDiag, "zero-diagonal", false, "NNLRS: hold diag Z at 0, as sparse subspace clustering does (an option beside the paper's problem; admm solver)")
	fs.IntVar(&f.MaxIter, "max-iter", 0, "iteration cap of the NNLRS/LRR solver (0: its default)")
	f.SolverFlags.Add(fs)
	fs.StringVar(&f.Readings, "reading", "", "readings of the paper, comma-separated, one per graph at most (they set the solvers and parameters they concern, over the flags): "+ReadingsHelp())
	fs.Float64Var(&f.MaxMem, "max-mem", 8, "refuse problems whose solver would need more than this many GiB")
	return f
}

// SolverName names the NNLRS solver the flags and readings choose: admm
// or ladmap.
func (f *OptionFlags) SolverName() string {
	if slices.Contains(strings.Split(f.Readings, ","), "algorithm1") {
		return "ladmap"
	}
	return f.SolverFlags.SolverName()
}

// Options returns the graphs' options the flags set, the readings
// applied over them.
func (f *OptionFlags) Options() (graph.Options, error) {
	if err := f.checkParams(); err != nil {
		return graph.Options{}, err
	}
	if f.MaxIter < 0 {
		return graph.Options{}, Usagef("-max-iter must be >= 0, have %d", f.MaxIter)
	}
	method, err := f.Method(f.MaxIter)
	if err != nil {
		return graph.Options{}, err
	}
	if method == nil {
		method = &lowrank.ADMM{}
	}
	if f.ZeroDiag && f.SolverName() != "admm" {
		return graph.Options{}, Usagef("-zero-diagonal needs -solver admm")
	}
	o := graph.DefaultOptions()
	o.NNLRS.Beta, o.NNLRS.Lambda, o.NNLRS.Theta = f.Beta, f.Lambda, f.Theta
	o.NNLRS.ZeroDiagonal = f.ZeroDiag
	o.NNLRS.Solver = method
	o.LRR.Lambda = f.Lambda
	o.LRR.Solver = &lowrank.ADMM{MaxIter: f.MaxIter}
	names, err := ParseReadings(f.Readings, f.SolverFlags)
	if err != nil {
		return graph.Options{}, err
	}
	for _, name := range names {
		r, _ := experiment.LookupReading(name)
		r.Apply(&o)
	}
	return o, nil
}

// CheckSize refuses problems whose memory estimate exceeds maxGiB.
func CheckSize(name method.Name, d, n int, maxGiB float64) error {
	need := float64(MemoryEstimate(name, d, n))
	if need > maxGiB*(1<<30) {
		return Usagef("%s of dimension %d need about %s for %s, above the limit of %s (-max-mem %g); draw a subset with -classes and -per-class",
			Count(n, "sample"), d, FormatBytes(need), name, FormatBytes(maxGiB*(1<<30)), maxGiB)
	}
	return nil
}

// programBytes is the memory of the command beside its solver's
// matrices: the runtime, the code, the data and its copies, measured on
// USPS (docs/BENCH.md).
const programBytes = 32 << 20

// MemoryEstimate is the peak memory of building graph name on n samples
// of dimension d: the solver's matrices (method.Bytes) and the program.
func MemoryEstimate(name method.Name, d, n int) int64 {
	return method.Bytes(name, d, n) + programBytes
}

// HeapCap is the soft memory limit of building graph name on n samples
// of dimension d: the matrices counted one by one (method.Live, without
// the estimate's margin for the collector) and the program.
func HeapCap(name method.Name, d, n int) int64 {
	return method.Live(name, d, n) + programBytes
}

// LimitHeap sets the garbage collector's soft memory limit to bytes
// (heapCap), unless the environment sets one (GOMEMLIMIT): the collector
// then runs before the heap reaches twice the live matrices, as it
// otherwise lets garbage do, and the peak memory of a solve stays near
// the matrices it keeps (docs/BENCH.md). The heap holds few pointers, so
// that a collection takes milliseconds even at gigabytes. A solve that
// needs more than the cap still runs, with the collector working harder.
// It returns the function that restores the limit before (commands run
// in the tests' process too).
func LimitHeap(bytes int64) (restore func()) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return func() {}
	}
	old := debug.SetMemoryLimit(bytes)
	return func() { debug.SetMemoryLimit(old) }
}

// WriteMatrix writes m as CSV, one row per line, each entry in the
// shortest format that reads back exactly.
func WriteMatrix(w io.Writer, m mat.Matrix) error {
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

// ReadingsHelp lists the readings of the paper for a flag's usage.
func ReadingsHelp() string {
	var b strings.Builder
	for i, r := range experiment.Readings {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s (%s: %s)", r.Name, r.Graph, r.Title)
	}
	return b.String()
}

// ParseReadings parses -reading, a comma-separated list of readings of the
// paper, and refuses a reading of the NNLRS solver beside an explicit one.
func ParseReadings(s string, solver SolverFlags) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	names := strings.Split(s, ",")
	if err := experiment.CheckReadings(names); err != nil {
		return nil, Usagef("-reading: %v", strings.TrimPrefix(err.Error(), "experiment: "))
	}
	for _, n := range names {
		r, _ := experiment.LookupReading(n)
		if r.Graph == method.NNLRS && (solver.solver != "admm" || solver.paperEta) {
			return nil, Usagef("-reading %s sets the NNLRS solver; leave out -solver and -paper-eta", n)
		}
	}
	return names, nil
}
