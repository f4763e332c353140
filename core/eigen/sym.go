package eigen

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"nnlrs/core/gemm"
)

// Sym computes the eigen-decomposition A = V diag(w) Vᵀ of a
// symmetric matrix as LAPACK's dsyevd does: blocked Householder reduction
// to tridiagonal form (sytrd, LAPACK's dsytrd), Cuppen's divide and
// conquer on the tridiagonal matrix (tridiagDC, dstedc), and the blocked
// back-transformation by the reflectors (ormqr, dormtr/dormqr). The
// level-3 parts run in gemm's packed kernel whatever BLAS the process
// installed. gonum's own mat.EigenSym uses the implicit QL/QR
// iteration (Dsteqr), whose plane rotations cost about 6n³ flops with poor
// locality; the divide and conquer spends its time in matrix multiplies
// and deflates most of the work on clustered spectra.
//
// The zero value is ready to use; a Sym reuses its workspace. A caller
// with n×n matrices that are dead while it decomposes can lend them
// (Lent) instead, and the Sym then allocates none of its own for them.
type Sym struct {
	// Lent holds buffers of the caller's that the factorizations use in
	// place of the Sym's own: each is used when it is long enough (n² for
	// an n×n matrix), and the caller must neither read nor write it from
	// the call until it has read the results it needs. Values does not
	// read them; Vectors returns Lent.Vectors.
	Lent Buffers

	n          int
	a          []float64 // reflectors, then unused
	d, e, tau  []float64
	work       []float64
	ormT, ormV []float64 // block reflector T and dense V (ormqr)
	ormW       []float64
	vec        mat.Dense // eigenvectors, columns
	steqrWork  []float64
	z, dlamda  []float64
	w, lam     []float64
	delta, zh  []float64
	qk, sk     []float64
	out        []float64
	sortTmp    []float64
	perm       []int
	ctype      []int
	keep, defl []int
	order, pos []int
	sortIdx    []int
	vecLent    bool // vec is in Lent.Vectors
	ok         bool
	vectors    bool
	first      int // the first eigenvector back-transformed
}

// Buffers are the n×n buffers of a decomposition of order n: the matrix
// and, after its reduction, its reflectors; the eigenvectors; the divide
// and conquer's Δ (the secular roots' differences) and S (the
// eigenvectors of a merge), up to n² each.
type Buffers struct {
	Matrix, Vectors, Delta, S []float64
}

// Factorize computes the eigenvalues of the symmetric matrix a, and its
// eigenvectors if vectors is true (without them it runs gonum's
// root-free QR iteration Dsterf after the reduction, see sterf). It reports whether
// the computation succeeded.
func (s *Sym) Factorize(a mat.Symmetric, vectors bool) (ok bool) {
	return s.factorize(a, vectors, math.Inf(-1))
}

// FactorizeOuter is FactorizeAbove (Factorize with vectors false) of the
// n×n matrix x xᵀ, x n×k, as mat.SymDense.SymOuterK(1, x) forms it: x
// a *mat.Dense or the Transpose of one (then x xᵀ is the Gram matrix of
// its columns). The product is formed, by gemm's packed Dsyrk, in the
// workspace the decomposition works in, without the n×n copy of a
// SymDense; its entries are the same sums as SymOuterK's under
// gemm.Use(), and so is the decomposition.
func (s *Sym) FactorizeOuter(x mat.Matrix, vectors bool, lo float64) (first int, ok bool) {
	n, k := x.Dims()
	s.n = n
	s.ok = false
	s.first = 0
	if n == 0 {
		s.ok = true
		return 0, true
	}
	t := blas.NoTrans
	var g blas64.General
	switch m := x.(type) {
	case *mat.Dense:
		g = m.RawMatrix()
	case mat.Transpose:
		d, isDense := m.Matrix.(*mat.Dense)
		if !isDense {
			d = mat.DenseCopyOf(m.Matrix)
		}
		g, t = d.RawMatrix(), blas.Trans
	default:
		g = mat.DenseCopyOf(x).RawMatrix()
	}
	buf := s.lent(s.Lent.Matrix, &s.a, n*n, n*n)
	gemm.BLAS{}.Dsyrk(blas.Lower, t, n, k, 1, g.Data, g.Stride, 0, buf, n)
	if !s.factorizeLower(n, buf, vectors, lo) {
		return 0, false
	}
	return s.first, true
}

// factorize is Factorize with the eigenvectors of the eigenvalues above
// lo alone back-transformed (FactorizeAbove).
func (s *Sym) factorize(a mat.Symmetric, vectors bool, lo float64) (ok bool) {
	n := a.SymmetricDim()
	s.n = n
	s.ok = false
	s.first = 0
	if n == 0 {
		s.ok = true
		return true
	}
	// Copy a into the lower triangle of a row-major buffer.
	buf := s.lent(s.Lent.Matrix, &s.a, n*n, n*n)
	if sd, isSym := a.(*mat.SymDense); isSym {
		raw := sd.RawSymmetric()
		for i := 0; i < n; i++ {
			// Upper storage: raw.Data[i*stride+j] for j ≥ i.
			for j := i; j < n; j++ {
				buf[j*n+i] = raw.Data[i*raw.Stride+j]
			}
		}
	} else {
		for i := 0; i < n; i++ {
			for j := 0; j <= i; j++ {
				buf[i*n+j] = a.At(i, j)
			}
		}
	}
	return s.factorizeLower(n, buf, vectors, lo)
}

// FactorizeAbove is Factorize with eigenvectors only for the eigenvalues
// above lo: it returns first, the index of the smallest of them in
// Values (n when there is none), and columns first to n−1 of Vectors are
// their eigenvectors; the columns before first are not eigenvectors of
// a. The last merge of the divide and conquer forms the eigenvectors of
// the tridiagonal matrix for the kept eigenvalues alone, and the
// back-transformation by the reflectors (ormqr, about 30% of the work at
// n = 100) is done on the kept columns alone; each kept vector has the
// bits Factorize gives it. Singular value thresholding needs no more
// (package prox).
func (s *Sym) FactorizeAbove(a mat.Symmetric, lo float64) (first int, ok bool) {
	if !s.factorize(a, true, lo) {
		return 0, false
	}
	return s.first, true
}

// factorizeLower decomposes the symmetric matrix whose lower triangle is
// in buf (n×n, row-major), destroying buf; with vectors, only those of
// the eigenvalues above lo are back-transformed.
func (s *Sym) factorizeLower(n int, buf []float64, vectors bool, lo float64) bool {
	d := s.grow(&s.d, n)
	e := s.grow(&s.e, max(n-1, 1))
	tau := s.grow(&s.tau, max(n-1, 1))
	sytrd(n, buf, n, d, e, tau, s.grow(&s.work, sytrdWork(n)))
	s.vectors = vectors
	if !vectors {
		if !sterf(n, d, e) {
			return false
		}
		s.ok = true
		return true
	}

	switch {
	case len(s.Lent.Vectors) >= n*n:
		s.vec = *mat.NewDense(n, n, s.Lent.Vectors[:n*n])
		s.vecLent = true
	case s.vecLent || s.vec.IsEmpty() || s.vec.RawMatrix().Rows != n:
		s.vec = *mat.NewDense(n, n, nil)
		s.vecLent = false
	}
	q := s.vec.RawMatrix()
	if !s.tridiagDC(n, d, e, q.Data, q.Stride, lo) {
		return false
	}
	// V = Q S with Q = H(0)⋯H(n−2): the reflectors act on rows 1..n−1,
	// of the columns kept (the eigenvalues ascend).
	first := 0
	for first < n && !(d[first] > lo) {
		first++
	}
	s.first = first
	if n > 1 && first < n {
		s.ormqr(n-1, n-first, n-1, buf[n:], n, tau, q.Data[q.Stride+first:], q.Stride)
	}
	s.ok = true
	return true
}

// Values returns the eigenvalues in ascending order, in dst if it is long
// enough.
func (s *Sym) Values(dst []float64) []float64 {
	if !s.ok {
		panic("linalg: Sym not factorized")
	}
	if cap(dst) < s.n {
		dst = make([]float64, s.n)
	}
	dst = dst[:s.n]
	copy(dst, s.d[:s.n])
	return dst
}

// Vectors returns the eigenvectors as the columns of a matrix owned by s,
// valid until the next Factorize. Column j belongs to Values()[j].
func (s *Sym) Vectors() *mat.Dense {
	if !s.ok || !s.vectors {
		panic("linalg: Sym not factorized")
	}
	if s.n == 0 {
		return &mat.Dense{}
	}
	return &s.vec
}

// Spare returns n² entries that hold no result of the last
// factorization with vectors of order n: the divide and conquer's Δ
// (Lent.Delta when it is long enough, else the Sym's own), dead once the
// eigenvectors are formed. The caller may write them until the next
// factorization; the Values and Vectors stay as they were.
func (s *Sym) Spare() []float64 {
	if !s.ok || !s.vectors {
		panic("linalg: Sym not factorized")
	}
	return s.lent(s.Lent.Delta, &s.delta, s.n*s.n, s.n*s.n)
}

func (s *Sym) grow(b *[]float64, n int) []float64 {
	if cap(*b) < n {
		*b = make([]float64, n)
	}
	return (*b)[:n]
}

// growUpTo is grow for a buffer whose size changes from call to call,
// up to most: it takes a quarter more than asked (at most most), so that
// a size creeping up over the solves of a solver does not reallocate
// every time.
func (s *Sym) growUpTo(b *[]float64, n, most int) []float64 {
	if cap(*b) < n {
		*b = make([]float64, n, max(n, min(most, n+n/4)))
	}
	return (*b)[:n]
}

// lent returns the first n entries of the lent buffer b when it has
// them, else growUpTo of the Sym's own buffer own.
func (s *Sym) lent(b []float64, own *[]float64, n, most int) []float64 {
	if len(b) >= n {
		return b[:n]
	}
	return s.growUpTo(own, n, most)
}

func (s *Sym) growInt(b *[]int, n int) []int {
	if cap(*b) < n {
		*b = make([]int, n)
	}
	return (*b)[:n]
}
