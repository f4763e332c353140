package demo

import (
	"math/rand/v2"

	"nnlrs/core/propagate"
)

// The random streams of a run's draws: rand.NewPCG(seed, stream), one
// stream per purpose, so that the samples, their corruption and the labels
// of a seed do not depend on one another. DataStream is also the command
// line's (tools/nnlrs -seed).
const (
	DataStream    = 0x6e6e6c7273
	PerturbStream = 0x6e6f697365
	LabelStream   = 0x6c6162656c
)

// Labels returns the labels a run gives the propagation on samples of
// classes truth: percent % of every class (at least one sample of each)
// keep their class, drawn by seed; the others are propagate.Unlabeled.
func Labels(truth []int, percent float64, seed uint64) []int {
	return propagate.DrawLabeled(truth, percent/100, rand.New(rand.NewPCG(seed, LabelStream)))
}
