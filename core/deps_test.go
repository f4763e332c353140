package core

import (
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestNoBrowserImports proves that no package of core depends, directly or
// transitively, on syscall/js or ebiten, so core runs natively, under Node
// and in a Web Worker alike. It asks the go command for every non-standard
// package in core's dependency graph (tests included) and that package's
// direct imports, for the host and for js/wasm. The standard library's own
// use of syscall/js under js/wasm (package syscall) is the runtime's and
// does not count.
//
// The forbidden paths are spelled in two pieces so that a text search for
// imports of them in core finds only real ones.
func TestNoBrowserImports(t *testing.T) {
	const jsPkg, ebitenPkg = "syscall" + "/js", "hajimehoshi" + "/ebiten"
	if runtime.GOOS == "js" {
		t.Skip("needs the go command, which does not run under js/wasm")
	}
	for _, goos := range []string{runtime.GOOS, "js"} {
		cmd := exec.Command("go", "list", "-deps", "-test",
			"-f", "{{if not .Standard}}{{.ImportPath}} {{join .Imports \" \"}}{{end}}", "./...")
		cmd.Env = append(cmd.Environ(), "GOOS="+goos)
		if goos == "js" {
			cmd.Env = append(cmd.Env, "GOARCH=wasm")
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go list (GOOS=%s): %v\n%s", goos, err, out)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		gonum := false
		for _, line := range lines {
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			gonum = gonum || strings.HasPrefix(f[0], "gonum.org/")
			for _, p := range f {
				if p == jsPkg || strings.Contains(p, ebitenPkg) {
					t.Errorf("GOOS=%s: %s imports %s", goos, f[0], p)
				}
			}
		}
		if !gonum {
			t.Fatalf("GOOS=%s: gonum not among the dependencies; is the listing right?\n%s", goos, out)
		}
	}
}

// TestPageLinksNoSolver proves that the page's program (wasm/app), which
// only checks sizes, re-weights Z (package weights) and classifies with a
// graph (propagate, and sda for Table III), links none of the solvers: its
// workers build the graphs. (linalg, the helpers on gonum's matrices that
// weights and sda use, is not a solver.) It asks the go command for the
// page's dependencies under js/wasm.
func TestPageLinksNoSolver(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("needs the go command, which does not run under js/wasm")
	}
	deps := wasmDeps(t, "nnlrs/wasm/app", "nnlrs/core/propagate")
	for _, solver := range []string{"graph", "lowrank", "lasso", "prox", "eigen", "gemm", "embed", "experiment"} {
		if slices.Contains(deps, "nnlrs/core/"+solver) {
			t.Errorf("the page links nnlrs/core/%s", solver)
		}
	}
}

// TestWorkerLinksNoPage proves that the solver worker (wasm/solver) links
// no package of the page (nnlrs/ui/...: its settings table, presets, tour,
// model and views): it reads the page's links from the bases the site
// carries (core/demo.Links). It asks the go command for the worker's
// dependencies under js/wasm.
func TestWorkerLinksNoPage(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("needs the go command, which does not run under js/wasm")
	}
	deps := wasmDeps(t, "nnlrs/wasm/solver", "nnlrs/core/demo")
	for _, d := range deps {
		if d == "nnlrs/ui" || strings.HasPrefix(d, "nnlrs/ui/") {
			t.Errorf("the worker links %s", d)
		}
	}
}

// wasmDeps returns the dependencies of program pkg under js/wasm, as the
// go command lists them; known must be among them, or the listing is
// wrong.
func wasmDeps(t *testing.T, pkg, known string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", pkg)
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, known) {
		t.Fatalf("%s not among the dependencies of %s; is the listing right?\n%s", known, pkg, out)
	}
	return deps
}
