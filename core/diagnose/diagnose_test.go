package diagnose

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// healthy is the measures of a graph that teaches well.
func healthy() Measures {
	return Measures{N: 100, Converged: true, Iterations: 50, Density: 0.1, DiagonalShare: 0.05, WithinClass: 0.95,
		ENorm: make([]float64, 100), Components: 4, Classes: 4, Unreached: 0}
}

func TestFind(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(m *Measures)
		kinds  []Kind
		text   string // in the first problem's text
	}{
		{"healthy", func(m *Measures) {}, nil, ""},
		{"iteration cap", func(m *Measures) { m.Converged = false }, []Kind{Unconverged}, "(50 iterations)"},
		{"self-loops alone", func(m *Measures) { m.Density, m.DiagonalShare, m.WithinClass = 0, 1, math.NaN() }, []Kind{SelfLoops}, "only self-loops"},
		{"theta cut every edge", func(m *Measures) { m.Density, m.DiagonalShare, m.ThetaCut = 0, 1, true }, []Kind{SelfLoops}, "θ = 0.5 removed every edge"},
		{"empty", func(m *Measures) { m.Density, m.DiagonalShare = 0, 0 }, []Kind{Empty}, "with λ = 10"},
		{"mostly diagonal", func(m *Measures) { m.DiagonalShare = 0.92 }, []Kind{Diagonal}, "92% of the NNLRS weight"},
		{"mostly error", func(m *Measures) { m.ENorm = slices.Repeat([]float64{0.6}, 51) }, []Kind{MostlyErrors}, "51 of the 100 samples"},
		{"half error", func(m *Measures) { m.ENorm = slices.Repeat([]float64{0.6}, 50) }, nil, ""},
		{"cut off", func(m *Measures) { m.Unreached, m.Components = 1, 5 }, []Kind{CutOff}, "5 pieces and 1 sample is cut off"},
		{"more pieces than classes, no labeled sample", func(m *Measures) { m.Unreached, m.Components = -1, 9 }, []Kind{Pieces}, "9 pieces for 4 classes:"},
		{"isolated samples", func(m *Measures) { m.Unreached, m.Components, m.Isolated = -1, 4, 3 }, []Kind{Pieces}, "3 samples without an edge"},
		{"pieces as classes", func(m *Measures) { m.Unreached = -1 }, nil, ""},
		{"blurred", func(m *Measures) { m.Density = 0.6 }, []Kind{Blurred}, "60% of all possible edges"},
		{"mixed", func(m *Measures) { m.WithinClass = 0.5 }, []Kind{ClassesMixed}, "Only 50%"},
		{"no labels", func(m *Measures) { m.WithinClass, m.Classes = math.NaN(), 0 }, nil, ""},
		{"diagonal and isolated", func(m *Measures) { m.DiagonalShare, m.Unreached, m.Isolated, m.Components = 0.92, -1, 179, 183 },
			[]Kind{Diagonal, Pieces}, "92%"},
	} {
		m := healthy()
		tc.change(&m)
		got := Find(m, Settings{Lambda: 10, Theta: 0.5})
		var kinds []Kind
		for _, p := range got {
			kinds = append(kinds, p.Kind)
			if p.Now != p.Kind.Measure(m) {
				t.Errorf("%s: %v: Now %v, Measure %v", tc.name, p.Kind, p.Now, p.Kind.Measure(m))
			}
		}
		if !slices.Equal(kinds, tc.kinds) {
			t.Errorf("%s: kinds %v, want %v", tc.name, kinds, tc.kinds)
			continue
		}
		if len(got) > 0 && !strings.Contains(got[0].Text, tc.text) {
			t.Errorf("%s: text %q, want it to say %q", tc.name, got[0].Text, tc.text)
		}
	}
}

// Each change claims to lower its problem's measure: the measure is
// lower on the healthy graph than on the sick one, for every kind.
func TestMeasureFallsWhenMended(t *testing.T) {
	good := healthy()
	good.Unreached = 0
	for _, sick := range []func(m *Measures){
		func(m *Measures) { m.Density, m.DiagonalShare = 0, 1 },
		func(m *Measures) { m.DiagonalShare = 0.9 },
		func(m *Measures) { m.ENorm = slices.Repeat([]float64{0.9}, 80) },
		func(m *Measures) { m.Unreached = 7 },
		func(m *Measures) { m.Unreached, m.Isolated, m.Components = -1, 5, 9 },
		func(m *Measures) { m.Density = 0.9 },
		func(m *Measures) { m.WithinClass = 0.3 },
	} {
		m := healthy()
		sick(&m)
		for _, p := range Find(m, Settings{Lambda: 1}) {
			if g := p.Kind.Measure(good); !(g < p.Now) {
				t.Errorf("%v: measure %v healthy, %v sick (%s)", p.Kind, g, p.Now, p.Kind.Says(p.Now, m.N))
			}
		}
	}
}
