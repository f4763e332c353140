package protocol

import (
	"fmt"

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

// Message is one of the message types of this package.
type Message interface {
	Kind() Kind
	encode(w *writer)
	decode(r *reader)
}

// Encode returns the bytes of m.
func Encode(m Message) []byte {
	w := writer{b: []byte{byte(m.Kind())}}
	m.encode(&w)
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
	m.decode(&r)
	if r.err != nil {
		return nil, r.err
	}
	if len(r.b) != 0 {
		return nil, fmt.Errorf("protocol: %d stray bytes after a message of kind %d", len(r.b), b[0])
	}
	return m, nil
}

// Ready is a worker's first message: it now listens. Messages posted to a
// worker before it are lost.
type Ready struct{}

func (*Ready) Kind() Kind     { return KindReady }
func (*Ready) encode(*writer) {}
func (*Ready) decode(*reader) {}

// Job asks a worker to build one graph.
type Job struct{ demo.Job }

func (*Job) Kind() Kind { return KindJob }

func (m *Job) encode(w *writer) {
	w.u32(m.ID)
	w.str(string(m.Method))
	d := &m.Data
	w.str(d.Dataset)
	w.int(d.Classes)
	w.int(d.PerClass)
	w.f64(d.Noise)
	w.f64(d.Corrupt)
	w.uvarint(d.Seed)
	p := &m.Params
	w.f64(p.Beta)
	w.f64(p.Lambda)
	w.f64(p.Theta)
	w.f64(p.LRRLambda)
	w.f64(p.Gap)
	w.str(m.File.Name)
	w.bytes(m.File.Bytes)
	w.bool(m.SendData)
	w.bytes(m.Warm)
}

func (m *Job) decode(r *reader) {
	m.ID = r.u32()
	m.Method = method.Name(r.str())
	d := &m.Data
	d.Dataset = r.str()
	d.Classes = r.int()
	d.PerClass = r.int()
	d.Noise = r.f64()
	d.Corrupt = r.f64()
	d.Seed = r.uvarint()
	p := &m.Params
	p.Beta = r.f64()
	p.Lambda = r.f64()
	p.Theta = r.f64()
	p.LRRLambda = r.f64()
	p.Gap = r.f64()
	m.File.Name = r.str()
	m.File.Bytes = r.bytes()
	m.SendData = r.bool()
	m.Warm = r.bytes()
}

// Cancel stops the job ID; the worker answers Cancelled.
type Cancel struct{ ID uint32 }

func (*Cancel) Kind() Kind         { return KindCancel }
func (m *Cancel) encode(w *writer) { w.u32(m.ID) }
func (m *Cancel) decode(r *reader) { m.ID = r.u32() }

// Crash makes the worker die as an out-of-memory trap would, so that a test
// can check that the page reports a dead worker and starts a new one.
type Crash struct{}

func (*Crash) Kind() Kind     { return KindCrash }
func (*Crash) encode(*writer) {}
func (*Crash) decode(*reader) {}

// Data carries the samples of job JobID.
type Data struct {
	JobID uint32
	demo.Samples
}

func (*Data) Kind() Kind { return KindData }

func (m *Data) encode(w *writer) {
	w.u32(m.JobID)
	w.str(m.Name)
	w.int(m.D)
	w.int(m.N)
	w.f64s(m.X)
	w.ints(m.Labels)
	w.int(m.ImageW)
	w.int(m.ImageH)
	w.bools(m.Corrupted)
}

func (m *Data) decode(r *reader) {
	m.JobID = r.u32()
	m.Name = r.str()
	m.D = r.int()
	m.N = r.int()
	m.X = r.f64s()
	m.Labels = r.ints()
	m.ImageW = r.int()
	m.ImageH = r.int()
	m.Corrupted = r.bools()
	switch {
	case r.err != nil:
	case m.D < 0 || m.N < 0 || len(m.X) != m.D*m.N:
		r.fail(fmt.Errorf("protocol: data of %d×%d samples hold %d values", m.D, m.N, len(m.X)))
	case m.Labels != nil && len(m.Labels) != m.N, m.Corrupted != nil && len(m.Corrupted) != m.N:
		r.fail(fmt.Errorf("protocol: per-sample fields do not have %d entries", m.N))
	}
}

// Progress reports how job JobID is going.
type Progress struct {
	JobID uint32
	demo.Progress
}

func (*Progress) Kind() Kind { return KindProgress }

func (m *Progress) encode(w *writer) {
	w.u32(m.JobID)
	w.str(string(m.Method))
	w.uvarint(uint64(len(m.Iters)))
	for _, it := range m.Iters {
		w.int(it.Iter)
		w.f64(it.Residual)
		w.int(it.RankZ)
		w.int(it.NNZH)
		w.f64(it.Stop)
	}
	w.int(m.Done)
	w.int(m.Total)
	w.f64(m.Elapsed)
	w.int(m.N)
	w.f64s(m.W)
}

func (m *Progress) decode(r *reader) {
	m.JobID = r.u32()
	m.Method = method.Name(r.str())
	if n := r.count(19); n > 0 { // an Iter takes at least 19 bytes
		m.Iters = make([]demo.Iter, n)
		for i := range m.Iters {
			m.Iters[i] = demo.Iter{Iter: r.int(), Residual: r.f64(), RankZ: r.int(), NNZH: r.int(), Stop: r.f64()}
		}
	}
	m.Done = r.int()
	m.Total = r.int()
	m.Elapsed = r.f64()
	m.N = r.int()
	m.W = r.f64s()
	if r.err == nil && m.W != nil && (m.N < 0 || len(m.W) != m.N*m.N) {
		r.fail(fmt.Errorf("protocol: %d weights for %d nodes", len(m.W), m.N))
	}
}

// Graph is the finished graph of job JobID.
type Graph struct {
	JobID uint32
	demo.Result
}

func (*Graph) Kind() Kind { return KindGraph }

func (m *Graph) encode(w *writer) {
	w.u32(m.JobID)
	w.str(string(m.Method))
	w.int(m.N)
	w.f64s(m.W)
	w.f64s(m.Layout)
	w.f64s(m.ENorm)
	w.f64s(m.Z)
	w.bytes(m.Warm)
	w.int(m.Iterations)
	w.bool(m.Converged)
	w.f64(m.Residual)
	w.f64(m.Objective)
	w.f64(m.Elapsed)
	w.f64(m.Density)
	w.f64(m.WithinClass)
	w.f64(m.DiagonalShare)
	w.int(m.Components)
}

func (m *Graph) decode(r *reader) {
	m.JobID = r.u32()
	m.Method = method.Name(r.str())
	m.N = r.int()
	m.W = r.f64s()
	m.Layout = r.f64s()
	m.ENorm = r.f64s()
	m.Z = r.f64s()
	m.Warm = r.bytes()
	m.Iterations = r.int()
	m.Converged = r.bool()
	m.Residual = r.f64()
	m.Objective = r.f64()
	m.Elapsed = r.f64()
	m.Density = r.f64()
	m.WithinClass = r.f64()
	m.DiagonalShare = r.f64()
	m.Components = r.int()
	switch {
	case r.err != nil:
	case m.N < 0 || len(m.W) != m.N*m.N || len(m.Layout) != 2*m.N:
		r.fail(fmt.Errorf("protocol: graph of %d nodes with %d weights and %d coordinates", m.N, len(m.W), len(m.Layout)))
	case m.ENorm != nil && len(m.ENorm) != m.N:
		r.fail(fmt.Errorf("protocol: %d error norms for %d nodes", len(m.ENorm), m.N))
	case m.Z != nil && len(m.Z) != m.N*m.N:
		r.fail(fmt.Errorf("protocol: %d coefficients for %d nodes", len(m.Z), m.N))
	}
}

// Error reports that job JobID failed.
type Error struct {
	JobID uint32
	demo.Failure
}

func (*Error) Kind() Kind { return KindError }

func (m *Error) encode(w *writer) {
	w.u32(m.JobID)
	w.str(string(m.Method))
	w.u8(uint8(m.Fault))
	w.str(m.Message)
}

func (m *Error) decode(r *reader) {
	m.JobID = r.u32()
	m.Method = method.Name(r.str())
	m.Fault = demo.Fault(r.u8())
	m.Message = r.str()
}

// Cancelled confirms a Cancel: job JobID stopped (or had already ended).
type Cancelled struct{ JobID uint32 }

func (*Cancelled) Kind() Kind         { return KindCancelled }
func (m *Cancelled) encode(w *writer) { w.u32(m.JobID) }
func (m *Cancelled) decode(r *reader) { m.JobID = r.u32() }
