package params

import "nnlrs/wasm/protocol"

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

// ForDataset returns the settings a page opens with for the data set name:
// the defaults for the synthetic data; for a built-in data set its preset,
// without added noise or corruption (the real data are the paper's); for
// an upload every sample, without added noise or corruption. The view
// settings and the seed are the defaults'.
func ForDataset(name string) Params {
	if name == protocol.Synthetic {
		return Default()
	}
	p := Default()
	p.Dataset = name
	p.Noise, p.Corrupt = 0, 0
	if name == protocol.Upload {
		p.Classes, p.PerClass = 0, 0
	}
	if s, ok := Presets[name]; ok {
		p.Classes, p.PerClass, p.Labeled = s.Classes, s.PerClass, s.Labeled
		p.Beta, p.Lambda, p.Theta, p.LRRLambda = s.Beta, s.Lambda, s.Theta, s.LRRLambda
	}
	return p
}
