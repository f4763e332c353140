//go:build !unix && !(js && wasm)

package main

// cpuSeconds is unknown on this platform.
func cpuSeconds() float64 { return nan() }
