package e2e

import (
	"strings"
	"testing"
)

// TestKernelsRefused: where the browser refuses the SIMD128 kernels (the
// site served with a kernels.wasm that does not validate, refuseKernels),
// the solvers run their pure-Go loops, the page's hook and its status say
// so, and the default run's data and graphs have the bits of the run on
// the kernels (nnlrs.digest: the kernels give the Go loops' bits).
func TestKernelsRefused(t *testing.T) {
	var digests [2]string
	for i, c := range []struct{ base, kernels, words string }{
		{baseURL, "simd128", "SIMD128 kernels"},
		{strings.TrimSuffix(baseURL, "/") + noSIMDPath, "go", "pure Go"},
	} {
		tb := openURL(t, c.base, "")
		tb.done()
		if k := eval[string](tb, "nnlrs.kernels"); k != c.kernels {
			t.Errorf("%s: kernels %q, want %q", c.base, k, c.kernels)
		}
		if s := tb.text("status"); !strings.HasPrefix(s, "Done in") || !strings.Contains(s, c.words) {
			t.Errorf("%s: status %q, want it to say %q", c.base, s, c.words)
		}
		digests[i] = eval[string](tb, "nnlrs.digest")
		tb.checkConsole()
		tb.close()
	}
	if digests[0] != digests[1] {
		t.Errorf("the run on the kernels has digest %s, the pure-Go run %s: want the same bits", digests[0], digests[1])
	}
}
