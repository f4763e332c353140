package kernels

// frame numbers a function's parameters and locals as they are declared:
// the parameters first (all of them before any local), then the locals.
type frame struct {
	params, locals []ValType
}

// param declares the next parameter and returns its index.
func (f *frame) param(t ValType) uint32 {
	if len(f.locals) > 0 {
		panic("kernels: a parameter after a local")
	}
	f.params = append(f.params, t)
	return uint32(len(f.params) - 1)
}

// local declares the next local and returns its index.
func (f *frame) local(t ValType) uint32 {
	f.locals = append(f.locals, t)
	return uint32(len(f.params) + len(f.locals) - 1)
}

// fn is the function of the frame's parameters and locals, without
// results, with body c, exported as name.
func (f *frame) fn(name string, c Code) Func {
	return Func{Name: name, Params: f.params, Locals: f.locals, Body: c}
}

// while writes a loop that runs body while local i < local n (signed),
// checked before each trip; body advances i.
func (c *Code) while(i, n uint32, body func()) {
	c.Block().Loop()
	c.LocalGet(i).LocalGet(n).I32GeS().BrIf(1)
	body()
	c.Br(0)
	c.End().End()
}

// addTo writes local i += v.
func (c *Code) addTo(i uint32, v int32) {
	c.LocalGet(i).I32Const(v).I32Add().LocalSet(i)
}
