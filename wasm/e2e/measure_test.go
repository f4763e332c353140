package e2e

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"nnlrs/core/method"
)

// TestMeasure times the page in headless Chromium (make measure): the first
// frame and the default run's graphs after navigation, the frame rate and
// the longest task of the page's thread while the workers compute, the
// frame rate after, a λ and a β slider step a second after the figure,
// and the sizes of the wasm downloads; then, for each
// link of NNLRS_MEASURE_LINKS (comma-separated fragments; by default the
// built-in data sets' presets and the largest draw of the faces), the
// time from navigation to its graphs done, in 3 loads. It reports figures
// and asserts nothing about them. NNLRS_MEASURE_DEFAULT=0 leaves out the
// default page's loads and measures the links alone.
func TestMeasure(t *testing.T) {
	if os.Getenv("NNLRS_MEASURE") == "" {
		t.Skip("set NNLRS_MEASURE=1 (make measure)")
	}
	if site := os.Getenv("NNLRS_DIST"); site != "" {
		for _, name := range []string{"app.wasm", "solver.wasm"} {
			b, err := os.ReadFile(filepath.Join(site, name))
			if err != nil {
				t.Fatal(err)
			}
			var z bytes.Buffer
			w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
			w.Write(b)
			w.Close()
			t.Logf("%s: %.1f MB raw, %.1f MB gzip -9", name, float64(len(b))/1e6, float64(z.Len())/1e6)
		}
	}
	workers := os.Getenv("NNLRS_WORKERS") // the pool's size, default one per core
	base := baseURL
	if workers != "" {
		base += "?workers=" + workers
	}
	var first, nnlrs, done, busyFPS, idleFPS, longest, lambdaStep, betaStep []float64
	var stepIters [2][]float64
	defaults := 5
	if os.Getenv("NNLRS_MEASURE_DEFAULT") == "0" { // the links alone
		defaults = 0
	}
	for k := 0; k < defaults; k++ {
		tb := openURL(t, base, "")
		// The frame rate while computing: from the first iteration to the
		// end of the run, as the page counts it (performance.now).
		tb.wait(`nnlrs.state === "running" && nnlrs.iterations > 0 || nnlrs.state === "done"`, 60*time.Second)
		// The longest task of the page's thread while the workers
		// compute: how long the page could not answer the user.
		eval[bool](tb, `(nnlrs.longest = 0, new PerformanceObserver(l => { for (const e of l.getEntries())
			if (nnlrs.state === "running") nnlrs.longest = Math.max(nnlrs.longest, e.duration) }).observe({type: "longtask"}), true)`)
		eval[bool](tb, `(nnlrs.f0 = nnlrs.frames, nnlrs.t0 = performance.now(), true)`)
		tb.done()
		longest = append(longest, eval[float64](tb, "nnlrs.longest"))
		f2, t2 := eval[int](tb, "nnlrs.frames"), time.Now()
		busy := eval[float64](tb, `(nnlrs.framesAtDone - nnlrs.f0) / (nnlrs.doneAt - nnlrs.t0) * 1000`)
		time.Sleep(time.Second)
		f3, t3 := eval[int](tb, "nnlrs.frames"), time.Now()
		first = append(first, eval[float64](tb, "nnlrs.firstFrame")/1000)
		nnlrs = append(nnlrs, eval[float64](tb, "nnlrs.nnlrsAt")/1000)
		done = append(done, eval[float64](tb, "nnlrs.doneAt")/1000)
		busyFPS = append(busyFPS, busy)
		idleFPS = append(idleFPS, float64(f3-f2)/t3.Sub(t2).Seconds())
		t.Logf("load %d (%d workers): first frame %.2f s, NNLRS graph %.2f s (its solve began %.2f s before the page asked), graphs done %.2f s after navigation, %.1f fps and longest task %.0f ms while computing; %s",
			k+1, eval[int](tb, "nnlrs.workers"), first[k], nnlrs[k], eval[float64](tb, "nnlrs.headStart"), done[k], busy, longest[k], tb.text("status"))
		// Slider steps as a person takes them, a second after the
		// figure before: λ 1 → 0.7, then β 0.2 → 0.1, each a warm solve
		// of NNLRS alone (TestLive, TestWarmStep check their answers).
		for i, st := range []struct{ id, value string }{{"lambda", "4"}, {"beta", "5"}} {
			fig := eval[int](tb, "nnlrs.figure")
			time.Sleep(time.Second)
			ms := tb.change(st.id, st.value, fig)
			info := tb.graphInfo(method.NNLRS)
			it := info["iterations"].(float64)
			stepIters[i] = append(stepIters[i], it)
			if i == 0 {
				lambdaStep = append(lambdaStep, ms/1000)
			} else {
				betaStep = append(betaStep, ms/1000)
			}
			t.Logf("load %d: %s step %.0f ms (%.0f%% of this load's run), %.0f warm iterations solved in %.0f ms", k+1, st.id, ms, 100*ms/1000/done[k], it, 1000*info["elapsed"].(float64))
		}
		tb.close()
	}
	if defaults > 0 {
		t.Logf("medians of %d loads: first frame %.2f s; NNLRS graph %.2f s; graphs done %.2f s; %.1f fps while computing (longest task of the page %.0f ms), %.1f fps after",
			len(first), median(first), median(nnlrs), median(done), median(busyFPS), median(longest), median(idleFPS))
		t.Logf("slider steps a second after the figure, medians of %d: λ 1 → 0.7 %.0f ms (%.0f%% of the graphs done; %.0f iterations), β 0.2 → 0.1 %.0f ms (%.0f%%; %.0f iterations)",
			len(lambdaStep), 1000*median(lambdaStep), 100*median(lambdaStep)/median(done), median(stepIters[0]),
			1000*median(betaStep), 100*median(betaStep)/median(done), median(stepIters[1]))
	}

	links := []string{"data=usps&seed=1", "data=yaleb&seed=1", "data=pie&seed=1", "data=yaleb&classes=10&per=40&seed=1"}
	if s := os.Getenv("NNLRS_MEASURE_LINKS"); s != "" {
		links = strings.Split(s, ",")
	}
	for _, link := range links {
		var dones []float64
		for k := 0; k < 3; k++ {
			tb := openURL(t, base, link)
			// The page's estimate of the run from its start (at the rate
			// it assumes before it has timed a run), and after the run at
			// the rate the run measured (ui.Model.Expected).
			tb.wait(`typeof nnlrs.expected === "number" || nnlrs.state === "done" || nnlrs.state === "failed"`, 600*time.Second)
			before := eval[float64](tb, "nnlrs.expected || 0")
			// Again at NNLRS's 20th iteration, when the estimate counts the
			// solves' own pace (the status says which).
			tb.wait(`nnlrs.state !== "running" || nnlrs.iterations >= 20`, 600*time.Second)
			midAt := eval[float64](tb, "performance.now()") / 1000
			mid, midStatus := eval[float64](tb, "nnlrs.expected || 0"), tb.text("status")
			tb.wait(`nnlrs.state === "done" || nnlrs.state === "failed"`, 600*time.Second)
			dones = append(dones, eval[float64](tb, "nnlrs.doneAt")/1000)
			t.Logf("#%s load %d: graphs done %.2f s after navigation; expected %.1f s before, %.1f s at %.1f s after navigation (%q), %.1f s at the rate the run measured; %s",
				link, k+1, dones[k], before, mid, midAt, midStatus, eval[float64](tb, "nnlrs.expected || 0"), tb.text("status"))
			tb.close()
		}
		t.Logf("#%s: median of %d loads %.2f s to the graphs done", link, len(dones), median(dones))
	}
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}
