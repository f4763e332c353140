package eigen

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
	clear(y)
	i := 0
	for ; i+4 <= n; i += 4 {
		r0 := a[i*lda : i*lda+i+1]
		r1 := a[(i+1)*lda : (i+1)*lda+i+2]
		r2 := a[(i+2)*lda : (i+2)*lda+i+3]
		r3 := a[(i+3)*lda : (i+3)*lda+i+4]
		x0, x1, x2, x3 := x[i], x[i+1], x[i+2], x[i+3]
		var s0, s1, s2, s3 float64
		xs := x[:i]
		ys := y[:i]
		r0, r1, r2, r3 = r0[:len(xs)], r1[:len(xs)], r2[:len(xs)], r3[:len(xs)]
		for j, xj := range xs {
			a0, a1, a2, a3 := r0[j], r1[j], r2[j], r3[j]
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
		var s float64
		xs := x[:i]
		ys := y[:i]
		row = row[:len(xs)+1]
		for j, xj := range xs {
			s += row[j] * xj
			ys[j] += row[j] * xi
		}
		y[i] = s + row[i]*xi
	}
}
