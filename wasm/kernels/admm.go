package kernels

// The names of the kernels of core/lowrank's ADMM step.
const (
	Residual  = "residual"
	EUpdate   = "e_update"
	Increment = "increment"
	Relaxed   = "relaxed"
)

// residual writes residual(n, r, x, az, u i32), core/lowrank's
// Kernels.Residual: r = (x − az) + u.
func residual() Func {
	return elementwise(Residual, 4, 0, []store{{0, add(sub(vec(1), vec(2)), vec(3))}})
}

// eUpdate writes e_update(n, y, w, r, x, az, e, u i32, μ, α, 1 − α f64),
// core/lowrank's Kernels.EUpdate: y = μ(r − e), w = x − (αe + (1 − α)(x − az)),
// r = μ(w + u), from r before it.
func eUpdate() Func {
	r, x, az, e, u := vec(2), vec(3), vec(4), vec(5), vec(6) // y, w are vectors 0, 1
	mu, alpha, alphaBar := scalar(0), scalar(1), scalar(2)
	return elementwise(EUpdate, 7, 3, []store{
		{0, mul(mu, sub(r, e))},
		{1, sub(x, add(mul(alpha, e), mul(alphaBar, sub(x, az))))},
		{2, mul(mu, add(output(1), u))},
	})
}

// increment writes increment(n, o, u, w, az i32), core/lowrank's
// Kernels.Increment: o = (u + w) − az.
func increment() Func {
	return elementwise(Increment, 4, 0, []store{{0, sub(add(vec(1), vec(2)), vec(3))}})
}

// relaxed writes relaxed(n, o, u, zn, h, z i32, α, 1 − α f64), core/lowrank's
// Kernels.Relaxed: o = (u + zn) − (αh + (1 − α)z).
func relaxed() Func {
	return elementwise(Relaxed, 5, 2, []store{
		{0, sub(add(vec(1), vec(2)), add(mul(scalar(0), vec(3)), mul(scalar(1), vec(4))))},
	})
}
