package eigen

// Kernels are the loops of the tridiagonal reduction (sytd2, latrd) that
// a host may run in place of their Go code (UseKernels): a nil field
// keeps the Go loop. Each must give the bits of the Go loop it replaces,
// GoKernels' field of its name, against which its host tests it.
type Kernels struct {
	// SymvRows sets y = A x for the symmetric n×n matrix A whose lower
	// triangle is in a (row-major, stride lda), x and y contiguous of
	// length n, in the order of symvLower's one pass: for each group
	// of 4 rows i..i+3, its dot products over the columns left of i in
	// ascending j, then its 4×4 diagonal block, and its axpys
	// y_j += ((a_ij x_i + a_{i+1,j} x_{i+1}) + a_{i+2,j} x_{i+2}) + a_{i+3,j} x_{i+3};
	// the last n mod 4 rows one at a time.
	SymvRows func(n int, a []float64, lda int, x, y []float64)
	// SubDot2Rows sets, for k = 0, ..., rows−1,
	//
	//	out[k·ldo] −= dot2(x1[k·ld1 : k·ld1+m], y1[:m], x2[k·ld2 : k·ld2+m], y2[:m])
	//
	// the corrections of latrd by the reflectors of its panel.
	SubDot2Rows func(rows, m int, x1 []float64, ld1 int, y1, x2 []float64, ld2 int, y2, out []float64, ldo int)
	// Transposed sets tW = W₁ᵀv and tA = V₁ᵀv over rows k0..k1−1 (k0
	// even), the first i columns of W₁'s rows at w (stride ldw) and of
	// V₁'s at a (stride lda): tW and tA (i entries) cleared, then for each pair of
	// rows k, k+1 in ascending order tW_j += v_k w_kj + v_{k+1} w_{k+1,j}
	// (and tA so with a), an odd last row as v_k w_kj + 0·w_kj.
	Transposed func(v, a []float64, lda int, w []float64, ldw, i, k0, k1 int, tW, tA []float64)
}

// kern holds the kernels installed by UseKernels.
var kern Kernels

// UseKernels makes the reduction run the non-nil kernels of k in place of
// its Go loops; Kernels{} restores the Go loops. Call it before any
// decomposition, never while one runs: wasm/kernels installs its SIMD128
// kernels so.
func UseKernels(k Kernels) { kern = k }

// GoKernels returns the Go loops, every field set: what a host's kernels
// must reproduce bit for bit.
func GoKernels() Kernels {
	return Kernels{SymvRows: symvRowsGo, SubDot2Rows: subDot2RowsGo, Transposed: transposedGo}
}

// symvRowsGo is SymvRows in Go: y cleared, then symvRows.
func symvRowsGo(n int, a []float64, lda int, x, y []float64) {
	x, y = x[:n], y[:n]
	clear(y)
	symvRows(n, a, lda, x, y)
}

// subDot2RowsGo is SubDot2Rows in Go.
func subDot2RowsGo(rows, m int, x1 []float64, ld1 int, y1, x2 []float64, ld2 int, y2, out []float64, ldo int) {
	y1, y2 = y1[:m], y2[:m]
	for k := 0; k < rows; k++ {
		out[k*ldo] -= dot2(x1[k*ld1:k*ld1+m], y1, x2[k*ld2:k*ld2+m], y2)
	}
}
