package demo

// The data sets a run may draw from besides the built-in ones.
const (
	// Synthetic is a union of independent subspaces (dataset.Synthetic).
	Synthetic = "synthetic"
	// Upload is a file from the user's disk.
	Upload = "upload"
)

// Synthetic data: subspaces of dimension SyntheticDim in R^SyntheticD, as
// dataset.DefaultSynthetic.
const SyntheticDim, SyntheticD = 4, 50

// MinSamples is the fewest samples of a run: the kNN graph needs more
// than its 5 neighbours, and a handful more make a graph worth seeing.
const MinSamples = 10

// Data says which samples a run draws. The same Data give the same
// samples everywhere. The tag of a field is its key in the page's link
// (Links).
type Data struct {
	// Dataset is Synthetic, Upload, or the name of a Builtin.
	Dataset string `link:"data"`
	// Classes and PerClass: the subspaces and samples per subspace of
	// synthetic data; for a built-in set or a labeled upload, the first
	// Classes classes and PerClass samples drawn from each. Zero means
	// every sample of an upload.
	Classes  int `link:"classes"`
	PerClass int `link:"per"`
	// Noise is the level of dense Gaussian noise and Corrupt the
	// percentage of grossly corrupted samples (dataset.SyntheticParams);
	// real data get them only when they are not zero.
	Noise   float64 `link:"noise"`
	Corrupt float64 `link:"corrupt"`
	// Seed fixes the draw.
	Seed uint64 `link:"seed"`
}

// File is an uploaded file, for Data.Dataset == Upload.
type File struct {
	Name  string
	Bytes []byte
}

// Error is data a run cannot use, in words for the page (the errors of
// package draw): Limit when the problem is refused as too large for the
// browser.
type Error struct {
	Reason string
	Limit  bool
}

func (e *Error) Error() string { return e.Reason }
