//go:build !unix && !(js && wasm)

package cli

// CPUSeconds is unknown on this platform.
func CPUSeconds() float64 { return NaN() }
