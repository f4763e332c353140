package report

import (
	"encoding/json"
	"slices"
	"testing"

	"nnlrs/core/experiment"
)

// Annotate sets every cell's summary from its errors and the paper's
// table, names only reasons whose texts it keeps, and survives a JSON
// round trip; a draw other than the paper's gets no paper numbers.
func TestAnnotate(t *testing.T) {
	r := fakeResults()
	r.Cells = append(r.Cells, experiment.Cell{Propagator: experiment.GHF, Labeled: 0.2, Graph: "knn0"}) // no trials
	experiment.Annotate(r)
	c, _ := r.Cell(experiment.GHF, 0.1, "knn0")
	s := c.Summary
	if s == nil || s.Table != "I" || s.MeanPct != 6 || s.StdPct != 1.41 || s.Trials != 2 || s.PaperPct == nil || *s.PaperPct != 1.87 ||
		*s.DiffPct != 4.13 || !s.Flagged {
		t.Fatalf("GHF 10%% kNN0 summary %+v", s)
	}
	if !slices.Contains(s.Reasons, "knn-sigma") || !slices.Contains(s.Reasons, "trials") || slices.Contains(s.Reasons, "lgc-alpha") {
		t.Errorf("GHF kNN0 reasons %v", s.Reasons)
	}
	if c, _ := r.Cell(experiment.LGC, 0.3, "nnlrs"); c.Summary.Table != "II" || !slices.Contains(c.Summary.Reasons, "lgc-alpha") {
		t.Errorf("LGC NNLRS summary %+v", c.Summary)
	}
	if c, _ := r.Cell(experiment.GHF, 0.2, "knn0"); c.Summary != nil {
		t.Errorf("a cell without trials has a summary %+v", c.Summary)
	}
	for _, c := range r.Cells {
		if c.Summary == nil {
			continue
		}
		for _, k := range c.Summary.Reasons {
			if r.Reasons[k] == "" {
				t.Errorf("reason %q has no text", k)
			}
		}
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back experiment.Results
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got := back.Cells[0].Summary; got == nil || *got.PaperPct != *r.Cells[0].Summary.PaperPct || back.Reasons["trials"] != r.Reasons["trials"] {
		t.Errorf("JSON round trip: %+v", got)
	}

	// The same data set drawn at another size: no paper numbers.
	r.Protocol = r.Protocol.Sized(experiment.Draw{Classes: 2, PerClass: 20})
	experiment.Annotate(r)
	if c, _ := r.Cell(experiment.GHF, 0.1, "knn0"); c.Summary.PaperPct != nil || c.Summary.Flagged || c.Summary.Table != "" {
		t.Errorf("another draw compared with the paper: %+v", c.Summary)
	}
}
