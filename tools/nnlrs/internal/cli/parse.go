package cli

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gonum.org/v1/plot/vg/vgimg"

	"nnlrs/core/dataset"
	"nnlrs/core/experiment"
	"nnlrs/core/method"
)

// OneLineString returns s with its runs of white space, line breaks
// among them, made single spaces.
func OneLineString(s string) string { return strings.Join(strings.Fields(s), " ") }

// NaN returns an IEEE 754 not-a-number, for the measures a platform
// cannot take.
func NaN() float64 { return math.NaN() }

// DefaultDataDir is where the data sets live beside the repository.
var DefaultDataDir = filepath.Join("..", "shared", "datasets")

// ParseGrid parses the flags -tune-lambda, -tune-beta, -tune-theta and
// -tune-lrr-lambda, given as lambda, beta, theta and lrr.
func ParseGrid(lambda, beta, theta, lrr string) (*experiment.Grid, error) {
	g := experiment.Grid{}
	for _, t := range []struct {
		name string
		s    string
		dst  *[]float64
		pos  bool
	}{{"-tune-lambda", lambda, &g.Lambda, true}, {"-tune-beta", beta, &g.Beta, false}, {"-tune-theta", theta, &g.Theta, false},
		{"-tune-lrr-lambda", lrr, &g.LRRLambda, true}} {
		v, err := ParseFloats(t.s, t.pos)
		if err != nil {
			return nil, Usagef("%s: %v", t.name, err)
		}
		*t.dst = v
	}
	return &g, nil
}

// CommandLine renders the command cmd of nnlrs with its arguments as a
// shell command run from the repository root.
func CommandLine(cmd string, args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		a = portableArg(a)
		if a == "" || strings.ContainsAny(a, " \t'\"$\\*?;&|<>()") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return "go run ./tools/nnlrs " + cmd + " " + strings.Join(q, " ")
}

// portableArg returns a, or a with its absolute path (a folder of the
// machine that ran the command: an -out, a -data) replaced by the
// placeholder OUT, relative paths being kept: a command is recorded for
// others to rerun, and names no folder of the machine that made it.
func portableArg(a string) string {
	if filepath.IsAbs(a) {
		return "OUT"
	}
	if name, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(name, "-") && filepath.IsAbs(v) {
		return name + "=OUT"
	}
	return a
}

func ParsePercents(s string) ([]float64, error) {
	v, err := ParseFloats(s, true)
	if err != nil {
		return nil, err
	}
	for i, p := range v {
		if p >= 100 {
			return nil, fmt.Errorf("%v%% is not below 100", p)
		}
		v[i] = p / 100
	}
	return v, nil
}

// ParseFloats parses a comma-separated list of finite numbers >= 0 (> 0
// with positive), without repeats.
func ParseFloats(s string, positive bool) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		v, err := dataset.ParseNumber(strings.TrimSpace(f))
		if err != nil || v < 0 || (positive && v == 0) {
			return nil, fmt.Errorf("%q is not a number %s 0", Excerpt(f), map[bool]string{true: ">", false: ">="}[positive])
		}
		if slices.Contains(out, v) {
			return nil, fmt.Errorf("%v listed twice", v)
		}
		out = append(out, v)
	}
	return out, nil
}

func Floats(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(s, ",")
}

func ParseGraphs(s string) ([]method.Name, error) {
	if s == "all" {
		return slices.Clone(method.Every), nil
	}
	var out []method.Name
	for _, f := range strings.Split(s, ",") {
		g := method.Name(strings.TrimSpace(f))
		if !slices.Contains(method.Every, g) {
			return nil, fmt.Errorf("unknown graph %q (graphs: %s)", Excerpt(string(g)), method.Join(method.Every, ", "))
		}
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out, nil
}

func ParsePropagators(s string) ([]string, error) {
	var out []string
	add := func(p string) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, p := range strings.Split(s, ",") {
		switch p = strings.TrimSpace(p); p {
		case "lgc":
			add(experiment.LGC)
			add(experiment.LGCMu)
		case "lgc-zhou":
			add(experiment.LGC)
		case experiment.GHF, experiment.LGCMu, experiment.SDA:
			add(p)
		default:
			return nil, fmt.Errorf("unknown classifier %q (ghf, lgc, lgc-zhou, lgc-mu, sda)", Excerpt(p))
		}
	}
	// Keep the order of the paper's tables.
	var ordered []string
	for _, p := range experiment.Propagators {
		if slices.Contains(out, p) {
			ordered = append(ordered, p)
		}
	}
	return ordered, nil
}

// progressBar draws the run's progress on stderr: redrawn in place on a
// terminal, otherwise a line at most every 30 seconds and at every trial.
type progressBar struct {
	w      io.Writer
	tty    bool
	trials int
	start  time.Time
	mu     sync.Mutex
	last   time.Time
	lastTr int
}

func NewProgressBar(w io.Writer, trials int) *progressBar {
	return &progressBar{w: w, tty: IsTerminal(w), trials: trials, start: time.Now()}
}

func (b *progressBar) Update(p experiment.Progress) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if !b.tty && now.Sub(b.last) < 30*time.Second && p.Trials == b.lastTr && p.Done < p.Total {
		return
	}
	b.last, b.lastTr = now, p.Trials
	const width = 30
	filled := width * p.Done / max(p.Total, 1)
	elapsed := now.Sub(b.start)
	eta := "?"
	if p.Done > 0 {
		eta = (time.Duration(float64(elapsed) * float64(p.Total-p.Done) / float64(p.Done))).Round(time.Second).String()
	}
	line := fmt.Sprintf("[%s%s] %d/%d  trials %d/%d  %s elapsed, ~%s left  %s",
		strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.Done, p.Total, p.Trials, b.trials,
		elapsed.Round(time.Second), eta, p.What)
	if b.tty {
		fmt.Fprintf(b.w, "\r\033[K%s", line)
	} else {
		fmt.Fprintln(b.w, line)
	}
}

func PctLabel(f float64) string { return fmt.Sprintf("%g%%", math.Round(1000*f)/10) }

// WritePNG writes the canvas as a PNG, as 8-bit gray when that loses
// nothing (the weight figures: about half the size of RGBA).
func WritePNG(w io.Writer, c *vgimg.Canvas) error {
	var img image.Image = c.Image()
	if g, ok := GrayImage(img); ok {
		img = g
	}
	return (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(w, img)
}

// GrayImage returns img as 8-bit gray if every pixel is an opaque gray.
func GrayImage(img image.Image) (*image.Gray, bool) {
	b := img.Bounds()
	g := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, gr, bl, a := img.At(x, y).RGBA()
			if r != gr || gr != bl || a != 0xffff || r>>8 != r&0xff {
				return nil, false
			}
			g.SetGray(x, y, color.Gray{Y: uint8(r >> 8)})
		}
	}
	return g, true
}
