package httpapi

import (
	"math"
	"net/http"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/invex/invex/internal/store"
)

// Response headers that tell a client its limits; every authenticated
// response carries them.
const (
	headerRateLimitPolicy = "RateLimit-Policy"
	headerRateLimit       = "RateLimit"
	headerQuotaRemaining  = "X-Quota-Remaining"
)

// rateLimitPolicyName names the one rate-limit policy in the RateLimit and
// RateLimit-Policy headers.
const rateLimitPolicyName = "per-key"

// RateLimit bounds the requests of one API key to every authenticated
// endpoint (submissions and polls alike), as a token bucket: a key may send
// Requests at once, and regains one every Window/Requests. A request beyond
// gets 429 rate_limited with Retry-After, before anything else is done.
//
// The bucket lives in the process: with several API processes behind a load
// balancer each keeps its own, so a key may send up to Requests per Window
// to each. Set Requests to the account's allowance divided by the number of
// API processes when that matters.
type RateLimit struct {
	// Requests per Window per API key, and the burst allowed. Default
	// DefaultRateLimitRequests; negative turns the limit off.
	Requests int
	// Window is the time in which a key regains Requests. Default
	// DefaultRateLimitWindow.
	Window time.Duration
}

// Defaults of RateLimit: 600 requests a minute per key (10 a second
// sustained, all 600 in a burst).
const (
	DefaultRateLimitRequests = 600
	DefaultRateLimitWindow   = time.Minute
)

// WithDefaults returns r with every zero field set to its default.
func (r RateLimit) WithDefaults() RateLimit {
	if r.Requests == 0 {
		r.Requests = DefaultRateLimitRequests
	}
	if r.Window <= 0 {
		r.Window = DefaultRateLimitWindow
	}
	return r
}

// rateLimiter is a token bucket per API key.
type rateLimiter struct {
	burst  int
	window time.Duration
	now    func() time.Time

	mu sync.Mutex
	b  buckets
}

func newRateLimiter(cfg RateLimit) *rateLimiter {
	cfg = cfg.WithDefaults()
	if cfg.Requests < 0 {
		return nil
	}
	return &rateLimiter{
		burst:  cfg.Requests,
		window: cfg.Window,
		now:    time.Now,
		b:      newBuckets(cfg.Requests, max(cfg.Window/time.Duration(cfg.Requests), 1), 100000),
	}
}

// rateState is a key's bucket after a request.
type rateState struct {
	allowed    bool
	remaining  int           // requests the key may still send at once
	reset      time.Duration // until the bucket is full again
	retryAfter time.Duration // until the next request is allowed, when refused
}

// take spends one request of key's bucket, if there is one. A refused
// request costs nothing.
func (l *rateLimiter) take(key string) rateState {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	lim := l.b.get(key, now)
	st := rateState{allowed: true}
	res := lim.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		st.allowed = false
		st.retryAfter = l.b.tokensTime(float64(d) / float64(l.b.interval))
	}
	tokens := lim.TokensAt(now)
	st.remaining = min(max(int(math.Floor(tokens+1e-9)), 0), l.burst)
	st.reset = l.b.tokensTime(float64(l.burst) - tokens)
	return st
}

// ceilSeconds rounds d up to whole seconds.
func ceilSeconds(d time.Duration) int {
	return int(math.Ceil(d.Seconds()))
}

// admit applies the key's rate limit and writes the limit headers of every
// authenticated response: RateLimit-Policy and RateLimit (IETF
// draft-ietf-httpapi-ratelimit-headers, structured-field form) and
// X-Quota-Remaining. It answers 429 rate_limited itself and returns false
// when the key has no request left.
func (s *Server) admit(ctx huma.Context, p store.Principal) bool {
	if used, err := s.store.QuotaUsed(ctx.Context(), p.AccountID, store.Period(s.store.Now())); err == nil {
		ctx.SetHeader(headerQuotaRemaining, strconv.Itoa(max(p.MonthlyQuota-used, 0)))
	} else {
		s.logger(ctx.Context()).Warn("read quota for the response headers", "err", err)
	}
	if s.rateLimit == nil {
		return true
	}
	st := s.rateLimit.take(p.KeyID)
	ctx.SetHeader(headerRateLimitPolicy, `"`+rateLimitPolicyName+`";q=`+strconv.Itoa(s.rateLimit.burst)+
		`;w=`+strconv.Itoa(max(ceilSeconds(s.rateLimit.window), 1)))
	ctx.SetHeader(headerRateLimit, `"`+rateLimitPolicyName+`";r=`+strconv.Itoa(st.remaining)+
		`;t=`+strconv.Itoa(ceilSeconds(st.reset)))
	if st.allowed {
		return true
	}
	wait := max(ceilSeconds(st.retryAfter), 1)
	s.writeErr(ctx, problem(http.StatusTooManyRequests, CodeRateLimited,
		"this API key sent more than "+strconv.Itoa(s.rateLimit.burst)+" requests in "+s.rateLimit.window.String()+
			"; wait "+strconv.Itoa(wait)+" s (Retry-After)").
		WithHeader("Retry-After", strconv.Itoa(wait)))
	return false
}

// limitHeaders are the OpenAPI definitions of the headers admit writes.
var limitHeaders = map[string]*huma.Header{
	headerRateLimitPolicy: {
		Description: "The API key's rate-limit policy (IETF draft-ietf-httpapi-ratelimit-headers): " +
			"`\"per-key\";q=<requests>;w=<seconds>`, a token bucket of q requests refilled over w seconds.",
		Schema:  &huma.Schema{Type: huma.TypeString},
		Example: `"per-key";q=600;w=60`,
	},
	headerRateLimit: {
		Description: "The API key's rate-limit state (IETF draft-ietf-httpapi-ratelimit-headers): " +
			"`\"per-key\";r=<remaining>;t=<seconds>`, r requests left now, t seconds until the bucket is full again.",
		Schema:  &huma.Schema{Type: huma.TypeString},
		Example: `"per-key";r=599;t=1`,
	},
	headerQuotaRemaining: {
		Description: "Extractions left in this calendar month's (UTC) quota of the account.",
		Schema:      &huma.Schema{Type: huma.TypeInteger, Minimum: ptrFloat(0)},
		Example:     42,
	},
}

var retryAfterHeader = &huma.Header{
	Description: "Seconds to wait before trying again.",
	Schema:      &huma.Schema{Type: huma.TypeInteger, Minimum: ptrFloat(1)},
}

func ptrFloat(f float64) *float64 { return &f }

// documentLimitHeaders adds the limit headers to every response but 401 of
// every operation that needs a key, and Retry-After to their 429s, once all
// operations are registered; and describes the Idempotency-Key header.
func (s *Server) documentLimitHeaders() {
	oa := s.api.OpenAPI()
	if oa.Components.Headers == nil {
		oa.Components.Headers = map[string]*huma.Header{}
	}
	names := make([]string, 0, len(limitHeaders))
	for name, h := range limitHeaders {
		oa.Components.Headers[name] = h
		names = append(names, name)
	}
	sort.Strings(names)
	oa.Components.Headers["Retry-After"] = retryAfterHeader
	if item := oa.Paths["/v1/extract/invoice"]; item != nil && item.Post != nil {
		for _, p := range item.Post.Parameters {
			if p.Name == "Idempotency-Key" {
				p.Description = idempotencyKeyDoc
			}
		}
	}
	for _, item := range oa.Paths {
		for _, op := range []*huma.Operation{item.Get, item.Put, item.Post, item.Delete, item.Patch, item.Head, item.Options} {
			if op == nil || len(op.Security) == 0 {
				continue
			}
			if op.Responses == nil {
				op.Responses = map[string]*huma.Response{}
			}
			if op.Responses["429"] == nil {
				op.Responses["429"] = &huma.Response{Description: "Too Many Requests",
					Content: map[string]*huma.MediaType{"application/problem+json": {
						Schema: &huma.Schema{Ref: "#/components/schemas/Problem"}}}}
			}
			for status, r := range op.Responses {
				if status == "401" {
					continue
				}
				if r.Headers == nil {
					r.Headers = map[string]*huma.Header{}
				}
				for _, name := range names {
					if r.Headers[name] == nil {
						r.Headers[name] = &huma.Header{Ref: "#/components/headers/" + name}
					}
				}
				if status == "429" && r.Headers["Retry-After"] == nil {
					r.Headers["Retry-After"] = &huma.Header{Ref: "#/components/headers/Retry-After"}
				}
			}
		}
	}
}
