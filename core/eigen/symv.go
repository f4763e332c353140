package eigen

import (
	"math"

	"nnlrs/core/parallel"
)

// symvLower computes y = A x for the symmetric n×n matrix A whose lower
// triangle is in a (row-major, stride lda), x and y contiguous of length
// n; y is overwritten. It is BLAS's dsymv with uplo = 'L', alpha = 1,
// beta = 0, as LAPACK's dsytd2 and dlatrd call it once per column of the
// tridiagonalization (half of its 4n³/3 flops).
//
// Each stored entry a_ij (j < i) serves twice, for row i and for row j:
//
//	y_i += a_ij x_j   (a dot product along row i)
//	y_j += a_ij x_i   (an axpy into y_0..y_{i-1})
//
// and four rows i..i+3 are taken at a time, so that one load of x_j and
// of y_j serves four entries: the loop is bound by the loads of A, each
// of which is used twice. gonum's Dsymv walks one row at a time and, as
// dlatrd calls it, reads x and writes y at a stride (a column of A, a
// column of W): one cache line per element.
//
// Without work it is one pass over the rows (symvRows, or the host's
// Kernels.SymvRows, with its bits): y_j is its own row's dot product,
// then the contributions of the rows below it in ascending order. With work (sytrd gives it from order symvBlocked, to
// every symvLower of the reduction), the rows are cut into symvParts
// slabs of about equal entries, fixed by n alone, which run on every core
// (package parallel) from order symvShared: each slab reads its rows
// once and sums its dot products, in 4 lanes (symvSlab), and its axpys
// into a vector of its own, and y_j is the sum of the slabs' vectors in
// ascending order. The same bits at any number of threads, not those of
// the one pass. work needs symvWork(n) entries.
func symvLower(n int, a []float64, lda int, x, y, work []float64) {
	symvBeside(n, a, lda, x, y, work, nil)
}

// symvBeside is symvLower that also runs beside (when not nil), a task
// that touches neither y nor work, as one more part of the slabs'
// parallel loop (its first): a pass the caller needs once the product is
// done, but which does not depend on it, runs on a core while the others
// read a, whose reading is bound by the memory, rather than after it.
// Without work, beside runs after the one pass. The product has the bits
// of symvLower.
func symvBeside(n int, a []float64, lda int, x, y, work []float64, beside func()) {
	x = x[:n]
	y = y[:n]
	if work == nil {
		if kern.SymvRows != nil {
			kern.SymvRows(n, a, lda, x, y)
		} else {
			symvRowsGo(n, a, lda, x, y)
		}
		if beside != nil {
			beside()
		}
		return
	}
	var bounds [symvParts + 1]int
	for c := 1; c < symvParts; c++ {
		// Rows [0, r) hold r(r+1)/2 entries: slab c starts where a share
		// c/symvParts of them lies above, a multiple of 4 rows.
		bounds[c] = int(float64(n)*math.Sqrt(float64(c)/symvParts)) / 4 * 4
	}
	bounds[symvParts] = n
	work = work[:symvWork(n)]
	slabs := func(lo, hi int) {
		for c := lo; c < hi; c++ {
			// Slab 0 sums into y[:bounds[1]], slab c > 0 into the
			// (c−1)-th n entries of work.
			u := y[:bounds[c+1]]
			if c > 0 {
				u = work[(c-1)*n : (c-1)*n+bounds[c+1]]
			}
			clear(u)
			symvSlab(a, lda, x, u, bounds[c], bounds[c+1])
		}
	}
	switch {
	case n < symvShared:
		slabs(0, symvParts)
		if beside != nil {
			beside()
		}
	case beside == nil:
		parallel.For(symvParts, 1, slabs)
	default:
		// Part 0 is beside, part c > 0 slab c − 1.
		parallel.For(symvParts+1, 1, func(lo, hi int) {
			if lo == 0 {
				beside()
				lo++
			}
			slabs(lo-1, hi-1)
		})
	}
	// y_j = u_c[j] + u_{c+1}[j] + ... for j in slab c, in that order.
	for c := 0; c < symvParts; c++ {
		lo, hi := bounds[c], bounds[c+1]
		if c > 0 {
			copy(y[lo:hi], work[(c-1)*n+lo:(c-1)*n+hi])
		}
		for k := c + 1; k < symvParts; k++ {
			u := work[(k-1)*n+lo : (k-1)*n+hi]
			ys := y[lo:hi]
			for j := range ys {
				ys[j] += u[j]
			}
		}
	}
}

// symvBlocked is the order from which sytrd has symvLower work in
// symvParts slabs; below it, one pass: the problems of the page and of
// the paper's trials (at most 800 samples) keep the bits of the one
// pass. symvShared is the order from which the slabs run in parallel.
const (
	symvBlocked = 1024
	symvParts   = 8
	symvShared  = 256
)

// symvWork returns the length of symvLower's work for order n.
func symvWork(n int) int { return (symvParts - 1) * n }

// symvRows is the one pass of symvLower over rows 0..n−1 into y, cleared:
// for each group of 4 rows, their dot products with x into y_i (set: no
// row above i adds to it) and their axpys a_ij x_i into the y_j left of
// them. Each y_j is its own row's dot product, then the contributions of
// the rows below it in ascending order.
func symvRows(n int, a []float64, lda int, x, y []float64) {
	i := 0
	for ; i+4 <= n; i += 4 {
		r := a[i*lda : i*lda+i+4]
		r1r := a[(i+1)*lda : (i+1)*lda+i+4]
		r2 := a[(i+2)*lda : (i+2)*lda+i+4]
		r3 := a[(i+3)*lda : (i+3)*lda+i+4]
		x0, x1, x2, x3 := x[i], x[i+1], x[i+2], x[i+3]
		var s0, s1, s2, s3 float64
		q0, q1, q2, q3 := r[:i], r1r[:i], r2[:i], r3[:i]
		xs, ys := x[:i], y[:i]
		for j := 0; j < i; j++ {
			xj := xs[j]
			a0, a1, a2, a3 := q0[j], q1[j], q2[j], q3[j]
			s0 += a0 * xj
			s1 += a1 * xj
			s2 += a2 * xj
			s3 += a3 * xj
			ys[j] += a0*x0 + a1*x1 + a2*x2 + a3*x3
		}
		symvDiag4(a, lda, x, y, i, s0, s1, s2, s3)
	}
	symvTail(a, lda, x, y, i, n)
}

// symvDiag4 sets y_i..y_{i+3} to the dot products s0..s3 of rows
// i..i+3 over the columns left of i, plus the products of their 4×4
// diagonal block (columns i..i+3, the lower triangle stored).
func symvDiag4(a []float64, lda int, x, y []float64, i int, s0, s1, s2, s3 float64) {
	d := i
	x0, x1, x2, x3 := x[i], x[i+1], x[i+2], x[i+3]
	a10 := a[(i+1)*lda+d]
	a20, a21 := a[(i+2)*lda+d], a[(i+2)*lda+d+1]
	a30, a31, a32 := a[(i+3)*lda+d], a[(i+3)*lda+d+1], a[(i+3)*lda+d+2]
	y[i] = s0 + a[i*lda+d]*x0 + a10*x1 + a20*x2 + a30*x3
	y[i+1] = s1 + a10*x0 + a[(i+1)*lda+d+1]*x1 + a21*x2 + a31*x3
	y[i+2] = s2 + a20*x0 + a21*x1 + a[(i+2)*lda+d+2]*x2 + a32*x3
	y[i+3] = s3 + a30*x0 + a31*x1 + a32*x2 + a[(i+3)*lda+d+3]*x3
}

// symvTail adds the products of rows i..i1−1 (fewer than 4) one at a
// time, as symvRows its groups.
func symvTail(a []float64, lda int, x, y []float64, i, i1 int) {
	for ; i < i1; i++ {
		row := a[i*lda : i*lda+i+1]
		xi := x[i]
		var s float64
		xs, ys := x[:i], y[:i]
		for j := 0; j < i; j++ {
			s += row[j] * xs[j]
			ys[j] += row[j] * xi
		}
		y[i] = s + row[i]*xi
	}
}
