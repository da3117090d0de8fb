package app_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/httpapi"
	"github.com/invex/invex/internal/testpdf"
)

const unknownJob = "/v1/jobs/00000000-0000-4000-8000-000000000000"

// checkLimitHeaders checks the limit headers of an authenticated response.
func checkLimitHeaders(t *testing.T, r response, policy, state, quota string) {
	t.Helper()
	got := []string{r.Header.Get("RateLimit-Policy"), r.Header.Get("RateLimit"), r.Header.Get("X-Quota-Remaining")}
	if d := cmp.Diff([]string{policy, state, quota}, got); d != "" {
		t.Errorf("status %d: RateLimit-Policy, RateLimit, X-Quota-Remaining (-want +got):\n%s", r.Status, d)
	}
}

// TestRateLimit exhausts a key's requests: the next one gets 429
// rate_limited with Retry-After, other keys go on, and the limit is told in
// headers on every answer.
func TestRateLimit(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{HTTP: httpapi.Limits{
		RateLimit: httpapi.RateLimit{Requests: 4, Window: time.Hour},
	}})
	key := s.key("acme", 10)
	const policy = `"per-key";q=4;w=3600`

	inv := testpdf.Italian()
	inv.Salt = "ratelimit"
	id := s.accepted(s.submitMultipart(key, inv.PDF(), ""))
	checkLimitHeaders(t, s.get(key, "/v1/jobs/"+id), policy, `"per-key";r=2;t=1800`, "9")
	r := s.get(key, unknownJob)
	checkProblem(t, r, http.StatusNotFound, "job_not_found")
	checkLimitHeaders(t, r, policy, `"per-key";r=1;t=2700`, "9")
	checkLimitHeaders(t, s.get(key, "/v1/jobs/"+id), policy, `"per-key";r=0;t=3600`, "9")

	for _, c := range []struct {
		method, path string
		r            response
	}{
		{"GET", "/v1/jobs/{id}", s.get(key, "/v1/jobs/"+id)},
		{"POST", "/v1/extract/invoice", s.submitMultipart(key, inv.PDF(), "")},
	} {
		r := c.r
		checkProblem(t, r, http.StatusTooManyRequests, "rate_limited")
		validate(t, s.app.OpenAPI(), c.method, c.path, r)
		checkLimitHeaders(t, r, policy, `"per-key";r=0;t=3600`, "9")
		// The next request is allowed when the bucket regains one, 15
		// minutes after the first was spent; the clock has moved a little.
		if ra, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || ra < 1 || ra > 900 {
			t.Errorf("Retry-After = %q, want 1..900 seconds", r.Header.Get("Retry-After"))
		}
	}
	// Refused requests spent nothing.
	if used := s.quotaUsed("acme"); used != 1 {
		t.Errorf("quota used = %d, want 1", used)
	}
	// Each key has its own bucket.
	other := s.key("bob", 3)
	checkLimitHeaders(t, s.get(other, unknownJob), policy, `"per-key";r=3;t=900`, "3")
	// Requests without a valid key are not counted against a key and carry
	// no limit headers.
	if r := s.get("", unknownJob); r.Status != http.StatusUnauthorized || r.Header.Get("RateLimit") != "" {
		t.Errorf("no key: status %d, RateLimit %q", r.Status, r.Header.Get("RateLimit"))
	}
}

// TestLimitHeadersEverywhere checks that every authenticated answer, success
// or error, tells the limits, and that a spent quota is quota_exhausted, not
// rate_limited.
func TestLimitHeadersEverywhere(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{HTTP: httpapi.Limits{
		RateLimit: httpapi.RateLimit{Requests: 100, Window: time.Minute},
	}})
	key := s.key("acme", 1)
	inv := testpdf.Italian()
	inv.Salt = "headers"
	sub := s.submitMultipart(key, inv.PDF(), "")
	id := s.accepted(sub)
	rs := map[string]response{
		"202":                 sub,
		"200":                 s.wait(key, id),
		"404":                 s.get(key, unknownJob),
		"415":                 s.post(key, "text/plain", strings.NewReader("x")),
		"429 quota_exhausted": s.submitMultipart(key, inv.PDF(), ""),
	}
	for name, r := range rs {
		t.Run(name, func(t *testing.T) {
			if !strings.HasPrefix(r.Header.Get("RateLimit-Policy"), `"per-key";q=100;w=60`) ||
				!strings.HasPrefix(r.Header.Get("RateLimit"), `"per-key";r=`) {
				t.Errorf("status %d: RateLimit-Policy %q, RateLimit %q", r.Status,
					r.Header.Get("RateLimit-Policy"), r.Header.Get("RateLimit"))
			}
			if q := r.Header.Get("X-Quota-Remaining"); q != "0" {
				t.Errorf("status %d: X-Quota-Remaining = %q, want 0", r.Status, q)
			}
		})
	}
	r := rs["429 quota_exhausted"]
	checkProblem(t, r, http.StatusTooManyRequests, "quota_exhausted")
	if r.Header.Get("Retry-After") == "" {
		t.Error("quota_exhausted without Retry-After")
	}
}

// TestOpenAPILimits checks that the OpenAPI document describes the limit
// headers on every response of every operation that needs a key, Retry-After
// on their 429s, the Idempotency-Key request header and the replay marker.
func TestOpenAPILimits(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{})
	r := s.get("", "/v1/openapi.json")
	if r.Status != http.StatusOK {
		t.Fatalf("status %d", r.Status)
	}
	type header struct {
		Ref    string         `json:"$ref"`
		Schema map[string]any `json:"schema"`
	}
	type operation struct {
		Security   []map[string]any `json:"security"`
		Parameters []struct {
			Name, In, Description string
		} `json:"parameters"`
		Responses map[string]struct {
			Headers map[string]header `json:"headers"`
		} `json:"responses"`
	}
	var doc struct {
		Paths      map[string]map[string]operation `json:"paths"`
		Components struct {
			Headers map[string]header `json:"headers"`
			Schemas map[string]struct {
				Properties map[string]struct {
					Enum []string `json:"enum"`
				} `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(r.Body, &doc); err != nil {
		t.Fatal(err)
	}
	limit := []string{"RateLimit-Policy", "RateLimit", "X-Quota-Remaining"}
	for _, h := range append(limit, "Retry-After") {
		if doc.Components.Headers[h].Schema == nil {
			t.Errorf("components.headers lacks %s", h)
		}
	}
	secured := 0
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if len(op.Security) == 0 {
				continue
			}
			secured++
			if _, ok := op.Responses["429"]; !ok {
				t.Errorf("%s %s: no 429 response", method, path)
			}
			for status, resp := range op.Responses {
				if status == "401" {
					continue
				}
				want := limit
				if status == "429" {
					want = append(want, "Retry-After")
				}
				for _, h := range want {
					if _, ok := resp.Headers[h]; !ok {
						t.Errorf("%s %s %s: header %s not documented", method, path, status, h)
					}
				}
			}
		}
	}
	if secured < 2 {
		t.Errorf("%d operations need a key, want at least 2", secured)
	}
	submit := doc.Paths["/v1/extract/invoice"]["post"]
	found := false
	for _, p := range submit.Parameters {
		found = found || (p.Name == "Idempotency-Key" && p.In == "header" && strings.Contains(p.Description, "24 hours"))
	}
	if !found {
		t.Errorf("submission parameters %v lack the Idempotency-Key header", submit.Parameters)
	}
	if _, ok := submit.Responses["202"].Headers["Idempotent-Replayed"]; !ok {
		t.Error("the 202 does not document Idempotent-Replayed")
	}
	codes := doc.Components.Schemas["Problem"].Properties["code"].Enum
	if !strings.Contains(strings.Join(codes, ","), "idempotency_key_reused") {
		t.Errorf("Problem.code enum %v lacks idempotency_key_reused", codes)
	}
}
