package dataset

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func newRand() *rand.Rand { return rand.New(rand.NewPCG(1, 1)) }

// labelled returns a set whose sample j is the 2-vector (j, -j), with the
// given labels.
func labelled(labels ...int) *Set {
	n := len(labels)
	x := mat.NewDense(2, n, nil)
	for j := 0; j < n; j++ {
		x.Set(0, j, float64(j))
		x.Set(1, j, -float64(j))
	}
	return &Set{Name: "toy", X: x, Labels: labels, ImageW: 2, ImageH: 1}
}

// checkUnit fails unless every sample of s has unit norm.
func checkUnit(t *testing.T, s *Set) {
	t.Helper()
	_, n := s.X.Dims()
	for j := 0; j < n; j++ {
		// Scaling by 1/||x|| is exact to a few ulps.
		if norm := mat.Norm(s.X.ColView(j), 2); math.Abs(norm-1) > 1e-14 {
			t.Fatalf("sample %d has norm %v, want 1", j, norm)
		}
	}
}

func TestSubset(t *testing.T) {
	// Class 1 has samples 0-9, class 2 samples 10-14, class 3 sample 15.
	labels := make([]int, 16)
	for j := range labels {
		labels[j] = 1 + j/10 + j/15
	}
	s := labelled(labels...)
	s.Corrupted = make([]bool, 16)
	s.Corrupted[12] = true

	sub, err := s.Subset([]int{2, 1}, 4, newRand())
	if err != nil {
		t.Fatal(err)
	}
	if d, n := sub.X.Dims(); d != 2 || n != 8 {
		t.Fatalf("subset is %dx%d, want 2x8", d, n)
	}
	if want := []int{2, 2, 2, 2, 1, 1, 1, 1}; !slices.Equal(sub.Labels, want) {
		t.Errorf("labels %v, want %v", sub.Labels, want)
	}
	if sub.ImageW != 2 || sub.ImageH != 1 || sub.Name != "toy" {
		t.Errorf("subset lost its name or image size: %+v", sub)
	}
	var picked []int
	for k := 0; k < 8; k++ {
		j := int(sub.X.At(0, k)) // sample j is (j, -j)
		if sub.X.At(1, k) != -float64(j) || labels[j] != sub.Labels[k] || sub.Corrupted[k] != (j == 12) {
			t.Errorf("subset sample %d is not a whole sample of the set, with its label and flag", k)
		}
		picked = append(picked, j)
	}
	if slices.Sort(picked); len(slices.Compact(picked)) != 8 {
		t.Errorf("samples drawn twice: %v", picked)
	}

	// The same seed draws the same samples, another seed others.
	again, _ := s.Subset([]int{2, 1}, 4, newRand())
	if !mat.Equal(sub.X, again.X) {
		t.Error("same seed, different draw")
	}
	other, _ := s.Subset([]int{2, 1}, 4, rand.New(rand.NewPCG(2, 2)))
	if mat.Equal(sub.X, other.X) {
		t.Error("different seeds, same draw")
	}
	// The subset is a copy.
	sub.X.Set(0, 0, 100)
	if mat.Max(s.X) == 100 {
		t.Error("subset shares data with the set")
	}

	// Drawing every sample of a class permutes it.
	all, err := s.Subset([]int{3, 2}, 1, newRand())
	if err != nil || !slices.Equal(all.Labels, []int{3, 2}) || all.X.At(0, 0) != 15 {
		t.Errorf("got %v, %v", all, err)
	}
	whole, err := s.Subset([]int{2}, 5, newRand())
	if err != nil {
		t.Fatal(err)
	}
	got := mat.Row(nil, 0, whole.X)
	slices.Sort(got)
	if !slices.Equal(got, []float64{10, 11, 12, 13, 14}) {
		t.Errorf("class 2 in full is %v", got)
	}
}

// TestSubsetUniform checks that each sample of a class is drawn about
// equally often.
func TestSubsetUniform(t *testing.T) {
	s := labelled(1, 1, 1, 1, 1)
	rng := newRand()
	count := make([]int, 5)
	const runs = 5000
	for r := 0; r < runs; r++ {
		sub, err := s.Subset([]int{1}, 2, rng)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 2; k++ {
			count[int(sub.X.At(0, k))]++
		}
	}
	// Each sample is drawn with probability 2/5: 2000 of 5000 runs, with
	// a standard deviation of sqrt(5000·0.4·0.6) ≈ 35; allow 5 of them.
	for j, c := range count {
		if math.Abs(float64(c)-2000) > 5*35 {
			t.Errorf("sample %d drawn %d times, want about 2000", j, c)
		}
	}
}

func TestSubsetErrors(t *testing.T) {
	s := labelled(1, 1, 1, 2, 2)
	for _, test := range []struct {
		name     string
		set      *Set
		classes  []int
		perClass int
		want     string
	}{
		{"too many", s, []int{1, 2}, 3, "dataset: class 2 has 2 samples, fewer than the 3 requested"},
		{"absent", s, []int{1, 7}, 1, "dataset: class 7 is absent from toy (classes: [1 2])"},
		{"absent first", s, []int{7}, 0, "dataset: class 7 is absent from toy (classes: [1 2])"},
		{"twice", s, []int{1, 2, 1}, 1, "dataset: class 1 listed twice"},
		{"none", s, nil, 1, "dataset: no classes to draw"},
		{"zero", s, []int{1}, 0, "dataset: 0 samples per class requested, need at least 1"},
		{"no labels", &Set{X: mat.NewDense(1, 1, nil)}, []int{1}, 1, "dataset: the data set has no labels to draw classes from"},
	} {
		_, err := test.set.Subset(test.classes, test.perClass, newRand())
		if err == nil || err.Error() != test.want {
			t.Errorf("%s: got error\n\t%v, want\n\t%s", test.name, err, test.want)
		}
	}
}

func TestNormalizeUnit(t *testing.T) {
	s := &Set{X: mat.NewDense(2, 6, []float64{
		3, 0, 1e-300, 1e300, math.MaxFloat64, -5e-324,
		4, 0, 1e-300, 1e300, math.MaxFloat64, 0,
	})}
	s.NormalizeUnit()
	want := mat.NewDense(2, 6, []float64{
		0.6, 0, math.Sqrt2 / 2, math.Sqrt2 / 2, math.Sqrt2 / 2, -1,
		0.8, 0, math.Sqrt2 / 2, math.Sqrt2 / 2, math.Sqrt2 / 2, 0,
	})
	// Tiny, huge and denormal samples must neither underflow nor
	// overflow.
	if !mat.EqualApprox(s.X, want, 1e-15) {
		t.Errorf("got\n%v\nwant\n%v", mat.Formatted(s.X), mat.Formatted(want))
	}
	// A denormal sample is as exact as its entries: 3e-310 and 4e-310 are
	// multiples of the denormal spacing 2^-1074 ≈ 4.9e-324, a relative
	// rounding of at most 4.9e-324/3e-310 ≈ 1.6e-14.
	s = &Set{X: mat.NewDense(2, 1, []float64{3e-310, 4e-310})}
	s.NormalizeUnit()
	if got := s.X.RawMatrix().Data; math.Abs(got[0]-0.6) > 1.6e-14 || math.Abs(got[1]-0.8) > 1.6e-14 {
		t.Errorf("denormal sample (3e-310, 4e-310) normalized to %v, want (0.6, 0.8)", got)
	}
}

func TestClasses(t *testing.T) {
	if got := labelled(3, 1, 3, 2, 1).Classes(); !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("got %v, want [1 2 3]", got)
	}
	if got := (&Set{}).Classes(); got != nil {
		t.Errorf("got %v, want nil", got)
	}
}

func TestNumberNames(t *testing.T) {
	labels, all := NumberNames([]string{"dog", "cat", "dog", "emu"}, []string{"cat", "ant"})
	if want := []int{2, 0, 2, 3}; !slices.Equal(labels, want) {
		t.Errorf("labels %v, want %v", labels, want)
	}
	if want := []string{"cat", "ant", "dog", "emu"}; !slices.Equal(all, want) {
		t.Errorf("names %q, want %q", all, want)
	}
	s := &Set{ClassNames: all}
	if s.ClassName(2) != "dog" || (&Set{}).ClassName(7) != "7" {
		t.Errorf("ClassName: %q, %q", s.ClassName(2), (&Set{}).ClassName(7))
	}
}

// Draw names the samples Subset takes: the same seed draws the same
// columns, of the classes asked for.
func TestDrawIsSubset(t *testing.T) {
	s := &Set{X: mat.NewDense(1, 12, nil), Labels: []int{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}, ClassNames: nil}
	for j := 0; j < 12; j++ {
		s.X.Set(0, j, float64(j))
	}
	idx, err := s.Draw([]int{3, 1}, 2, rand.New(rand.NewPCG(5, 5)))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := s.Subset([]int{3, 1}, 2, rand.New(rand.NewPCG(5, 5)))
	if err != nil {
		t.Fatal(err)
	}
	for k, j := range idx {
		if sub.X.At(0, k) != float64(j) || sub.Labels[k] != s.Labels[j] || s.Labels[j] != []int{3, 3, 1, 1}[k] {
			t.Errorf("sample %d: drawn column %d (label %d), subset has %v (label %d)", k, j, s.Labels[j], sub.X.At(0, k), sub.Labels[k])
		}
	}
}
