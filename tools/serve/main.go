// Command serve serves the built demo (make dist) on the loopback
// interface, for make run:
//
//	go run ./tools/serve [-dir dist] [-addr 127.0.0.1:8080]
//
// It is a plain static file server that sends the compressed copies make
// dist writes (name.br, name.gz) to a browser that accepts their encoding
// (Content-Encoding); any other static server does as well, at the cost of
// the larger downloads.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run serves the site until it fails; it returns the exit code, after one
// line on stderr saying why.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dir := fs.String("dir", "dist", "the folder make dist wrote")
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on")
	const usage = "usage: go run ./tools/serve [-dir dist] [-addr 127.0.0.1:8080]"
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usage)
			return 0
		}
		fmt.Fprintf(stderr, "serve: %v (%s)\n", err, usage)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %.40q (%s)\n", fs.Arg(0), usage)
		return 2
	}
	h, err := handler(*dir)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 2
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "serve: cannot listen on %s (%v): choose another address, e.g. make run ADDR=127.0.0.1:8081\n", *addr, err)
		return 1
	}
	fmt.Fprintf(stdout, "NNLRS Explorer: open http://%s/ (Ctrl-C stops)\n", l.Addr())
	err = http.Serve(l, h)
	fmt.Fprintln(stderr, "serve:", err)
	return 1
}

// handler serves the site in dir, which must hold index.html. It serves
// only what lies inside dir: a symbolic link that leads out of it is not
// followed (404), as os.Root does.
func handler(dir string) (http.Handler, error) {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return nil, fmt.Errorf("%s has no index.html: build the site first (make dist)", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	site := root.FS()
	files := http.FileServerFS(site)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The site changes with every build: let the browser revalidate.
		w.Header().Set("Cache-Control", "no-cache")
		if compressed(w, r, site) {
			return
		}
		files.ServeHTTP(w, r)
	}), nil
}
