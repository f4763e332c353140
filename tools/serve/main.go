// Command serve serves the built demo (make dist) on the loopback
// interface, for make run:
//
//	go run ./tools/serve [-dir dist] [-addr 127.0.0.1:8080]
//
// It is a plain static file server: any other one does as well.
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", "dist", "the folder make dist wrote")
	addr := flag.String("addr", "127.0.0.1:8080", "the address to listen on")
	flag.Parse()
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		fmt.Fprintf(os.Stderr, "serve: %s has no index.html: build the site first (make dist)\n", *dir)
		os.Exit(2)
	}
	files := http.FileServer(http.Dir(*dir))
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The site changes with every build: let the browser revalidate.
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
	fmt.Printf("NNLRS Explorer: open http://%s/ (Ctrl-C stops)\n", *addr)
	log.Fatal(http.ListenAndServe(*addr, handler))
}
