package bench

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestNumpyReference runs the unit tests of the NumPy reference of
// Algorithm 1 (tools/numpy/test_ladmap.py), among them the route its SVT
// takes when LAPACK's SVD does not converge, with the python nnlrs bench
// finds.
func TestNumpyReference(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "numpy"))
	if err != nil {
		t.Fatal(err)
	}
	r, why := FindNumpy("", filepath.Join(dir, "ladmap.py"), 1)
	if r == nil {
		t.Skip(why)
	}
	t.Log(why)
	cmd := exec.Command(r.Python, "-m", "unittest", "-v", "test_ladmap")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s -m unittest test_ladmap: %v\n%s", r.Python, err, out)
	}
	t.Logf("%s", out)
}
