package diagnose_test

import (
	"fmt"
	"math"

	"nnlrs/core/diagnose"
)

// The paper's λ = 10 on 600 handwritten digits: most of the weight on
// W's diagonal and 179 samples without an edge to another, which the
// command line says, with the change to try.
func ExampleFind() {
	m := diagnose.Measures{N: 600, Converged: true, Density: 0.004, DiagonalShare: 0.92, WithinClass: math.NaN(),
		Components: 185, Isolated: 179, Unreached: -1}
	for _, p := range diagnose.Find(m, diagnose.Settings{Lambda: 10}) {
		fmt.Println(p.Text)
		fmt.Println("  changes:", p.Changes, "now:", p.Kind.Says(p.Now, m.N))
	}
	// Output:
	// 92% of the NNLRS weight sits on W's diagonal: samples mostly represent themselves (Z close to I), which says little about their neighbours.
	//   changes: [{lambda -2} {lambda -4} {beta -2}] now: 92% on the diagonal
	// The NNLRS graph falls apart into 185 pieces, 179 samples without an edge to another: a label can only spread within its piece.
	//   changes: [{theta -2} {beta -2}] now: 184 pieces too many or isolated samples
}
