package gemm

// microKernelGeneric is the micro-kernel of any shape in plain Go: it adds
// the product of a gemmMR×kc micro-panel of A (packed column by column)
// and a kc×gemmNR micro-panel of B (packed row by row) to the
// gemmMR×gemmNR block of c at row stride ldc. It is the fallback of
// targets whose fast kernel needs a processor feature, and the reference
// the fast kernels are tested against.
func microKernelGeneric(a, b []float64, kc int, c []float64, ldc int) {
	var acc [gemmMR * gemmNR]float64
	for q := 0; q < kc; q++ {
		aq := a[q*gemmMR : (q+1)*gemmMR]
		bq := b[q*gemmNR : (q+1)*gemmNR]
		for i, ai := range aq {
			row := acc[i*gemmNR : (i+1)*gemmNR]
			for j, bj := range bq {
				row[j] += ai * bj
			}
		}
	}
	for i := 0; i < gemmMR; i++ {
		row := c[i*ldc : i*ldc+gemmNR]
		for j := range row {
			row[j] += acc[i*gemmNR+j]
		}
	}
}
