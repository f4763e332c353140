package main

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// compressMin is the size from which a file of the site gets compressed
// copies: below it, the headers cost about what compression saves.
const compressMin = 4 << 10

// compressible are the extensions of the files worth compressing: the
// programs, the scripts and the data (images are compressed already).
var compressible = map[string]bool{
	".wasm": true, ".js": true, ".mat": true, ".json": true,
	".txt": true, ".html": true, ".css": true, ".svg": true,
}

// writeCompressed writes beside each large compressible file of the site
// in dir its brotli (name.br, the encoder's best quality) and gzip
// (name.gz, level 9) copies, each kept only when smaller than the file;
// tools/serve sends a copy to a browser that accepts its encoding. It
// returns the bytes of every file it compressed, before and after (the
// smaller copy), by name.
func writeCompressed(dir string) (map[string][2]int, error) {
	sizes := map[string][2]int{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[strings.ToLower(filepath.Ext(path))] {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil || len(b) < compressMin {
			return err
		}
		var br, gz bytes.Buffer
		w := brotli.NewWriterLevel(&br, brotli.BestCompression)
		w.Write(b)
		if err := w.Close(); err != nil {
			return err
		}
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		zw.Write(b)
		if err := zw.Close(); err != nil {
			return err
		}
		best := len(b)
		for _, c := range []struct {
			ext string
			b   []byte
		}{{".br", br.Bytes()}, {".gz", gz.Bytes()}} {
			if len(c.b) >= len(b) {
				continue
			}
			if err := os.WriteFile(path+c.ext, c.b, 0o644); err != nil {
				return err
			}
			best = min(best, len(c.b))
		}
		rel, _ := filepath.Rel(dir, path)
		sizes[filepath.ToSlash(rel)] = [2]int{len(b), best}
		return nil
	})
	return sizes, err
}
