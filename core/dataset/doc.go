// Package dataset holds the labelled data sets NNLRS Explorer works on: it
// reads them from CSV and MAT-files, draws subsets by the paper's protocol
// and generates the synthetic data of the paper's model.
//
// Data matrices are d×n with one sample per column, the convention of the
// paper (Zhuang et al., Section III: X = [x_1, ..., x_n] ∈ R^{d×n}); files
// have one sample per row and are transposed on load.
//
// The paper's protocol (Sections V-A and V-B) keeps some classes (for USPS
// the digits 1-4), draws a number of samples of each at random in every run
// (200 per digit for USPS, 50 per subject for YaleB and PIE) and normalizes
// every sample to unit l2 norm:
//
//	set, err := dataset.Load("../shared/datasets/USPS.mat")
//	sub, err := set.Subset([]int{1, 2, 3, 4}, 200, rand.New(rand.NewPCG(1, 1)))
//	sub.NormalizeUnit()
//
// Synthetic draws samples from a union of independent linear subspaces, the
// model under which the low-rank representation recovers the classes
// (Section III-A), with optional noise and grossly corrupted samples, which
// the l2,1-norm error term of problem (4) is meant to absorb.
package dataset
