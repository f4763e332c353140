package params

import (
	"slices"
	"strings"
	"testing"
)

func TestSteps(t *testing.T) {
	d := Default()
	for key, v := range map[string]float64{"labeled": d.Labeled, "noise": d.Noise, "corrupt": d.Corrupt,
		"beta": d.Beta, "lambda": d.Lambda, "theta": d.Theta, "alpha": d.Alpha} {
		s := Steps[key]
		if !slices.IsSorted(s) {
			t.Errorf("%s: steps not sorted", key)
		}
		if !slices.Contains(s, v) {
			t.Errorf("%s: default %v is not a step", key, v)
		}
		// Every step is a valid setting.
		for _, x := range s {
			p := Default()
			f := map[string]*float64{"labeled": &p.Labeled, "noise": &p.Noise, "corrupt": &p.Corrupt,
				"beta": &p.Beta, "lambda": &p.Lambda, "theta": &p.Theta, "alpha": &p.Alpha}[key]
			*f = x
			if err := p.Validate(); err != nil {
				t.Errorf("%s step %v: %v", key, x, err)
			}
		}
	}
	s := StepsWith("beta", 0.3)
	if !slices.Contains(s, 0.3) || !slices.IsSorted(s) || len(s) != len(Steps["beta"])+1 {
		t.Errorf("StepsWith: %v", s)
	}
	if len(Steps["beta"]) == len(s) {
		t.Error("StepsWith changed Steps")
	}
}

func TestCheckCatalog(t *testing.T) {
	cat := []Dataset{{Name: "usps", Title: "USPS digits", Classes: 4, PerClass: 100}}
	p := Default()
	if err := p.CheckCatalog(nil); err != nil {
		t.Errorf("synthetic: %v", err)
	}
	p.Dataset, p.Classes, p.PerClass = "usps", 4, 50
	if err := p.CheckCatalog(cat); err != nil {
		t.Error(err)
	}
	p.Classes = 5
	if err := p.CheckCatalog(cat); err == nil || !strings.Contains(err.Error(), "4 classes of 100") {
		t.Errorf("err = %v", err)
	}
	p.Dataset = "pie"
	if err := p.CheckCatalog(cat); err == nil || !strings.Contains(err.Error(), "not built into") {
		t.Errorf("err = %v", err)
	}
}
