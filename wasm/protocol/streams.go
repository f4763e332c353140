package protocol

// The random streams of a Spec's draws: the worker draws with
// rand.NewPCG(Spec.Seed, stream), one stream per purpose, so that the
// data, the corruption and the labels of a seed do not depend on one
// another. DataStream is the command line's stream too (tools/nnlrs
// -seed), and tools/nnlrs presets draws with DataStream and LabelStream to
// measure on the samples and labels the page gets.
const (
	DataStream    = 0x6e6e6c7273
	PerturbStream = 0x6e6f697365
	LabelStream   = 0x6c6162656c
)
