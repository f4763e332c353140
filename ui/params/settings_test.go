package params

import (
	"slices"
	"strings"
	"testing"

	"nnlrs/core/demo"
)

// TestSliders checks every slider of the table: its steps are sorted, the
// default is one of them, and every step is a valid setting.
func TestSliders(t *testing.T) {
	d := Default()
	n := 0
	for _, s := range Settings {
		if s.Control != Slider {
			if s.Steps != nil {
				t.Errorf("%s: steps without a slider", s.Key)
			}
			continue
		}
		n++
		if s.Value(&d) == nil || len(s.Steps) < 2 || !slices.IsSorted(s.Steps) {
			t.Errorf("%s: steps %v, value %v", s.Key, s.Steps, s.Value(&d))
			continue
		}
		if !slices.Contains(s.Steps, *s.Value(&d)) {
			t.Errorf("%s: default %v is not a step", s.Key, *s.Value(&d))
		}
		for _, x := range s.Steps {
			p := Default()
			*s.Value(&p) = x
			if err := p.Validate(); err != nil {
				t.Errorf("%s step %v: %v", s.Key, x, err)
			}
		}
	}
	if n != 8 {
		t.Errorf("%d sliders, want 8", n)
	}
	beta := Lookup("beta").Steps
	s := Beta.StepsWith(0.3)
	if !slices.Contains(s, 0.3) || !slices.IsSorted(s) || len(s) != len(beta)+1 {
		t.Errorf("StepsWith: %v", s)
	}
	if len(Lookup("beta").Steps) == len(s) || slices.Contains(Lookup("beta").Steps, 0.3) {
		t.Error("StepsWith changed the steps")
	}
	if s := Beta.StepsWith(1000); s[len(s)-1] != 1000 {
		t.Errorf("StepsWith above the last: %v", s)
	}
}

// TestSettingsTable checks the table's rows: keys unique, names given,
// a range's bounds ordered, and every row's value surviving Set(Get).
func TestSettingsTable(t *testing.T) {
	seen := map[string]bool{}
	p := Default()
	for _, s := range Settings {
		if seen[s.Key] || s.Name == "" || Lookup(s.Key) != s {
			t.Errorf("%s: duplicate, unnamed or not found", s.Key)
		}
		seen[s.Key] = true
		q := Params{}
		if err := s.Set(&q, s.Get(p)); err != nil || s.Get(q) != s.Get(p) {
			t.Errorf("%s: %q does not survive Set(Get): %v", s.Key, s.Get(p), err)
		}
	}
}

func TestCheckCatalog(t *testing.T) {
	cat := []demo.Builtin{{Name: "usps", Title: "USPS digits", Classes: 4, PerClass: 100}}
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
