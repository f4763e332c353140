package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

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
// tools/serve sends a copy to a browser that accepts its encoding. The
// files are compressed on every core. It returns the bytes of every file
// it compressed, before and after (the smaller copy), by name.
func writeCompressed(dir string) (map[string][2]int, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && compressible[strings.ToLower(filepath.Ext(path))] {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sizes := map[string][2]int{}
	errs := make([]error, len(paths))
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				plain, best, err := compressFile(paths[i])
				if err != nil || best == 0 {
					errs[i] = err
					continue
				}
				rel, _ := filepath.Rel(dir, paths[i])
				mu.Lock()
				sizes[filepath.ToSlash(rel)] = [2]int{plain, best}
				mu.Unlock()
			}
		}()
	}
	for i := range paths {
		next <- i
	}
	close(next)
	wg.Wait()
	return sizes, errors.Join(errs...)
}

// compressFile writes the copies of the file at path and returns its size
// and that of its smaller copy (the file's own when no copy is smaller),
// or best = 0 for a file too small to compress.
func compressFile(path string) (plain, best int, err error) {
	b, err := os.ReadFile(path)
	if err != nil || len(b) < compressMin {
		return len(b), 0, err
	}
	var br, gz bytes.Buffer
	w := brotli.NewWriterLevel(&br, brotli.BestCompression)
	w.Write(b)
	if err := w.Close(); err != nil {
		return 0, 0, err
	}
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		return 0, 0, err
	}
	best = len(b)
	for _, c := range []struct {
		ext string
		b   []byte
	}{{".br", br.Bytes()}, {".gz", gz.Bytes()}} {
		if len(c.b) >= len(b) {
			continue
		}
		if err := os.WriteFile(path+c.ext, c.b, 0o644); err != nil {
			return 0, 0, err
		}
		best = min(best, len(c.b))
	}
	return len(b), best, nil
}
