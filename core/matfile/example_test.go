package matfile

import (
	"bytes"
	"fmt"
	"log"
)

// ExampleRead reads the variables of a MAT-file: here a 2×3 matrix fea
// (one sample per row, as the paper's data sets store them), written by
// MATLAB as save('tiny.mat', 'fea', '-v6').
func ExampleRead() {
	vars, err := Read(bytes.NewReader(tinyMAT()))
	if err != nil {
		log.Fatal(err)
	}
	for _, v := range vars {
		fmt.Printf("%s: %d×%d %s, column-major %v\n", v.Name, v.Rows, v.Cols, v.Class, v.Data)
	}
	// Output:
	// fea: 2×3 double, column-major [1 4 2 5 3 6]
}
