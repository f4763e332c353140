package params

import "strings"

// A Citation is a piece of the paper that the page's text cites by name
// ("problem (6)", "Algorithm 2"): shown beside the text that cites it, as
// page text the reader can unfold, so that a name is never all the page
// gives. Lines are its lines, Steps whether they are numbered steps.
type Citation struct {
	Name  string // as the page's text cites it
	Title string // the summary line the reader unfolds
	Lines []string
	Steps bool
}

// Citations are the pieces of the paper the page cites, written out as
// the paper writes them (Section III): problem (6), which NNLRS solves;
// Algorithm 1 (LADMAP), the paper's solver of it; and Algorithm 2, which
// builds the NNLRS graph from its solution.
var Citations = []Citation{
	{
		Name:  "problem (6)",
		Title: "Problem (6), which NNLRS solves (Section III-A)",
		Lines: []string{
			"min over Z, E of ‖Z‖* + β‖Z‖₁ + λ‖E‖₂,₁   subject to   X = AZ + E,  Z ≥ 0",
			"‖Z‖*: the nuclear norm (the sum of Z's singular values), low rank; ‖Z‖₁: the sum of |Zᵢⱼ|, sparsity; " +
				"‖E‖₂,₁: the sum of the lengths of E's columns, a few samples grossly corrupted. " +
				"β trades sparsity against low rank, λ weighs the error term E; the dictionary A is the data X itself " +
				"(Algorithm 2), so each sample is written as a nonnegative combination of the others.",
		},
	},
	{
		Name:  "Algorithm 1",
		Title: "Algorithm 1, the paper's solver of problem (6) (LADMAP)",
		Lines: []string{
			"Split off H = Z to carry β‖H‖₁ and H ≥ 0; start from Z = H = E = 0, multipliers Y₁ = Y₂ = 0, penalty μ = 0.1.",
			"Update Z by singular value thresholding, then H by shrinkage clipped at 0, then E by the ℓ2,1 shrinkage of columns, each with the others fixed.",
			"Update the multipliers: Y₁ += μ(X − AZ − E), Y₂ += μ(Z − H).",
			"Raise μ by ρ = 1.1 while the iterates move little, up to 10¹⁰.",
			"Repeat until ‖X − AZ − E‖_F/‖X‖_F < 10⁻⁶ and the iterates' change, times μ, < 10⁻² of ‖X‖_F.",
		},
		Steps: true,
	},
	{
		Name:  "Algorithm 2",
		Title: "Algorithm 2, the NNLRS graph",
		Lines: []string{
			"Normalize the samples: x̂ᵢ = xᵢ/‖xᵢ‖₂, giving X̂.",
			"Solve problem (6) with A = X̂ (X̂ = X̂Z + E, Z ≥ 0) for Z*, E*.",
			"Normalize each column of Z*: zᵢ* = zᵢ*/‖zᵢ*‖₂; set the entries below the threshold θ to zero, giving Ẑ*.",
			"The graph's weights: W = (Ẑ* + Ẑ*ᵀ)/2.",
		},
		Steps: true,
	},
}

// Cited returns the citations that text names, in the order of
// Citations.
func Cited(text string) []Citation {
	var out []Citation
	for _, c := range Citations {
		if strings.Contains(text, c.Name) {
			out = append(out, c)
		}
	}
	return out
}
