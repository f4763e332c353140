package params

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"nnlrs/core/demo"
	"nnlrs/core/method"
)

func TestDefaultValid(t *testing.T) {
	p := Default()
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if p.N() != 100 {
		t.Errorf("default n = %d, want 100 (dataset.DefaultSynthetic)", p.N())
	}
}

func TestHashRoundTrip(t *testing.T) {
	p := Default()
	if got, notice := FromHash(p.Hash()); got != p || notice != "" {
		t.Errorf("default: got %+v, %q", got, notice)
	}
	q := Params{Data: demo.Data{Dataset: "usps", Classes: 3, PerClass: 40, Noise: 0, Corrupt: 5, Seed: 18446744073709551615},
		Labeled: 20, Params: demo.Params{Beta: 0.5, Lambda: 10, Theta: 0, LRRLambda: 3, Gap: 1e-9},
		Propagator: "lgc", Alpha: 0.5, Graph: "lrr", Embed: "weights"}
	h := q.Hash()
	if !strings.Contains(h, "embed=weights") || !strings.HasPrefix(h, "data=usps&classes=3&per=40") {
		t.Errorf("hash %q", h)
	}
	for _, prefix := range []string{"", "#"} {
		if got, notice := FromHash(prefix + h); got != q || notice != "" {
			t.Errorf("%q: got %+v, %q", prefix+h, got, notice)
		}
	}
	if !strings.Contains(h, "&gap=1e-09&") {
		t.Errorf("hash %q lacks the gap", h)
	}
	for _, key := range []string{"embed", "gap"} {
		if strings.Contains(Default().Hash(), key) {
			t.Errorf("default hash %q names %s", Default().Hash(), key)
		}
	}
}

func TestFromHashPartial(t *testing.T) {
	p, notice := FromHash("seed=7&beta=1")
	want := Default()
	want.Seed, want.Beta = 7, 1
	if p != want || notice != "" {
		t.Errorf("got %+v, %q", p, notice)
	}
	if p, notice := FromHash(""); p != Default() || notice != "" {
		t.Errorf("empty: %+v %q", p, notice)
	}
}

// TestFromHashMalformed checks that a setting the link gets wrong falls
// back alone, named in the notice, while the link's other settings hold.
func TestFromHashMalformed(t *testing.T) {
	def := Default()
	with := func(mod func(p *Params)) Params {
		p := def
		mod(&p)
		return p
	}
	for _, c := range []struct {
		hash string
		want Params
		say  []string
	}{
		{"beta=abc&seed=4", with(func(p *Params) { p.Seed = 4 }), []string{"beta=abc"}},
		{"beta=NaN", def, []string{"beta=NaN"}},
		{"seed=-1&classes=x&lambda=2", with(func(p *Params) { p.Lambda = 2 }), []string{"classes=x", "seed=-1"}},
		{"seed=1.5", def, []string{"seed=1.5"}},
		{"colour=red&seed=2", with(func(p *Params) { p.Seed = 2 }), []string{"colour (not a setting)"}},
		{"beta=1&beta=2", def, []string{"beta (given twice)"}},
		{"classes=20&per=10", with(func(p *Params) { p.PerClass = 10 }), []string{"classes=20", "between 2 and 10"}},
		{"classes=10&per=100", with(func(p *Params) { p.Classes = 10 }), []string{"per=100", "more than the browser demo handles"}},
		{"lambda=0&theta=0.1", with(func(p *Params) { p.Theta = 0.1 }), []string{"lambda=0"}},
		{"lrr=-1", def, []string{"lrr=-1"}},
		{"data=mnist&seed=3", with(func(p *Params) { p.Seed = 3 }), []string{"data=mnist"}},
		{"embed=everything&graph=lrr", with(func(p *Params) { p.Graph = "lrr" }), []string{"embed=everything"}},
		{"prop=bfs", def, []string{"prop=bfs"}},
		{"graph=spg", def, []string{"graph=spg"}},
		{"%zz", def, []string{"%zz (not readable)"}},
		{"classes=3&per=5&beta=%ZZ", with(func(p *Params) { p.Classes, p.PerClass = 3, 5 }), []string{"beta=%ZZ (not readable)"}},
		{"classes=3&per=5&x;y", with(func(p *Params) { p.Classes, p.PerClass = 3, 5 }), []string{"x;y (not a setting)"}},
		{"lambda=+2", with(func(p *Params) { p.Lambda = 2 }), nil},
		{"lambda=1e-1&beta=.5", with(func(p *Params) { p.Lambda, p.Beta = 0.1, 0.5 }), nil},
		{"beta=0x1p-2", def, []string{"beta=0x1p-2"}},
		{"&&&===&", def, []string{"=== (no setting named)"}},
		{"data=upload&seed=3", def, []string{"cannot carry an uploaded file"}},
	} {
		p, notice := FromHash(c.hash, "graph", "weights")
		if p != c.want {
			t.Errorf("%q: got %+v, want %+v", c.hash, p, c.want)
		}
		if len(c.say) == 0 && notice != "" {
			t.Errorf("%q: notice %q, want none", c.hash, notice)
		}
		for _, s := range c.say {
			if !strings.Contains(notice, s) {
				t.Errorf("%q: notice %q, want it to say %q", c.hash, notice, s)
			}
		}
	}
}

// TestFromHashPreset checks that a link naming only a data set opens its
// preset, and that the link's own settings override the preset.
func TestFromHashPreset(t *testing.T) {
	for _, name := range append([]string{demo.Synthetic}, Builtin...) {
		p, notice := FromHash("data=" + name + "&seed=2")
		want := ForDataset(name)
		want.Seed = 2
		if p != want || notice != "" {
			t.Errorf("%s: got %+v, %q; want %+v", name, p, notice, want)
		}
		if err := want.Validate(); err != nil {
			t.Errorf("%s: the preset is invalid: %v", name, err)
		}
		if name != demo.Synthetic && (want.Noise != 0 || want.Corrupt != 0) {
			t.Errorf("%s: the preset adds noise %g and corruption %g to the paper's data", name, want.Noise, want.Corrupt)
		}
		if p, _ := FromHash("data=" + name + "&lambda=50"); p.Lambda != 50 || p.Beta != want.Beta {
			t.Errorf("%s: lambda=50 gives %+v", name, p)
		}
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		name string
		mod  func(p *Params)
		want string
	}{
		{"labeled", func(p *Params) { p.Labeled = 0 }, "labeled"},
		{"noise", func(p *Params) { p.Noise = 2 }, "noise"},
		{"corrupt", func(p *Params) { p.Corrupt = 60 }, "corrupted"},
		{"beta", func(p *Params) { p.Beta = -1 }, "β must be between 0 and 100, have -1"},
		{"theta", func(p *Params) { p.Theta = 1.5 }, "θ"},
		{"alpha", func(p *Params) { p.Alpha = 1 }, "LGC's α"},
		{"per class", func(p *Params) { p.PerClass = 1 }, "samples per class"},
		{"cap", func(p *Params) { p.Classes, p.PerClass = 5, 81 }, "405 samples"},
		{"lrr", func(p *Params) { p.LRRLambda = 0 }, "LRR"},
		{"too few", func(p *Params) { p.Classes, p.PerClass = 2, 2 }, "4 samples are too few"},
		{"gap below", func(p *Params) { p.Gap = 1e-13 }, "gap"},
		{"gap above", func(p *Params) { p.Gap = 0.5 }, "gap"},
		{"gap negative", func(p *Params) { p.Gap = -1e-3 }, "gap"},
	} {
		p := Default()
		c.mod(&p)
		if err := p.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one about %q", c.name, err, c.want)
		}
	}
	// An upload's size is known only in the worker: classes and samples per
	// class do not apply.
	p := Default()
	p.Dataset, p.Classes, p.PerClass = demo.Upload, 0, 0
	if err := p.Validate(); err != nil {
		t.Errorf("upload: %v", err)
	}
	if s := p.Data; s.Classes != 0 || s.PerClass != 0 || s.Dataset != demo.Upload {
		t.Errorf("upload spec %+v", s)
	}
	// An upload drawn down class by class.
	p.Classes, p.PerClass = 3, 20
	if s := p.Data; s.Classes != 3 || s.PerClass != 20 {
		t.Errorf("upload spec %+v", s)
	}
	p.Classes = 0
	var fe *FieldError
	if err := p.Validate(); !errors.As(err, &fe) || fe.Field != "classes" {
		t.Errorf("upload with classes 0 and 20 per class: %v", err)
	}
}

// TestJobs checks the jobs of the default settings: every graph, in the
// order of demo.Order, in the page's units (percent).
func TestJobs(t *testing.T) {
	p := Default()
	jobs := p.Jobs(demo.File{}, 5)
	if len(jobs) != len(demo.Order) || !jobs[0].SendData || jobs[1].SendData || jobs[0].ID != 5 || jobs[3].ID != 8 {
		t.Fatalf("jobs %+v", jobs)
	}
	for k, j := range jobs {
		if j.Method != demo.Order[k] || j.Data.Corrupt != 20 || j.Data.Seed != 1 || j.Params.Lambda != p.Lambda || j.Params.LRRLambda != p.LRRLambda {
			t.Errorf("job %d: %+v", k, j)
		}
	}
}

// TestNeeds checks what a change recomputes, as the table says.
func TestNeeds(t *testing.T) {
	p := Default()
	for _, c := range []struct {
		mod  func(q *Params)
		want Work
	}{
		{func(q *Params) {}, View},
		{func(q *Params) { q.Graph, q.Propagator, q.Embed, q.Alpha, q.Tour = "lrr", "lgc", "weights", 0.5, 3 }, View},
		{func(q *Params) { q.Labeled, q.LabelSeed, q.Flip = 20, 4, "2" }, Labels},
		{func(q *Params) { q.Theta = 0.2 }, Reweigh},
		{func(q *Params) { q.Beta, q.Lambda, q.Gap, q.Theta = 1, 2, 1e-6, 0.2 }, SolveNNLRS},
		{func(q *Params) { q.LRRLambda, q.Beta = 3, 1 }, SolveLRR},
		{func(q *Params) { q.Seed = 9 }, Draw},
		{func(q *Params) { q.Noise = 0.5 }, Draw},
	} {
		q := p
		c.mod(&q)
		if got := Needs(q, p); got != c.want {
			t.Errorf("%v: needs %d, want %d", Differ(q, p), got, c.want)
		}
	}
	q := p
	q.Graph, q.Beta = "lrr", 1
	if v := p.WithView(q); v.Graph != "lrr" || v.Beta != p.Beta {
		t.Errorf("WithView: %+v", v)
	}
	if !Same(p, q, Draw) || Same(p, q, SolveNNLRS) {
		t.Error("Same")
	}
}

// FuzzFromHash feeds FromHash arbitrary fragments: it never panics, always
// returns valid settings, and the settings it returns survive a round
// trip through Hash with no notice.
func FuzzFromHash(f *testing.F) {
	f.Add(Default().Hash())
	f.Add("#data=usps&classes=3&per=40&embed=weights&seed=18446744073709551615")
	f.Add("beta=1e400&lambda=-0&theta=0x1p-3")
	f.Add("%zz&&=&seed=")
	f.Add("data=pie&classes=10&per=100")
	f.Add("classes=3&per=5&beta=%ZZ&lambda=+2&&&===&")
	f.Fuzz(func(t *testing.T, hash string) {
		p, _ := FromHash(hash)
		if err := p.Validate(); err != nil {
			t.Fatalf("%q: invalid settings %+v: %v", hash, p, err)
		}
		if q, n := FromHash(p.Hash()); q != p || n != "" {
			t.Fatalf("%q: %+v does not survive its hash %q: %+v, %q", hash, p, p.Hash(), q, n)
		}
	})
}

func TestPresetNote(t *testing.T) {
	Presets["test"] = Preset{Seeds: "1, 2", ErrorGHF: map[method.Name]float64{"nnlrs": 0.2, "l1": 0.1, "lrr": 0.3, "knn0": 0.15}}
	defer delete(Presets, "test")
	want := "With this preset, GHF misclassified (mean of seeds 1, 2): NNLRS 20%, l1 10%, LRR 30%, kNN 15%. On these data l1 and kNN did better than NNLRS."
	if got := PresetNote("test"); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	Presets["test"] = Preset{Seeds: "1", ErrorGHF: map[method.Name]float64{"nnlrs": 0.05, "l1": 0.1}}
	if got := PresetNote("test"); !strings.HasSuffix(got, "NNLRS did best here.") {
		t.Errorf("got %q", got)
	}
	if got := PresetNote(demo.Synthetic); got != "" {
		t.Errorf("synthetic: %q", got)
	}
}

// TestDataNote checks that the data set's note describes the draw on
// screen: the preset's numbers for the preset's draw; for another draw, its
// own size and parameters first, and the preset's numbers named as such.
func TestDataNote(t *testing.T) {
	p := ForDataset("yaleb")
	if got, want := DataNote(p), PresetNote("yaleb"); got != want || got == "" {
		t.Errorf("the preset: %q, want %q", got, want)
	}
	p.Classes, p.PerClass = 10, 40
	got := DataNote(p)
	if !strings.HasPrefix(got, "This draw is 10 people × 40 at 30% labeled, with NNLRS λ = 5") || !strings.Contains(got, "The preset (5 × 20 at 30% labeled") {
		t.Errorf("10 × 40: %q", got)
	}
	if got := DataNote(Default()); got != "" {
		t.Errorf("synthetic: %q", got)
	}
}

func TestDiffer(t *testing.T) {
	p, q := Default(), Default()
	q.Lambda, q.Dataset, q.Graph = 2, "usps", "lrr"
	if got := strings.Join(Differ(p, q), ","); got != "data,lambda,graph" {
		t.Errorf("Differ: %q", got)
	}
	if d := Differ(p, p); d != nil {
		t.Errorf("Differ(p, p) = %q", d)
	}
}

// TestFlip checks the clicked labels: toggling keeps the list sorted and
// 1-based, toggling twice undoes, the hash carries it, and Given flips
// exactly those samples of the seeded draw.
func TestFlip(t *testing.T) {
	p := Default()
	p = p.Toggle(41).Toggle(2).Toggle(16)
	if p.Flip != "3.17.42" {
		t.Fatalf("Flip = %q", p.Flip)
	}
	if q, notice := FromHash(p.Hash()); q.Flip != p.Flip || notice != "" {
		t.Errorf("hash round trip: %q, notice %q", q.Flip, notice)
	}
	if q := p.Toggle(16); q.Flip != "3.42" {
		t.Errorf("untoggle: %q", q.Flip)
	}
	if strings.Contains(Default().Hash(), "flip") {
		t.Error("an empty flip is in the hash")
	}
	truth := make([]int, p.N())
	for i := range truth {
		truth[i] = i / p.PerClass
	}
	drawn, given := Default().Given(truth), p.Given(truth)
	for i := range truth {
		flipped := i == 2 || i == 16 || i == 41
		if (drawn[i] == given[i]) == flipped {
			t.Errorf("sample %d: drawn %d, given %d", i+1, drawn[i], given[i])
		}
		if given[i] != -1 && given[i] != truth[i] {
			t.Errorf("sample %d given %d, truth %d", i+1, given[i], truth[i])
		}
	}
	for _, bad := range []string{"0", "3.3", "5.2", "x", "1..2", "101"} {
		q := Default()
		q.Flip = bad
		var fe *FieldError
		if err := q.Validate(); !errors.As(err, &fe) || fe.Field != "flip" {
			t.Errorf("flip %q: %v", bad, err)
		}
		if r, notice := FromHash("flip=" + bad); r.Flip != "" || !strings.Contains(notice, "flip") {
			t.Errorf("link flip=%s: %q, notice %q", bad, r.Flip, notice)
		}
	}
}

// TestTourLinks checks that every step of the tour is a link: "#tour=N"
// alone restores the step, the page's full link of it too, embedded or
// not, and a bad step number falls back with a notice.
func TestTourLinks(t *testing.T) {
	if n := len(TourSteps); n < 5 || n > 8 {
		t.Errorf("the tour has %d steps, want 5-8", n)
	}
	for n := 1; n <= len(TourSteps); n++ {
		s := TourSteps[n-1]
		if s.Title == "" || s.Text == "" || s.View == "" || s.Params.Tour != 0 || s.Params.Embed != "" {
			t.Errorf("step %d: %+v", n, s)
		}
		for _, embedded := range []bool{false, true} {
			want := AtTour(n, embedded)
			if err := want.Validate(); err != nil {
				t.Errorf("step %d: %v", n, err)
			}
			if embedded != (want.Embed == s.View) || want.Tour != n {
				t.Errorf("step %d embedded %v: %+v", n, embedded, want)
			}
			short := fmt.Sprintf("#tour=%d", n)
			if embedded {
				short += "&embed=" + s.View
			}
			for _, link := range []string{short, "#" + want.Hash()} {
				if got, notice := FromHash(link); got != want || notice != "" {
					t.Errorf("%s: got %+v, %q; want %+v", link, got, notice, want)
				}
			}
		}
	}
	if strings.Contains(Default().Hash(), "tour") {
		t.Errorf("default hash %q names the tour", Default().Hash())
	}
	// A step with other data starts from that data's preset.
	p, notice := FromHash("#tour=2&data=usps")
	if want := ForDataset("usps"); notice != "" || p.Tour != 2 || p.Dataset != "usps" || p.Lambda != want.Lambda || p.Classes != want.Classes {
		t.Errorf("tour=2&data=usps: %+v, %q", p, notice)
	}
	for _, bad := range []string{"#tour=-1", "#tour=99", "#tour=x"} {
		p, notice := FromHash(bad)
		if p.Tour != 0 || notice == "" {
			t.Errorf("%s: tour %d, notice %q", bad, p.Tour, notice)
		}
	}
}

// TestLabelSeed checks that the labels' seed draws the labels alone: the
// same data and job specification but for it, another labeled set, and a
// link that carries it only when set.
func TestLabelSeed(t *testing.T) {
	p := Default()
	q := p
	q.LabelSeed = 7
	if !q.SameData(p) || q.LabelsSeed() != 7 || p.LabelsSeed() != p.Seed {
		t.Errorf("LabelsSeed: %d and %d", q.LabelsSeed(), p.LabelsSeed())
	}
	truth := make([]int, 100)
	for i := range truth {
		truth[i] = 1 + i/25
	}
	if slices.Equal(p.Given(truth), q.Given(truth)) {
		t.Error("another labels' seed draws the same labels")
	}
	if strings.Contains(p.Hash(), "lseed") || !strings.Contains(q.Hash(), "lseed=7") {
		t.Errorf("links %q and %q", p.Hash(), q.Hash())
	}
	if got, notice := FromHash(q.Hash()); got != q || notice != "" {
		t.Errorf("round trip: %+v, %q", got, notice)
	}
}

// TestLinkTags checks that the link key a field of demo.Data or
// demo.Params carries in its tag (which the solver worker reads links by)
// is the key of the setting that writes that field.
func TestLinkTags(t *testing.T) {
	var p Params
	for _, v := range []reflect.Value{reflect.ValueOf(&p.Data).Elem(), reflect.ValueOf(&p.Params).Elem()} {
		for i := range v.NumField() {
			f := v.Type().Field(i)
			s := Lookup(f.Tag.Get("link"))
			if s == nil {
				t.Errorf("%s.%s: tag %q names no setting", v.Type(), f.Name, f.Tag.Get("link"))
				continue
			}
			want := "7"
			if f.Type.Kind() == reflect.String {
				want = "usps"
			}
			q := Params{}
			if err := s.Set(&q, want); err != nil {
				t.Fatal(err)
			}
			vq := reflect.ValueOf(&q).Elem().FieldByName(f.Name)
			if got := fmt.Sprint(vq.Interface()); got != want {
				t.Errorf("setting %s writes %s.%s = %s, want %s", s.Key, v.Type(), f.Name, got, want)
			}
		}
	}
}

// TestLinksJob checks that the first job of a link read from the bases
// (demo.Links, as the solver worker reads it) is the page's first job for
// the settings the page reads from the link.
func TestLinksJob(t *testing.T) {
	links := Links()
	for _, link := range []string{"", "#data=usps", "#data=pie&seed=3", "#tour=1", "#tour=8", "#tour=5&data=yaleb", "#paper=beta&live=1",
		"#lambda=0.7&beta=0.05&theta=0.2&lrr=3&gap=1e-6&noise=0.1&corrupt=5&classes=3&per=30&seed=9"} {
		j, ok := links.Job(link)
		p, notice := FromHash(link)
		want := p.Jobs(demo.File{}, 0)[0]
		if !ok || notice != "" || !reflect.DeepEqual(j, want) {
			t.Errorf("%q: job %+v (%v), page's %+v (notice %q)", link, j, ok, want, notice)
		}
	}
}

// TestChoices checks that every choice lists its options with words, the
// figures of the paper each once, and that Validate holds a value to them.
func TestChoices(t *testing.T) {
	for _, s := range Settings {
		if s.Control != Choice {
			continue
		}
		opts := s.Options(demo.Builtins)
		if len(opts) < 2 {
			t.Errorf("%s: %d options", s.Key, len(opts))
		}
		for _, o := range opts {
			p := Default()
			if err := s.Set(&p, o.Value); err != nil || o.Label == "" || p.Validate() != nil && s != Dataset {
				t.Errorf("%s: option %+v: %v, %v", s.Key, o, err, p.Validate())
			}
		}
		p := Default()
		s.Set(&p, "nosuch")
		if err := p.Validate(); err == nil || !strings.Contains(err.Error(), `unknown `+s.Name+` "nosuch"`) {
			t.Errorf("%s=nosuch: %v", s.Key, err)
		}
	}
	if got := len(Paper.Options(nil)); got != len(PaperFigures)+1 {
		t.Errorf("%d paper options, want the %d figures and none", got, len(PaperFigures))
	}
}

// TestExercises checks that every exercise's link opens without a notice
// and keeps exactly one control usable, the one its question is about.
func TestExercises(t *testing.T) {
	if len(Exercises) < 3 {
		t.Fatalf("%d exercises, want at least 3", len(Exercises))
	}
	for _, e := range Exercises {
		p, notice := FromHash(e.Link)
		if notice != "" || p.Validate() != nil || e.Title == "" || e.Question == "" || e.Answer == "" {
			t.Errorf("%s: %q (%v)", e.Title, notice, p.Validate())
		}
		var usable []string
		for _, s := range Controls() {
			if _, ok := p.Access(s); ok {
				usable = append(usable, s.Key)
			}
		}
		if len(usable) != 1 || usable[0] != p.Only {
			t.Errorf("%s: usable %v", e.Title, usable)
		}
	}
}

// TestFieldErrorLine: the page's line beside a control is a sentence, but a
// file's name at its start keeps its case.
func TestFieldErrorLine(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{"choose a .mat or .csv file to load first", "Choose a .mat or .csv file to load first."},
		{"λ must be positive.", "λ must be positive."},
		{"faces.CSV: row 7 is not a number", "faces.CSV: row 7 is not a number."},
		{"nan.csv holds NaN", "nan.csv holds NaN."},
		{"", ""},
	} {
		if got := (&FieldError{Field: "x", Msg: c.msg}).Line(); got != c.want {
			t.Errorf("Line of %q = %q, want %q", c.msg, got, c.want)
		}
	}
}
