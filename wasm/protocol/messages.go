package protocol

import (
	"fmt"

	"nnlrs/core/method"
)

// Kind identifies a message; it is the first byte of its encoding.
type Kind uint8

// The kinds of message. Job, Cancel and Crash go from the page to a worker;
// the others from a worker to the page.
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

// The data sets a Spec may name besides the built-in ones.
const (
	// Synthetic is the union of independent subspaces drawn in the worker
	// (dataset.Synthetic).
	Synthetic = "synthetic"
	// Upload is a file from the user's disk, carried by Job.File.
	Upload = "upload"
)

// Spec says which data to draw and how to build and judge the graphs. A
// given Spec gives the same data, labels and graphs in every worker.
type Spec struct {
	// Dataset is Synthetic, Upload, or the name of a built-in data set
	// (its file is data/<name>.mat beside the worker).
	Dataset string
	// Classes and PerClass: the number of subspaces and samples per
	// subspace of synthetic data; for a built-in set or a labeled upload,
	// the first Classes classes and PerClass samples drawn from each.
	// Zero means every sample of an upload.
	Classes, PerClass int
	// Labeled is the fraction of each class whose labels are given to the
	// propagation, in (0, 1); at least one sample per class is labeled.
	Labeled float64
	// Noise is the level of dense Gaussian noise and Corrupt the fraction
	// of grossly corrupted samples (dataset.SyntheticParams). Real data,
	// scaled to unit norm, get them only when they are not zero.
	Noise, Corrupt float64
	// Seed fixes every random draw; LabelSeed, when not 0, the labeled
	// draw instead (LabelsSeed).
	Seed, LabelSeed uint64
	// Beta, Lambda and Theta are the parameters of the NNLRS graph
	// (Algorithm 2).
	Beta, Lambda, Theta float64
	// Alpha is the α of LGC in (0, 1).
	Alpha float64
	// LRRLambda is the λ of the LRR graph (graph.LRRParams); 0 means
	// Lambda, as links made before LRR had its own λ expect.
	LRRLambda float64
	// Gap is the relative duality gap at which the NNLRS solver stops
	// (lowrank.ADMM.Gap: the answer is certified within this fraction of
	// the optimum); 0 means the solver's default.
	Gap float64
}

func (s *Spec) encode(w *writer) {
	w.str(s.Dataset)
	w.int(s.Classes)
	w.int(s.PerClass)
	w.f64(s.Labeled)
	w.f64(s.Noise)
	w.f64(s.Corrupt)
	w.uvarint(s.Seed)
	w.f64(s.Beta)
	w.f64(s.Lambda)
	w.f64(s.Theta)
	w.f64(s.Alpha)
	w.f64(s.LRRLambda)
	w.uvarint(s.LabelSeed)
	w.f64(s.Gap)
}

// LabelsSeed returns the seed of the labeled draw: LabelSeed, or Seed
// when it is 0.
func (s *Spec) LabelsSeed() uint64 {
	if s.LabelSeed != 0 {
		return s.LabelSeed
	}
	return s.Seed
}

func (s *Spec) decode(r *reader) {
	s.Dataset = r.str()
	s.Classes = r.int()
	s.PerClass = r.int()
	s.Labeled = r.f64()
	s.Noise = r.f64()
	s.Corrupt = r.f64()
	s.Seed = r.uvarint()
	s.Beta = r.f64()
	s.Lambda = r.f64()
	s.Theta = r.f64()
	s.Alpha = r.f64()
	s.LRRLambda = r.f64()
	s.LabelSeed = r.uvarint()
	s.Gap = r.f64()
}

// Job asks a worker to build one graph.
type Job struct {
	// ID tells the answers to this job from those of earlier ones.
	ID uint32
	// Method is one of method.All; the worker refuses others.
	Method method.Name
	Spec   Spec
	// FileName and File carry an uploaded .mat or .csv file when
	// Spec.Dataset is Upload.
	FileName string
	File     []byte
	// SendData asks for a Data message before the graph.
	SendData bool
	// Warm, for an NNLRS job, is the Warm of an earlier NNLRS Graph on the
	// same data: the solver starts from that solution (lowrank.ADMM.Start)
	// instead of zero. nil starts cold.
	Warm []byte
}

func (*Job) Kind() Kind { return KindJob }

func (m *Job) encode(w *writer) {
	w.u32(m.ID)
	w.str(string(m.Method))
	m.Spec.encode(w)
	w.str(m.FileName)
	w.bytes(m.File)
	w.bool(m.SendData)
	w.bytes(m.Warm)
}

func (m *Job) decode(r *reader) {
	m.ID = r.u32()
	m.Method = method.Name(r.str())
	m.Spec.decode(r)
	m.FileName = r.str()
	m.File = r.bytes()
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

// Data describes the samples of a job, as the solver sees them: real
// samples scaled to unit norm, then noise and corruption added if asked.
type Data struct {
	JobID uint32
	// Name names the data set.
	Name string
	// X holds the N samples of dimension D, sample j at X[j*D : (j+1)*D].
	D, N int
	X    []float64
	// Labels are the true classes, nil when the data have none; Given are
	// the labels handed to the propagation, Unlabeled (−1) for the nodes to
	// classify, nil when the data have no labels.
	Labels, Given []int
	// ImageW×ImageH is the pixel layout of image samples (column-major, as
	// dataset.Set), 0×0 otherwise.
	ImageW, ImageH int
	// Corrupted flags the samples known to be grossly corrupted, nil when
	// unknown.
	Corrupted []bool
}

func (*Data) Kind() Kind { return KindData }

func (m *Data) encode(w *writer) {
	w.u32(m.JobID)
	w.str(m.Name)
	w.int(m.D)
	w.int(m.N)
	w.f64s(m.X)
	w.ints(m.Labels)
	w.ints(m.Given)
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
	m.Given = r.ints()
	m.ImageW = r.int()
	m.ImageH = r.int()
	m.Corrupted = r.bools()
	switch {
	case r.err != nil:
	case m.D < 0 || m.N < 0 || len(m.X) != m.D*m.N:
		r.fail(fmt.Errorf("protocol: data of %d×%d samples hold %d values", m.D, m.N, len(m.X)))
	case m.Labels != nil && len(m.Labels) != m.N, m.Given != nil && len(m.Given) != m.N,
		m.Corrupted != nil && len(m.Corrupted) != m.N:
		r.fail(fmt.Errorf("protocol: per-sample fields do not have %d entries", m.N))
	}
}

// Iter is one iteration of an iterative solver (lowrank.Progress).
type Iter struct {
	Iter     int
	Residual float64
	RankZ    int
	NNZH     int
	// Stop is the solver's stopping measure over its threshold
	// (lowrank.Progress.Stop): the solver stops once Stop ≤ 1.
	Stop float64
}

// Progress reports a running job: the iterations since the last Progress,
// the samples coded so far by a per-sample solver (Done of Total), the
// seconds since the job started and, now and then, the weights W (N×N,
// row-major) of the current iterate.
type Progress struct {
	JobID       uint32
	Method      method.Name
	Iters       []Iter
	Done, Total int
	Elapsed     float64
	N           int
	W           []float64
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
		m.Iters = make([]Iter, n)
		for i := range m.Iters {
			m.Iters[i] = Iter{Iter: r.int(), Residual: r.f64(), RankZ: r.int(), NNZH: r.int(), Stop: r.f64()}
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

// Graph is a finished graph with what the page shows of it.
type Graph struct {
	JobID  uint32
	Method method.Name
	// W holds the N×N symmetric weights, row-major.
	N int
	W []float64
	// Layout places node i at (Layout[2i], Layout[2i+1]) in [0, 1]².
	Layout []float64
	// ENorm holds the norms of the columns of the error term E (NNLRS,
	// LRR), for the unit-norm samples; nil for the other methods.
	ENorm []float64
	// Z, for NNLRS, holds the N×N solution Z* of problem (6), row-major,
	// from which W follows for any θ (weights.ThresholdNormalized): the
	// page applies a new θ without a solve. nil for the other methods.
	Z []float64
	// Warm, for NNLRS, is the solver's end state (lowrank.Warm, encoded),
	// for a Job that warm-starts from it; nil otherwise.
	Warm []byte
	// How the solver ran (graph.Info) and the seconds it took.
	Iterations int
	Converged  bool
	Residual   float64
	Objective  float64
	Elapsed    float64
	// Density, WithinClass and DiagonalShare are the measures of package
	// graph (WithinClass is NaN without labels); Components counts the
	// connected components of the off-diagonal graph.
	Density, WithinClass, DiagonalShare float64
	Components                          int
	// ErrorGHF and ErrorLGC are the error rates of the closed-form GHF and
	// LGC (with Spec.Alpha) on the unlabeled samples; NaN without labels.
	ErrorGHF, ErrorLGC float64
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
	w.f64(m.ErrorGHF)
	w.f64(m.ErrorLGC)
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
	m.ErrorGHF = r.f64()
	m.ErrorLGC = r.f64()
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

// ErrorCode classifies an Error.
type ErrorCode uint8

// The error codes.
const (
	// ErrInput: the data cannot be used (an unreadable or malformed file,
	// settings the data cannot satisfy).
	ErrInput ErrorCode = 1 + iota
	// ErrLimit: the problem is too large for the browser; refused before
	// any work.
	ErrLimit
	// ErrSolver: the solver failed.
	ErrSolver
	// ErrInternal: a bug, caught (a recovered panic).
	ErrInternal
)

// Error reports that a job failed. Message is one plain sentence for the
// page to show.
type Error struct {
	JobID   uint32
	Method  method.Name
	Code    ErrorCode
	Message string
}

func (*Error) Kind() Kind { return KindError }

func (m *Error) encode(w *writer) {
	w.u32(m.JobID)
	w.str(string(m.Method))
	w.u8(uint8(m.Code))
	w.str(m.Message)
}

func (m *Error) decode(r *reader) {
	m.JobID = r.u32()
	m.Method = method.Name(r.str())
	m.Code = ErrorCode(r.u8())
	m.Message = r.str()
}

// Cancelled confirms that the job JobID stopped on a Cancel.
type Cancelled struct{ JobID uint32 }

func (*Cancelled) Kind() Kind         { return KindCancelled }
func (m *Cancelled) encode(w *writer) { w.u32(m.JobID) }
func (m *Cancelled) decode(r *reader) { m.JobID = r.u32() }
