//go:build amd64 && !noasm

package gemm

import "testing"

// TestGemmGeneric runs TestGemm on the pure-Go kernel of the amd64 shape,
// the one processors without AVX2 and FMA take.
func TestGemmGeneric(t *testing.T) {
	if !hasFMA {
		t.Skip("this processor has no AVX2 and FMA: TestGemm runs the Go kernel")
	}
	hasFMA = false
	defer func() { hasFMA = true }()
	TestGemm(t)
}
