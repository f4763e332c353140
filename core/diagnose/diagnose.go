// Package diagnose says what is wrong with an NNLRS graph (Algorithm 2)
// that teaches little, and which change of β, λ or θ may mend it: the
// page's advice and the command line's warnings both come from Find.
//
// Find reads measures of the graph, never the graph itself, so that the
// page (which holds its graphs as flat slices) and the command line
// (gonum matrices) measure theirs and share the rules. It imports the
// standard library only.
package diagnose

import (
	"fmt"
	"math"
)

// Thresholds of the diagnosis.
const (
	// DiagonalHeavy: a larger share of W's weight on its diagonal means
	// that samples mostly represent themselves (Z close to I).
	DiagonalHeavy = 0.5
	// Dense: a larger share of the possible edges is a blurred graph.
	Dense = 0.5
	// Mixed: a smaller share of the off-diagonal weight within classes is a
	// graph that mixes classes.
	Mixed = 0.7
	// MostlyError is the norm of a column of E above which a sample is
	// more error than sample: samples have unit norm.
	MostlyError = 0.5
)

// Measures are what Find reads of an NNLRS graph on N samples.
type Measures struct {
	N int
	// Converged and Iterations: how the solver ended.
	Converged  bool
	Iterations int
	// Density, DiagonalShare and WithinClass are the measures of package
	// weights; WithinClass is NaN without labels.
	Density, DiagonalShare, WithinClass float64
	// ENorm holds the norms of the columns of the error term E, of the
	// unit-norm samples; nil when unknown.
	ENorm []float64
	// Components counts the connected pieces of the graph without its
	// self-loops (weights.Components), Isolated the samples without an
	// edge to another sample.
	Components, Isolated int
	// Classes counts the classes of the labels, 0 without labels.
	Classes int
	// Unreached counts the samples that no labeled sample reaches, where
	// some samples are labeled for propagation (the page); −1 where none
	// is (the command line), and the graph's pieces are then compared
	// with its classes instead.
	Unreached int
	// ThetaCut reports that θ removed every edge between samples that
	// the solution Z had (Algorithm 2, step 3); false when unknown.
	ThetaCut bool
}

// Settings are the parameters the graph was built with: λ of problem (6)
// and θ of Algorithm 2.
type Settings struct {
	Lambda, Theta float64
}

// Kind names a problem.
type Kind int

// The problems Find reports.
const (
	Unconverged  Kind = iota + 1 // the solver stopped at its iteration cap
	SelfLoops                    // no edge between samples, only self-loops (Z = I)
	Empty                        // no weight at all (Z = 0)
	Diagonal                     // most of the weight on W's diagonal
	MostlyErrors                 // E takes most samples for mostly error
	CutOff                       // samples no labeled sample reaches
	Pieces                       // more pieces than classes, or isolated samples (no labels given)
	Blurred                      // most possible edges kept
	ClassesMixed                 // little weight within classes
)

// Change is a change of one setting that may mend a problem: Setting is
// "beta", "lambda" or "theta", and Steps how far to move it along the
// page's slider (> 0 up, < 0 down); the command line says the direction.
type Change struct {
	Setting string
	Steps   int
}

// Problem is one thing wrong with a graph.
type Problem struct {
	Kind Kind
	// Text says it in words, with the graph's numbers.
	Text string
	// Now is the graph's value of the measure (Kind.Measure) that the
	// Changes claim to lower.
	Now     float64
	Changes []Change
}

// Find returns the problems of an NNLRS graph with measures m, built
// with the settings s, in the order they are best read; nil for a graph
// that teaches well. Without edges between samples (Z = I or Z = 0) that
// is the only problem said besides the iteration cap.
func Find(m Measures, s Settings) []Problem {
	var out []Problem
	add := func(k Kind, text string, changes ...Change) {
		out = append(out, Problem{Kind: k, Text: text, Now: k.Measure(m), Changes: changes})
	}
	pct := func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }
	if !m.Converged {
		add(Unconverged, fmt.Sprintf("NNLRS stopped at its iteration cap (%d iterations) before converging; the graph is that of its last iterate.", m.Iterations))
	}
	offDiag := m.Density > 0
	switch {
	case !offDiag && m.ThetaCut:
		add(SelfLoops, fmt.Sprintf("θ = %g removed every edge between samples of the NNLRS graph: only self-loops are left, so no label can spread.", s.Theta),
			Change{"theta", -2}, Change{"theta", -4})
		return out
	case !offDiag && m.DiagonalShare > 0:
		add(SelfLoops, "The NNLRS graph has no edges, only self-loops: every sample represents itself alone (Z = I), so no label can spread.",
			Change{"lambda", -2}, Change{"lambda", -4}, Change{"beta", -2})
		return out
	case !offDiag:
		add(Empty, fmt.Sprintf("The NNLRS graph is empty (Z = 0): with λ = %g the error term E absorbs the whole data.", s.Lambda),
			Change{"lambda", 2}, Change{"lambda", 4}, Change{"beta", -2}, Change{"beta", -6})
		return out
	case m.DiagonalShare > DiagonalHeavy:
		add(Diagonal, fmt.Sprintf("%s of the NNLRS weight sits on W's diagonal: samples mostly represent themselves (Z close to I), which says little about their neighbours.", pct(m.DiagonalShare)),
			Change{"lambda", -2}, Change{"lambda", -4}, Change{"beta", -2})
	}
	if k := mostlyError(m.ENorm); 2*k > m.N {
		add(MostlyErrors, fmt.Sprintf("The error term E takes %d of the %d samples for mostly error: with λ = %g it is cheaper to call a sample an error than to represent it.", k, m.N, s.Lambda),
			Change{"lambda", 2}, Change{"lambda", 4})
	}
	switch {
	case m.Unreached > 0:
		add(CutOff, fmt.Sprintf("The NNLRS graph falls apart into %d pieces and %s cut off from every labeled sample: no label can reach them.", m.Components, map[bool]string{true: "1 sample is", false: Samples(float64(m.Unreached)) + " are"}[m.Unreached == 1]),
			Change{"theta", -2}, Change{"beta", -2})
	case m.Unreached < 0 && (m.Isolated > 0 || m.Classes > 0 && m.Components > m.Classes):
		text := fmt.Sprintf("The NNLRS graph falls apart into %d pieces", m.Components)
		if m.Classes > 0 {
			text += fmt.Sprintf(" for %d classes", m.Classes)
		}
		if m.Isolated > 0 {
			text += fmt.Sprintf(", %s without an edge to another", Samples(float64(m.Isolated)))
		}
		add(Pieces, text+": a label can only spread within its piece.", Change{"theta", -2}, Change{"beta", -2})
	}
	if m.Density > Dense {
		add(Blurred, fmt.Sprintf("NNLRS keeps %s of all possible edges; the weak ones blur the graph and hurt LGC.", pct(m.Density)),
			Change{"theta", 2})
	}
	if !math.IsNaN(m.WithinClass) && m.WithinClass < Mixed {
		add(ClassesMixed, fmt.Sprintf("Only %s of the NNLRS weight joins samples of the same class.", pct(m.WithinClass)),
			Change{"lambda", -2}, Change{"lambda", 2}, Change{"beta", -2}, Change{"beta", 2})
	}
	return out
}

// Measure returns the measure of m that the changes of a problem of kind
// k claim to lower: 1 for a solve that did not converge or a graph
// without edges (0 otherwise), the diagonal share, the samples mostly
// error or cut off, the pieces beyond one per class or the isolated
// samples if more, the density, minus the within-class share.
func (k Kind) Measure(m Measures) float64 {
	switch k {
	case Unconverged:
		if m.Converged {
			return 0
		}
		return 1
	case SelfLoops, Empty:
		if m.Density > 0 {
			return 0
		}
		return 1
	case Diagonal:
		return m.DiagonalShare
	case MostlyErrors:
		return float64(mostlyError(m.ENorm))
	case CutOff:
		return float64(m.Unreached)
	case Pieces:
		return float64(max(m.Components-max(m.Classes, 1), m.Isolated, 0))
	case Blurred:
		return m.Density
	case ClassesMixed:
		return -m.WithinClass
	}
	return math.NaN()
}

// Says writes v, a value of the measure of problems of kind k on n
// samples, in words ("12% on the diagonal").
func (k Kind) Says(v float64, n int) string {
	pct := func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }
	switch k {
	case SelfLoops, Empty:
		if v > 0 {
			return "no edges"
		}
		return "a graph with edges"
	case Diagonal:
		return pct(v) + " on the diagonal"
	case MostlyErrors:
		return fmt.Sprintf("%.0f of %d samples mostly error", v, n)
	case CutOff:
		return Samples(v) + " cut off"
	case Pieces:
		return fmt.Sprintf("%.0f pieces too many or isolated samples", v)
	case Blurred:
		return pct(v) + " of the possible edges"
	case ClassesMixed:
		return pct(-v) + " within classes"
	}
	return fmt.Sprint(v)
}

// Samples says v samples in words.
func Samples(v float64) string {
	if v == 1 {
		return "1 sample"
	}
	return fmt.Sprintf("%.0f samples", v)
}

// mostlyError counts the samples whose column of E exceeds MostlyError.
func mostlyError(enorm []float64) int {
	k := 0
	for _, e := range enorm {
		if e > MostlyError {
			k++
		}
	}
	return k
}
