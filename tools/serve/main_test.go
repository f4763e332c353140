package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>NNLRS Explorer</title>"), 0o644)
	os.WriteFile(filepath.Join(dir, "app.wasm"), []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	h, err := handler(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, contentType, body string }{
		{"/", "text/html", "NNLRS Explorer"},
		{"/app.wasm", "application/wasm", "\x00asm"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", c.path, nil))
		if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), c.contentType) ||
			rec.Header().Get("Cache-Control") != "no-cache" || !strings.Contains(rec.Body.String(), c.body) {
			t.Errorf("%s: %d %v %q", c.path, rec.Code, rec.Header(), rec.Body.String())
		}
	}
}

// TestRunErrors: a folder without the site, a bad flag and an address in
// use each end with one line saying what to do.
func TestRunErrors(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	site := t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("x"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-dir", t.TempDir()}, 2, "has no index.html: build the site first (make dist)"},
		{[]string{"-port", "1"}, 2, "flag provided but not defined: -port"},
		// The address in use makes a command that ignored the argument
		// fail at once rather than serve.
		{[]string{"-dir", site, "-addr", busy.Addr().String(), "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"-dir", site, "-addr", busy.Addr().String()}, 1, "cannot listen on " + busy.Addr().String()},
	} {
		var out, errOut bytes.Buffer
		code := run(c.args, &out, &errOut)
		if code != c.code || !strings.Contains(errOut.String(), c.want) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errOut.String(), c.code, c.want)
		}
	}
}

// TestHandlerSymlinks: a symbolic link inside the folder that leads out of
// it is not followed; one that stays inside is.
func TestHandlerSymlinks(t *testing.T) {
	outside := t.TempDir()
	const secret = "secret outside the site"
	os.WriteFile(filepath.Join(outside, "secret.txt"), []byte(secret), 0o644)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>NNLRS Explorer</title>"), 0o644)
	for link, target := range map[string]string{
		"out.txt":  filepath.Join(outside, "secret.txt"),
		"up.txt":   filepath.Join("..", filepath.Base(outside), "secret.txt"),
		"outdir":   outside,
		"home.txt": "index.html",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	h, err := handler(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/out.txt", "/up.txt", "/outdir/secret.txt", "/outdir/"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code == http.StatusOK || strings.Contains(rec.Body.String(), secret) || strings.Contains(rec.Body.String(), "secret.txt") {
			t.Errorf("%s: %d %q: served what lies outside the folder", path, rec.Code, rec.Body.String())
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/home.txt", nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "NNLRS Explorer") {
		t.Errorf("/home.txt (a link inside the folder): %d %q", rec.Code, rec.Body.String())
	}
}

// TestCompressed: a client that accepts brotli or gzip is sent the copy
// make dist wrote, with Content-Encoding, the file's own type and Vary; the
// body decodes to the file. A client that accepts neither (or refuses one
// with q=0) is sent the plain file; a file without copies is plain.
func TestCompressed(t *testing.T) {
	dir := t.TempDir()
	plain := strings.Repeat("\x00asm\x01\x00\x00\x00 the solver ", 400)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>NNLRS Explorer</title>"), 0o644)
	os.WriteFile(filepath.Join(dir, "solver.wasm"), []byte(plain), 0o644)
	var br, gz bytes.Buffer
	bw := brotli.NewWriter(&br)
	bw.Write([]byte(plain))
	bw.Close()
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(plain))
	zw.Close()
	os.WriteFile(filepath.Join(dir, "solver.wasm.br"), br.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "solver.wasm.gz"), gz.Bytes(), 0o644)
	h, err := handler(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, accept, coding, vary string
	}{
		{"/solver.wasm", "gzip, deflate, br, zstd", "br", "Accept-Encoding"},
		{"/solver.wasm", "br;q=0.5, gzip;q=1", "br", "Accept-Encoding"},
		{"/solver.wasm", "gzip", "gzip", "Accept-Encoding"},
		{"/solver.wasm", "br;q=0, gzip", "gzip", "Accept-Encoding"},
		{"/solver.wasm", "*", "br", "Accept-Encoding"},
		{"/solver.wasm", "*;q=0, gzip", "gzip", "Accept-Encoding"},
		{"/solver.wasm", "", "", "Accept-Encoding"},
		{"/solver.wasm", "identity", "", "Accept-Encoding"},
		{"/solver.wasm", "br;q=0, gzip;q=0", "", "Accept-Encoding"},
		{"/", "br, gzip", "", ""},
	} {
		req := httptest.NewRequest("GET", c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		hd := rec.Header()
		if rec.Code != http.StatusOK || hd.Get("Content-Encoding") != c.coding || hd.Get("Vary") != c.vary {
			t.Errorf("%s with %q: %d, Content-Encoding %q, Vary %q; want %q, %q", c.path, c.accept, rec.Code, hd.Get("Content-Encoding"), hd.Get("Vary"), c.coding, c.vary)
			continue
		}
		var body io.Reader = rec.Body
		switch c.coding {
		case "br":
			body = brotli.NewReader(rec.Body)
		case "gzip":
			if body, err = gzip.NewReader(rec.Body); err != nil {
				t.Fatal(err)
			}
		}
		got, err := io.ReadAll(body)
		if err != nil {
			t.Errorf("%s with %q: %v", c.path, c.accept, err)
		}
		if c.path == "/solver.wasm" && (string(got) != plain || hd.Get("Content-Type") != "application/wasm") {
			t.Errorf("%s with %q: %s, %d bytes decoded; want application/wasm, the %d bytes of the file", c.path, c.accept, hd.Get("Content-Type"), len(got), len(plain))
		}
	}
}
