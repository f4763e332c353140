package demo

// Builtin is a data set built into the site: a fixed subset of one of the
// paper's MAT-files, which the page's runs draw from, class by class.
// data/index.json lists them for the page (the fields with a JSON name).
type Builtin struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Classes × PerClass samples are in the site.
	Classes  int `json:"classes"`
	PerClass int `json:"perClass"`
	// File is the MAT-file of ../shared/datasets they come from, Labels
	// the classes of it kept, in order.
	File   string `json:"-"`
	Labels []int  `json:"-"`
	// Photo: the samples are photographs (a higher value is brighter), not
	// ink on paper (a higher value is darker).
	Photo bool `json:"-"`
}

// Photo reports whether the samples of the data set name are photographs
// (Builtin.Photo).
func Photo(name string) bool {
	for _, b := range Builtins {
		if b.Name == name {
			return b.Photo
		}
	}
	return false
}

// Builtins follow the paper's choices (Section V-A): USPS digits 1-4, and
// the first subjects of Yale B and PIE, 50 images each as in its protocol.
var Builtins = []Builtin{
	{Name: "usps", Title: "USPS digits 1-4", Classes: 4, PerClass: 100, File: "USPS.mat", Labels: []int{1, 2, 3, 4}},
	{Name: "yaleb", Title: "Extended Yale B faces", Classes: 10, PerClass: 50, File: "YaleB_32x32.mat", Labels: seq(1, 10), Photo: true},
	{Name: "pie", Title: "CMU PIE faces", Classes: 10, PerClass: 50, File: "PIE_32x32_10subjects.mat", Labels: seq(1, 10), Photo: true},
}

func seq(a, b int) []int {
	var s []int
	for i := a; i <= b; i++ {
		s = append(s, i)
	}
	return s
}
