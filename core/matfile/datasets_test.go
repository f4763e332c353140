package matfile

import (
	"os"
	"path/filepath"
	"testing"
)

// datasets is the shared data folder beside the project (see
// ../shared/datasets/README.md); tests that need it skip without it.
var datasets = filepath.Join("..", "..", "..", "shared", "datasets")

// TestReadDatasets reads the three data sets of the paper and checks their
// shapes and ranges against the folder's README.
func TestReadDatasets(t *testing.T) {
	if _, err := os.Stat(datasets); err != nil {
		t.Skipf("no data sets: %v", err)
	}
	for _, test := range []struct {
		file         string
		n, d         int
		lo, hi       float64 // range of fea
		classes      int     // gnd runs over 1..classes
		feaIntegral  bool
		feaClass     string      // the class; YaleB and PIE store their doubles as miUINT8
		perClassHint map[int]int // sizes of some classes
	}{
		{"USPS.mat", 9298, 256, -1, 1, 10, false, "double", map[int]int{1: 1269, 2: 929, 3: 824, 4: 852}},
		{"YaleB_32x32.mat", 2414, 1024, 0, 255, 38, true, "double", nil},
		{"PIE_32x32_10subjects.mat", 1700, 1024, 0, 255, 10, true, "double", map[int]int{1: 170, 10: 170}},
	} {
		t.Run(test.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(datasets, test.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			vars, err := Read(f)
			if err != nil {
				t.Fatal(err)
			}
			byName := map[string]Var{}
			for _, v := range vars {
				byName[v.Name] = v
			}
			fea, ok := byName["fea"]
			if !ok {
				t.Fatalf("no fea among %d variables", len(vars))
			}
			if fea.Rows != test.n || fea.Cols != test.d || fea.Class != test.feaClass {
				t.Errorf("fea is %dx%d %s, want %dx%d %s", fea.Rows, fea.Cols, fea.Class, test.n, test.d, test.feaClass)
			}
			lo, hi := fea.Data[0], fea.Data[0]
			for _, x := range fea.Data {
				lo, hi = min(lo, x), max(hi, x)
				if test.feaIntegral && x != float64(int(x)) {
					t.Fatalf("fea has non-integer value %v", x)
				}
			}
			if lo < test.lo || hi > test.hi {
				t.Errorf("fea values in [%v, %v], want within [%v, %v]", lo, hi, test.lo, test.hi)
			}
			gnd, ok := byName["gnd"]
			if !ok {
				t.Fatal("no gnd")
			}
			if gnd.Rows != test.n || gnd.Cols != 1 {
				t.Errorf("gnd is %dx%d, want %dx1", gnd.Rows, gnd.Cols, test.n)
			}
			count := map[int]int{}
			for _, x := range gnd.Data {
				c := int(x)
				if float64(c) != x || c < 1 || c > test.classes {
					t.Fatalf("gnd value %v, want an integer in 1..%d", x, test.classes)
				}
				count[c]++
			}
			if len(count) != test.classes {
				t.Errorf("gnd has %d classes, want %d", len(count), test.classes)
			}
			for c, want := range test.perClassHint {
				if count[c] != want {
					t.Errorf("class %d has %d samples, want %d", c, count[c], want)
				}
			}
		})
	}
}
