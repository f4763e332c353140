package linalg

import (
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// ThinQR factorizes a d×c matrix b with d ≥ c as b = QR, where Q is d×c
// with orthonormal columns and R is c×c upper triangular, by Householder
// reflections (LAPACK's dgeqrf and dorgqr through gonum's lapack64). It
// forms only the c columns of Q that span b's range: mat.QR's QTo forms
// the whole d×d Q, about d/c times the work. b is not modified. ThinQR panics if
// d < c.
func ThinQR(b mat.Matrix) (q, r *mat.Dense) {
	d, c := b.Dims()
	if d < c {
		panic("linalg: ThinQR needs at least as many rows as columns")
	}
	q = mat.DenseCopyOf(b)
	g := q.RawMatrix()
	tau := make([]float64, c)
	work := []float64{0}
	lapack64.Geqrf(g, tau, work, -1)
	lwork := int(work[0])
	lapack64.Orgqr(g, tau, work, -1)
	lwork = max(lwork, int(work[0]), 1)
	work = make([]float64, lwork)
	lapack64.Geqrf(g, tau, work, lwork)
	r = mat.NewDense(c, c, nil)
	for i := 0; i < c; i++ {
		copy(r.RawRowView(i)[i:], g.Data[i*g.Stride+i:i*g.Stride+c])
	}
	lapack64.Orgqr(g, tau, work, lwork)
	return q, r
}
