package paper

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestPaperTablesMatchTeX checks the transcription of the paper's tables
// against its LaTeX source, when the source is at hand: every number of
// Tables I–IV (the commented-out COIL20 rows aside) must match exactly.
func TestPaperTablesMatchTeX(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "paper", "nnlrs-paper.tex"))
	if err != nil {
		t.Skip("paper source absent:", err)
	}
	tex := string(b)
	bold := regexp.MustCompile(`\\textbf\{([^}]*)\}`)
	table := func(label string) []string {
		i := strings.Index(tex, `\label{`+label+`}`)
		if i < 0 {
			t.Fatalf("no table %s", label)
		}
		body := tex[i:]
		body = body[:strings.Index(body, `\end{tabular}`)]
		var rows []string
		comment := false
		for _, line := range strings.Split(body, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), `\comment{`) {
				comment = true
			}
			if comment {
				if strings.TrimSpace(line) == "}" {
					comment = false
				}
				continue
			}
			if strings.Contains(line, "&") && strings.Contains(line, `\\`) {
				rows = append(rows, bold.ReplaceAllString(line, "$1"))
			}
		}
		return rows[1:] // the header
	}
	parse := func(row string) (string, []float64) {
		f := strings.Split(strings.TrimSuffix(strings.TrimSpace(row), `\\`), "&")
		var v []float64
		for _, s := range f[1:] {
			x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil {
				t.Fatalf("row %q: %v", row, err)
			}
			v = append(v, x)
		}
		return strings.TrimSpace(f[0]), v
	}
	names := map[string]string{"YaleB": "yaleb", "PIE": "pie", "USPS": "usps"}
	checked := 0
	for label, prop := range map[string]string{"tab:GHF": GHF, "tab:LGC": LGC, "tab:SDA": SDA} {
		for _, row := range table(label) {
			head, v := parse(row)
			ds := names[strings.Fields(head)[0]]
			pctStr := strings.TrimSuffix(strings.TrimPrefix(strings.Fields(head)[1], "("), `\%)`)
			pct, _ := strconv.Atoi(pctStr)
			for c, want := range v {
				got, ok := Error(prop, ds, float64(pct)/100, Columns[c])
				if !ok || got != want {
					t.Errorf("%s %s %d%% %s: transcribed %v, paper %v", prop, ds, pct, Columns[c], got, want)
				}
				checked++
			}
		}
	}
	for _, row := range table("tab:W") {
		head, v := parse(row)
		pct, _ := strconv.Atoi(strings.TrimSuffix(head, `\%`))
		for c, want := range v {
			if got, ok := Sweep(SweepBetas[c], float64(pct)/100); !ok || got != want {
				t.Errorf("Table IV %d%% β=%v: transcribed %v, paper %v", pct, SweepBetas[c], got, want)
			}
			checked++
		}
	}
	if want := 3*6*9*2 + 2*6*8 + 6*9; checked != want {
		t.Errorf("checked %d numbers, want %d", checked, want)
	}
}

// TestAgreement: a block of three cells with the paper's numbers: one
// within FarPoints counted either way, one only among the samples reached,
// one neither; a fourth cell without the reached rate is not counted.
func TestAgreement(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	b := &Block{Rows: []*Row{
		{Cells: []*Cell{
			{Ours: f(5), Reached: f(4), Unreached: f(0.5), Paper: f(4.5)},
			{Ours: f(20), Reached: f(6), Unreached: f(40), Paper: f(5)},
		}},
		{Cells: []*Cell{
			{Ours: f(30), Reached: f(25), Unreached: f(3), Paper: f(10)},
			{Ours: f(10), Paper: f(10)},
		}},
	}}
	if cells, strict, reached := b.Agreement(); cells != 3 || strict != 1 || reached != 2 {
		t.Errorf("Agreement = %d, %d, %d; want 3 cells, 1 within FarPoints strictly, 2 among the reached", cells, strict, reached)
	}
	if !b.Unreached() {
		t.Error("Unreached false with 40 unreached samples")
	}
	b.Rows = b.Rows[1:]
	b.Rows[0].Cells[0].Unreached = f(0)
	if b.Unreached() {
		t.Error("Unreached true with none")
	}
}
