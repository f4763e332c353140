//go:build !unix && !(js && wasm)

package main

// CPUSeconds is unknown on this platform.
func CPUSeconds() float64 { return NaN() }
