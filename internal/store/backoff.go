package store

import (
	"context"
	"net"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Back-off of the job queue's connections to an unreachable PostgreSQL
// server (see DialBackoff).
const (
	// DefaultDialBackoffBase is the wait after the first failed connection.
	DefaultDialBackoffBase = 250 * time.Millisecond
	// DefaultDialBackoffMax caps the wait between connection attempts, and
	// so bounds how long after the database returns the queue notices.
	DefaultDialBackoffMax = 3 * time.Second
	// DefaultConnectTimeout bounds one connection attempt when the URL sets
	// no connect_timeout, so that a server that drops packets (rather than
	// refusing them) cannot hold a request or a worker indefinitely.
	DefaultConnectTimeout = 5 * time.Second
)

// DialBackoff spaces out new connections to a database that is down. After
// n consecutive failed connection attempts, the next one waits until
// min(Base·2^(n-1), Max) after the last failure (or until its context
// ends); the first success resets it. Concurrent dialers share the state, so
// the pool's many users (fetching, completing, electing a leader, listening)
// together make a few attempts per interval instead of each spinning.
//
// River, the job queue, retries a failed fetch at every poll interval
// (100 ms here) without backing off; its fetches and bookkeeping go
// through the pool, so this is where the queue backs off while PostgreSQL is
// away. The store's own pool, which serves API requests, does not wait: a
// request answers 503 at once.
type DialBackoff struct {
	// Base is the wait after the first failure. Default DefaultDialBackoffBase.
	Base time.Duration
	// Max caps the wait. Default DefaultDialBackoffMax.
	Max time.Duration

	dial pgconn.DialFunc

	mu        sync.Mutex
	failures  int       // consecutive failed attempts
	next      time.Time // no attempt before this
	downSince time.Time // first failure of the current outage
	attempts  int       // attempts made since downSince
	onDown    func(err error)
	onUp      func(down time.Duration, attempts int)
}

// newDialBackoff wraps dial (nil for the default dialer).
func newDialBackoff(dial pgconn.DialFunc) *DialBackoff {
	if dial == nil {
		d := &net.Dialer{KeepAlive: 5 * time.Minute}
		dial = d.DialContext
	}
	return &DialBackoff{Base: DefaultDialBackoffBase, Max: DefaultDialBackoffMax, dial: dial}
}

// Observe sets functions called when the first attempt of an outage fails
// (down) and when a connection succeeds after an outage (up, with the
// outage's length and the attempts it took). Either may be nil.
func (b *DialBackoff) Observe(down func(err error), up func(down time.Duration, attempts int)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.onDown, b.onUp = down, up
}

// Dial implements pgconn.DialFunc.
func (b *DialBackoff) Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	b.mu.Lock()
	wait := time.Until(b.next)
	b.mu.Unlock()
	if wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
	conn, err := b.dial(ctx, network, addr)

	b.mu.Lock()
	var notify func()
	if err != nil && ctx.Err() == nil {
		if b.failures == 0 {
			b.downSince, b.attempts = time.Now(), 0
			if f := b.onDown; f != nil {
				notify = func() { f(err) }
			}
		}
		b.failures++
		b.attempts++
		b.next = time.Now().Add(b.wait(b.failures))
	} else if err == nil && b.failures > 0 {
		down, attempts := time.Since(b.downSince), b.attempts
		if f := b.onUp; f != nil {
			notify = func() { f(down, attempts) }
		}
		b.failures, b.next = 0, time.Time{}
	}
	b.mu.Unlock()
	if notify != nil {
		notify()
	}
	return conn, err
}

// wait is the pause after n consecutive failures.
func (b *DialBackoff) wait(n int) time.Duration {
	base, ceiling := b.Base, b.Max
	if base <= 0 {
		base = DefaultDialBackoffBase
	}
	if ceiling <= 0 {
		ceiling = DefaultDialBackoffMax
	}
	d := base
	for i := 1; i < n && d < ceiling; i++ {
		d *= 2
	}
	return min(d, ceiling)
}
