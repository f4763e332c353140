// Command site builds the in-browser demo as a static site: the page's and
// the worker's wasm programs, the wasm_exec.js of the Go that built them,
// the files of public/, and small subsets of the paper's data sets when
// they are at hand. Any static host serves the result; nothing is fetched
// from elsewhere at run time.
//
//	go run ./tools/site -out dist [-datasets ../shared/datasets] [-results docs/results] [-go go]
//
// make dist runs it. The data subsets are never committed: they are drawn
// from the MAT-files of -datasets (skipped when absent) into data/, with
// data/index.json listing them for the page; data/links.txt holds the
// bases of the page's links for the solver worker. The paper's evidence comes
// from the committed runs of -results (nnlrs reproduce): paper/index.json
// (core/paper.Evidence) and the weights figures. Every large file of the
// programs, scripts and data has brotli and gzip copies beside it (name.br,
// name.gz), which tools/serve sends to a browser that accepts them. The
// solver's SIMD128 kernels are written from Go (wasm/kernels) as
// kernels.wasm, with their loader kernels.js.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/demo/draw"
	"nnlrs/core/paper"
	"nnlrs/ui/params"
	"nnlrs/wasm/kernels"
)

func main() {
	out := flag.String("out", "dist", "folder to write the site into (replaced)")
	datasets := flag.String("datasets", "../shared/datasets", "folder of the paper's MAT-files; skipped when absent")
	results := flag.String("results", "docs/results", "folder of the committed runs of nnlrs reproduce")
	goCmd := flag.String("go", "go", "the go command that builds the wasm programs")
	flag.Parse()
	if err := build(*out, *datasets, *results, *goCmd); err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
}

func build(out, datasets, results, goCmd string) error {
	start := time.Now()
	root, err := goEnv(goCmd, "GOMOD")
	if err != nil {
		return err
	}
	root = filepath.Dir(root)
	goroot, err := goEnv(goCmd, "GOROOT")
	if err != nil {
		return err
	}
	if out, err = filepath.Abs(out); err != nil {
		return err
	}
	if !filepath.IsAbs(datasets) {
		datasets = filepath.Join(root, datasets)
	}
	if !filepath.IsAbs(results) {
		results = filepath.Join(root, results)
	}
	tmp := out + ".tmp"
	os.RemoveAll(tmp)
	if err := os.MkdirAll(filepath.Join(tmp, "data"), 0o755); err != nil {
		return err
	}
	for _, prog := range []string{"app", "solver"} {
		cmd := exec.Command(goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(tmp, prog+".wasm"), "./wasm/"+prog)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building wasm/%s: %v", prog, err)
		}
	}
	// The SIMD128 kernels of the solver and their loader (wasm/kernels).
	if err := os.WriteFile(filepath.Join(tmp, "kernels.wasm"), kernels.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "kernels.js"), []byte(kernels.Loader), 0o644); err != nil {
		return err
	}
	// wasm_exec.js must come from the Go that built the programs.
	if err := copyFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(tmp, "wasm_exec.js")); err != nil {
		return err
	}
	public := filepath.Join(root, "public")
	err = filepath.WalkDir(public, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(public, path)
		if err := os.MkdirAll(filepath.Join(tmp, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return copyFile(path, filepath.Join(tmp, rel))
	})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(tmp, "paper"), 0o755); err != nil {
		return err
	}
	cat, galleries, err := writeData(filepath.Join(tmp, "data"), filepath.Join(tmp, "paper"), datasets)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(cat, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "data", "index.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	// The bases of the page's links, from which the first worker starts
	// the link's first graph (core/demo.Links).
	links, err := params.Links().MarshalText()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "data", "links.txt"), links, 0o644); err != nil {
		return err
	}
	if err := writeEvidence(filepath.Join(tmp, "paper"), results, galleries); err != nil {
		return err
	}
	if err := writeOffline(tmp); err != nil {
		return err
	}
	sizes, err := writeCompressed(tmp)
	if err != nil {
		return err
	}
	os.RemoveAll(out)
	if err := os.Rename(tmp, out); err != nil {
		return err
	}
	var names []string
	for _, d := range cat {
		names = append(names, d.Name)
	}
	fmt.Printf("site: wrote %s in %.1f s (built-in data: %s)\n", out, time.Since(start).Seconds(), strings.Join(append(names, "synthetic"), ", "))
	var plain, wire int
	for _, f := range []string{"app.wasm", "solver.wasm"} {
		plain, wire = plain+sizes[f][0], wire+sizes[f][1]
		fmt.Printf("site: %s %.2f MiB, %.2f MiB compressed\n", f, mib(sizes[f][0]), mib(sizes[f][1]))
	}
	fmt.Printf("site: app.wasm + solver.wasm %.2f MiB, %.2f MiB on the wire\n", mib(plain), mib(wire))
	return nil
}

func mib(n int) float64 { return float64(n) / (1 << 20) }

func goEnv(goCmd, key string) (string, error) {
	b, err := exec.Command(goCmd, "env", key).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", key, err)
	}
	v := strings.TrimSpace(string(b))
	if v == "" || v == os.DevNull {
		return "", fmt.Errorf("go env %s is empty: run in the module", key)
	}
	return v, nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	o, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(o, in); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}

// writeData draws the subsets whose files are in dir and writes them to
// out as MAT-files, and a gallery of each (the paper's Fig. 1) into
// figures; it returns the catalog of those written and their galleries.
func writeData(out, figures, dir string) ([]demo.Builtin, []paper.Gallery, error) {
	cat := []demo.Builtin{}
	var galleries []paper.Gallery
	for _, s := range demo.Builtins {
		if _, err := os.Stat(filepath.Join(dir, s.File)); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		set, err := draw.Site(s, dir)
		if err != nil {
			return nil, nil, err
		}
		var b bytes.Buffer
		if err := writeMAT(&b, set); err != nil {
			return nil, nil, err
		}
		if err := os.WriteFile(filepath.Join(out, s.Name+".mat"), b.Bytes(), 0o644); err != nil {
			return nil, nil, err
		}
		g, err := writeGallery(figures, s, set)
		if err != nil {
			return nil, nil, err
		}
		cat, galleries = append(cat, s), append(galleries, g)
	}
	return cat, galleries, nil
}
