package httpapi

import (
	"context"
	"net"
	"runtime"
	"testing"
	"time"
)

func TestFailureLimiter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	l := newFailureLimiter(3, 10*time.Second)
	l.now = func() time.Time { return now }
	for i := 0; i < 3; i++ {
		if w := l.wait("a"); w != 0 {
			t.Fatalf("failure %d: wait %v, want none inside the burst", i, w)
		}
		l.fail("a")
	}
	if w := l.wait("a"); w != 10*time.Second {
		t.Errorf("after the burst: wait %v, want 10s", w)
	}
	if w := l.wait("b"); w != 0 {
		t.Errorf("another address waits %v", w)
	}
	now = now.Add(10 * time.Second)
	if w := l.wait("a"); w != 0 {
		t.Errorf("after one interval: wait %v, want none", w)
	}
	l.fail("a")
	if w := l.wait("a"); w != 10*time.Second {
		t.Errorf("one more failure: wait %v, want 10s", w)
	}
	// Old entries are forgotten when the table grows.
	for i := 0; i < 10001; i++ {
		l.fail(net.IPv4(10, byte(i>>16), byte(i>>8), byte(i)).String())
	}
	now = now.Add(time.Minute)
	l.fail("c")
	if len(l.b.m) > 3 {
		t.Errorf("%d addresses kept, want only those still waiting", len(l.b.m))
	}
}

func TestUploadSlots(t *testing.T) {
	ctx := context.Background()
	u := newUploadSlots(3, 2, 50*time.Millisecond)
	r1, p := u.acquire(ctx, "a")
	if p != nil {
		t.Fatal(p)
	}
	r2, _ := u.acquire(ctx, "a")
	if _, p := u.acquire(ctx, "a"); p == nil || p.Status != 429 || p.headers.Get("Retry-After") == "" {
		t.Errorf("third upload of one account: %v, want 429 with Retry-After", p)
	}
	r3, _ := u.acquire(ctx, "b")
	if _, p := u.acquire(ctx, "c"); p == nil || p.Status != 503 {
		t.Errorf("beyond the total: %v, want 503", p)
	}
	// A waiting submission gets the slot freed meanwhile: released once
	// the submission is seen waiting (it holds a reference to the
	// account's slots).
	refs := func() int {
		u.mu.Lock()
		defer u.mu.Unlock()
		return u.accounts["a"].refs
	}
	held := refs()
	got := make(chan *Problem)
	u.wait = time.Minute
	go func() {
		_, p := u.acquire(ctx, "a")
		got <- p
	}()
	for refs() == held {
		runtime.Gosched()
	}
	r1()
	r1() // a second release is harmless
	if p := <-got; p != nil {
		t.Errorf("waiting for a slot: %v", p)
	}
	r2()
	r3()
	if len(u.global) != 1 || len(u.accounts) != 1 || u.accounts["a"].refs != 1 {
		t.Errorf("held %d, accounts %v after releases", len(u.global), u.accounts)
	}
}

func TestLimitsDefaults(t *testing.T) {
	l := Limits{MaxConnsPerIP: 3}.WithDefaults()
	if l.MaxConnsPerIP != 3 || l.ReadHeaderTimeout != DefaultReadHeaderTimeout || l.MinUploadRate != DefaultMinUploadRate {
		t.Errorf("WithDefaults = %+v", l)
	}
	srv := l.NewHTTPServer(nil, nil)
	if srv.ReadHeaderTimeout == 0 || srv.ReadTimeout == 0 || srv.WriteTimeout == 0 || srv.IdleTimeout == 0 || srv.MaxHeaderBytes == 0 {
		t.Errorf("server without a limit: %+v", srv)
	}
}
