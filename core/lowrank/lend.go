package lowrank

import "math"

// lend marks the blocks bs (nil ones skipped) as lent: dead to their
// owner until it next writes them, while another computation uses them as
// its workspace, or after it has. Every block the ADMM solver lends goes
// through lend, at the moment its content dies: before the borrower
// starts, and again when it is done with a block whose leftovers the owner
// rewrites before reading. With poisonLent set (the tests), lend fills
// them with NaN, so that a read of what is dead spreads NaN into the
// iterates and fails the solve; a solve that reads nothing dead has the
// same bits either way.
func lend(bs ...[]float64) {
	if !poisonLent {
		return
	}
	for _, b := range bs {
		for i := range b {
			b[i] = math.NaN()
		}
	}
}

// poisonLent turns on lend's NaN filling: false but in the tests.
var poisonLent = false
