package experiment

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
)

// Protocol describes a data set and how the paper samples it.
type Protocol struct {
	// Name is the command-line name: usps, yaleb, pie or synthetic.
	Name string
	// Title names the data set in tables as the paper does.
	Title string
	// File is the MAT-file in the data folder; empty for synthetic data.
	File string
	// Classes are the labels of the classes used.
	Classes []int
	// PerClass samples of every class are drawn in each transductive run.
	PerClass int
	// Train samples of every class are the training images of the SDA
	// protocol; the remaining images of the class are the test images.
	Train int
	// Synthetic describes the synthetic data (Name == "synthetic"); every
	// trial draws new data, PerClass samples per class for the
	// transductive runs and Train + SyntheticTest for SDA.
	Synthetic     dataset.SyntheticParams
	SyntheticTest int
	// Note tells how the protocol departs from the paper's, if it does.
	Note string
}

// Protocols returns the protocols of the paper's data sets (Section V-A and
// V-B) and of the synthetic data:
//
//	usps       USPS digits 1–4, 200 random images per digit
//	yaleb      Extended Yale B, the first 15 subjects, 50 random images each
//	pie        CMU PIE, the 10 subjects available, 50 random images each
//	synthetic  5 independent 5-dimensional subspaces of R^50, 20 samples each,
//	           noise 0.05, 10% of the samples grossly corrupted
//
// For SDA (Section V-C) every protocol takes 30 training images per class
// (synthetic: 20, with 20 test samples).
func Protocols() []Protocol {
	seq := func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = i + 1
		}
		return s
	}
	return []Protocol{
		{Name: "usps", Title: "USPS", File: "USPS.mat", Classes: []int{1, 2, 3, 4}, PerClass: 200, Train: 30},
		{Name: "yaleb", Title: "YaleB", File: "YaleB_32x32.mat", Classes: seq(15), PerClass: 50, Train: 30},
		{Name: "pie", Title: "PIE", File: "PIE_32x32_10subjects.mat", Classes: seq(10), PerClass: 50, Train: 30,
			Note: "only the first 10 of the paper's 15 PIE subjects are available"},
		{Name: "synthetic", Title: "Synthetic", Classes: seq(5), PerClass: 20, Train: 20, SyntheticTest: 20,
			Synthetic: dataset.SyntheticParams{Classes: 5, Dim: 5, Ambient: 50, Noise: 0.05, Corrupt: 0.1},
			Note:      "not in the paper: a union of independent subspaces, the model NNLRS is built for"},
	}
}

// Lookup returns the protocol named name.
func Lookup(name string) (Protocol, error) {
	var names []string
	for _, p := range Protocols() {
		if p.Name == name {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Protocol{}, fmt.Errorf("experiment: unknown data set %q (data sets: %s)", name, strings.Join(names, ", "))
}

// IsSynthetic reports whether the protocol generates its data.
func (p Protocol) IsSynthetic() bool { return p.File == "" }

// Load reads the protocol's data set from the folder dir and checks that
// it has the classes and samples the protocol needs. Synthetic protocols
// need no file and return nil.
func (p Protocol) Load(dir string) (*dataset.Set, error) {
	if p.IsSynthetic() {
		return nil, nil
	}
	s, err := dataset.Load(filepath.Join(dir, p.File))
	if err != nil {
		return nil, err
	}
	if s.Labels == nil {
		return nil, fmt.Errorf("experiment: %s has no labels", p.File)
	}
	count := map[int]int{}
	for _, l := range s.Labels {
		count[l]++
	}
	for _, c := range p.Classes {
		if count[c] < max(p.PerClass, p.Train+1) {
			return nil, fmt.Errorf("experiment: %s: class %d has %d samples, the protocol needs %d",
				p.File, c, count[c], max(p.PerClass, p.Train+1))
		}
	}
	return s, nil
}

// Draw returns the data of one transductive run: PerClass random samples
// of every class of full (or freshly generated synthetic data), class by
// class, normalized to unit l2 norm as the paper does.
func (p Protocol) Draw(full *dataset.Set, rng *rand.Rand) (*dataset.Set, error) {
	var s *dataset.Set
	var err error
	if p.IsSynthetic() {
		sp := p.Synthetic
		sp.PerClass = p.PerClass
		s, err = dataset.Synthetic(sp, rng)
	} else {
		s, err = full.Subset(p.Classes, p.PerClass, rng)
	}
	if err != nil {
		return nil, err
	}
	s.NormalizeUnit()
	return s, nil
}

// Split returns the data of one SDA run (Section V-C: "30 images from each
// subject are randomly selected as training images, while the rest images
// as test images"): for every class, Train random training samples, and all
// its other samples for testing, both normalized to unit l2 norm.
func (p Protocol) Split(full *dataset.Set, rng *rand.Rand) (train, test *dataset.Set, err error) {
	if p.IsSynthetic() {
		sp := p.Synthetic
		sp.PerClass = p.Train + p.SyntheticTest
		full, err = dataset.Synthetic(sp, rng)
		if err != nil {
			return nil, nil, err
		}
	}
	var tr, te []int
	for _, c := range p.Classes {
		var members []int
		for j, l := range full.Labels {
			if l == c {
				members = append(members, j)
			}
		}
		if len(members) <= p.Train {
			return nil, nil, fmt.Errorf("experiment: class %d has %d samples, need more than %d", c, len(members), p.Train)
		}
		rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		tr = append(tr, members[:p.Train]...)
		te = append(te, members[p.Train:]...)
	}
	train, test = columns(full, tr), columns(full, te)
	train.NormalizeUnit()
	test.NormalizeUnit()
	return train, test, nil
}

// columns returns the samples idx of s as a new set.
func columns(s *dataset.Set, idx []int) *dataset.Set {
	d, _ := s.X.Dims()
	out := &dataset.Set{Name: s.Name, X: mat.NewDense(d, len(idx), nil), Labels: make([]int, len(idx)), ImageW: s.ImageW, ImageH: s.ImageH}
	for k, j := range idx {
		out.X.SetCol(k, mat.Col(nil, j, s.X))
		out.Labels[k] = s.Labels[j]
	}
	if s.Corrupted != nil {
		out.Corrupted = make([]bool, len(idx))
		for k, j := range idx {
			out.Corrupted[k] = s.Corrupted[j]
		}
	}
	return out
}

// classesOf returns the distinct labels of labels, sorted.
func classesOf(labels []int) []int {
	c := slices.Clone(labels)
	slices.Sort(c)
	return slices.Compact(c)
}
