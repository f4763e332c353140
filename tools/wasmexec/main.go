// Command wasmexec runs a Go program compiled to WebAssembly under Node
// with the SIMD128 kernels of wasm/kernels beside it, as the solver's Web
// Worker runs solver.wasm; make test-wasm gives it to go test -exec in
// place of Go's go_js_wasm_exec:
//
//	GOOS=js GOARCH=wasm go test -exec wasmexec ./...
//	wasmexec prog.wasm [args...]
//
// It writes the kernel module (kernels.Bytes), its loader (kernels.Loader)
// and a runner into a temporary folder and runs node there, with the
// wasm_exec.js of the go command on the PATH (the Go that built the
// program). With NNLRS_KERNELS=off the engine refuses the kernels, as one
// without SIMD128 does, and the program runs its pure-Go kernels.
package main

import (
	_ "embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"nnlrs/wasm/kernels"
)

//go:embed run.js
var runJS string

func main() {
	code, err := run(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmexec:", err)
	}
	os.Exit(code)
}

func run(args []string) (int, error) {
	if len(args) < 1 {
		return 2, errors.New("usage: wasmexec prog.wasm [args...]")
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return 2, fmt.Errorf("go env GOROOT: %v", err)
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js")
	dir, err := os.MkdirTemp("", "wasmexec")
	if err != nil {
		return 2, err
	}
	defer os.RemoveAll(dir)
	for name, b := range map[string][]byte{
		"kernels.wasm": kernels.Bytes(),
		"kernels.js":   []byte(kernels.Loader),
		"run.js":       []byte(runJS),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return 2, err
		}
	}
	mod := filepath.Join(dir, "kernels.wasm")
	if os.Getenv("NNLRS_KERNELS") == "off" {
		mod = "-"
	}
	prog, err := filepath.Abs(args[0])
	if err != nil {
		return 2, err
	}
	nodeArgs := append([]string{"--stack-size=8192"}, strings.Fields(os.Getenv("WASMEXEC_NODE_FLAGS"))...)
	nodeArgs = append(nodeArgs, filepath.Join(dir, "run.js"), wasmExec, mod, prog)
	cmd := exec.Command("node", append(nodeArgs, args[1:]...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), nil
		}
		return 2, err
	}
	return 0, nil
}
