package graphcmd

import (
	"bufio"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"nnlrs/tools/nnlrs/internal/cli"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/propagate"
)

// Propagate is the propagate command: spread labels over a graph W by GHF or LGC and write the predictions.
var Propagate = cli.Command{Name: "propagate", Summary: "spread labels over a graph W by GHF or LGC and write the predictions", Run: propagateCmd}

// maxNodes bounds the graphs propagate reads: a dense n×n W of 8·n² bytes.
const maxNodes = 20000

func propagateCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("nnlrs propagate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	wPath := fs.String("w", "", "symmetric nonnegative n×n weights (as written by nnlrs graph -w): .csv, .npy, .mat (variable W, or the only one) or .npz (SciPy sparse)")
	lPath := fs.String("labels", "", "n labels, one per line: an integer or a class name, -1 for unlabeled")
	truthPath := fs.String("truth", "", "n true labels, one per line, as in -labels: print the error rate on the unlabeled nodes")
	method := fs.String("method", "ghf", "propagation: ghf (Zhu et al. 2003; keeps the given labels) or lgc (Zhou et al. 2004; does not clamp the labeled nodes: it may relabel one)")
	alpha := fs.Float64("alpha", propagate.DefaultAlpha, "LGC: alpha in (0, 1); the paper's \"mu = 0.99\" read literally is 1/(1+0.99) = 0.5025")
	out := fs.String("out", "", "write n predicted labels here, one per line (-1: no labeled node reaches the node)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: nnlrs propagate -w W.csv -labels y.csv -method ghf|lgc [-alpha 0.99] [-truth truth.csv] -out pred.csv")
		fmt.Fprintln(stderr, "GHF keeps every given label; LGC scores the labeled nodes too and may give one another class (its prediction is written).")
		fs.PrintDefaults()
	}
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *wPath == "":
		return cli.Usagef("-w W.csv is required")
	case *lPath == "":
		return cli.Usagef("-labels y.csv is required")
	case *out == "":
		return cli.Usagef("-out pred.csv is required")
	case *method != "ghf" && *method != "lgc":
		return cli.Usagef("unknown method %q (methods: ghf, lgc)", cli.Excerpt(*method))
	case *method == "lgc" && !(*alpha > 0 && *alpha < 1):
		return cli.Usagef("-alpha must be in (0, 1), have %v", *alpha)
	}
	if err := cli.CheckMatrixExt("-w", *wPath); err != nil {
		return err
	}
	var outs cli.Outputs
	pred, err := outs.Add("-out", *out)
	if err != nil {
		return err
	}
	w, err := readWeights(*wPath)
	if err != nil {
		return err
	}
	given, err := readFile(*lPath, parseLabels)
	if err != nil {
		return err
	}
	var truthText []labelLine
	if *truthPath != "" {
		if truthText, err = readFile(*truthPath, parseLabels); err != nil {
			return err
		}
	}
	cl, err := numberLabels(given, truthText)
	if err != nil {
		return err
	}
	n := w.SymmetricDim()
	if len(given) != n {
		return cli.Usagef("%s has %d labels, W has %d nodes", *lPath, len(given), n)
	}
	if truthText != nil && len(truthText) != n {
		return cli.Usagef("-truth %s has %d labels, W has %d nodes", *truthPath, len(truthText), n)
	}
	labels := cl.given
	nl := 0
	for _, l := range labels {
		if l != propagate.Unlabeled {
			nl++
		}
	}
	if nl == 0 {
		return cli.Usagef("%s labels no node (every label is -1)", *lPath)
	}
	var res *propagate.Result
	if *method == "ghf" {
		res, err = propagate.GHF(w, labels)
	} else {
		res, err = propagate.LGC(w, labels, *alpha)
	}
	if err != nil {
		return err
	}
	var b strings.Builder
	unreached := 0
	for i, p := range res.Pred {
		b.WriteString(cl.name(p))
		b.WriteByte('\n')
		if res.Unreached[i] {
			unreached++
		}
	}
	pred.Set(func(w io.Writer) error {
		_, err := io.WriteString(w, b.String())
		return err
	})
	if err := outs.Commit(); err != nil {
		return err
	}
	summary := fmt.Sprintf("%s: n=%d labeled=%d classes=%d unreached=%d", *method, n, nl, len(res.Classes), unreached)
	if cl.truth != nil {
		// The share of the unlabeled nodes mispredicted, unreached ones
		// included (propagate.ErrorRate).
		summary += fmt.Sprintf(" error=%.2f%% (of %d unlabeled)", 100*propagate.ErrorRate(res.Pred, cl.truth, labels), n-nl)
	}
	fmt.Fprintln(stdout, summary)
	return nil
}

// classLabels are the labels of -labels and -truth as numbers, and the
// class names they stand for when the files name their classes.
type classLabels struct {
	given, truth []int    // truth nil without -truth
	names        []string // nil for integer labels
}

// name returns the text of label l in the predictions: its class name,
// or the integer; -1 for Unlabeled.
func (c *classLabels) name(l int) string {
	if c.names != nil && l >= 0 {
		return c.names[l]
	}
	return strconv.Itoa(l)
}

// numberLabels reads the labels of -labels (given, "-1" unlabeled) and of
// -truth (truth, nil when absent; every node labeled). They are integers
// >= 0 when every entry of both is one; otherwise every entry is a class
// name, the classes numbered in the order of their first appearance in
// given, then in truth (dataset.NumberNames).
func numberLabels(given, truth []labelLine) (*classLabels, error) {
	unlabeled := strconv.Itoa(propagate.Unlabeled)
	named := false
	for _, t := range append(slices.Clip(given), truth...) {
		if !dataset.IsNumber(t.text) {
			named = true
		}
	}
	c := &classLabels{}
	if named {
		var known []string
		c.given = make([]int, len(given))
		for i, t := range given {
			c.given[i] = propagate.Unlabeled
			if t.text != unlabeled {
				var l []int
				l, known = dataset.NumberNames([]string{t.text}, known)
				c.given[i] = l[0]
			}
		}
		if truth != nil {
			text := make([]string, len(truth))
			for i, t := range truth {
				if t.text == unlabeled {
					return nil, cli.Usagef("-truth: line %d is -1: the truth labels every node", t.line)
				}
				text[i] = t.text
			}
			c.truth, known = dataset.NumberNames(text, known)
		}
		c.names = known
		return c, nil
	}
	ints := func(flag string, text []labelLine, allowUnlabeled bool) ([]int, error) {
		out := make([]int, len(text))
		for i, t := range text {
			v, err := strconv.Atoi(t.text)
			switch {
			case err != nil:
				return nil, cli.Usagef("%s: line %d: %q is a number but not an integer label", flag, t.line, cli.Excerpt(t.text))
			case v == propagate.Unlabeled && !allowUnlabeled:
				return nil, cli.Usagef("%s: line %d is -1: the truth labels every node", flag, t.line)
			case v < propagate.Unlabeled:
				return nil, cli.Usagef("%s: line %d: label %d is negative (use -1 for unlabeled)", flag, t.line, v)
			}
			out[i] = v
		}
		return out, nil
	}
	var err error
	if c.given, err = ints("-labels", given, true); err != nil {
		return nil, err
	}
	if truth != nil {
		if c.truth, err = ints("-truth", truth, false); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// readFile opens path and parses it; errors are the user's (exit 2) and
// name the file.
func readFile[T any](path string, parse func(io.Reader) (T, error)) (T, error) {
	var zero T
	f, err := os.Open(path)
	if err != nil {
		return zero, cli.UsageError{Err: err}
	}
	defer f.Close()
	v, err := parse(f)
	if err != nil {
		return zero, cli.Usagef("%s: %v", path, err)
	}
	return v, nil
}

// labelLine is one label of a labels file and its line, counted from 1.
type labelLine struct {
	text string
	line int
}

// parseLabels reads one label per line, an integer or a class name
// (numberLabels reads them), with blank lines and surrounding space
// ignored.
func parseLabels(r io.Reader) ([]labelLine, error) {
	br := bufio.NewReader(&lineLimit{r: r})
	var labels []labelLine
	for line := 1; ; line++ {
		text, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, err
		}
		if s := strings.TrimSpace(text); s != "" {
			if len(labels) == maxNodes {
				return nil, fmt.Errorf("more than %d labels", maxNodes)
			}
			labels = append(labels, labelLine{s, line})
		}
		if err == io.EOF {
			break
		}
	}
	if len(labels) == 0 {
		return nil, errors.New("no labels")
	}
	return labels, nil
}

// maxLine is the longest line propagate reads: a row of W of maxNodes
// entries, each at most 24 bytes and a comma, fits in half of it.
const maxLine = 1 << 20

// lineLimit reads r and fails at a line longer than maxLine, before it
// reaches its end, with an error saying so.
type lineLimit struct {
	r          io.Reader
	line, size int // the line being read, counted from 1 less one, and its bytes so far
}

func (l *lineLimit) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for i, b := range p[:n] {
		if b == '\n' {
			l.line, l.size = l.line+1, 0
			continue
		}
		if l.size++; l.size > maxLine {
			return i, fmt.Errorf("line %d is longer than %d MiB: is this the right file?", l.line+1, maxLine>>20)
		}
	}
	return n, err
}

// parseWeights reads a square symmetric matrix of finite nonnegative
// numbers as CSV (parseSquareCSV, weightsOf).
func parseWeights(r io.Reader) (*mat.SymDense, error) {
	m, err := parseSquareCSV(r)
	if err != nil {
		return nil, err
	}
	return weightsOf(m)
}

// readWeights reads the weights W of -w in the format of the file's
// extension (readMatrixFile; a .mat file's variable W or its only one)
// and checks them (weightsOf).
func readWeights(path string) (*mat.SymDense, error) {
	m, err := cli.ReadMatrixFile(path, "W", parseSquareCSV)
	if err != nil {
		return nil, cli.UsageError{Err: err}
	}
	if r, c := m.Dims(); r != c || r > maxNodes {
		return nil, cli.Usagef("%s: W is %d×%d; want a square matrix of at most %d nodes", path, r, c, maxNodes)
	}
	w, err := weightsOf(m)
	if err != nil {
		return nil, cli.Usagef("%s: %v", path, err)
	}
	return w, nil
}

// parseSquareCSV reads a square matrix of numbers, one row per line,
// comma-separated.
func parseSquareCSV(r io.Reader) (*mat.Dense, error) {
	cr := csv.NewReader(&lineLimit{r: r})
	cr.ReuseRecord = true
	cr.TrimLeadingSpace = true
	var data []float64
	n := -1
	for row := 0; ; row++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) && errors.Is(pe.Err, csv.ErrFieldCount) {
				return nil, fmt.Errorf("line %d has %d entries, line 1 has %d", pe.Line, len(rec), n)
			}
			return nil, err
		}
		if n < 0 {
			n = len(rec)
			if n > maxNodes {
				return nil, fmt.Errorf("%d columns, more than the %d nodes supported", n, maxNodes)
			}
			data = make([]float64, 0, n*n)
		}
		if row >= n {
			return nil, fmt.Errorf("W is not square: more than %d rows for %d columns", n, n)
		}
		for j, s := range rec {
			v, err := dataset.ParseNumber(strings.TrimSpace(s))
			if err != nil {
				return nil, fmt.Errorf("line %d, entry %d: %v", row+1, j+1, err)
			}
			data = append(data, v)
		}
	}
	if n < 0 {
		return nil, errors.New("W is empty")
	}
	if len(data) != n*n {
		return nil, fmt.Errorf("W is not square: %d rows for %d columns", len(data)/n, n)
	}
	return mat.NewDense(n, n, data), nil
}

// weightsOf checks that the square matrix m holds finite nonnegative
// weights, symmetric to a relative 1e-9 (W as written by nnlrs graph is
// exactly symmetric; a file produced elsewhere may have rounded its
// entries), and returns it symmetrized.
func weightsOf(m *mat.Dense) (*mat.SymDense, error) {
	n, _ := m.Dims()
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if v := m.At(i, j); !(v >= 0) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("entry (%d, %d) is %v; weights must be finite and nonnegative", i+1, j+1, v)
			}
		}
	}
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			a, b := m.At(i, j), m.At(j, i)
			if math.Abs(a-b) > 1e-9*math.Max(math.Abs(a), math.Abs(b)) {
				return nil, fmt.Errorf("W is not symmetric: entry (%d, %d) is %v, entry (%d, %d) is %v", i+1, j+1, a, j+1, i+1, b)
			}
			w.SetSym(i, j, (a+b)/2)
		}
	}
	return w, nil
}
