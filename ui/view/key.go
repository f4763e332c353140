package view

import (
	"encoding/binary"
	"hash/fnv"
	"math"

	"nnlrs/core/method"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// keyer fingerprints what a panel shows.
type keyer struct{ b []byte }

func (k *keyer) n(vs ...uint64) {
	for _, v := range vs {
		k.b = binary.LittleEndian.AppendUint64(k.b, v)
	}
}

func (k *keyer) f(v float64) { k.n(math.Float64bits(v)) }

func (k *keyer) s(v string) { k.b = append(append(k.b, v...), 0) }

func (k *keyer) bool(v bool) {
	if v {
		k.n(1)
	} else {
		k.n(0)
	}
}

// graph fingerprints the state of a graph of the run.
func (k *keyer) graph(g *ui.Graph) {
	if g == nil {
		k.n(0)
		return
	}
	k.n(g.Version, uint64(len(g.Iters)), uint64(g.Done))
	k.bool(g.Final != nil)
	k.s(g.Err)
}

func (k *keyer) sum() uint64 {
	h := fnv.New64a()
	h.Write(k.b)
	return h.Sum64()
}

// panelKey returns a fingerprint of everything the panel name shows of m:
// equal keys draw equal panels.
func panelKey(name string, m *ui.Model) uint64 {
	var k keyer
	k.s(name)
	k.f(float64(textScale))
	p := m.Params
	k.s(string(p.Graph))
	k.s(p.Propagator)
	k.f(p.Alpha)
	k.bool(Focus(m) == name)
	if name == "paper" {
		k.s(p.Paper)
		k.n(uint64(p.Live))
		k.bool(m.Evidence != nil)
		k.n(uint64(len(m.Figures)))
	}
	r := m.Run
	if r == nil {
		return k.sum()
	}
	k.n(uint64(r.ID()), uint64(r.State))
	k.bool(r.Data != nil)
	pr := &m.Prop
	switch name {
	case "graph", "propagation":
		k.graph(m.Shown())
		k.n(uint64(m.Hover + 1))
		if name == "propagation" {
			k.n(uint64(pr.Step))
			k.s(pr.Method + pr.Err)
			k.bool(pr.Ready())
			k.bool(pr.Converged)
		}
		if g := r.Graphs[method.NNLRS]; g != nil { // its E flags samples
			k.graph(g)
		}
	case "weights":
		for _, gm := range WeightGraphs {
			k.graph(r.Graphs[gm])
		}
	case "convergence":
		for _, gm := range ConvergenceGraphs {
			k.graph(r.Graphs[gm])
		}
	case "curves":
		for _, gm := range params.Graphs {
			k.graph(r.Graphs[gm])
		}
		k.n(uint64(pr.Step))
		k.s(pr.Method + pr.Err)
		k.bool(pr.Ready())
		if pr.Curve != nil {
			k.n(uint64(pr.Curve.Done))
		}
		k.f(p.Labeled)
		k.s(p.Flip)
		k.s(string(p.Graph))
	case "paper":
		k.f(p.Labeled)
		k.s(p.Flip)
		k.n(p.LabelSeed)
		k.n(uint64(p.Live))
		if s := m.Study; s != nil {
			// Redrawn at every tenth of the study, not at every
			// evaluation: a frame computes a few.
			k.n(uint64(10*s.Done/max(1, s.Total)), uint64(len(s.Err)))
			k.bool(s.Finished())
		}
	case "outcome":
		for _, gm := range params.Graphs {
			k.graph(r.Graphs[gm])
		}
		k.n(uint64(pr.Step))
		k.s(pr.Method)
		k.bool(pr.Ready())
		k.s(r.Params.Hash())
	}
	return k.sum()
}
