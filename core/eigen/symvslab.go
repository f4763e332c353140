package eigen

import "math"

// symvSlab is symvRows over rows i0..i1−1 (a slab of symvLower) into y,
// cleared, of length at least i1: the same sums, with each dot product
// of a row over the columns left of its 4-row group kept in 4 lanes
// (column j in lane j mod 4) and every product fused with its add
// (symv4), so that a vector unit does four columns at once; the lanes
// are then added as (l₀ + l₁) + (l₂ + l₃). i0 is a multiple of 4.
func symvSlab(a []float64, lda int, x, y []float64, i0, i1 int) {
	var xi [4]float64
	var p [16]float64
	i := i0
	for ; i+4 <= i1; i += 4 {
		copy(xi[:], x[i:i+4])
		symv4(i, a[i*lda:], lda, x[:i], y[:i], &xi, &p)
		symvDiag4(a, lda, x, y, i,
			(p[0]+p[1])+(p[2]+p[3]), (p[4]+p[5])+(p[6]+p[7]),
			(p[8]+p[9])+(p[10]+p[11]), (p[12]+p[13])+(p[14]+p[15]))
	}
	symvTail(a, lda, x, y, i, i1)
}

// symv4Generic is symv4 in Go, the fallback of processors without a
// vector kernel and the reference that kernel is tested against. For
// the rows r = 0..3 of a (row r from a[r·lda]) and the columns j < k, k
// a multiple of 4, it sets the lane sums
//
//	p[4r + l] = Σ_{j ≡ l mod 4} a_rj x_j,  fused multiply-adds in ascending j,
//
// and updates y_j ← fma(a_3j, xi₃, fma(a_2j, xi₂, fma(a_1j, xi₁, fma(a_0j, xi₀, y_j)))).
func symv4Generic(k int, a []float64, lda int, x, y []float64, xi *[4]float64, p *[16]float64) {
	*p = [16]float64{}
	if k == 0 {
		return
	}
	r0, r1, r2, r3 := a[:k], a[lda:lda+k], a[2*lda:2*lda+k], a[3*lda:3*lda+k]
	x, y = x[:k], y[:k]
	for j := 0; j < k; j += 4 {
		for l := range 4 {
			c := j + l
			xj := x[c]
			p[l] = math.FMA(r0[c], xj, p[l])
			p[4+l] = math.FMA(r1[c], xj, p[4+l])
			p[8+l] = math.FMA(r2[c], xj, p[8+l])
			p[12+l] = math.FMA(r3[c], xj, p[12+l])
			y[c] = math.FMA(r3[c], xi[3], math.FMA(r2[c], xi[2], math.FMA(r1[c], xi[1], math.FMA(r0[c], xi[0], y[c]))))
		}
	}
}
