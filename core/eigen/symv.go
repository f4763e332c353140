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
func symvLower(n int, a []float64, lda int, x, y []float64) {
	x = x[:n]
	y = y[:n]
	if n < symvParallel || parallel.Workers() == 1 {
		symvRows(n, a, lda, x, y, 0, n)
		return
	}
	// Rows [4c·step, 4(c+1)·step) of y per part; the last takes the
	// rest. A part reads its rows of A and the columns of the rows below
	// it: the parts above the middle take more rows.
	parts := 4 * parallel.Workers()
	bounds := make([]int, parts+1)
	for c := 1; c < parts; c++ {
		// Part c starts where a share c/parts of the n² entries read,
		// about r(2n − r)/n² = c/parts at row r, lies above.
		r := float64(n) * (1 - math.Sqrt(1-float64(c)/float64(parts)))
		bounds[c] = min(n, max(bounds[c-1], int(r)/4*4))
	}
	bounds[parts] = n
	parallel.For(parts, 1, func(lo, hi int) {
		for c := lo; c < hi; c++ {
			if bounds[c] < bounds[c+1] {
				symvRows(n, a, lda, x, y, bounds[c], bounds[c+1])
			}
		}
	})
}

// symvParallel is the order from which symvLower shares out its rows.
const symvParallel = 256

// symvRows computes y[r0:r1] of symvLower, r0 a multiple of 4: the dot
// products of rows r0..r1−1 and, from every row i ≥ r0, the axpy into the
// entries of y[r0:r1] left of i. Each y_j is then the same sum in the
// same order as over all rows at once: its own row's dot product, then
// the contributions of the rows below it in ascending order.
func symvRows(n int, a []float64, lda int, x, y []float64, r0, r1 int) {
	clear(y[r0:r1])
	i := r0
	for ; i+4 <= n; i += 4 {
		r := a[i*lda : i*lda+i+4]
		r1r := a[(i+1)*lda : (i+1)*lda+i+4]
		r2 := a[(i+2)*lda : (i+2)*lda+i+4]
		r3 := a[(i+3)*lda : (i+3)*lda+i+4]
		x0, x1, x2, x3 := x[i], x[i+1], x[i+2], x[i+3]
		if i >= r1 {
			// Below the part: the axpy into y[r0:r1] alone.
			ys := y[r0:r1]
			a0, a1, a2, a3 := r[r0:r1], r1r[r0:r1], r2[r0:r1], r3[r0:r1]
			for j := range ys {
				ys[j] += a0[j]*x0 + a1[j]*x1 + a2[j]*x2 + a3[j]*x3
			}
			continue
		}
		var s0, s1, s2, s3 float64
		xs := x[:i]
		q0, q1, q2, q3 := r[:i], r1r[:i], r2[:i], r3[:i]
		for j, xj := range xs[:r0] {
			s0 += q0[j] * xj
			s1 += q1[j] * xj
			s2 += q2[j] * xj
			s3 += q3[j] * xj
		}
		ys := y[:i]
		for j := r0; j < i; j++ {
			xj := xs[j]
			a0, a1, a2, a3 := q0[j], q1[j], q2[j], q3[j]
			s0 += a0 * xj
			s1 += a1 * xj
			s2 += a2 * xj
			s3 += a3 * xj
			ys[j] += a0*x0 + a1*x1 + a2*x2 + a3*x3
		}
		// The 4×4 diagonal block, lower part: rows i..i+3, columns
		// i..i+3 (d, d) and below.
		d := i
		a10 := a[(i+1)*lda+d]
		a20, a21 := a[(i+2)*lda+d], a[(i+2)*lda+d+1]
		a30, a31, a32 := a[(i+3)*lda+d], a[(i+3)*lda+d+1], a[(i+3)*lda+d+2]
		y[i] = s0 + a[i*lda+d]*x0 + a10*x1 + a20*x2 + a30*x3
		y[i+1] = s1 + a10*x0 + a[(i+1)*lda+d+1]*x1 + a21*x2 + a31*x3
		y[i+2] = s2 + a20*x0 + a21*x1 + a[(i+2)*lda+d+2]*x2 + a32*x3
		y[i+3] = s3 + a30*x0 + a31*x1 + a32*x2 + a[(i+3)*lda+d+3]*x3
	}
	// The last n mod 4 rows, one at a time.
	for ; i < n; i++ {
		row := a[i*lda : i*lda+i+1]
		xi := x[i]
		if i >= r1 {
			ys := y[r0:r1]
			for j, v := range row[r0:r1] {
				ys[j] += v * xi
			}
			continue
		}
		var s float64
		for j, xj := range x[:r0] {
			s += row[j] * xj
		}
		ys := y[:i]
		for j := r0; j < i; j++ {
			s += row[j] * x[j]
			ys[j] += row[j] * xi
		}
		y[i] = s + row[i]*xi
	}
}
