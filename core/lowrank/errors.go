package lowrank

import "errors"

// ErrNotConverged is wrapped by the error a solver returns, together with
// its last iterate, when it reaches its iteration cap before its stopping
// rule holds. Test for it with errors.Is.
var ErrNotConverged = errors.New("lowrank: not converged")
