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

// keys returns the fingerprints of what view shows of m: equal keys draw
// equal panels. Every panel shows the graph chosen, the propagation
// watched and its α, and whether the tour's step is about it, at the text
// scale ts; the view's reads and progress add the rest.
func keys(view *View, m *ui.Model, ts float32) drawn {
	var k keyer
	k.s(view.Name)
	k.f(float64(ts))
	p := m.Params
	k.s(string(p.Graph))
	k.s(p.Propagator)
	k.f(p.Alpha)
	k.bool(Focus(m) == view.Name)
	view.reads(&k, m)
	d := drawn{key: k.sum()}
	if view.progress != nil {
		var pk keyer
		view.progress(&pk, m)
		d.progress = pk.sum()
	}
	return d
}

// run fingerprints the run of m: which, its state and whether its samples
// arrived. It reports whether there is a run.
func (k *keyer) run(m *ui.Model) bool {
	r := m.Run
	if r == nil {
		k.n(0)
		return false
	}
	k.n(uint64(r.ID()), uint64(r.State))
	k.bool(r.Data != nil)
	return true
}

// graphs fingerprints the graphs gs of the run of m.
func (k *keyer) graphs(m *ui.Model, gs []method.Name) {
	for _, g := range gs {
		k.graph(m.Run.Graphs[g])
	}
}

// steps fingerprints every graph of the run of m and the propagation's
// step over them.
func (k *keyer) steps(m *ui.Model) {
	k.graphs(m, params.Graphs)
	pr := &m.Prop
	k.n(uint64(pr.Step))
	k.s(pr.Method + pr.Err)
	k.bool(pr.Ready())
}
