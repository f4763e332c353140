package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// TestWriteCompressed: a large program, script or data file gets brotli
// and gzip copies that decode to it, smaller than it; a small file, an
// image and a copy already written get none.
func TestWriteCompressed(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("func main() { println(\"nnlrs\") }\n", 500)
	files := map[string]string{
		"solver.wasm":    big,
		"data/usps.mat":  big,
		"small.js":       "x",
		"figure.png":     big,
		"index.html":     big,
		"data/links.txt": strings.Repeat("x", compressMin-1),
	}
	for name, s := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644)
	}
	sizes, err := writeCompressed(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range files {
		want := name == "solver.wasm" || name == "data/usps.mat" || name == "index.html"
		if _, ok := sizes[name]; ok != want {
			t.Errorf("%s: compressed %v, want %v", name, ok, want)
		}
		for _, ext := range []string{".br", ".gz"} {
			b, err := os.ReadFile(filepath.Join(dir, name+ext))
			if !want {
				if err == nil {
					t.Errorf("%s%s written", name, ext)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s%s: %v", name, ext, err)
			}
			var r io.Reader = brotli.NewReader(bytes.NewReader(b))
			if ext == ".gz" {
				if r, err = gzip.NewReader(bytes.NewReader(b)); err != nil {
					t.Fatal(err)
				}
			}
			got, err := io.ReadAll(r)
			if err != nil || string(got) != s || len(b) >= len(s) {
				t.Errorf("%s%s: %d bytes decode to %d (%v); want the file's %d, in fewer", name, ext, len(b), len(got), err, len(s))
			}
		}
		if want && sizes[name] != [2]int{len(s), sizes[name][1]} {
			t.Errorf("%s: sizes %v", name, sizes[name])
		}
	}
}
