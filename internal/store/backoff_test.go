package store

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"
)

// TestDialBackoff checks that failed connections space out the next ones,
// doubling up to the cap, that a success resets the wait and reports the
// outage, and that a waiting dial gives up when its context ends.
func TestDialBackoff(t *testing.T) {
	refused := errors.New("connection refused")
	fail := true
	dials := 0
	b := newDialBackoff(func(ctx context.Context, network, addr string) (net.Conn, error) {
		dials++
		if fail {
			return nil, refused
		}
		c1, c2 := net.Pipe()
		c2.Close()
		return c1, nil
	})
	b.Base, b.Max = 20*time.Millisecond, 80*time.Millisecond
	var downs, ups, upAttempts int
	b.Observe(func(error) { downs++ }, func(_ time.Duration, n int) { ups++; upAttempts = n })

	for n, want := range []time.Duration{20, 40, 80, 80} {
		if _, err := b.Dial(context.Background(), "tcp", "x"); !errors.Is(err, refused) {
			t.Fatalf("dial %d: %v, want refused", n, err)
		}
		if got := time.Until(b.next); got > want*time.Millisecond || got < want*time.Millisecond-15*time.Millisecond {
			t.Errorf("after failure %d: next attempt in %v, want %v", n+1, got, want*time.Millisecond)
		}
	}
	// A dial whose context ends before the next attempt does not dial.
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	before := dials
	if _, err := b.Dial(ctx, "tcp", "x"); !errors.Is(err, context.DeadlineExceeded) || dials != before {
		t.Errorf("dial with a short context: %v after %d dials; want the deadline and no dial", err, dials-before)
	}
	fail = false
	start := time.Now()
	c, err := b.Dial(context.Background(), "tcp", "x")
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if waited := time.Since(start); waited < 40*time.Millisecond {
		t.Errorf("dial after four failures went out after %v; want it to wait for the back-off", waited)
	}
	if downs != 1 || ups != 1 || upAttempts != 4 {
		t.Errorf("observed %d downs, %d ups after %d attempts; want 1, 1, 4", downs, ups, upAttempts)
	}
	if !b.next.IsZero() || b.failures != 0 {
		t.Errorf("after a success: next %v, failures %d; want reset", b.next, b.failures)
	}
}
