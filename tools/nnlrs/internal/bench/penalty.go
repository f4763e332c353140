package bench

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"nnlrs/core/dataset"
	"nnlrs/core/lowrank"
	"nnlrs/tools/nnlrs/internal/cli"
)

// penaltyRule is a rule for ADMM's penalties μ₁, μ₂, μ₃ of NNLRS as
// functions of λ: each is a constant times 1, λ or √λ, or 0 for the
// solver's default (lowrank.ADMM.Mu).
type penaltyRule struct {
	text  string
	coef  [3]float64
	power [3]float64 // 0, 1 or 0.5: the power of λ
}

// parsePenaltyRules parses "5l,2,10;3l,2,4r;-,4,-": rules separated by
// ';', each three numbers, one per penalty, suffixed l for times λ or r
// for times √λ, or "-" for that penalty's default.
func parsePenaltyRules(s string) ([]penaltyRule, error) {
	var rules []penaltyRule
	for _, rs := range strings.Split(s, ";") {
		rs = strings.TrimSpace(rs)
		f := strings.Split(rs, ",")
		if len(f) != 3 {
			return nil, cli.Usagef("-penalties: rule %q must have three comma-separated penalties (e.g. 3l,2,4r)", cli.Excerpt(rs))
		}
		r := penaltyRule{text: rs}
		for i, t := range f {
			t = strings.TrimSpace(t)
			if t == "-" {
				continue
			}
			switch {
			case strings.HasSuffix(t, "l"):
				r.power[i], t = 1, strings.TrimSuffix(t, "l")
			case strings.HasSuffix(t, "r"):
				r.power[i], t = 0.5, strings.TrimSuffix(t, "r")
			}
			v, err := strconv.ParseFloat(t, 64)
			if err != nil || !(v > 0) || math.IsInf(v, 0) {
				return nil, cli.Usagef("-penalties: %q in rule %q is not a positive number, optionally suffixed l (times λ) or r (times √λ), or - (the default)", cli.Excerpt(f[i]), cli.Excerpt(rs))
			}
			r.coef[i] = v
		}
		rules = append(rules, r)
	}
	return rules, nil
}

// mu returns the penalties of the rule at λ.
func (r penaltyRule) mu(lambda float64) [3]float64 {
	var mu [3]float64
	for i := range mu {
		mu[i] = r.coef[i] * math.Pow(lambda, r.power[i])
	}
	return mu
}

// The default grid of the penalty bench (-betas, -lambdas): the page's β
// and λ sliders' range.
var (
	PenaltyBetas   = []float64{0.05, 0.2, 0.5}
	PenaltyLambdas = []float64{0.3, 1, 3, 10, 30, 100}
)

// runPenaltyBench counts, on each case and at each β and λ of the grid,
// the iterations of a cold NNLRS solve by ADMM with its default penalties
// and with each rule, and prints each rule's geometric mean, least and
// largest ratio of iterations to the defaults'.
func (cfg *benchConfig) runPenaltyBench(stdout, stderr io.Writer) error {
	fmt.Fprintf(stdout, "nnlrs bench -penalties: iterations of a cold NNLRS solve by ADMM to the certified gap 4e-3, default penalties and each rule\n")
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "case\tn\tbeta\tlambda\tdefault\t"
	for _, r := range cfg.penalties {
		head += r.text + "\t"
	}
	fmt.Fprintln(tw, head)
	logSum := make([]float64, len(cfg.penalties))
	worst := make([]float64, len(cfg.penalties))
	best := make([]float64, len(cfg.penalties))
	for i := range best {
		best[i] = math.Inf(1)
	}
	cells := 0
	notes, err := cfg.eachCase(stderr, func(c benchCase, set *dataset.Set) error {
		_, n := set.X.Dims()
		for _, beta := range cfg.betas {
			for _, lambda := range cfg.lambdas {
				p := lowrank.Params{Beta: beta, Lambda: lambda}
				base, err := penaltyIterations(set, p, nil)
				if err != nil {
					return fmt.Errorf("%s, beta %g, lambda %g: %w", c.name, beta, lambda, err)
				}
				row := fmt.Sprintf("%s\t%d\t%g\t%g\t%d\t", c.name, n, beta, lambda, base)
				for i, r := range cfg.penalties {
					mu := r.mu(lambda)
					it, err := penaltyIterations(set, p, &mu)
					if err != nil {
						return fmt.Errorf("%s, beta %g, lambda %g, rule %s: %w", c.name, beta, lambda, r.text, err)
					}
					ratio := float64(it) / float64(base)
					logSum[i] += math.Log(ratio)
					worst[i] = math.Max(worst[i], ratio)
					best[i] = math.Min(best[i], ratio)
					row += fmt.Sprintf("%d\t", it)
				}
				fmt.Fprintln(tw, row)
				cells++
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	tw.Flush()
	if cells > 0 {
		fmt.Fprintln(stdout, "\niterations against the defaults, over every case, beta and lambda:")
		for i, r := range cfg.penalties {
			fmt.Fprintf(stdout, "  %s: geometric mean %.3f, from %.2f to %.2f\n", r.text, math.Exp(logSum[i]/float64(cells)), best[i], worst[i])
		}
	}
	fmt.Fprintln(stdout, "rules: mu1, mu2, mu3 of ADMM (constraints X = AZ + E, Z = J, Z = H); l: times lambda, r: times sqrt(lambda), -: the default")
	for _, n := range notes {
		fmt.Fprintln(stdout, n)
	}
	return nil
}

// penaltyIterations solves NNLRS cold with the penalties mu (nil: the
// defaults) and returns its iterations.
func penaltyIterations(set *dataset.Set, p lowrank.Params, mu *[3]float64) (int, error) {
	m := &lowrank.ADMM{}
	if mu != nil {
		m.Mu = *mu
	}
	r, err := lowrank.NNLRS(context.Background(), set.X, nil, p, m, nil)
	if err != nil {
		return 0, err
	}
	return r.Iterations, nil
}
