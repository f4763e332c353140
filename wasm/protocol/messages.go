package protocol

import (
	"fmt"
	"slices"

	"nnlrs/core/demo"
	"nnlrs/core/method"
)

// Kind identifies a message; it is the first byte of its encoding.
type Kind uint8

// The kinds of message. Job, Cancel and Crash go from the page to a
// worker; the others from a worker to the page.
const (
	KindReady Kind = 1 + iota
	KindJob
	KindCancel
	KindCrash
	KindData
	KindProgress
	KindGraph
	KindError
	KindCancelled
)

// Message is one of the message types of this package. Its code lists its
// fields once, for both the encoding and the decoding (coder).
type Message interface {
	Kind() Kind
	code(c coder)
}

// checker is a message whose decoded fields must agree with each other
// (lengths against sizes).
type checker interface {
	check() error
}

// Encode returns the bytes of m.
func Encode(m Message) []byte {
	w := writer{b: []byte{byte(m.Kind())}}
	m.code(&w)
	return w.b
}

// Decode returns the message encoded in b. It returns an error, never a
// panic, for bytes that are not an encoded message.
func Decode(b []byte) (Message, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("protocol: empty message")
	}
	var m Message
	switch Kind(b[0]) {
	case KindReady:
		m = &Ready{}
	case KindJob:
		m = &Job{}
	case KindCancel:
		m = &Cancel{}
	case KindCrash:
		m = &Crash{}
	case KindData:
		m = &Data{}
	case KindProgress:
		m = &Progress{}
	case KindGraph:
		m = &Graph{}
	case KindError:
		m = &Error{}
	case KindCancelled:
		m = &Cancelled{}
	default:
		return nil, fmt.Errorf("protocol: unknown message kind %d", b[0])
	}
	r := reader{b: b[1:]}
	m.code(&r)
	if r.err != nil {
		return nil, r.err
	}
	if len(r.b) != 0 {
		return nil, fmt.Errorf("protocol: %d stray bytes after a message of kind %d", len(r.b), b[0])
	}
	if c, ok := m.(checker); ok {
		if err := c.check(); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// name codes a method's name.
func name(c coder, n *method.Name) {
	s := string(*n)
	c.str(&s)
	*n = method.Name(s)
}

// Ready is a worker's first message: it now listens. Messages posted to a
// worker before it are lost. Kernels names the kernels its products run
// on, for the page's status: "simd128" (wasm/kernels) or "go" (the
// pure-Go ones, where the browser lacks SIMD128).
type Ready struct{ Kernels string }

func (*Ready) Kind() Kind     { return KindReady }
func (m *Ready) code(c coder) { c.str(&m.Kernels) }

// Job asks a worker to build one graph.
type Job struct{ demo.Job }

func (*Job) Kind() Kind { return KindJob }

func (m *Job) code(c coder) {
	c.u32(&m.ID)
	name(c, &m.Method)
	fields(c, &m.Data)
	fields(c, &m.Params)
	c.str(&m.File.Name)
	c.bytes(&m.File.Bytes)
	c.bool(&m.SendData)
	c.bytes(&m.Warm)
}

// Cancel stops the job ID; the worker answers Cancelled.
type Cancel struct{ ID uint32 }

func (*Cancel) Kind() Kind     { return KindCancel }
func (m *Cancel) code(c coder) { c.u32(&m.ID) }

// Crash makes the worker die as an out-of-memory trap would, so that a test
// can check that the page reports a dead worker and starts a new one.
type Crash struct{}

func (*Crash) Kind() Kind { return KindCrash }
func (*Crash) code(coder) {}

// Data carries the samples of job JobID.
type Data struct {
	JobID uint32
	demo.Samples
}

func (*Data) Kind() Kind { return KindData }

func (m *Data) code(c coder) {
	c.u32(&m.JobID)
	c.str(&m.Name)
	c.int(&m.D)
	c.int(&m.N)
	c.f64s(&m.X)
	c.ints(&m.Labels)
	strs(c, &m.ClassNames)
	c.int(&m.ImageW)
	c.int(&m.ImageH)
	c.bools(&m.Corrupted)
}

func (m *Data) check() error {
	switch {
	case m.D < 0 || m.N < 0 || len(m.X) != m.D*m.N:
		return fmt.Errorf("protocol: data of %d×%d samples hold %d values", m.D, m.N, len(m.X))
	case m.Labels != nil && len(m.Labels) != m.N, m.Corrupted != nil && len(m.Corrupted) != m.N:
		return fmt.Errorf("protocol: per-sample fields do not have %d entries", m.N)
	case m.ClassNames != nil && slices.ContainsFunc(m.Labels, func(l int) bool { return l < 0 || l >= len(m.ClassNames) }):
		return fmt.Errorf("protocol: a label has no class name among %d", len(m.ClassNames))
	}
	return nil
}

// Progress reports how job JobID is going.
type Progress struct {
	JobID uint32
	demo.Progress
}

func (*Progress) Kind() Kind { return KindProgress }

func (m *Progress) code(c coder) {
	c.u32(&m.JobID)
	name(c, &m.Method)
	n := len(m.Iters)
	c.length(&n, 19) // an Iter takes at least 19 bytes
	if n != len(m.Iters) {
		m.Iters = make([]demo.Iter, n)
	}
	for i := range m.Iters {
		it := &m.Iters[i]
		c.int(&it.Iter)
		c.f64(&it.Residual)
		c.int(&it.RankZ)
		c.int(&it.NNZH)
		c.f64(&it.Stop)
	}
	c.int(&m.Done)
	c.int(&m.Total)
	c.f64(&m.Elapsed)
	c.int(&m.N)
	c.f64s(&m.W)
}

func (m *Progress) check() error {
	if m.W != nil && (m.N < 0 || len(m.W) != m.N*m.N) {
		return fmt.Errorf("protocol: %d weights for %d nodes", len(m.W), m.N)
	}
	return nil
}

// Graph is the finished graph of job JobID.
type Graph struct {
	JobID uint32
	demo.Result
}

func (*Graph) Kind() Kind { return KindGraph }

func (m *Graph) code(c coder) {
	c.u32(&m.JobID)
	name(c, &m.Method)
	c.int(&m.N)
	c.f64s(&m.W)
	c.f64s(&m.Layout)
	c.f64s(&m.ENorm)
	c.f64s(&m.Z)
	c.bytes(&m.Warm)
	c.int(&m.Iterations)
	c.bool(&m.Converged)
	c.f64(&m.Residual)
	c.f64(&m.Objective)
	c.f64(&m.Elapsed)
	c.f64(&m.Density)
	c.f64(&m.WithinClass)
	c.f64(&m.DiagonalShare)
	c.int(&m.Components)
}

func (m *Graph) check() error {
	switch {
	case m.N < 0 || len(m.W) != m.N*m.N || len(m.Layout) != 2*m.N:
		return fmt.Errorf("protocol: graph of %d nodes with %d weights and %d coordinates", m.N, len(m.W), len(m.Layout))
	case m.ENorm != nil && len(m.ENorm) != m.N:
		return fmt.Errorf("protocol: %d error norms for %d nodes", len(m.ENorm), m.N)
	case m.Z != nil && len(m.Z) != m.N*m.N:
		return fmt.Errorf("protocol: %d coefficients for %d nodes", len(m.Z), m.N)
	}
	return nil
}

// Error reports that job JobID failed.
type Error struct {
	JobID uint32
	demo.Failure
}

func (*Error) Kind() Kind { return KindError }

func (m *Error) code(c coder) {
	c.u32(&m.JobID)
	name(c, &m.Method)
	f := uint8(m.Fault)
	c.u8(&f)
	m.Fault = demo.Fault(f)
	c.str(&m.Message)
}

// Cancelled confirms a Cancel: job JobID stopped (or had already ended).
type Cancelled struct{ JobID uint32 }

func (*Cancelled) Kind() Kind     { return KindCancelled }
func (m *Cancelled) code(c coder) { c.u32(&m.JobID) }
