package httpapi

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRateLimiter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	l := newRateLimiter(RateLimit{Requests: 3, Window: 30 * time.Second}) // one every 10 s
	l.now = func() time.Time { return now }
	type state = rateState
	var got []state
	for range 4 {
		got = append(got, l.take("k"))
	}
	want := []state{
		{allowed: true, remaining: 2, reset: 10 * time.Second},
		{allowed: true, remaining: 1, reset: 20 * time.Second},
		{allowed: true, remaining: 0, reset: 30 * time.Second},
		{allowed: false, remaining: 0, reset: 30 * time.Second, retryAfter: 10 * time.Second},
	}
	if d := cmp.Diff(want, got, cmp.AllowUnexported(rateState{})); d != "" {
		t.Errorf("a burst (-want +got):\n%s", d)
	}
	if st := l.take("other"); !st.allowed || st.remaining != 2 {
		t.Errorf("another key: %+v, want its own full bucket", st)
	}
	// A refused request costs nothing: 4 s later the wait is 6 s.
	now = now.Add(4 * time.Second)
	if st := l.take("k"); st.allowed || st.retryAfter != 6*time.Second {
		t.Errorf("4 s later: %+v, want refused for 6 s more", st)
	}
	now = now.Add(6 * time.Second)
	if st := l.take("k"); !st.allowed || st.remaining != 0 {
		t.Errorf("one interval later: %+v, want one request allowed", st)
	}
	now = now.Add(time.Hour)
	if st := l.take("k"); !st.allowed || st.remaining != 2 || st.reset != 10*time.Second {
		t.Errorf("after a long pause: %+v, want a full bucket less one", st)
	}
	if newRateLimiter(RateLimit{Requests: -1}) != nil {
		t.Error("a negative limit did not turn the limiter off")
	}
	if d := (RateLimit{}).WithDefaults(); d.Requests != DefaultRateLimitRequests || d.Window != DefaultRateLimitWindow {
		t.Errorf("defaults = %+v", d)
	}
}

func TestIdempotencyKeyHeader(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "",
		"abc":                     "abc",
		` "quoted-key" `:          "quoted-key",
		"8e03978e-40d5-43e8-bc93": "8e03978e-40d5-43e8-bc93",
		"with space":              "with space",
	} {
		if got, p := idempotencyKey(in); p != nil || got != want {
			t.Errorf("idempotencyKey(%q) = %q, %v; want %q", in, got, p, want)
		}
	}
	long := make([]byte, 256)
	for i := range long {
		long[i] = 'a'
	}
	for _, in := range []string{string(long), "a\x00b", "caf\u00e9", `a"b`, `a\b`} {
		if _, p := idempotencyKey(in); p == nil || p.Code != CodeInvalidRequest {
			t.Errorf("idempotencyKey(%q) accepted, want invalid_request", in)
		}
	}
	if got, _ := idempotencyKey(string(long[:255])); len(got) != 255 {
		t.Error("a 255-byte key was refused")
	}
}
