package params

import (
	"strings"
	"testing"

	"nnlrs/wasm/protocol"
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
	q := Params{Dataset: "usps", Classes: 3, PerClass: 40, Labeled: 20, Noise: 0, Corrupt: 5,
		Beta: 0.5, Lambda: 10, Theta: 0, Propagator: "lgc", Alpha: 0.5, Seed: 18446744073709551615,
		Graph: "lrr", Embed: "weights"}
	h := q.Hash()
	if !strings.Contains(h, "embed=weights") || !strings.HasPrefix(h, "data=usps&classes=3&per=40") {
		t.Errorf("hash %q", h)
	}
	for _, prefix := range []string{"", "#"} {
		if got, notice := FromHash(prefix + h); got != q || notice != "" {
			t.Errorf("%q: got %+v, %q", prefix+h, got, notice)
		}
	}
	if strings.Contains(Default().Hash(), "embed") {
		t.Errorf("default hash %q names embed", Default().Hash())
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

func TestFromHashMalformed(t *testing.T) {
	for _, c := range []struct{ hash, want string }{
		{"beta=abc", "(beta)"},
		{"beta=NaN", "(beta)"},
		{"seed=-1&classes=x", "(classes, seed)"},
		{"colour=red", "(colour)"},
		{"beta=1&beta=2", "(beta)"},
		{"%zz", "could not be read"},
		{"classes=20", "out of range"},
		{"classes=10&per=100", "more than the browser demo handles"},
		{"lambda=0", "out of range"},
		{"data=upload", "cannot carry an uploaded file"},
		{"data=mnist", "unknown data set"},
		{"embed=everything", "unknown view"},
		{"prop=bfs", "unknown propagation"},
		{"graph=spg", "unknown graph"},
	} {
		p, notice := FromHash(c.hash)
		if p != Default() {
			t.Errorf("%q: got %+v, want the defaults", c.hash, p)
		}
		if !strings.Contains(notice, c.want) {
			t.Errorf("%q: notice %q, want it to say %q", c.hash, notice, c.want)
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
		{"beta", func(p *Params) { p.Beta = -1 }, "beta"},
		{"theta", func(p *Params) { p.Theta = 1.5 }, "theta"},
		{"alpha", func(p *Params) { p.Alpha = 1 }, "alpha"},
		{"per class", func(p *Params) { p.PerClass = 1 }, "samples per class"},
		{"cap", func(p *Params) { p.Classes, p.PerClass = 5, 81 }, "405 samples"},
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
	p.Dataset, p.Classes, p.PerClass = protocol.Upload, 0, 0
	if err := p.Validate(); err != nil {
		t.Errorf("upload: %v", err)
	}
	if s := p.Spec(); s.Classes != 0 || s.PerClass != 0 || s.Dataset != protocol.Upload {
		t.Errorf("upload spec %+v", s)
	}
}

func TestSpec(t *testing.T) {
	p := Default()
	s := p.Spec()
	if s.Labeled != 0.05 || s.Corrupt != 0.2 || s.Lambda != p.Lambda || s.Seed != 1 {
		t.Errorf("spec %+v", s)
	}
	q := p
	q.Graph, q.Propagator, q.Embed = "lrr", "lgc", "weights"
	if !p.SameRun(q) {
		t.Error("view settings change the run")
	}
	q.Beta = 1
	if p.SameRun(q) {
		t.Error("beta does not change the run")
	}
}

// FuzzFromHash feeds FromHash arbitrary fragments: it never panics, always
// returns valid settings, returns the defaults whenever it gives a notice,
// and the settings it accepts survive a round trip through Hash.
func FuzzFromHash(f *testing.F) {
	f.Add(Default().Hash())
	f.Add("#data=usps&classes=3&per=40&embed=weights&seed=18446744073709551615")
	f.Add("beta=1e400&lambda=-0&theta=0x1p-3")
	f.Add("%zz&&=&seed=")
	f.Fuzz(func(t *testing.T, hash string) {
		p, notice := FromHash(hash)
		if err := p.Validate(); err != nil {
			t.Fatalf("%q: invalid settings %+v: %v", hash, p, err)
		}
		if notice != "" {
			if p != Default() {
				t.Fatalf("%q: notice %q with settings %+v, not the defaults", hash, notice, p)
			}
			return
		}
		if q, n := FromHash(p.Hash()); q != p || n != "" {
			t.Fatalf("%q: %+v does not survive its hash %q: %+v, %q", hash, p, p.Hash(), q, n)
		}
	})
}
