//go:build amd64 && !noasm

package eigen

import "testing"

// TestSymvLowerGeneric runs TestSymvLower on the Go lanes of symv4, the
// ones processors without AVX2 and FMA take.
func TestSymvLowerGeneric(t *testing.T) {
	if !symvHasFMA {
		t.Skip("this processor has no AVX2 and FMA: TestSymvLower runs the Go lanes")
	}
	symvHasFMA = false
	defer func() { symvHasFMA = true }()
	TestSymvLower(t)
}
