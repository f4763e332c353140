package e2e

import (
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestOffline visits the page once from a file server of its own, stops
// that server, and reloads: the service worker (public/sw.js) serves the
// site from its cache, and a run finishes, as in a classroom whose
// network failed.
func TestOffline(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(siteDir))}
	go srv.Serve(l)
	defer srv.Close()
	base := "http://" + l.Addr().String() + "/"
	tb := openURL(t, base, small)
	tb.done()
	tb.wait(`window.nnlrsOffline === true && navigator.serviceWorker.controller !== null`, 120*time.Second)
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tb.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
	tb.done()
	tb.run("done")
	if n := eval[int](tb, `nnlrs.graphs.nnlrs.n`); n != 36 {
		t.Errorf("offline, the NNLRS graph has %d nodes, want 36", n)
	}
}
