package experiment

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"nnlrs/core/method"
	"nnlrs/core/paper"
)

// TestCompare checks the comparisons against the committed runs: every
// cell's mean and standard deviation are those of its trials, the paper's
// number is its table's, and the marks are the cells more than
// paper.FarPoints away.
func TestCompare(t *testing.T) {
	var rs []*Results
	for _, name := range []string{"usps", "yaleb", "pie"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "docs", "results", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		r := new(Results)
		if err := json.Unmarshal(b, r); err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	for _, name := range []string{CompareGHF, CompareLGC, CompareSDA, CompareJoint} {
		cmp, err := Compare(name, rs...)
		if err != nil {
			t.Fatal(err)
		}
		cells := 0
		for _, b := range cmp.Blocks {
			var r *Results
			for _, x := range rs {
				if x.Protocol.Name == b.Dataset {
					r = x
				}
			}
			p := name
			if name == CompareJoint {
				p = LGC
			}
			for _, row := range b.Rows {
				if name == CompareJoint && row.Graph != method.NNLRS && row.Graph != method.PCANNLRS && row.Graph != method.NNLRSEF {
					t.Errorf("%s: row %s", name, row.Name)
				}
				far := false
				for k, c := range row.Cells {
					cell, ok := r.Cell(p, b.Columns[k], row.Graph)
					if !ok || c.Ours == nil || math.Abs(*c.Ours-100*cell.Mean()) > 1e-9 || math.Abs(*c.Std-100*cell.Std()) > 1e-9 {
						t.Errorf("%s %s %s %g: %+v, trials %v", name, b.Dataset, row.Name, b.Columns[k], c, cell.Errors)
						continue
					}
					if (c.Reached != nil) != (len(cell.ReachedErrors) > 0) || c.Reached != nil && math.Abs(*c.Reached-100*Mean(cell.ReachedErrors)) > 1e-9 {
						t.Errorf("%s %s %s %g: reached %v, trials %v", name, b.Dataset, row.Name, b.Columns[k], c.Reached, cell.ReachedErrors)
					}
					v, reported := paper.Error(p, b.Dataset, b.Columns[k], row.Graph)
					if reported != (c.Paper != nil) || reported && *c.Paper != v {
						t.Errorf("%s %s %s %g: paper %v, want %v (%v)", name, b.Dataset, row.Name, b.Columns[k], c.Paper, v, reported)
					}
					if want := reported && math.Abs(*c.Ours-v) > paper.FarPoints; c.Far != want {
						t.Errorf("%s %s %s %g: far %v, want %v", name, b.Dataset, row.Name, b.Columns[k], c.Far, want)
					}
					far = far || c.Far
					cells++
				}
				if far != (len(b.Reasons[row.Name]) > 0) {
					t.Errorf("%s %s %s: far cells %v, reasons %v", name, b.Dataset, row.Name, far, b.Reasons[row.Name])
				}
			}
		}
		if cells == 0 {
			t.Errorf("%s: no cells", name)
		}
		t.Logf("%s: %d blocks, %d cells", name, len(cmp.Blocks), cells)
	}
	if _, err := Compare("nothing", rs...); err == nil {
		t.Error("no error for an unknown comparison")
	}
}

// TestCompareBeta checks the β sweep against the committed PIE run: a row
// per labeled share, a column per β, the paper's Table IV beside.
func TestCompareBeta(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "results", "pie-beta-sweep", "pie.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := new(Results)
	if err := json.Unmarshal(b, r); err != nil {
		t.Fatal(err)
	}
	cmp, err := Compare(CompareBeta, r)
	if err != nil || len(cmp.Blocks) != 1 {
		t.Fatalf("%v, %+v", err, cmp)
	}
	bl := cmp.Blocks[0]
	if len(bl.Rows) != len(r.Labeled) || len(bl.Columns) == 0 {
		t.Fatalf("%d rows, columns %v", len(bl.Rows), bl.Columns)
	}
	paperCells := 0
	for i, row := range bl.Rows {
		for k, c := range row.Cells {
			if v, ok := paper.Sweep(bl.Columns[k], r.Labeled[i]); ok && c.Paper != nil {
				paperCells++
				if *c.Paper != v {
					t.Errorf("β %g, %s: paper %v, want %v", bl.Columns[k], row.Name, *c.Paper, v)
				}
			}
		}
	}
	if paperCells == 0 {
		t.Error("no cell beside the paper's Table IV")
	}
}
