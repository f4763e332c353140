package presets

import (
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"

	"nnlrs/core/experiment"
)

// TestPresetsGo checks that the generated file is marked as generated,
// gofmt'ed Go defining the presets.
func TestPresetsGo(t *testing.T) {
	rows := []experiment.PresetRow{{Name: "usps", Classes: 4, PerClass: 25, Labeled: 0.2, Preset: &experiment.Preset{
		Lambda: 1, Beta: 0.2, Theta: 0.05, LRRLambda: 0.5, CVError: 0.1, Draws: 3, Labeled: 20,
		Scores: []experiment.GraphScore{{Graph: "nnlrs", ErrorGHF: 0.05}, {Graph: "knn0", ErrorGHF: 0.04}},
	}}}
	src, err := presetsGo(rows, "go run ./tools/nnlrs presets -seeds 1", "docs/PRESETS.md", "1")
	if err != nil {
		t.Fatal(err)
	}
	// The convention of generated files (go help generate).
	if !regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`).Match(src) {
		t.Errorf("no generated-code header:\n%s", src)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "presets.go", src, 0); err != nil {
		t.Errorf("%v in\n%s", err, src)
	}
	if !strings.Contains(string(src), `"usps": {Classes: 4, PerClass: 25, Labeled: 20, Params: demo.Params{Beta: 0.2, Lambda: 1, Theta: 0.05, LRRLambda: 0.5},
		Seeds: "1", ErrorGHF: map[method.Name]float64{"nnlrs": 0.0500, "knn0": 0.0400}},`) {
		t.Errorf("no usps preset in\n%s", src)
	}
	doc := presetsDoc(rows, "go run ./tools/nnlrs presets", []uint64{1}, experiment.DefaultPresetGrid(), 3, 0, 0)
	if !strings.Contains(doc, "usps: NNLRS loses under GHF: 5.0% against knn0 4.0%") {
		t.Errorf("the report does not say NNLRS loses:\n%s", doc)
	}
}
