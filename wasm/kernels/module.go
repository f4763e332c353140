package kernels

// Bytes returns the module of every kernel, which tools/site writes as
// kernels.wasm at make dist: it imports the memory of the Go program
// (env.mem) and exports each kernel by its name (GemmTiles, SymvRows,
// SubDot2Rows, Transposed, PackA, PackB, GemvT, Mix4, Mix4First, Dot2Diff, Push, Residual, EUpdate, Increment,
// Relaxed, Dot4, Axpy).
func Bytes() []byte {
	m := Module{Funcs: []Func{gemmTiles(), symvRows(), subDot2Rows(), transposed(), packA(), packB(), gemvT(), mix4(false), mix4(true), dot2Diff(),
		push(), residual(), eUpdate(), increment(), relaxed(), dot4(), axpy()}}
	return m.Encode()
}
