package main

import (
	"context"
	"reflect"
	"sync"
	"testing"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

// TestHeadStartJob checks that the job a worker starts from the page's
// link, read from the bases of the page's links without the page's
// settings table, is the one worth starting early: the NNLRS graph of the
// link's settings as the page reads them (params.FromHash), with the data,
// from zero, as the page's model asks first; and that links that cannot
// be read whole start nothing.
func TestHeadStartJob(t *testing.T) {
	links := params.Links()
	for _, hash := range []string{"", "#data=usps", "#tour=3", "#lambda=2&beta=0.5&seed=4", "#data=yaleb&per=10&embed=weights&graph=lrr",
		"#tour=8&data=usps", "#tour=2&lambda=0.7", "#paper=ghf&live=1"} {
		job, ok := headStartJob(hash, links)
		if !ok {
			t.Errorf("%q: no head start", hash)
			continue
		}
		p, _ := params.FromHash(hash)
		want := newJob(specOf(p), demo.Job{Method: method.NNLRS, SendData: true})
		if !reflect.DeepEqual(job, want) {
			t.Errorf("%q: head start %+v, want %+v", hash, job, want)
		}
	}
	for _, hash := range []string{"#data=upload", "#lambda=oops", "#data=nosuch", "#%zz", "#beta=1&beta=2", "#lambda=NaN"} {
		if job, ok := headStartJob(hash, links); ok {
			t.Errorf("%q: head start %+v, want none", hash, job)
		}
	}
}

// headRun starts job as a head start on a runner that reports every
// iteration and, at its first yield, waits for proceed; it returns the
// head start, a channel of what it posts, and a channel closed at that
// first yield.
func headRun(t *testing.T, job *protocol.Job, proceed chan struct{}) (*headStart, chan protocol.Message, chan struct{}, *sync.WaitGroup) {
	t.Helper()
	posted := make(chan protocol.Message, 1<<16)
	paused := make(chan struct{})
	r := newRunner(nil, nil, nil)
	r.progressEvery, r.weightsEvery, r.yieldEvery = 0, 0, 0
	var once sync.Once
	r.yield = func() {
		once.Do(func() {
			close(paused)
			<-proceed
		})
	}
	var ended sync.WaitGroup
	ended.Add(1)
	h := startHeadStart(r, job, func(m protocol.Message) { posted <- m }, func(uint32) { ended.Done() })
	return h, posted, paused, &ended
}

// TestHeadStartAdopt adopts a head start in the middle of its solve: the
// page receives under its own ID the messages held so far and then the
// rest, the same data and graph as a job the page had asked for itself.
func TestHeadStartAdopt(t *testing.T) {
	job := newJob(smallSpec(), demo.Job{Method: method.NNLRS, SendData: true})
	proceed := make(chan struct{})
	h, posted, paused, ended := headRun(t, job, proceed)
	<-paused
	if len(posted) != 0 {
		t.Fatalf("a head start posted %d messages before it was adopted", len(posted))
	}
	other := *job
	other.ID, other.Params.Lambda = 7, 2
	if _, _, ok := h.adopt(&other); ok {
		t.Fatal("a job with another λ adopted the head start")
	}
	page := *job
	page.ID = 7
	cancel, over, ok := h.adopt(&page)
	if !ok || over || cancel == nil {
		t.Fatalf("the page's job: adopted %v, over %v", ok, over)
	}
	if len(posted) == 0 {
		t.Error("nothing held before the adoption: the data should have been")
	}
	close(proceed)
	ended.Wait()
	var got []protocol.Message
	for len(posted) > 0 {
		got = append(got, <-posted)
	}
	for _, m := range got {
		if id := reflect.ValueOf(m).Elem().FieldByName("JobID").Uint(); id != 7 {
			t.Fatalf("%T posted with job ID %d, want 7", m, id)
		}
	}
	want := record(t, context.Background(), &page, nil)
	if !reflect.DeepEqual(got[0], want[0]) {
		t.Error("the head start's data differ from the page's own job's")
	}
	g, w := last[*protocol.Graph](t, got), last[*protocol.Graph](t, want)
	if !reflect.DeepEqual(g.W, w.W) || !reflect.DeepEqual(g.Layout, w.Layout) || g.Iterations != w.Iterations {
		t.Errorf("the head start's graph differs from the page's own job's (%d and %d iterations)", g.Iterations, w.Iterations)
	}
}

// TestHeadStartOver adopts a head start that has already ended: every
// message goes to the page at once, and the adoption says so.
func TestHeadStartOver(t *testing.T) {
	job := newJob(smallSpec(), demo.Job{Method: method.KNN0, SendData: true})
	proceed := make(chan struct{})
	close(proceed)
	h, posted, _, _ := headRun(t, job, proceed)
	for !func() bool { h.mu.Lock(); defer h.mu.Unlock(); return h.over }() {
		time.Sleep(time.Millisecond)
	}
	page := *job
	page.ID = 9
	if _, over, ok := h.adopt(&page); !ok || !over {
		t.Fatalf("adopted %v, over %v; want both", ok, over)
	}
	if n := len(posted); n < 2 {
		t.Fatalf("%d messages posted, want the data and the graph", n)
	}
	var m protocol.Message
	for len(posted) > 0 {
		m = <-posted
	}
	if g, ok := m.(*protocol.Graph); !ok || g.JobID != 9 {
		t.Errorf("last message %T %+v, want the graph of job 9", m, m)
	}
}

// TestHeadStartCancel: a head start the page does not adopt is cancelled
// and never posts.
func TestHeadStartCancel(t *testing.T) {
	job := newJob(smallSpec(), demo.Job{Method: method.NNLRS, SendData: true})
	proceed := make(chan struct{})
	h, posted, paused, _ := headRun(t, job, proceed)
	<-paused
	h.cancel()
	close(proceed)
	for !func() bool { h.mu.Lock(); defer h.mu.Unlock(); return h.over }() {
		time.Sleep(time.Millisecond)
	}
	if _, ok := h.held[len(h.held)-1].(*protocol.Cancelled); !ok {
		t.Errorf("the cancelled head start's last message is %T", h.held[len(h.held)-1])
	}
	if len(posted) != 0 {
		t.Errorf("a head start not adopted posted %d messages", len(posted))
	}
}
