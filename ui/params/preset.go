package params

import "nnlrs/wasm/protocol"

// Preset holds the settings a built-in data set opens with: its size, the
// labeled share and the parameters of the NNLRS and LRR graphs. Presets
// (presets.go) are chosen by a measurement anyone can rerun: see its
// header and docs/PRESETS.md.
type Preset struct {
	Classes, PerClass              int
	Labeled                        float64 // percent
	Beta, Lambda, Theta, LRRLambda float64
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
