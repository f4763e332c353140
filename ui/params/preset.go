package params

// Preset holds the settings a page opens a built-in data set with, chosen
// by measurement (tools/nnlrs presets, which writes Presets in
// presets.go): the data drawn, and the NNLRS and LRR parameters picked by
// cross-validation on the labeled samples only. Noise and corruption are
// 0 for real data.
type Preset struct {
	// Classes × PerClass samples are drawn; Labeled is the labeled
	// percentage, as Params.Labeled.
	Classes, PerClass int
	Labeled           float64
	// β, λ and θ of the NNLRS graph (Algorithm 2), and LRR's λ.
	Beta, Lambda, Theta float64
	LRRLambda           float64
}
