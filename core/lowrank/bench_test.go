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
	s := newADMM(x, x, pr, (*ADMM)(nil).withDefaults(pr))
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

// benchmarkSolve times a whole solve.
func benchmarkSolve(b *testing.B, n int, m Method) {
	x := benchData(n)
	b.ResetTimer()
	for range b.N {
		res, err := NNLRS(context.Background(), x, nil, DefaultParams(), m, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.Iterations), "iters")
		sinkResult = res
	}
}

func BenchmarkADMMIteration100(b *testing.B)   { benchmarkADMMIteration(b, 100) }
func BenchmarkADMMIteration200(b *testing.B)   { benchmarkADMMIteration(b, 200) }
func BenchmarkADMMIteration400(b *testing.B)   { benchmarkADMMIteration(b, 400) }
func BenchmarkADMMIteration800(b *testing.B)   { benchmarkADMMIteration(b, 800) }
func BenchmarkLADMAPIteration100(b *testing.B) { benchmarkLADMAPIteration(b, 100) }
func BenchmarkLADMAPIteration200(b *testing.B) { benchmarkLADMAPIteration(b, 200) }
func BenchmarkLADMAPIteration400(b *testing.B) { benchmarkLADMAPIteration(b, 400) }
func BenchmarkADMMSolve100(b *testing.B)       { benchmarkSolve(b, 100, &ADMM{}) }
func BenchmarkADMMSolve200(b *testing.B)       { benchmarkSolve(b, 200, &ADMM{}) }
func BenchmarkADMMSolve400(b *testing.B)       { benchmarkSolve(b, 400, &ADMM{}) }
func BenchmarkLADMAPSolve100(b *testing.B)     { benchmarkSolve(b, 100, &LADMAP{}) }
