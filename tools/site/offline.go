package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// writeOffline fills in the service worker of the site in dir (sw.js,
// from public/): its version, a hash of every other file of the site, so
// that a new build installs a new worker whose cache replaces the old;
// and the files it caches at its install, every file of the site, so that
// after one visit the page runs offline.
func writeOffline(dir string) error {
	var files []string
	h := sha256.New()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if rel == "sw.js" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", rel, len(b))
		h.Write(b)
		files = append(files, rel)
		return nil
	})
	if err != nil {
		return err
	}
	slices.Sort(files)
	files = append([]string{"./"}, files...)
	list, err := json.Marshal(files)
	if err != nil {
		return err
	}
	sw := filepath.Join(dir, "sw.js")
	b, err := os.ReadFile(sw)
	if err != nil {
		return err
	}
	src := string(b)
	for _, r := range [][2]string{
		{`const VERSION = "dev";`, `const VERSION = "` + hex.EncodeToString(h.Sum(nil))[:16] + `";`},
		{`const FILES = [];`, `const FILES = ` + string(list) + `;`},
	} {
		if !strings.Contains(src, r[0]) {
			return fmt.Errorf("sw.js: no %q to fill in", r[0])
		}
		src = strings.Replace(src, r[0], r[1], 1)
	}
	return os.WriteFile(sw, []byte(src), 0o644)
}
