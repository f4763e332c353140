//go:build !amd64 || noasm

package eigen

// symv4 is symv4Generic: no vector kernel on this target.
func symv4(k int, a []float64, lda int, x, y []float64, xi *[4]float64, p *[16]float64) {
	symv4Generic(k, a, lda, x, y, xi, p)
}
