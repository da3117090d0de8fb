package httpapi

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"sync"
	"time"
)

// failureLimiter counts requests with invalid API keys per IP address, as
// a token bucket per address: each failure takes a token, and an address
// without one must wait until it has regained one.
type failureLimiter struct {
	now func() time.Time

	mu sync.Mutex
	b  buckets
}

func newFailureLimiter(burst int, interval time.Duration) *failureLimiter {
	return &failureLimiter{now: time.Now, b: newBuckets(burst, interval, 10000)}
}

// wait returns how long ip must wait before its key is looked at again;
// zero means now.
func (l *failureLimiter) wait(ip string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.b.m[ip]
	if lim == nil {
		return 0
	}
	tokens := lim.TokensAt(l.now())
	if tokens >= 1 {
		return 0
	}
	return l.b.tokensTime(1 - tokens)
}

// fail records a request with an invalid key from ip: it takes a token,
// into debt when there is none.
func (l *failureLimiter) fail(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.b.get(ip, now).ReserveN(now, 1)
}

// uploadSlots bounds the uploads received at once, per account and in all.
// A submission waits up to wait for a slot, so that a client sending a
// burst is queued rather than refused; only one that cannot get a slot in
// that time is refused.
type uploadSlots struct {
	wait       time.Duration
	perAccount int
	global     chan struct{}

	mu       sync.Mutex
	accounts map[string]*accountSlots
}

type accountSlots struct {
	ch   chan struct{}
	refs int // submissions holding or waiting for a slot
}

func newUploadSlots(max, perAccount int, wait time.Duration) *uploadSlots {
	return &uploadSlots{wait: wait, perAccount: perAccount, global: make(chan struct{}, max),
		accounts: map[string]*accountSlots{}}
}

// acquire takes a slot for account, waiting for one at most u.wait, or
// explains why there is none. The caller must call release once it has
// received the body.
func (u *uploadSlots) acquire(ctx context.Context, account string) (release func(), p *Problem) {
	u.mu.Lock()
	a := u.accounts[account]
	if a == nil {
		a = &accountSlots{ch: make(chan struct{}, u.perAccount)}
		u.accounts[account] = a
	}
	a.refs++
	u.mu.Unlock()
	unref := func() {
		u.mu.Lock()
		defer u.mu.Unlock()
		if a.refs--; a.refs == 0 {
			delete(u.accounts, account)
		}
	}
	timer := time.NewTimer(u.wait)
	defer timer.Stop()
	select {
	case a.ch <- struct{}{}:
	case <-timer.C:
		unref()
		return nil, problem(http.StatusTooManyRequests, CodeRateLimited,
			"your account is already sending the most uploads at once; wait for one to finish").
			WithHeader("Retry-After", "1")
	case <-ctx.Done():
		unref()
		return nil, busy()
	}
	select {
	case u.global <- struct{}{}:
	case <-timer.C:
		<-a.ch
		unref()
		return nil, busy()
	case <-ctx.Done():
		<-a.ch
		unref()
		return nil, busy()
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			<-u.global
			<-a.ch
			unref()
		})
	}, nil
}

func busy() *Problem {
	return problem(http.StatusServiceUnavailable, CodeUnavailable,
		"the server is receiving the most uploads it takes at once; try again shortly").
		WithHeader("Retry-After", "1")
}

// rateReader reads a request body under a read deadline that moves with the
// bytes received: start + grace + received/rate, never past start + max. A
// client that trickles its body is cut off once it falls behind the rate.
type rateReader struct {
	r     io.Reader
	rc    *http.ResponseController
	start time.Time
	grace time.Duration
	max   time.Duration
	rate  int64

	n        int64
	deadline time.Time
	timedOut bool
}

func (r *rateReader) Read(p []byte) (int, error) {
	d := r.grace + time.Duration(float64(r.n)/float64(r.rate)*float64(time.Second))
	d = min(d, r.max)
	if dl := r.start.Add(d); !dl.Equal(r.deadline) {
		r.deadline = dl
		if err := r.rc.SetReadDeadline(dl); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return 0, err
		}
	}
	n, err := r.r.Read(p)
	r.n += int64(n)
	if err != nil && err != io.EOF && (errors.Is(err, os.ErrDeadlineExceeded) || !time.Now().Before(r.deadline)) {
		r.timedOut = true
	}
	return n, err
}
