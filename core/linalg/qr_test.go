package linalg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestThinQR checks the defining properties of the factors: QᵀQ = I,
// QR = b and R upper triangular, on tall matrices with more columns than
// a block of the blocked LAPACK routines, one of them rank deficient
// (two equal columns), and that b is left as it was.
func TestThinQR(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ d, c int }{{5, 1}, {10, 10}, {300, 70}, {1024, 100}} {
		b := mat.NewDense(c.d, c.c, nil)
		for i := range b.RawMatrix().Data {
			b.RawMatrix().Data[i] = rng.NormFloat64()
		}
		if c.c > 2 {
			b.SetCol(1, mat.Col(nil, 0, b))
		}
		before := mat.DenseCopyOf(b)
		q, r := ThinQR(b)
		if !mat.Equal(b, before) {
			t.Errorf("%d×%d: b modified", c.d, c.c)
		}
		if rq, cq := q.Dims(); rq != c.d || cq != c.c {
			t.Fatalf("%d×%d: Q is %d×%d", c.d, c.c, rq, cq)
		}
		var qtq, qr mat.Dense
		qtq.Mul(q.T(), q)
		for i := 0; i < c.c; i++ {
			qtq.Set(i, i, qtq.At(i, i)-1)
		}
		if e := mat.Norm(&qtq, math.Inf(1)); e > 1e-13*float64(c.d) {
			t.Errorf("%d×%d: ||QᵀQ − I||∞ = %g", c.d, c.c, e)
		}
		qr.Mul(q, r)
		qr.Sub(&qr, b)
		if e := mat.Norm(&qr, 2) / mat.Norm(b, 2); e > 1e-14*float64(c.d) {
			t.Errorf("%d×%d: ||QR − b||/||b|| = %g", c.d, c.c, e)
		}
		for i := 0; i < c.c; i++ {
			for j := 0; j < i; j++ {
				if r.At(i, j) != 0 {
					t.Errorf("%d×%d: R[%d][%d] = %g below the diagonal", c.d, c.c, i, j, r.At(i, j))
				}
			}
		}
	}
}

// ExampleThinQR factorizes a 3×2 matrix: R's first entry is minus the
// first column's norm, 5, and QR gives the matrix back.
func ExampleThinQR() {
	b := mat.NewDense(3, 2, []float64{
		3, 1,
		4, 2,
		0, 5,
	})
	q, r := ThinQR(b)
	var qr mat.Dense
	qr.Mul(q, r)
	fmt.Printf("R = %.4g\nQR = %.4g\n", mat.Formatted(r, mat.Prefix("    ")), mat.Formatted(&qr, mat.Prefix("     ")))
	// Output:
	// R = ⎡    -5    -2.2⎤
	//     ⎣     0  -5.016⎦
	// QR = ⎡3  1⎤
	//      ⎢4  2⎥
	//      ⎣0  5⎦
}
