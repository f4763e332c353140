package cli

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/diagnose"
	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/core/weights"
)

// The checks a command makes on its data and parameters before any work,
// so that what no graph can be built from is refused in one line saying
// what to do (status 2) rather than failing inside a solver.

// maxLambda is the largest λ accepted. The ADMM solver's penalty of the
// constraint X = AZ + E is μ₁ = 5λ, against μ₂ + μ₃ = 12 for the others:
// as λ grows the penalties part and the solver slows, then stops
// converging (measured on the synthetic data: 75 iterations at λ = 100,
// 2810 at 1e5, none within 5000 at 1e6; at 1e15 the SVD fails, at 1e200
// the iterates overflow). Little is lost: λ weighs the error term
// ||E||_2,1, and past a finite λ (an exact penalty) E = 0 and the graph no
// longer changes; on the synthetic data and USPS digits (n = 100) the
// objective stays within the solver's 0.4% from λ = 100 to 1e5.
const maxLambda = 1e5

// Scale limits of data that are not normalized (-normalize=false): the
// solvers form sums of products of entries (Gram matrices, squared
// distances) over up to n·d terms, which stay finite and above the
// denormal range when the largest |x_ij| lies in [minScale, maxScale].
const (
	minScale = 1e-100
	maxScale = 1e100
)

// checkParams refuses parameters outside their ranges: β ≥ 0 (the paper's
// sweep reaches 100), 0 < λ ≤ maxLambda, θ in [0, 1) and a positive
// memory limit. θ thresholds the coefficients of the columns of Z scaled
// to unit l2 norm (Algorithm 2, step 3), which are at most 1: θ ≥ 1 keeps
// at most the lone coefficient of a column with one, no graph.
func (f *OptionFlags) checkParams() error {
	switch {
	case f.Beta < 0:
		return Usagef("-beta must be >= 0, have %v (the paper uses 0.2)", f.Beta)
	case !(f.Lambda > 0 && f.Lambda <= maxLambda):
		return Usagef("-lambda must be in (0, %g], have %v (the paper uses 10; beyond %g the graph no longer changes and the solver stalls)", maxLambda, f.Lambda, maxLambda)
	case !(f.Theta >= 0 && f.Theta < 1):
		return Usagef("-theta must be in [0, 1), have %v: it thresholds coefficients of unit-norm columns, which are at most 1", f.Theta)
	case !(f.MaxMem > 0):
		return Usagef("-max-mem must be > 0 GiB, have %v", f.MaxMem)
	}
	return nil
}

// CheckSamples refuses a data set of n samples too small for graph m:
// kNN and LLE need more samples than their k neighbours, the others two.
func CheckSamples(in string, n int, m method.Name) error {
	k, what := 0, ""
	switch m {
	case method.KNN0, method.KNN1:
		k, what = graph.KNN0K, "links"
		if m == method.KNN1 {
			k = graph.KNN1K
		}
	case method.LLE0, method.LLE1:
		k, what = graph.LLE0K, "codes"
		if m == method.LLE1 {
			k = graph.LLE1K
		}
	}
	switch {
	case k > 0 && n <= k:
		return Usagef("%s holds %s; %s %s each sample by its %d nearest neighbours and needs at least %d: use more samples or another -method",
			Describe(in), Count(n, "sample"), m, what, k, k+1)
	case n < 2:
		return Usagef("%s holds %s; a graph needs at least 2", Describe(in), Count(n, "sample"))
	}
	return nil
}

// checkValues refuses samples of set (read from in) that are all zero,
// which have no direction to scale to unit norm (NNLRS and the l1-graph
// scale their samples whatever -normalize says), and, when the samples
// are not normalized, values outside the scale limits.
func checkValues(in string, set *dataset.Set, normalize bool) error {
	d, n := set.X.Dims()
	largest := 0.0
	for j := 0; j < n; j++ {
		m := 0.0
		for i := 0; i < d; i++ {
			m = math.Max(m, math.Abs(set.X.At(i, j)))
		}
		if m == 0 {
			return Usagef("sample %d (row %d) of %s is all zeros: it has no direction to scale to unit norm; remove it", j+1, j+1, Describe(in))
		}
		largest = math.Max(largest, m)
	}
	if !normalize && (largest < minScale || largest > maxScale) {
		return Usagef("%s: largest value %.3g is outside [%g, %g], where unnormalized products stay finite; drop -normalize=false or scale the data",
			Describe(in), largest, minScale, maxScale)
	}
	return nil
}

// CheckLambda refuses a λ below zeroLambda(m, x): Z = 0, a graph without
// edges.
func CheckLambda(m method.Name, x *mat.Dense, lambda float64) error {
	if bound := ZeroLambda(m, x); lambda < bound {
		return Usagef("-lambda %g is too small for this data: every lambda below %.3g makes Z = 0 optimal, a graph without edges; use a larger -lambda (the paper uses %g)",
			lambda, bound, lowrank.DefaultParams().Lambda)
	}
	return nil
}

// ZeroLambda returns a λ below which Z = 0 is the only optimum of problem
// (6) (NNLRS) or of LRR's problem on the d×n data x; 0 for the other
// graphs. With G the samples scaled to unit norm (the subgradient of
// λ||X − XZ||_2,1 at Z = 0 is −λXᵀG), Z = 0 is the only optimum when
//
//	λ ||XᵀG||₂ < 1,  implied by  λ < 1/(||X||₂ ||G||₂),
//
// since then f(Z) − f(0) ≥ ||Z||_* − λ⟨XᵀG, Z⟩ ≥ (1 − λ||XᵀG||₂)||Z||_* > 0
// for Z ≠ 0 (the terms β||Z||₁ and Z ≥ 0 of NNLRS only add). NNLRS
// normalizes its samples (Algorithm 2, step 1): X = G there.
func ZeroLambda(m method.Name, x *mat.Dense) float64 {
	if m != method.NNLRS && m != method.LRR {
		return 0
	}
	g := mat.DenseCopyOf(x)
	(&dataset.Set{X: g}).NormalizeUnit()
	if m == method.NNLRS {
		return 1 / (spectralNorm(g) * spectralNorm(g))
	}
	return 1 / (spectralNorm(x) * spectralNorm(g))
}

// spectralNorm returns the largest singular value of a.
func spectralNorm(a mat.Matrix) float64 {
	var svd mat.SVD
	if !svd.Factorize(a, mat.SVDNone) {
		return math.Inf(1) // no bound: checkLambda then refuses nothing
	}
	return svd.Values(nil)[0]
}

// Warnings returns the warnings of one line each, without the command's
// name, on the graph g of method m built on the d×n data x with the
// options o and labels (nil for none): for the NNLRS graphs, the problems
// the page's advice finds (package diagnose) with the flags that may mend
// them; for the others, degenerate's.
func Warnings(m method.Name, g *graph.Graph, x *mat.Dense, labels []int, o *OptionFlags) []string {
	if m != method.NNLRS && m != method.NNLRSEF && m != method.PCANNLRS {
		if w := degenerate(m, g, x, o); w != "" {
			return []string{w}
		}
		return nil
	}
	n := g.W.SymmetricDim()
	ms := diagnose.Measures{N: n, Converged: true, Density: weights.Density(g.W), DiagonalShare: weights.DiagonalShare(g.W),
		WithinClass: math.NaN(), Components: weights.Components(g.W), Unreached: -1}
	if labels != nil {
		ms.WithinClass = weights.WithinClass(g.W, labels)
		ms.Classes = len((&dataset.Set{Labels: labels}).Classes())
	}
	for i := 0; i < n; i++ {
		alone := true
		for j := 0; j < n && alone; j++ {
			alone = i == j || g.W.At(i, j) == 0
		}
		if alone {
			ms.Isolated++
		}
	}
	if g.E != nil {
		for j := 0; j < n; j++ {
			ms.ENorm = append(ms.ENorm, mat.Norm(g.E.ColView(j), 2))
		}
	}
	if ms.Density == 0 && o.Theta > 0 && g.Z != nil {
		ms.ThetaCut = weights.Density(weights.ThresholdNormalized(g.Z, 0)) > 0
	}
	var out []string
	// The solver's iteration cap has its own warning (graphCmd).
	for _, p := range diagnose.Find(ms, diagnose.Settings{Lambda: o.Lambda, Theta: o.Theta}) {
		if p.Kind != diagnose.Unconverged {
			out = append(out, strings.TrimSpace(p.Text+" "+flagChanges(p.Changes, o)))
		}
	}
	return out
}

// flagChanges says changes of settings as flags to try: "Try: lower
// -lambda, lower -beta."; "change -lambda" for both ways. A setting at 0,
// the flags' options o, is not said to be lowered (the page's sliders
// skip a move past their end alike).
func flagChanges(changes []diagnose.Change, o *OptionFlags) string {
	value := map[string]float64{"beta": o.Beta, "lambda": o.Lambda, "theta": o.Theta}
	var said []string
	for _, c := range changes {
		dir := "raise"
		if c.Steps < 0 {
			dir = "lower"
			if value[c.Setting] <= 0 {
				continue
			}
		}
		w := dir + " -" + c.Setting
		switch k := slices.Index(said, map[string]string{"raise": "lower", "lower": "raise"}[dir]+" -"+c.Setting); {
		case k >= 0:
			said[k] = "change -" + c.Setting // both ways
		case !slices.Contains(said, w) && !slices.Contains(said, "change -"+c.Setting):
			said = append(said, w)
		}
	}
	if len(said) == 0 {
		return ""
	}
	return "Try: " + strings.Join(said, ", ") + "."
}

// degenerate returns a warning of one line, without the command's name,
// when the graph g of method m, built on the d×n data x with the options
// o, says little about the data, and what to change; "" otherwise:
//
//   - Z about 0: XZ holds under 1% of X (in Frobenius norm), so W's
//     edges, scaled up from near-zero coefficients, are noise. With
//     unit-norm samples Z = 0 is optimal whenever β ≥ λ (the subgradient
//     λXᵀX of the error term at Z = 0 has entries at most λ, which β||Z||₁
//     and Z ≥ 0 absorb); the NNLRS graph normalizes its samples.
//   - W = 0: θ zeroed every coefficient.
//   - W on its diagonal: 99% of its weight or more, because θ cut the
//     rest, or because Z is close to I, each sample representing itself,
//     as when λ makes the error term too dear.
func degenerate(m method.Name, g *graph.Graph, x *mat.Dense, o *OptionFlags) string {
	nnlrs := m == method.NNLRS || m == method.NNLRSEF || m == method.PCANNLRS
	if g.Z != nil {
		var xz mat.Dense
		xz.Mul(x, g.Z)
		if share := mat.Norm(&xz, 2) / mat.Norm(x, 2); share < 0.01 {
			var fix string
			switch {
			case m == method.NNLRS && o.Beta >= o.Lambda:
				fix = fmt.Sprintf("-beta %g >= -lambda %g makes Z = 0 optimal: lower -beta", o.Beta, o.Lambda)
			case nnlrs:
				fix = "lower -beta or raise -lambda"
			case m == method.LRR:
				fix = "raise -lambda"
			default:
				fix = "no flag changes it (its parameters are fixed): the samples may have too few dimensions"
			}
			return fmt.Sprintf("degenerate graph: Z is about 0 (XZ holds %.2g%% of X), its edges are noise; %s", 100*share, fix)
		}
	}
	diag := weights.DiagonalShare(g.W)
	switch {
	case diag == 0 && weights.Density(g.W) == 0 && nnlrs && o.Theta > 0:
		return fmt.Sprintf("degenerate graph: W is zero, -theta %g zeroed every coefficient; lower -theta", o.Theta)
	case diag == 0 && weights.Density(g.W) == 0:
		return "degenerate graph: W is zero, a graph without edges"
	case diag >= 0.99 && nnlrs && o.Theta > 0 && g.Z != nil && weights.DiagonalShare(weights.ThresholdNormalized(g.Z, 0)) < 0.99:
		return fmt.Sprintf("degenerate graph: %.1f%% of W's weight is on its diagonal, -theta %g cut the coefficients between samples; lower -theta", 100*diag, o.Theta)
	case diag >= 0.99:
		return fmt.Sprintf("degenerate graph: %.1f%% of W's weight is on its diagonal (Z is close to I, each sample its own neighbour); lower -lambda", 100*diag)
	}
	return ""
}

// Count returns "1 sample", "2 samples", "3 classes".
func Count(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "s"):
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// FormatBytes returns b in GiB, MiB or KiB, whichever is the largest
// below it, to 3 significant digits ("12.3 MiB"), or in bytes.
func FormatBytes(b float64) string {
	for _, u := range []struct {
		name string
		size float64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if b >= u.size {
			return fmt.Sprintf("%.3g %s", b/u.size, u.name)
		}
	}
	return Count(int(math.Ceil(b)), "byte")
}

// Describe names the data set in of -in in messages.
func Describe(in string) string {
	if in == SyntheticName {
		return "the built-in synthetic data"
	}
	return in
}
