package main

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		{[]string{"-dir", site, "-addr", busy.Addr().String()}, 1, "cannot listen on " + busy.Addr().String()},
	} {
		var out, errOut bytes.Buffer
		code := run(c.args, &out, &errOut)
		if code != c.code || !strings.Contains(errOut.String(), c.want) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errOut.String(), c.code, c.want)
		}
	}
}
