package lowrank

import (
	"context"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// benchData returns n unit-norm samples from 4 subspaces of dimension 6
// in R^256 (the dimension of USPS digits) with 5% noise, fixed seed.
func benchData(n int) *mat.Dense {
	rng := rand.New(rand.NewPCG(11, uint64(n)))
	sizes := []int{n / 4, n / 4, n / 4, n - 3*(n/4)}
	x, _ := subspaces(rng, 256, 6, sizes)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] += 0.05 / 16 * rng.NormFloat64()
	}
	return x
}

var sinkResult *Result

// benchmarkADMMIteration times one ADMM iteration (the step from the
// zero state: SVT, H- and E-steps, the Z-step solve and the multipliers).
func benchmarkADMMIteration(b *testing.B, n int) {
	x := benchData(n)
	pr := problem{Params: DefaultParams()}
	s := newADMM(x, x, pr, (*ADMM)(nil).withDefaults(pr, x.RawMatrix().Cols))
	// Move away from the zero state so that J has realistic rank.
	for range 10 {
		if err := s.step(); err != nil {
			b.Fatal(err)
		}
		s.xs.copyFrom(s.gs)
	}
	b.ResetTimer()
	for range b.N {
		if err := s.step(); err != nil {
			b.Fatal(err)
		}
	}
}

// benchmarkLADMAPIteration times iterations of Algorithm 1 (each with a
// full SVD), as the average over a capped run.
func benchmarkLADMAPIteration(b *testing.B, n int) {
	x := benchData(n)
	b.ResetTimer()
	for range b.N {
		res, _ := NNLRS(context.Background(), x, nil, DefaultParams(), &LADMAP{MaxIter: 1}, nil)
		sinkResult = res
	}
}

// benchmarkSolve times whole solves of benchData(n).
func benchmarkSolve(b *testing.B, n int, solve func(x *mat.Dense) (*Result, error)) {
	x := benchData(n)
	b.ResetTimer()
	for range b.N {
		res, err := solve(x)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.Iterations), "iters")
		sinkResult = res
	}
}

// nnlrsBy solves problem (6) with the paper's β and λ by m.
func nnlrsBy(m Method) func(*mat.Dense) (*Result, error) {
	return func(x *mat.Dense) (*Result, error) {
		return NNLRS(context.Background(), x, nil, DefaultParams(), m, nil)
	}
}

// lrrBy solves LRR at λ = 1 by m.
func lrrBy(m LRRMethod) func(*mat.Dense) (*Result, error) {
	return func(x *mat.Dense) (*Result, error) {
		return LRR(context.Background(), x, nil, 1, m, nil)
	}
}

func BenchmarkADMMIteration100(b *testing.B)   { benchmarkADMMIteration(b, 100) }
func BenchmarkADMMIteration200(b *testing.B)   { benchmarkADMMIteration(b, 200) }
func BenchmarkADMMIteration400(b *testing.B)   { benchmarkADMMIteration(b, 400) }
func BenchmarkADMMIteration800(b *testing.B)   { benchmarkADMMIteration(b, 800) }
func BenchmarkLADMAPIteration100(b *testing.B) { benchmarkLADMAPIteration(b, 100) }
func BenchmarkLADMAPIteration200(b *testing.B) { benchmarkLADMAPIteration(b, 200) }
func BenchmarkLADMAPIteration400(b *testing.B) { benchmarkLADMAPIteration(b, 400) }
func BenchmarkADMMSolve100(b *testing.B)       { benchmarkSolve(b, 100, nnlrsBy(&ADMM{})) }
func BenchmarkADMMSolve200(b *testing.B)       { benchmarkSolve(b, 200, nnlrsBy(&ADMM{})) }
func BenchmarkADMMSolve400(b *testing.B)       { benchmarkSolve(b, 400, nnlrsBy(&ADMM{})) }
func BenchmarkLADMAPSolve100(b *testing.B)     { benchmarkSolve(b, 100, nnlrsBy(&LADMAP{})) }
func BenchmarkLRRSolveADMM100(b *testing.B)    { benchmarkSolve(b, 100, lrrBy(&ADMM{})) }
func BenchmarkLRRSolveALM100(b *testing.B)     { benchmarkSolve(b, 100, lrrBy(&ALM{})) }
func BenchmarkLRRSolveADMM400(b *testing.B)    { benchmarkSolve(b, 400, lrrBy(&ADMM{})) }
func BenchmarkLRRSolveALM400(b *testing.B)     { benchmarkSolve(b, 400, lrrBy(&ALM{})) }
