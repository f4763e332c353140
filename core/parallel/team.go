package parallel

import (
	"sync"
	"sync/atomic"
	"time"
)

// The team: goroutines that stay between calls of For and wait for its
// next loop spinning, then parked. A goroutine started for each loop
// (go statement, WaitGroup) is woken by the operating system: tens of
// microseconds on a virtual machine, as long as one of the solvers'
// finer loops (a matrix-vector product of the tridiagonal reduction),
// so that its second core joins late or never. A member that has just
// finished a loop and spins sees the next one within a fraction of a
// microsecond.
//
// The spinning goroutines do not yield (runtime.Gosched): a yield puts
// the goroutine on the scheduler's global queue, from which the other
// core may take it in place of the caller's, and the two then trade
// cores, and caches, loop after loop. The runtime still preempts a
// spinner that another goroutine waits for.
//
// The team serves one For at a time: a For called while another holds
// it (a nested loop, or loops of several goroutines at once) starts
// goroutines of its own (spawn).

// spinWindow is how long a member spins for the next loop before it
// parks, and a caller for its loop's last range before it blocks: about
// what a park and a wake-up through the scheduler cost on a virtual
// machine, so that spinning, then blocking, costs at most twice what
// the better of the two would have (the ski-rental bound). It outlasts
// the short serial stretches between the solvers' finer loops (a
// reflector's formation between two products), and bounds the core a
// spinner takes from a thread that shares its core.
const spinWindow = 50 * time.Microsecond

// loop is one call of For handed to the team. Participant p (the
// caller 0, member i participant i + 1) owns the p-th of helpers + 1
// contiguous shares of the ranges and takes them from the front; having
// run its own, it takes the others' from their back. A loop after loop
// of the same shape (the reduction's products, by the same slabs of a
// matrix) thus finds each slab on the core that read it last, in its
// caches: when the two cores share no cache (a virtual machine's
// cores on different core complexes) a slab that changes core costs as
// much as reading it from memory.
//
// A member that comes to a loop late, after every range was taken, finds
// none and leaves: the caller waits for the ranges to finish, not for the
// members, and a loop is never reused, so that a late member touches
// only this loop's counters.
type loop struct {
	n, grain, ranges int
	helpers          int // members 0..helpers−1 take part
	body             func(lo, hi int)
	// shares[p] packs the ranges [front, back) of share p not yet
	// taken, front in the high 32 bits.
	shares   []atomic.Uint64
	finished atomic.Int64  // ranges run
	done     chan struct{} // closed when the last range has run
}

// newLoop cuts the ranges into helpers + 1 shares.
func newLoop(n, grain, ranges, helpers int, body func(lo, hi int)) *loop {
	l := &loop{n: n, grain: grain, ranges: ranges, helpers: helpers, body: body,
		shares: make([]atomic.Uint64, helpers+1), done: make(chan struct{})}
	parts := helpers + 1
	for p := range l.shares {
		l.shares[p].Store(uint64(p*ranges/parts)<<32 | uint64((p+1)*ranges/parts))
	}
	return l
}

// take claims a range of share p, from its front if front, else from its
// back; false when the share is empty.
func (l *loop) take(p int, front bool) (int, bool) {
	for {
		s := l.shares[p].Load()
		f, b := int(s>>32), int(uint32(s))
		if f >= b {
			return 0, false
		}
		r, next := f, uint64(f+1)<<32|uint64(b)
		if !front {
			r, next = b-1, uint64(f)<<32|uint64(b-1)
		}
		if l.shares[p].CompareAndSwap(s, next) {
			return r, true
		}
	}
}

// work runs participant p's share, then the others' ranges not yet
// taken, each counted once run.
func (l *loop) work(p int) {
	parts := len(l.shares)
	for k := 0; k < parts; k++ {
		q := (p + k) % parts
		for {
			r, ok := l.take(q, k == 0)
			if !ok {
				break
			}
			lo := r * l.grain
			l.body(lo, min(lo+l.grain, l.n))
			if l.finished.Add(1) == int64(l.ranges) {
				close(l.done)
			}
		}
	}
}

// wait returns once every range has run: spinning for spinWindow, then
// blocked until the last range closes done.
func (l *loop) wait() {
	start := time.Now()
	for spins := 1; l.finished.Load() < int64(l.ranges); spins++ {
		if spins%64 != 0 {
			continue
		}
		if time.Since(start) >= spinWindow {
			<-l.done
			return
		}
	}
}

// member states: spinning or running, or parked on its wake channel.
const (
	awake int32 = iota
	parked
)

type member struct {
	state atomic.Int32
	wake  chan struct{} // capacity 1: the token of a parked member
}

type team struct {
	busy    atomic.Bool   // a For holds the team
	seq     atomic.Uint64 // the number of loops handed out
	current atomic.Pointer[loop]
	mu      sync.Mutex // guards members' growth, under busy
	members []*member
}

var theTeam team

// forTeam runs For's ranges on the caller and helpers members of the
// team, and reports false (having run nothing) when another For holds it
// (or the ranges overflow a share's 32-bit bounds).
func forTeam(n, grain, ranges, helpers int, body func(lo, hi int)) bool {
	t := &theTeam
	if ranges >= 1<<31 || !t.busy.CompareAndSwap(false, true) {
		return false
	}
	defer t.busy.Store(false)
	t.grow(helpers)
	l := newLoop(n, grain, ranges, helpers, body)
	t.current.Store(l)
	t.seq.Add(1)
	for _, m := range t.members[:helpers] {
		if m.state.CompareAndSwap(parked, awake) {
			m.wake <- struct{}{}
		}
	}
	l.work(0)
	l.wait()
	return true
}

// grow starts members up to k.
func (t *team) grow(k int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for len(t.members) < k {
		m := &member{wake: make(chan struct{}, 1)}
		i := len(t.members)
		t.members = append(t.members, m)
		go t.serve(i, m, t.seq.Load())
	}
}

// serve is member i's life: wait for a loop after the seen-th, take
// part in it if it is one of its helpers, and wait again.
func (t *team) serve(i int, m *member, seen uint64) {
	window := spinWindow
	for {
		seen = t.wait(m, seen, window)
		window = spinWindow
		if l := t.current.Load(); i < l.helpers {
			l.work(i + 1)
		} else {
			// Fewer helpers than members (GOMAXPROCS lowered): park
			// at once rather than spin beside the loops of others.
			window = 0
		}
	}
}

// wait returns the number of loops handed out once it exceeds seen:
// spinning for window, then parked until a loop wakes the member.
func (t *team) wait(m *member, seen uint64, window time.Duration) uint64 {
	start := time.Now()
	for spins := 1; ; spins++ {
		if s := t.seq.Load(); s != seen {
			return s
		}
		if spins%64 != 0 && window > 0 {
			continue
		}
		if time.Since(start) < window {
			continue
		}
		// Park, unless a loop came meanwhile: a For that saw the member
		// parked sends it a token, which it must take.
		m.state.Store(parked)
		if s := t.seq.Load(); s != seen {
			if !m.state.CompareAndSwap(parked, awake) {
				<-m.wake
			}
			return s
		}
		<-m.wake
		start = time.Now()
	}
}
