package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestKernelPaths runs the tests of wasm/kernels, compiled to js/wasm,
// under the runner: as loaded, the SIMD128 kernels run and give the bits
// of the Go ones (their tests pass, not skipped); with NNLRS_KERNELS=off,
// as in a browser that refuses SIMD128, the program takes the pure-Go path
// (TestInstall passes with it) and the SIMD128 tests are skipped.
func TestKernelPaths(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node on the PATH (make deps)")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "kernels.test")
	build := exec.Command("go", "test", "-c", "-o", prog, "nnlrs/wasm/kernels")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	for _, c := range []struct {
		env  string
		want []string
	}{
		{"", []string{`--- PASS: TestInstall`, `--- PASS: TestGemmTiles`, `--- PASS: TestSymvRows`, `--- PASS: TestSubDot2Rows`,
			`--- PASS: TestTransposed`, `--- PASS: TestPack`, `--- PASS: TestGemvT`, `--- PASS: TestSymKernels`,
			`--- PASS: TestDot4`, `--- PASS: TestAxpy`, `--- PASS: TestRobustKernels`}},
		{"off", []string{`--- PASS: TestInstall`, `--- SKIP: TestGemmTiles`, `--- SKIP: TestSymvRows`, `--- SKIP: TestPack`, `--- SKIP: TestGemvT`,
			`--- SKIP: TestDot4`, `--- SKIP: TestRobustKernels`}},
	} {
		runner := exec.Command("go", "run", ".", prog, "-test.v", "-test.count=1")
		runner.Env = append(os.Environ(), "NNLRS_KERNELS="+c.env)
		var out bytes.Buffer
		runner.Stdout, runner.Stderr = &out, &out
		if err := runner.Run(); err != nil {
			t.Fatalf("NNLRS_KERNELS=%q: %v\n%s", c.env, err, out.String())
		}
		for _, w := range c.want {
			if !regexp.MustCompile(regexp.QuoteMeta(w)).Match(out.Bytes()) {
				t.Errorf("NNLRS_KERNELS=%q: no %q in\n%s", c.env, w, out.String())
			}
		}
	}
}

// TestUsage: without a program the runner says how to call it.
func TestUsage(t *testing.T) {
	code, err := run(nil)
	if code != 2 || err == nil {
		t.Fatalf("run(nil) = %d, %v; want 2 and the usage", code, err)
	}
}
