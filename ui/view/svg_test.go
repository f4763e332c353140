package view

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"nnlrs/core/experiment"
	"nnlrs/core/paper"
)

// svgDoc is what TestSVG reads of an SVG document.
type svgDoc struct {
	w, h   float64
	texts  []string
	images [][]byte // the PNGs embedded
	shapes int
}

// readSVG parses b as XML, failing t where it is not, and returns the
// root's size, every text element's text, the embedded images and the
// count of the other shapes.
func readSVG(t *testing.T, b []byte) svgDoc {
	t.Helper()
	var doc svgDoc
	d := xml.NewDecoder(bytes.NewReader(b))
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch e.Name.Local {
			case "svg":
				doc.w, _ = strconv.ParseFloat(attr["width"], 64)
				doc.h, _ = strconv.ParseFloat(attr["height"], 64)
			case "text":
				inText = true
				doc.texts = append(doc.texts, "")
			case "image":
				data, ok := strings.CutPrefix(attr["href"], "data:image/png;base64,")
				if !ok {
					t.Fatalf("image %q is no embedded PNG", attr["href"][:min(40, len(attr["href"]))])
				}
				pic, err := base64.StdEncoding.DecodeString(data)
				if err != nil {
					t.Fatal(err)
				}
				doc.images = append(doc.images, pic)
			default:
				doc.shapes++
			}
		case xml.CharData:
			if inText {
				doc.texts[len(doc.texts)-1] += string(e)
			}
		case xml.EndElement:
			if e.Name.Local == "text" {
				inText = false
			}
		}
	}
	return doc
}

// TestSVG draws Table IV's β sweep and the weights view through the SVG
// canvas, as the page exports them for slides: the document parses as
// XML, is the view's size, carries the chart's text as text (the title,
// every β of the axis, the table's numbers), as many texts as the same
// drawing puts on a measuring canvas, and the weights as embedded PNGs of
// the matrices' own size.
func TestSVG(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "results", "pie-beta-sweep", "pie.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := new(experiment.Results)
	if err := json.Unmarshal(b, r); err != nil {
		t.Fatal(err)
	}
	cmp, err := experiment.Compare(experiment.CompareBeta, r)
	if err != nil {
		t.Fatal(err)
	}
	m := fixture(t)
	m.Evidence = &paper.Evidence{Comparisons: []*paper.Comparison{cmp}}
	m.Params.Paper = "beta"
	const w, h = 900, 700
	s := NewSVG(w, h, 1)
	if !New().DrawView(s, m, "paper", w, h) {
		t.Fatal("no paper view")
	}
	doc := readSVG(t, s.Bytes())
	if doc.w != w || doc.h != h {
		t.Errorf("SVG %v×%v, want %v×%v", doc.w, doc.h, w, h)
	}
	all := strings.Join(doc.texts, "\n")
	want := []string{"The paper: Table IV: sensitivity to β", "labeled"}
	for k := range cmp.Blocks[0].Columns {
		want = append(want, colLabel(cmp, cmp.Blocks[0], k))
	}
	want = append(want, strconv.FormatFloat(*cmp.Blocks[0].Rows[0].Cells[0].Ours, 'f', 1, 64))
	for _, s := range want {
		if !strings.Contains(all, s) {
			t.Errorf("the SVG has no text %q", s)
		}
	}
	mc := newFontMeasurer()
	New().DrawView(mc, m, "paper", w, h)
	if len(doc.texts) != len(mc.boxes) {
		t.Errorf("the SVG has %d texts, the same drawing on a canvas %d", len(doc.texts), len(mc.boxes))
	}
	if doc.shapes < 50 {
		t.Errorf("the chart's SVG has %d shapes", doc.shapes)
	}

	m.Params.Paper = ""
	s = NewSVG(w, h, 1)
	New().DrawView(s, m, "weights", w, h)
	doc = readSVG(t, s.Bytes())
	if len(doc.images) != len(WeightGraphs) {
		t.Fatalf("the weights' SVG embeds %d images", len(doc.images))
	}
	for i, b := range doc.images {
		pic, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if n := m.Run.Data.N; pic.Bounds().Dx() != n || pic.Bounds().Dy() != n {
			t.Errorf("matrix %d embedded %v, want %d×%d", i, pic.Bounds(), n, n)
		}
	}
	if !strings.Contains(strings.Join(doc.texts, " "), "Weights W") {
		t.Errorf("the weights' SVG without its title: %q", doc.texts)
	}
	if New().DrawView(s, m, "nothing", w, h) {
		t.Error("DrawView drew a view that does not exist")
	}
}
