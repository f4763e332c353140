package dataset

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/mat"
)

// Set is a labelled data set.
type Set struct {
	// Name describes the data, e.g. the file name without extension.
	Name string
	// X is d×n, one sample per column.
	X *mat.Dense
	// Labels holds the n class labels, nil when the data have none.
	Labels []int
	// ClassNames, when not nil, names the classes: the labels are 0, 1,
	// ... and ClassNames[l] is the name of class l, as the file spelled
	// it (a CSV label column of names). It is nil for integer labels.
	ClassNames []string
	// ImageW and ImageH give the pixel layout when samples are images
	// (USPS 16×16, YaleB and PIE 32×32): pixel (x, y) of sample j is
	// X(y+x*ImageH, j), column-major as in MATLAB. They are 0 otherwise.
	ImageW, ImageH int
	// Corrupted flags, for synthetic data only, the samples that were
	// grossly corrupted; it is nil otherwise.
	Corrupted []bool
}

// Classes returns the distinct labels of s in increasing order, or nil when
// s has no labels.
func (s *Set) Classes() []int {
	if s.Labels == nil {
		return nil
	}
	c := slices.Clone(s.Labels)
	slices.Sort(c)
	return slices.Compact(c)
}

// Subset draws perClass samples of each of the classes, following the
// paper's protocol (Zhuang et al., Section V-A: USPS is restricted to the
// digits 1-4, YaleB and PIE to their first 15 subjects; Section V-B: "we
// randomly select 50 images from each subject as our data sets in each
// run", 200 per digit for USPS). For every class, in the order
// given, it draws perClass distinct samples uniformly at random from rng, so
// that a seed reproduces the draw. The result holds the samples class by
// class, in the order of classes, and within a class in the order drawn;
// it shares no data with s.
//
// Subset returns an error if s has no labels, classes is empty or repeats a
// class, a class is absent from s or has fewer than perClass samples, or
// perClass < 1. It panics if rng is nil.
func (s *Set) Subset(classes []int, perClass int, rng *rand.Rand) (*Set, error) {
	idx, err := s.Draw(classes, perClass, rng)
	if err != nil {
		return nil, err
	}
	return s.Pick(idx), nil
}

// Draw returns the samples Subset draws, as their indices in s (columns
// of X), in the order of the subset; it fails as Subset does.
func (s *Set) Draw(classes []int, perClass int, rng *rand.Rand) ([]int, error) {
	if rng == nil {
		panic("dataset: nil rng")
	}
	if s.Labels == nil {
		return nil, errorf("%s has no labels to draw classes from", s.describe())
	}
	if len(classes) == 0 {
		return nil, errorf("no classes to draw")
	}
	members := map[int][]int{}
	for j, l := range s.Labels {
		members[l] = append(members[l], j)
	}
	for i, c := range classes {
		if slices.Contains(classes[:i], c) {
			return nil, errorf("class %d listed twice", c)
		}
		if len(members[c]) == 0 {
			return nil, errorf("class %d is absent from %s (classes: %v)", c, s.describe(), s.Classes())
		}
	}
	if perClass < 1 {
		return nil, errorf("%d samples per class requested, need at least 1", perClass)
	}
	for _, c := range classes {
		if k := len(members[c]); k < perClass {
			return nil, errorf("class %d has %d samples, fewer than the %d requested", c, k, perClass)
		}
	}

	idx := make([]int, 0, len(classes)*perClass)
	for _, c := range classes {
		// A partial Fisher-Yates shuffle: the first perClass entries of
		// m become a uniform draw without replacement, in draw order.
		m := slices.Clone(members[c])
		for k := 0; k < perClass; k++ {
			r := k + rng.IntN(len(m)-k)
			m[k], m[r] = m[r], m[k]
		}
		idx = append(idx, m[:perClass]...)
	}
	return idx, nil
}

// Pick returns the samples idx of s (columns of X), in that order, as a
// new set that shares no data with s. It panics if an index is out of
// range.
func (s *Set) Pick(idx []int) *Set {
	d, _ := s.X.Dims()
	out := &Set{
		Name:       s.Name,
		X:          mat.NewDense(d, len(idx), nil),
		ClassNames: slices.Clone(s.ClassNames),
		ImageW:     s.ImageW,
		ImageH:     s.ImageH,
	}
	if s.Labels != nil {
		out.Labels = make([]int, len(idx))
	}
	if s.Corrupted != nil {
		out.Corrupted = make([]bool, len(idx))
	}
	for k, j := range idx {
		out.X.Slice(0, d, k, k+1).(*mat.Dense).Copy(s.X.Slice(0, d, j, j+1))
		if s.Labels != nil {
			out.Labels[k] = s.Labels[j]
		}
		if s.Corrupted != nil {
			out.Corrupted[k] = s.Corrupted[j]
		}
	}
	return out
}

// ClassName returns the name of class l: ClassNames[l], or the integer
// label in decimal when the classes have no names.
func (s *Set) ClassName(l int) string {
	if s.ClassNames != nil && l >= 0 && l < len(s.ClassNames) {
		return s.ClassNames[l]
	}
	return strconv.Itoa(l)
}

// NumberNames numbers class names in the order of their first
// appearance, after the names of known (which keep their numbers 0 to
// len(known) − 1): it returns the label of each of names, and all, the
// names of every label, known ones first.
func NumberNames(names, known []string) (labels []int, all []string) {
	all = slices.Clone(known)
	index := make(map[string]int, len(all))
	for i, name := range all {
		if _, ok := index[name]; !ok {
			index[name] = i
		}
	}
	labels = make([]int, len(names))
	for i, name := range names {
		l, ok := index[name]
		if !ok {
			l = len(all)
			index[name] = l
			all = append(all, name)
		}
		labels[i] = l
	}
	return labels, all
}

// describe names s in error messages.
func (s *Set) describe() string {
	if s.Name == "" {
		return "the data set"
	}
	return s.Name
}

// NormalizeUnit scales every sample (column of X) to unit l2 norm,
//
//	x_i ← x_i / ||x_i||_2,
//
// as the paper does with every data set (Zhuang et al., Section V-A, and
// step 1 of Algorithm 2). It computes y = x_i/max_k |x_ik| first and then
// y/||y||_2, the same vector: the entries of y lie in [-1, 1] and ||y||_2 in
// [1, √d], so neither the norm nor its use overflows or underflows, also
// for samples of denormal values (whose norm's reciprocal is +Inf) or of
// values near the largest float64 (whose norm is +Inf). Samples of norm
// zero are left as they are.
func (s *Set) NormalizeUnit() {
	_, n := s.X.Dims()
	for j := 0; j < n; j++ {
		col := s.X.ColView(j).(*mat.VecDense)
		m := 0.0
		for i := 0; i < col.Len(); i++ {
			m = math.Max(m, math.Abs(col.AtVec(i)))
		}
		if m == 0 {
			continue
		}
		for i := 0; i < col.Len(); i++ {
			col.SetVec(i, col.AtVec(i)/m)
		}
		norm := mat.Norm(col, 2)
		for i := 0; i < col.Len(); i++ {
			col.SetVec(i, col.AtVec(i)/norm)
		}
	}
}
