package app_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/testpdf"
)

// submitIdem submits pdf as multipart (or JSON) with an Idempotency-Key.
func (s *server) submitIdem(key, idem string, pdf []byte, locale string, asJSON bool) response {
	s.t.Helper()
	var body io.Reader
	var ct string
	if asJSON {
		m := map[string]string{"file_base64": base64.StdEncoding.EncodeToString(pdf)}
		if locale != "" {
			m["locale"] = locale
		}
		b, _ := json.Marshal(m)
		body, ct = bytes.NewReader(b), "application/json"
	} else {
		fields := map[string]string{}
		if locale != "" {
			fields["locale"] = locale
		}
		body, ct = multipartBody("invoice.pdf", pdf, fields)
	}
	req, err := http.NewRequest(http.MethodPost, s.URL+"/v1/extract/invoice", body)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", ct)
	req.Header.Set("X-API-Key", key)
	if idem != "" {
		req.Header.Set("Idempotency-Key", idem)
	}
	return s.do(req)
}

// jobCount counts the account's jobs in the database.
func (s *server) jobCount(account string) int {
	s.t.Helper()
	ctx := context.Background()
	a, err := s.app.Store().AccountByName(ctx, account)
	if err != nil {
		s.t.Fatal(err)
	}
	var n int
	if err := s.app.Store().WriteDB().QueryRowContext(ctx,
		`SELECT COUNT(*) FROM jobs WHERE account_id = $1`, a.ID).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

// quotaUsed is the account's quota used this month by the server's clock.
func (s *server) quotaUsed(account string) int {
	s.t.Helper()
	ctx := context.Background()
	a, err := s.app.Store().AccountByName(ctx, account)
	if err != nil {
		s.t.Fatal(err)
	}
	used, err := s.app.Store().QuotaUsed(ctx, a.ID, store.Period(s.app.Store().Now()))
	if err != nil {
		s.t.Fatal(err)
	}
	return used
}

// TestIdempotencyRace sends 50 identical submissions with one
// Idempotency-Key at once: all get the same job, one job exists and one unit
// of quota is spent.
func TestIdempotencyRace(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{})
	idempotencyRace(t, []*server{s})
}

// TestIdempotencyRacePostgres runs the race against two API processes
// sharing one PostgreSQL database, the requests spread over both.
func TestIdempotencyRacePostgres(t *testing.T) {
	db := pgtest.NewDatabase(t)
	a := startServer(t, t.TempDir(), app.Config{Database: db, Role: app.RoleAPI})
	b := startServer(t, t.TempDir(), app.Config{Database: db, Role: app.RoleAPI})
	startServer(t, t.TempDir(), app.Config{Database: db, Role: app.RoleWorker, Workers: 1, OCRWorkers: 1})
	idempotencyRace(t, []*server{a, b})
}

func idempotencyRace(t *testing.T, servers []*server) {
	s := servers[0]
	key := s.key("acme", 100)
	inv := testpdf.Italian()
	inv.Salt = "race"
	pdf := inv.PDF()

	const n = 50
	resps := make([]response, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			// Both body forms: the same document and fields are the same
			// request.
			resps[i] = servers[i%len(servers)].submitIdem(key, "order-4711", pdf, "it", i%3 == 1)
		}()
	}
	close(start)
	wg.Wait()

	ids := map[string]int{}
	fresh := 0
	for _, r := range resps {
		id := s.accepted(r)
		ids[id]++
		if r.Header.Get("Idempotent-Replayed") != "true" {
			fresh++
		}
		if r.Header.Get("Location") != "/v1/jobs/"+id {
			t.Errorf("Location = %q", r.Header.Get("Location"))
		}
	}
	if len(ids) != 1 {
		t.Fatalf("50 identical submissions gave %d jobs: %v", len(ids), ids)
	}
	if fresh != 1 {
		t.Errorf("%d answers were not marked replayed, want 1", fresh)
	}
	if got := s.jobCount("acme"); got != 1 {
		t.Errorf("jobs in the database = %d, want 1", got)
	}
	if got := s.quotaUsed("acme"); got != 1 {
		t.Errorf("quota used = %d, want 1", got)
	}
	for _, r := range resps {
		if q := r.json(t)["quota_remaining"]; q != float64(99) {
			t.Errorf("quota_remaining = %v, want 99", q)
		}
		if q := r.Header.Get("X-Quota-Remaining"); q != "99" {
			t.Errorf("X-Quota-Remaining = %q, want 99", q)
		}
	}
	for id := range ids {
		if st := s.wait(key, id).json(t)["status"]; st != "completed" {
			t.Errorf("the job ended %v", st)
		}
	}
}

func TestIdempotencyKeyReused(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{})
	key := s.key("acme", 2)
	inv := testpdf.Italian()
	inv.Salt = "first"
	first := inv.PDF()
	inv.Salt = "second"
	second := inv.PDF()

	r := s.submitIdem(key, "k1", first, "", false)
	id := s.accepted(r)
	if r.Header.Get("Idempotent-Replayed") != "" {
		t.Errorf("first submission marked replayed")
	}
	validate(t, s.app.OpenAPI(), "POST", "/v1/extract/invoice", r)

	for name, r := range map[string]response{
		"other document": s.submitIdem(key, "k1", second, "", false),
		"other locale":   s.submitIdem(key, "k1", first, "de", false),
	} {
		t.Run(name, func(t *testing.T) {
			checkProblem(t, r, http.StatusUnprocessableEntity, "idempotency_key_reused")
			validate(t, s.app.OpenAPI(), "POST", "/v1/extract/invoice", r)
		})
	}
	// The default locale sent explicitly, as JSON, is the same request.
	r = s.submitIdem(key, "k1", first, "IT", true)
	if got := s.accepted(r); got != id || r.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("replay gave job %s (replayed %q), want %s", got, r.Header.Get("Idempotent-Replayed"), id)
	}
	if used := s.quotaUsed("acme"); used != 1 {
		t.Errorf("quota used = %d, want 1", used)
	}

	// A refused request binds no key.
	checkProblem(t, s.submitIdem(key, "k2", []byte("not a pdf"), "", false), http.StatusUnprocessableEntity, "invalid_pdf")
	id2 := s.accepted(s.submitIdem(key, "k2", second, "", false))
	if id2 == id {
		t.Error("a new key gave the old job")
	}
	// The quota is spent now, but replays still answer.
	checkProblem(t, s.submitIdem(key, "k3", second, "", false), http.StatusTooManyRequests, "quota_exhausted")
	r = s.submitIdem(key, "k1", first, "", false)
	if got := s.accepted(r); got != id {
		t.Errorf("replay with the quota spent gave %s, want %s", got, id)
	}
	if q := r.json(t)["quota_remaining"]; q != float64(0) {
		t.Errorf("quota_remaining of a replay = %v, want 0", q)
	}
	if got := s.jobCount("acme"); got != 2 {
		t.Errorf("jobs = %d, want 2", got)
	}

	// Keys are per account; malformed keys are refused.
	other := s.key("bob", 5)
	if got := s.accepted(s.submitIdem(other, "k1", second, "", false)); got == id || got == id2 {
		t.Error("another account's key named this account's job")
	}
	long := string(bytes.Repeat([]byte("a"), 256))
	for _, bad := range []string{long, "tab\there", "caf\u00e9"} {
		checkProblem(t, s.submitIdem(key, bad, first, "", false), http.StatusBadRequest, "invalid_request")
	}
}

// clock is a settable clock for the server.
type clock struct{ ns atomic.Int64 }

func newClock(t time.Time) *clock {
	c := &clock{}
	c.ns.Store(t.UnixNano())
	return c
}

func (c *clock) now() time.Time          { return time.Unix(0, c.ns.Load()).UTC() }
func (c *clock) advance(d time.Duration) { c.ns.Add(int64(d)) }

// Since is the clock's time since t, for messages.
func (c *clock) Since(t time.Time) string { return c.now().Sub(t).String() }

// TestIdempotencyExpiry checks that a key names its job for 24 hours and a
// new one afterwards, by the server's (injected) clock.
func TestIdempotencyExpiry(t *testing.T) {
	t0 := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	clk := newClock(t0)
	s := startServer(t, t.TempDir(), app.Config{Now: clk.now})
	key := s.key("acme", 10)
	inv := testpdf.Italian()
	inv.Salt = "expiry"
	pdf := inv.PDF()

	first := s.accepted(s.submitIdem(key, "daily-run", pdf, "", false))
	clk.advance(24*time.Hour - time.Second)
	r := s.submitIdem(key, "daily-run", pdf, "", false)
	if got := s.accepted(r); got != first || r.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("at %s: job %s, want the first %s replayed", clk.Since(t0), got, first)
	}
	clk.advance(time.Second)
	r = s.submitIdem(key, "daily-run", pdf, "", false)
	second := s.accepted(r)
	if second == first || r.Header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("at %s: job %s (replayed %q), want a new job", clk.Since(t0), second, r.Header.Get("Idempotent-Replayed"))
	}
	if used := s.quotaUsed("acme"); used != 2 {
		t.Errorf("quota used = %d, want 2", used)
	}
	// The key now names the new job, and a different body is refused again.
	if got := s.accepted(s.submitIdem(key, "daily-run", pdf, "", false)); got != second {
		t.Errorf("replay after renewal gave %s, want %s", got, second)
	}
	checkProblem(t, s.submitIdem(key, "daily-run", pdf, "en", false), http.StatusUnprocessableEntity, "idempotency_key_reused")
}
