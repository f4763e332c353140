//go:build js && wasm

package main

import (
	"context"
	"math"
	"reflect"
	"testing"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/wasm/kernels"
	"nnlrs/wasm/protocol"
)

// TestKernelsSolve: the default NNLRS job and an LRR job solve the same on
// the SIMD128 kernels as on the pure-Go ones. Every kernel gives the bits
// of the Go loop it replaces, so the graphs are the same bits: the same
// iterations, objective and W; and each solve is certified (Converged:
// the objective within the solver's gap of its duality bound).
func TestKernelsSolve(t *testing.T) {
	defer kernels.Install()
	if kernels.Install() != kernels.PathSIMD {
		t.Skip("no SIMD128 kernels here (NNLRS_KERNELS=off, or not under tools/wasmexec)")
	}
	for _, m := range []method.Name{method.NNLRS, method.LRR} {
		job := newJob(defaultSpec(), demo.Job{ID: 1, Method: m})
		kernels.Install()
		simd := last[*protocol.Graph](t, record(t, context.Background(), job, nil))
		kernels.UseGo()
		goG := last[*protocol.Graph](t, record(t, context.Background(), job, nil))
		if simd.Iterations != goG.Iterations || math.Float64bits(simd.Objective) != math.Float64bits(goG.Objective) {
			t.Errorf("%s: %d iterations, objective %v on SIMD128; %d, %v in Go", m, simd.Iterations, simd.Objective, goG.Iterations, goG.Objective)
		}
		if !reflect.DeepEqual(simd.W, goG.W) || !reflect.DeepEqual(simd.ENorm, goG.ENorm) {
			t.Errorf("%s: W or E differ between SIMD128 and Go", m)
		}
		if !simd.Converged || !goG.Converged || simd.Iterations == 0 {
			t.Errorf("%s: converged %v on SIMD128, %v in Go, after %d iterations", m, simd.Converged, goG.Converged, simd.Iterations)
		}
	}
}
