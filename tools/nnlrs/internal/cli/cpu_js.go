//go:build js && wasm

package cli

import "syscall/js"

// CPUSeconds returns the CPU time (user + system) of the Node process,
// from process.cpuUsage(); it counts V8's compiler and collector threads
// too. NaN outside Node.
func CPUSeconds() float64 {
	proc := js.Global().Get("process")
	if proc.Type() != js.TypeObject || proc.Get("cpuUsage").Type() != js.TypeFunction {
		return NaN()
	}
	u := proc.Call("cpuUsage")
	return (u.Get("user").Float() + u.Get("system").Float()) / 1e6
}
