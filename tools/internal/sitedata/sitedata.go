// Package sitedata describes the built-in data sets of the demo site:
// which MAT-file of the paper's data, which classes and how many samples
// per class tools/site writes into the site, and the fixed draw that picks
// them. tools/site writes the subsets; tools/nnlrs presets measures on the
// same samples.
package sitedata

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"

	"nnlrs/core/dataset"
	"nnlrs/ui/params"
)

// Subset describes a built-in data set: the file, its classes and how many
// samples per class the site carries (the page draws its runs from these).
type Subset struct {
	params.Dataset
	File string
	// Labels are the classes of File the site keeps, in order.
	Labels []int
}

// Subsets follow the paper's choices (Section V-A): USPS digits 1-4, and
// the first subjects of Yale B and PIE, 50 images each as in its protocol.
// params.MaxClasses caps the number of classes.
var Subsets = []Subset{
	{params.Dataset{Name: "usps", Title: "USPS digits 1-4", Classes: 4, PerClass: 100}, "USPS.mat", []int{1, 2, 3, 4}},
	{params.Dataset{Name: "yaleb", Title: "Extended Yale B faces", Classes: 10, PerClass: 50}, "YaleB_32x32.mat", seq(1, 10)},
	{params.Dataset{Name: "pie", Title: "CMU PIE faces", Classes: 10, PerClass: 50}, "PIE_32x32_10subjects.mat", seq(1, 10)},
}

func seq(a, b int) []int {
	var s []int
	for i := a; i <= b; i++ {
		s = append(s, i)
	}
	return s
}

// Draw reads s.File from dir and draws the site's samples: a fixed draw,
// so that every build of the site carries the same samples.
func (s Subset) Draw(dir string) (*dataset.Set, error) {
	full, err := dataset.Load(filepath.Join(dir, s.File))
	if err != nil {
		return nil, err
	}
	set, err := full.Subset(s.Labels, s.PerClass, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", s.File, err)
	}
	set.Name = s.Name
	return set, nil
}
