package demo

import (
	"fmt"

	"nnlrs/core/method"
)

// The browser's limits on a run, checked before any work: by the page for
// the data it asks for, by the worker for uploads.
//
// MaxSamples bounds n. NNLRS costs O(n³) per iteration (an eigen-
// decomposition of an n×n matrix) for some hundreds of iterations, and a
// browser runs it on one thread, several times slower than native code.
// MaxBytes bounds the memory of the largest graph, as method.Bytes counts
// it, well inside the 4 GiB a wasm32 program can address.
const (
	MaxSamples = 400
	MaxBytes   = 512 << 20
)

// CheckSize returns an error, in words for the page, when n samples of
// dimension d exceed the browser's limits.
func CheckSize(d, n int) error {
	if n > MaxSamples {
		return fmt.Errorf("%d samples are more than the browser demo handles (at most %d): choose fewer classes or samples per class, or use the command line (go run ./tools/nnlrs graph)", n, MaxSamples)
	}
	for _, m := range method.All {
		if b := method.Bytes(m, d, n); b > MaxBytes {
			return fmt.Errorf("%d samples of dimension %d need about %d MiB for the %s graph, more than the browser demo allows (%d MiB): use fewer samples or the command line",
				n, d, b>>20, m, MaxBytes>>20)
		}
	}
	return nil
}
