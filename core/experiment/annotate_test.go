package experiment

import (
	"slices"
	"testing"
)

// The β sweep's cells compare with Table IV on PIE under SDA at λ = 10.
func TestAnnotateSweep(t *testing.T) {
	p, _ := Lookup("pie")
	r := &Results{Protocol: p, Trials: 5, Sweep: []SweepCell{
		{Propagator: SDA, Lambda: 10, Beta: 0.2, Labeled: 0.1, Errors: []float64{0.3, 0.2}},
		{Propagator: SDA, Lambda: 3, Beta: 0.2, Labeled: 0.1, Errors: []float64{0.3}},
	}}
	Annotate(r)
	s := r.Sweep[0].Summary
	if s == nil || s.Table != "IV" || *s.PaperPct != 26.43 || s.MeanPct != 25 || s.Flagged {
		t.Errorf("sweep summary %+v", s)
	}
	if slices.Contains(s.Reasons, "trials") || !slices.Contains(s.Reasons, "pie-subjects") {
		t.Errorf("sweep reasons %v (5 trials are the paper's)", s.Reasons)
	}
	if s := r.Sweep[1].Summary; s.PaperPct != nil {
		t.Errorf("λ = 3 compared with Table IV (λ = 10): %+v", s)
	}
}
