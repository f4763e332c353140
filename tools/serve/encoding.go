package main

import (
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// encodings are the compressed copies tools/site writes beside a large
// file, in the order they are preferred: the HTTP coding and the suffix of
// its copy.
var encodings = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// compressed serves the compressed copy of the file r names when the site
// has one whose coding the client accepts (its Accept-Encoding), with
// Content-Encoding and the type of the file itself, and reports whether it
// did. Every file with copies is answered with Vary: Accept-Encoding, so
// that a shared cache keeps the answers apart.
func compressed(w http.ResponseWriter, r *http.Request, site fs.FS) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	if name == "" || name == "." {
		name = "index.html"
	}
	if info, err := fs.Stat(site, name); err != nil || !info.Mode().IsRegular() {
		return false
	}
	header := r.Header.Get("Accept-Encoding")
	vary := false
	for _, e := range encodings {
		f, err := site.Open(name + e.suffix)
		if err != nil {
			continue
		}
		info, err := f.Stat()
		rs, seeks := f.(io.ReadSeeker)
		if err != nil || !info.Mode().IsRegular() || !seeks {
			f.Close()
			continue
		}
		if !vary {
			w.Header().Add("Vary", "Accept-Encoding")
			vary = true
		}
		if !accepts(header, e.coding) {
			f.Close()
			continue
		}
		defer f.Close()
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Encoding", e.coding)
		http.ServeContent(w, r, name, info.ModTime(), rs)
		return true
	}
	return false
}

// accepts reports whether an Accept-Encoding header admits coding: named,
// or matched by "*", with a quality above 0 (RFC 9110, 12.5.3).
func accepts(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		token, params, _ := strings.Cut(part, ";")
		token = strings.ToLower(strings.TrimSpace(token))
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch token {
		case coding:
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}
