package main

import (
	"bufio"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/propagate"
)

func init() {
	register(command{"propagate", "spread labels over a graph W by GHF or LGC and write the predictions", propagateCmd})
}

// maxNodes bounds the graphs propagate reads: a dense n×n W of 8·n² bytes.
const maxNodes = 20000

func propagateCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("nnlrs propagate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	wPath := fs.String("w", "", "symmetric nonnegative n×n weights, CSV (as written by nnlrs graph -w)")
	lPath := fs.String("labels", "", "n labels, one integer per line, -1 for unlabeled")
	method := fs.String("method", "ghf", "propagation: ghf (Zhu et al. 2003) or lgc (Zhou et al. 2004)")
	alpha := fs.Float64("alpha", propagate.DefaultAlpha, "LGC: alpha in (0, 1); the paper's \"mu = 0.99\" read literally is 1/(1+0.99) = 0.5025")
	out := fs.String("out", "", "write n predicted labels here, one per line (-1: no labeled node reaches the node)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: nnlrs propagate -w W.csv -labels y.csv -method ghf|lgc [-alpha 0.99] -out pred.csv")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *wPath == "":
		return usagef("-w W.csv is required")
	case *lPath == "":
		return usagef("-labels y.csv is required")
	case *out == "":
		return usagef("-out pred.csv is required")
	case *method != "ghf" && *method != "lgc":
		return usagef("unknown method %q (methods: ghf, lgc)", excerpt(*method))
	case *method == "lgc" && !(*alpha > 0 && *alpha < 1):
		return usagef("-alpha must be in (0, 1), have %v", *alpha)
	}
	var outs outputs
	pred, err := outs.add("-out", *out)
	if err != nil {
		return err
	}
	w, err := readFile(*wPath, parseWeights)
	if err != nil {
		return err
	}
	labels, err := readFile(*lPath, parseLabels)
	if err != nil {
		return err
	}
	n := w.SymmetricDim()
	if len(labels) != n {
		return usagef("%s has %d labels, W has %d nodes", *lPath, len(labels), n)
	}
	nl := 0
	for _, l := range labels {
		if l != propagate.Unlabeled {
			nl++
		}
	}
	if nl == 0 {
		return usagef("%s labels no node (every label is -1)", *lPath)
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
		b.WriteString(strconv.Itoa(p))
		b.WriteByte('\n')
		if res.Unreached[i] {
			unreached++
		}
	}
	pred.set(func(w io.Writer) error {
		_, err := io.WriteString(w, b.String())
		return err
	})
	if err := outs.commit(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: n=%d labeled=%d classes=%d unreached=%d\n", *method, n, nl, len(res.Classes), unreached)
	return nil
}

// readFile opens path and parses it; errors are the user's (exit 2) and
// name the file.
func readFile[T any](path string, parse func(io.Reader) (T, error)) (T, error) {
	var zero T
	f, err := os.Open(path)
	if err != nil {
		return zero, usageError{err}
	}
	defer f.Close()
	v, err := parse(f)
	if err != nil {
		return zero, usagef("%s: %v", path, err)
	}
	return v, nil
}

// parseLabels reads one integer label per line (blank lines and
// surrounding space ignored); -1 marks an unlabeled node, other negative
// labels are refused.
func parseLabels(r io.Reader) ([]int, error) {
	br := bufio.NewReader(&lineLimit{r: r})
	var labels []int
	for line := 1; ; line++ {
		text, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, err
		}
		if s := strings.TrimSpace(text); s != "" {
			v, perr := strconv.Atoi(s)
			if perr != nil {
				return nil, fmt.Errorf("line %d: %q is not an integer label", line, excerpt(s))
			}
			if v < propagate.Unlabeled {
				return nil, fmt.Errorf("line %d: label %d is negative (use -1 for unlabeled)", line, v)
			}
			if len(labels) == maxNodes {
				return nil, fmt.Errorf("more than %d labels", maxNodes)
			}
			labels = append(labels, v)
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
// numbers, one row per line, comma-separated. Symmetry is checked to a
// relative 1e-9 (W as written by nnlrs graph is exactly symmetric; a file
// produced elsewhere may have rounded its entries), and the matrix is then
// symmetrized.
func parseWeights(r io.Reader) (*mat.SymDense, error) {
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
			if v < 0 {
				return nil, fmt.Errorf("line %d, entry %d: weight %v; weights must be finite and nonnegative", row+1, j+1, v)
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
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			a, b := data[i*n+j], data[j*n+i]
			if math.Abs(a-b) > 1e-9*math.Max(math.Abs(a), math.Abs(b)) {
				return nil, fmt.Errorf("W is not symmetric: entry (%d, %d) is %v, entry (%d, %d) is %v", i+1, j+1, a, j+1, i+1, b)
			}
			w.SetSym(i, j, (a+b)/2)
		}
	}
	return w, nil
}
