package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestFirefox runs the default page to its end in a second engine:
// Debian's Firefox ESR in a real window under Xvfb, driven through
// WebDriver BiDi by puppeteer-core (firefox/smoke.mjs): WebGL starts, the
// run finishes, the console stays clean. It skips, loudly, without
// firefox-esr, xvfb-run or the npm packages (make test installs those
// with npm ci).
func TestFirefox(t *testing.T) {
	if browser == nil {
		t.Skip(noBrowser) // the site is served only when Chromium is there
	}
	firefox, err := exec.LookPath("firefox-esr")
	if err != nil {
		t.Skip("!!! no firefox-esr on the PATH (apt-get install firefox-esr xvfb xauth): the Firefox test is SKIPPED")
	}
	xvfb, err := exec.LookPath("xvfb-run")
	if err != nil {
		t.Skip("!!! no xvfb-run on the PATH (apt-get install xvfb xauth): the Firefox test is SKIPPED")
	}
	if _, err := os.Stat(filepath.Join("firefox", "node_modules", "puppeteer-core")); err != nil {
		t.Skip("!!! no puppeteer-core in wasm/e2e/firefox/node_modules (make test runs npm ci there): the Firefox test is SKIPPED")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, xvfb, "-a", "node", "smoke.mjs", baseURL, firefox)
	cmd.Dir = "firefox"
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir(), "HOME="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		msg := err.Error()
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("Firefox: %s\n%s", msg, out)
	}
	var got struct {
		State  string
		Draws  int
		Graphs map[string]struct{ GHF *float64 }
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("Firefox printed %q: %v", out, err)
	}
	if got.State != "done" || len(got.Graphs) != 4 || got.Graphs["nnlrs"].GHF == nil {
		t.Errorf("Firefox: %s", out)
	}
	t.Logf("Firefox ran the default page: %d frames drawn", got.Draws)
}
