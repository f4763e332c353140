package experiment

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A scale study measures the graphs as the draw of a data set grows: at
// every size of Draws it runs the experiment of Config (its trials, graphs
// and classifiers, and, with Config.Tune, the parameters chosen by
// cross-validation on the labeled samples only) on the first Classes
// classes of the data set, PerClass random samples each. The paper draws
// one size per data set (Section V-B: 50 images of each of 15 subjects);
// the study tells whether its ranking of the graphs depends on it.

// Draw is the size of a draw: the first Classes classes of a data set,
// PerClass random samples of each.
type Draw struct {
	Classes  int `json:"classes"`
	PerClass int `json:"per_class"`
}

// Samples returns the number of samples of the draw.
func (d Draw) Samples() int { return d.Classes * d.PerClass }

func (d Draw) String() string { return fmt.Sprintf("%d×%d", d.Classes, d.PerClass) }

// ParseDraw parses "CxP" (or "C×P"): C classes, P samples per class.
func ParseDraw(s string) (Draw, error) {
	c, p, ok := strings.Cut(strings.ReplaceAll(strings.TrimSpace(s), "×", "x"), "x")
	if ok {
		nc, err1 := strconv.Atoi(c)
		np, err2 := strconv.Atoi(p)
		if err1 == nil && err2 == nil && nc >= 2 && np >= 2 {
			return Draw{Classes: nc, PerClass: np}, nil
		}
	}
	return Draw{}, fmt.Errorf("experiment: draw %q is not CLASSESxPERCLASS with both at least 2 (as 10x40)", s)
}

// ScaleConfig configures a scale study.
type ScaleConfig struct {
	// Config is the experiment run at every draw; its Protocol names the
	// data set, and its Classes and PerClass are those of each draw in
	// turn. Config.Progress, if set, also says which draw runs.
	Config
	// Draws are the sizes, in the order run.
	Draws []Draw
}

// ScaleResults are the outcome of Scale, one run per draw.
type ScaleResults struct {
	// Dataset and Title name the data set (Protocol.Name and Title).
	Dataset string `json:"dataset"`
	Title   string `json:"title"`
	Draws   []Draw `json:"draws"`
	// Runs hold the results of every draw, in the order of Draws; each
	// run's protocol holds its classes and samples per class.
	Runs []*Results `json:"runs"`
	// Seconds is the wall-clock time of the study.
	Seconds float64 `json:"seconds"`
	// Command is the command line that produced the results, if set by
	// the caller.
	Command string `json:"command,omitempty"`
	// Date is when the study finished, RFC 3339.
	Date string `json:"date"`
}

// Check reports whether c can run: draws of at least 2 classes and 2
// samples per class, none listed twice, that the data hold.
func (c ScaleConfig) Check() error {
	if len(c.Draws) == 0 {
		return errors.New("experiment: a scale study needs at least one draw")
	}
	for i, d := range c.Draws {
		if d.Classes < 2 || d.PerClass < 2 {
			return fmt.Errorf("experiment: draw %v: need at least 2 classes and 2 samples per class", d)
		}
		if slices.Contains(c.Draws[:i], d) {
			return fmt.Errorf("experiment: draw %v listed twice", d)
		}
	}
	if c.Data != nil {
		count := map[int]int{}
		for _, l := range c.Data.Labels {
			count[l]++
		}
		for _, d := range c.Draws {
			for k := 1; k <= d.Classes; k++ {
				if count[k] < d.PerClass {
					return fmt.Errorf("experiment: draw %v: %s has %d samples of class %d, need %d", d, c.Protocol.Title, count[k], k, d.PerClass)
				}
			}
		}
	}
	return nil
}

// Scale runs the scale study c.
func Scale(ctx context.Context, c ScaleConfig) (*ScaleResults, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	start := time.Now()
	out := &ScaleResults{Dataset: c.Protocol.Name, Title: c.Protocol.Title, Draws: slices.Clone(c.Draws)}
	doneBefore := 0 // work units of the draws done
	for i, d := range c.Draws {
		cfg := c.Config
		cfg.Protocol = c.Protocol.Sized(d)
		done := 0
		if c.Progress != nil {
			cfg.Progress = func(p Progress) {
				done = p.Done
				// The draws left are guessed as long as this one.
				p.What = fmt.Sprintf("draw %d/%d (%v): %s", i+1, len(c.Draws), d, p.What)
				p.Trials += i * c.Trials
				p.Done += doneBefore
				p.Total = doneBefore + p.Total*(len(c.Draws)-i)
				c.Progress(p)
			}
		}
		r, err := Run(ctx, cfg)
		if err != nil {
			return nil, fmt.Errorf("%v: %w", d, err)
		}
		out.Runs = append(out.Runs, r)
		doneBefore += done
	}
	out.Seconds = time.Since(start).Seconds()
	out.Date = time.Now().UTC().Format(time.RFC3339)
	return out, nil
}

// Sized returns the protocol drawing d: its first d.Classes classes (the
// classes 1, …, d.Classes of the data set, as the paper takes "the first
// 15 individuals"), d.PerClass samples of each; synthetic data get
// d.Classes subspaces.
func (p Protocol) Sized(d Draw) Protocol {
	p.Classes = make([]int, d.Classes)
	for i := range p.Classes {
		p.Classes[i] = i + 1
	}
	p.PerClass = d.PerClass
	if p.IsSynthetic() {
		p.Synthetic.Classes = d.Classes
	}
	p.Note = fmt.Sprintf("the first %d classes, %d samples each", d.Classes, d.PerClass)
	return p
}
