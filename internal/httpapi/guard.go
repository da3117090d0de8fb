package httpapi

import (
	"errors"
	"io"
	"net/http"
	"os"
	"sync"
	"time"
)

// failureLimiter counts requests with invalid API keys per IP address, as a
// token bucket kept as one "theoretical arrival time" per address (GCRA):
// each failure pushes it one interval into the future, and an address whose
// time runs more than burst intervals ahead must wait.
type failureLimiter struct {
	burst    time.Duration // burst × interval
	interval time.Duration
	now      func() time.Time

	mu  sync.Mutex
	tat map[string]time.Time
}

func newFailureLimiter(burst int, interval time.Duration) *failureLimiter {
	return &failureLimiter{
		burst:    time.Duration(burst) * interval,
		interval: interval,
		now:      time.Now,
		tat:      map[string]time.Time{},
	}
}

// wait returns how long ip must wait before its key is looked at again;
// zero means now.
func (l *failureLimiter) wait(ip string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	ahead := l.tat[ip].Sub(l.now())
	if ahead <= l.burst-l.interval {
		return 0
	}
	return ahead - (l.burst - l.interval)
}

// fail records a request with an invalid key from ip.
func (l *failureLimiter) fail(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if len(l.tat) >= 10000 {
		// Forget addresses whose bucket is full again.
		for k, t := range l.tat {
			if t.Before(now) {
				delete(l.tat, k)
			}
		}
	}
	t := l.tat[ip]
	if t.Before(now) {
		t = now
	}
	l.tat[ip] = t.Add(l.interval)
}

// uploadSlots bounds the uploads received at once, in all and per account.
type uploadSlots struct {
	max, perAccount int

	mu      sync.Mutex
	total   int
	account map[string]int
}

func newUploadSlots(max, perAccount int) *uploadSlots {
	return &uploadSlots{max: max, perAccount: perAccount, account: map[string]int{}}
}

// acquire takes a slot for account, or explains why there is none. The
// caller must call release once it has received the body.
func (u *uploadSlots) acquire(account string) (release func(), p *Problem) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.account[account] >= u.perAccount {
		return nil, problem(http.StatusTooManyRequests, CodeRateLimited,
			"your account is already sending the most uploads at once; wait for one to finish").
			WithHeader("Retry-After", "1")
	}
	if u.total >= u.max {
		return nil, problem(http.StatusServiceUnavailable, CodeUnavailable,
			"the server is receiving the most uploads it takes at once; try again shortly").
			WithHeader("Retry-After", "1")
	}
	u.total++
	u.account[account]++
	var once sync.Once
	return func() {
		once.Do(func() {
			u.mu.Lock()
			defer u.mu.Unlock()
			u.total--
			if u.account[account]--; u.account[account] <= 0 {
				delete(u.account, account)
			}
		})
	}, nil
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
