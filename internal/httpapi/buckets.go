package httpapi

import (
	"math"
	"time"

	"golang.org/x/time/rate"
)

// buckets keeps one token bucket (golang.org/x/time/rate) per key, an API
// key or a client address: each holds burst tokens and regains one every
// interval. The caller serialises access to it.
type buckets struct {
	burst    int
	interval time.Duration
	// keep is the number of keys past which full buckets, which say
	// nothing a new one would not, are forgotten.
	keep int
	m    map[string]*rate.Limiter
}

func newBuckets(burst int, interval time.Duration, keep int) buckets {
	return buckets{burst: burst, interval: interval, keep: keep, m: map[string]*rate.Limiter{}}
}

// get returns key's bucket, a full one if it had none.
func (b *buckets) get(key string, now time.Time) *rate.Limiter {
	if l := b.m[key]; l != nil {
		return l
	}
	if len(b.m) >= b.keep {
		for k, l := range b.m {
			if b.full(l, now) {
				delete(b.m, k)
			}
		}
	}
	l := rate.NewLimiter(rate.Every(b.interval), b.burst)
	b.m[key] = l
	return l
}

// full reports whether l holds all its tokens at now.
func (b *buckets) full(l *rate.Limiter, now time.Time) bool {
	return l.TokensAt(now) >= float64(b.burst)
}

// tokensTime returns the time n tokens take to come back, to the
// millisecond (the limiter counts in floating point).
func (b *buckets) tokensTime(n float64) time.Duration {
	if n <= 0 {
		return 0
	}
	return time.Duration(math.Round(n*float64(b.interval)/float64(time.Millisecond))) * time.Millisecond
}
