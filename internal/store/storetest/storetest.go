// Package storetest is the store's conformance suite: every behaviour the
// rest of invex relies on, written once and run against each database
// (SQLite and PostgreSQL) by the store's tests. A change of behaviour goes
// here first, so that the two databases can never drift apart.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/store"
)

// OpenFunc returns a new, empty store for one test, with the job queue's
// tables migrated as the service does, closed when the test ends.
type OpenFunc func(t *testing.T) *store.Store

// Run runs every conformance test against the stores open returns.
func Run(t *testing.T, open OpenFunc) {
	tests := []struct {
		name string
		fn   func(t *testing.T, st *store.Store)
	}{
		{"AccountsAndKeys", testAccountsAndKeys},
		{"EnsureAccountConcurrent", testEnsureAccountConcurrent},
		{"TouchKey", testTouchKey},
		{"Quota", testQuota},
		{"QuotaRolledBack", testQuotaRolledBack},
		{"JobRoundTrip", testJobRoundTrip},
		{"JobLifecycle", testJobLifecycle},
		{"JobFailAndRequeue", testJobFailAndRequeue},
		{"JobConcurrentFinish", testJobConcurrentFinish},
		{"Cache", testCache},
		{"Orphans", testOrphans},
		{"Idempotency", testIdempotency},
		{"IdempotencyConcurrent", testIdempotencyConcurrent},
		{"WebhookEndpoint", testWebhookEndpoint},
		{"WebhookDeliveries", testWebhookDeliveries},
	}
	tests = append(tests, manageTests...)
	tests = append(tests, userTests...)
	tests = append(tests, reviewTests...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.fn(t, open(t))
		})
	}
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func charge(ctx context.Context, st *store.Store, accountID, period string, quota int) (int, error) {
	var rem int
	err := st.InTx(ctx, func(tx *store.Tx) error {
		var err error
		rem, err = tx.ChargeQuota(ctx, accountID, period, quota)
		return err
	})
	return rem, err
}

func testAccountsAndKeys(t *testing.T, st *store.Store) {
	ctx := context.Background()
	q := 5
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", &q))
	if a.MonthlyQuota != 5 || a.Name != "acme" || a.ID == "" {
		t.Errorf("EnsureAccount = %+v; want acme with quota 5", a)
	}
	if got, err := st.AccountByName(ctx, "acme"); err != nil || got != a {
		t.Errorf("AccountByName = %+v, %v; want %+v", got, err, a)
	}
	if _, err := st.AccountByName(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByName(unknown): err = %v, want ErrNotFound", err)
	}
	again, err := st.EnsureAccount(ctx, "acme", nil)
	if err != nil || again.ID != a.ID || again.MonthlyQuota != 5 {
		t.Errorf("EnsureAccount again = %+v, %v; want the same account", again, err)
	}
	q = 7
	if again, _ = st.EnsureAccount(ctx, "acme", &q); again.MonthlyQuota != 7 {
		t.Errorf("quota after update = %d, want 7", again.MonthlyQuota)
	}
	if _, err := st.EnsureAccount(ctx, "  ", nil); err == nil {
		t.Error("an empty account name was accepted")
	}
	neg := -1
	if _, err := st.EnsureAccount(ctx, "neg", &neg); err == nil {
		t.Error("a negative quota was accepted")
	}
	if d := must[store.Account](t)(st.EnsureAccount(ctx, "default", nil)); d.MonthlyQuota != store.DefaultMonthlyQuota {
		t.Errorf("default quota = %d, want %d", d.MonthlyQuota, store.DefaultMonthlyQuota)
	}

	k, _ := apikey.New()
	info := must[store.KeyInfo](t)(st.CreateKey(ctx, a.ID, "ci", k.Prefix, k.Hash))
	p, err := st.Authenticate(ctx, k.Hash)
	if want := (store.Principal{KeyID: info.ID, AccountID: a.ID, MonthlyQuota: 7}); err != nil || p != want {
		t.Errorf("Authenticate = %+v, %v; want %+v", p, err, want)
	}
	if _, err := st.Authenticate(ctx, apikey.Hash("inv_other")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown key: err = %v, want ErrNotFound", err)
	}
	if err := st.RevokeKey(ctx, "other-account", info.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revoke through another account: err = %v, want ErrNotFound", err)
	}
	if err := st.RevokeKey(ctx, a.ID, info.ID); err != nil {
		t.Fatal(err)
	}
	if err := st.RevokeKey(ctx, a.ID, info.ID); err != nil {
		t.Errorf("revoking a revoked key: %v, want nil", err)
	}
	if _, err := st.Authenticate(ctx, k.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revoked key: err = %v, want ErrNotFound", err)
	}
	// A second key of the account still works.
	k2, _ := apikey.New()
	must[store.KeyInfo](t)(st.CreateKey(ctx, a.ID, "", k2.Prefix, k2.Hash))
	if p, err := st.Authenticate(ctx, k2.Hash); err != nil || p.AccountID != a.ID {
		t.Errorf("second key: %+v, %v", p, err)
	}
}

func testEnsureAccountConcurrent(t *testing.T, st *store.Store) {
	ctx := context.Background()
	const n = 20
	ids := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := st.EnsureAccount(ctx, "racer", nil)
			if err != nil {
				t.Error(err)
			}
			ids[i] = a.ID
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] {
			t.Fatalf("concurrent EnsureAccount made several accounts: %v", ids)
		}
	}
}

func testTouchKey(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	k, _ := apikey.New()
	info := must[store.KeyInfo](t)(st.CreateKey(ctx, a.ID, "", k.Prefix, k.Hash))
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	for _, ts := range []time.Time{t0, t0.Add(-time.Hour), t0.Add(time.Minute)} {
		if err := st.TouchKey(ctx, info.ID, ts); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.TouchKey(ctx, "no-such-key", t0); err != nil {
		t.Errorf("touching an unknown key: %v, want nil", err)
	}
}

func testQuota(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	// Concurrent charges never overdraw.
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, refused := 0, 0
	remaining := map[int]bool{}
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rem, err := charge(ctx, st, a.ID, "2026-03", 20)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
				remaining[rem] = true
			case errors.Is(err, store.ErrQuotaExhausted):
				refused++
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok != 20 || refused != 30 {
		t.Errorf("charged %d, refused %d; want 20 and 30", ok, refused)
	}
	if len(remaining) != 20 || !remaining[0] || !remaining[19] {
		t.Errorf("remaining values %v; want each of 0..19 once", remaining)
	}
	if used, _ := st.QuotaUsed(ctx, a.ID, "2026-03"); used != 20 {
		t.Errorf("used = %d, want 20", used)
	}
	// A raised quota allows more in the same month.
	if rem, err := charge(ctx, st, a.ID, "2026-03", 21); err != nil || rem != 0 {
		t.Errorf("charge after raising the quota: %d, %v; want 0, nil", rem, err)
	}
	// A new month starts from zero; other accounts are apart.
	if rem, err := charge(ctx, st, a.ID, "2026-04", 20); err != nil || rem != 19 {
		t.Errorf("first charge of April: %d, %v; want 19", rem, err)
	}
	if used, _ := st.QuotaUsed(ctx, a.ID, "2026-05"); used != 0 {
		t.Errorf("unused month: used = %d, want 0", used)
	}
	b := must[store.Account](t)(st.EnsureAccount(ctx, "bob", nil))
	if used, _ := st.QuotaUsed(ctx, b.ID, "2026-03"); used != 0 {
		t.Errorf("another account: used = %d, want 0", used)
	}
	if _, err := charge(ctx, st, a.ID, "2026-04", 0); !errors.Is(err, store.ErrQuotaExhausted) {
		t.Errorf("zero quota: err = %v", err)
	}
}

func testQuotaRolledBack(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	boom := errors.New("boom")
	err := st.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ChargeQuota(ctx, a.ID, "2026-03", 10); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("InTx = %v, want the function's error", err)
	}
	if used, _ := st.QuotaUsed(ctx, a.ID, "2026-03"); used != 0 {
		t.Errorf("a rolled-back charge counted: used = %d", used)
	}
}

// newJob returns a pending job of the account queued at now.
func newJob(accountID, id, cacheKey string, now time.Time) store.Job {
	return store.Job{ID: id, AccountID: accountID, Status: store.StatusPending,
		Locale: "it", FileName: "a.pdf", FileSHA256: "abc", FileSize: 10, BlobKey: "documents/" + id + ".pdf",
		CacheKey: cacheKey, QueuedAt: now, MaxAttempts: 3}
}

func insertJob(t *testing.T, st *store.Store, j *store.Job) {
	t.Helper()
	ctx := context.Background()
	if err := st.InTx(ctx, func(tx *store.Tx) error { return tx.InsertJob(ctx, j) }); err != nil {
		t.Fatal(err)
	}
}

func testJobRoundTrip(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	now := time.Date(2026, 3, 15, 9, 30, 0, 123e6, time.UTC)
	done := now.Add(1500 * time.Millisecond)
	ms, conf, qid := int64(1500), 0.875, int64(42)
	full := store.Job{ID: "0b7e0f0e-1f43-4a7e-9c55-31b0d3c5f4a1", AccountID: a.ID, Status: store.StatusCompleted,
		Locale: "de", FileName: "Rechnung “März”.pdf", FileSHA256: "ff00", FileSize: 50 << 20, CacheKey: "ck",
		QueuedAt: now, StartedAt: &now, CompletedAt: &done, ProcessingMS: &ms, AttemptCount: 2, MaxAttempts: 3,
		Confidence: &conf, Model: "invex-layout-1", CacheHit: true,
		Flags:      json.RawMessage(`[{"code":"X", "severity":"low"}]`), // spacing kept byte for byte
		Result:     json.RawMessage(`{"z":1,"a":"€"}`),                  // key order kept
		Extra:      json.RawMessage(`{}`),
		Kind:       "zip",
		Documents:  json.RawMessage(`[{"index":0},{"index":1}]`),
		QueueJobID: &qid}
	failed := store.Job{ID: "5d2c4b0a-6a1e-4f0e-8d8e-2f1d3b4c5a6b", AccountID: a.ID, Status: store.StatusFailed,
		Locale: "it", FileSHA256: "00", CacheKey: "ck2", QueuedAt: now, CompletedAt: &done,
		AttemptCount: 1, MaxAttempts: 3, Error: "the PDF is encrypted", ErrorCode: "pdf_encrypted"}
	for _, j := range []store.Job{full, failed} {
		insertJob(t, st, &j)
		got, err := st.Job(ctx, a.ID, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(j, got); d != "" {
			t.Errorf("job %s changed on its way through the store (-put +got):\n%s", j.ID, d)
		}
		byID, err := st.JobByID(ctx, j.ID)
		if err != nil || !cmp.Equal(byID, got) {
			t.Errorf("JobByID = %+v, %v; want %+v", byID, err, got)
		}
	}
	dup := full
	if err := st.InTx(ctx, func(tx *store.Tx) error { return tx.InsertJob(ctx, &dup) }); err == nil {
		t.Error("a second job with the same id was inserted")
	}
	if _, err := st.JobByID(ctx, "missing"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("JobByID(missing): err = %v, want ErrNotFound", err)
	}
}

func testJobLifecycle(t *testing.T, st *store.Store) {
	ctx := context.Background()
	alice := must[store.Account](t)(st.EnsureAccount(ctx, "alice", nil))
	bob := must[store.Account](t)(st.EnsureAccount(ctx, "bob", nil))
	now := time.Date(2026, 3, 15, 9, 30, 0, 123e6, time.UTC)
	st.Now = func() time.Time { return now }
	j := newJob(alice.ID, "6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e10", "ck", now)
	insertJob(t, st, &j)
	if err := st.InTx(ctx, func(tx *store.Tx) error { return tx.SetQueueJobID(ctx, j.ID, 7) }); err != nil {
		t.Fatal(err)
	}
	got, err := st.Job(ctx, alice.ID, j.ID)
	if err != nil || got.Status != store.StatusPending || !got.QueuedAt.Equal(now) || got.StartedAt != nil ||
		got.QueueJobID == nil || *got.QueueJobID != 7 {
		t.Errorf("Job = %+v, %v", got, err)
	}
	if _, err := st.Job(ctx, bob.ID, j.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another account's job: err = %v, want ErrNotFound", err)
	}
	if counts, err := st.CountByStatus(ctx); err != nil || counts[store.StatusPending] != 1 {
		t.Errorf("CountByStatus = %v, %v; want one pending", counts, err)
	}
	if stats, err := st.Stats(ctx); err != nil || stats.Open != 1 || stats.RecentSample != 0 {
		t.Errorf("Stats = %+v, %v; want one open, no sample", stats, err)
	}

	now = now.Add(time.Second)
	started, ok, err := st.StartJob(ctx, j.ID, 1)
	if !ok || err != nil || started.Status != store.StatusProcessing || started.AttemptCount != 1 ||
		started.StartedAt == nil || !started.StartedAt.Equal(now) {
		t.Fatalf("StartJob = %+v, %v, %v", started, ok, err)
	}
	now = now.Add(250 * time.Millisecond)
	err = st.InTx(ctx, func(tx *store.Tx) error {
		ok, err := tx.CompleteJob(ctx, j.ID, store.Completion{Confidence: 0.9, Model: "m",
			Flags: []byte("[]"), Result: []byte(`{"x":1}`)})
		if !ok {
			t.Error("CompleteJobTx did not complete a processing job")
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	got, _ = st.Job(ctx, alice.ID, j.ID)
	if got.Status != store.StatusCompleted || got.ProcessingMS == nil || *got.ProcessingMS != 250 ||
		got.AttemptCount != 1 || got.CompletedAt == nil || !got.CompletedAt.Equal(now) ||
		got.Confidence == nil || *got.Confidence != 0.9 || string(got.Result) != `{"x":1}` || got.Extra != nil {
		t.Errorf("completed job = %+v", got)
	}
	// A second run finds the job ended and changes nothing.
	if _, ok, _ := st.StartJob(ctx, j.ID, 2); ok {
		t.Error("StartJob restarted a completed job")
	}
	st.InTx(ctx, func(tx *store.Tx) error {
		if ok, _ := tx.FailJob(ctx, j.ID, "x", "y"); ok {
			t.Error("FailJobTx failed a completed job")
		}
		if ok, _ := tx.CompleteJob(ctx, j.ID, store.Completion{Model: "again"}); ok {
			t.Error("CompleteJobTx completed a job twice")
		}
		return nil
	})
	if again, _ := st.Job(ctx, alice.ID, j.ID); !cmp.Equal(again, got) {
		t.Errorf("an ended job changed:\n%s", cmp.Diff(got, again))
	}
	counts, err := st.CountByStatus(ctx)
	want := map[string]int{store.StatusPending: 0, store.StatusProcessing: 0, store.StatusCompleted: 1, store.StatusFailed: 0}
	if err != nil || !cmp.Equal(counts, want) {
		t.Errorf("CountByStatus = %v, %v; want %v", counts, err, want)
	}
	stats, err := st.Stats(ctx)
	if err != nil || stats.Open != 0 || stats.RecentSample != 1 || stats.RecentAvgMS != 250 {
		t.Errorf("Stats = %+v, %v", stats, err)
	}
}

func testJobFailAndRequeue(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	now := time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)
	st.Now = func() time.Time { return now }
	j := newJob(a.ID, "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", "ck", now)
	insertJob(t, st, &j)
	if _, ok, err := st.StartJob(ctx, j.ID, 1); !ok || err != nil {
		t.Fatalf("StartJob = %v, %v", ok, err)
	}
	if err := st.RequeueJob(ctx, j.ID, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.JobByID(ctx, j.ID); got.Status != store.StatusPending || got.AttemptCount != 1 {
		t.Errorf("requeued job = %s with %d attempts; want pending with 1", got.Status, got.AttemptCount)
	}
	now = now.Add(time.Second)
	if _, ok, err := st.StartJob(ctx, j.ID, 2); !ok || err != nil {
		t.Fatalf("second StartJob = %v, %v", ok, err)
	}
	now = now.Add(40 * time.Millisecond)
	err := st.InTx(ctx, func(tx *store.Tx) error {
		ok, err := tx.FailJob(ctx, j.ID, "pdf_corrupt", "the PDF is damaged")
		if !ok {
			t.Error("FailJobTx did not fail a processing job")
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := st.JobByID(ctx, j.ID)
	if got.Status != store.StatusFailed || got.AttemptCount != 2 || got.ErrorCode != "pdf_corrupt" ||
		got.Error != "the PDF is damaged" || got.ProcessingMS == nil || *got.ProcessingMS != 40 {
		t.Errorf("failed job = %+v", got)
	}
	if err := st.RequeueJob(ctx, j.ID, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.JobByID(ctx, j.ID); got.Status != store.StatusFailed {
		t.Errorf("RequeueJob revived a failed job: %s", got.Status)
	}
	// A job that never started fails without a processing time.
	p := newJob(a.ID, "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", "ck2", now)
	insertJob(t, st, &p)
	st.InTx(ctx, func(tx *store.Tx) error { _, err := tx.FailJob(ctx, p.ID, "x", "y"); return err })
	if got, _ := st.JobByID(ctx, p.ID); got.Status != store.StatusFailed || got.ProcessingMS != nil {
		t.Errorf("job failed before starting = %s, processing %v; want failed, nil", got.Status, got.ProcessingMS)
	}
}

// testJobConcurrentFinish races many finishers on one job: exactly one wins.
func testJobConcurrentFinish(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	j := newJob(a.ID, "c0ffee00-0000-4000-8000-000000000001", "ck", st.Now())
	insertJob(t, st, &j)
	if _, ok, err := st.StartJob(ctx, j.ID, 1); !ok || err != nil {
		t.Fatalf("StartJob = %v, %v", ok, err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := st.InTx(ctx, func(tx *store.Tx) error {
				var ok bool
				var err error
				if i%2 == 0 {
					ok, err = tx.CompleteJob(ctx, j.ID, store.Completion{Model: fmt.Sprint(i)})
				} else {
					ok, err = tx.FailJob(ctx, j.ID, "x", fmt.Sprint(i))
				}
				if ok {
					mu.Lock()
					wins++
					mu.Unlock()
				}
				return err
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if wins != 1 {
		t.Errorf("%d finishers won; want exactly 1", wins)
	}
}

func testCache(t *testing.T, st *store.Store) {
	ctx := context.Background()
	alice := must[store.Account](t)(st.EnsureAccount(ctx, "alice", nil))
	bob := must[store.Account](t)(st.EnsureAccount(ctx, "bob", nil))
	now := time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)
	st.Now = func() time.Time { return now }
	complete := func(id string) {
		t.Helper()
		if _, ok, err := st.StartJob(ctx, id, 1); !ok || err != nil {
			t.Fatalf("StartJob = %v, %v", ok, err)
		}
		now = now.Add(time.Second)
		err := st.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.CompleteJob(ctx, id, store.Completion{Model: id})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	older := newJob(alice.ID, "00000000-0000-4000-8000-00000000000a", "ck", now)
	newer := newJob(alice.ID, "00000000-0000-4000-8000-00000000000b", "ck", now)
	pending := newJob(alice.ID, "00000000-0000-4000-8000-00000000000c", "ck", now)
	for _, j := range []*store.Job{&older, &newer, &pending} {
		insertJob(t, st, j)
	}
	if _, err := st.CachedJob(ctx, alice.ID, "ck"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("cache before any completion: err = %v, want ErrNotFound", err)
	}
	complete(older.ID)
	complete(newer.ID)
	if c, err := st.CachedJob(ctx, alice.ID, "ck"); err != nil || c.ID != newer.ID {
		t.Errorf("CachedJob = %q, %v; want the newest completed job %s", c.ID, err, newer.ID)
	}
	if _, err := st.CachedJob(ctx, bob.ID, "ck"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another account's cache: err = %v, want ErrNotFound", err)
	}
	if _, err := st.CachedJob(ctx, alice.ID, "other"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another cache key: err = %v, want ErrNotFound", err)
	}

	// A review teaches the account something: what was read before no
	// longer answers, in that account only. A job answered from the cache
	// is no answer itself (its result is as old as its source's).
	copied := newJob(alice.ID, "00000000-0000-4000-8000-00000000000d", "ck", now)
	copied.Status, copied.CacheHit, copied.StartedAt, copied.CompletedAt = store.StatusCompleted, true, &now, &now
	now = now.Add(time.Second)
	example := store.SupplierExample{ID: "ex", AccountID: alice.ID, Supplier: "0123", Field: "invoice.number",
		Example: json.RawMessage(`{}`), JobID: newer.ID, CreatedAt: now}
	if err := st.AddExamples(ctx, []store.SupplierExample{example}); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Second)
	insertJob(t, st, &copied)
	if c, err := st.CachedJob(ctx, alice.ID, "ck"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("cache after the account's examples changed = %q, %v; want ErrNotFound", c.ID, err)
	}
	bobs := newJob(bob.ID, "00000000-0000-4000-8000-00000000000e", "ck", now)
	insertJob(t, st, &bobs)
	complete(bobs.ID)
	if c, err := st.CachedJob(ctx, bob.ID, "ck"); err != nil || c.ID != bobs.ID {
		t.Errorf("another account's cache after alice learned = %q, %v; want %s", c.ID, err, bobs.ID)
	}
	// A job read after the change answers again, until the examples are
	// deleted.
	complete(pending.ID)
	if c, err := st.CachedJob(ctx, alice.ID, "ck"); err != nil || c.ID != pending.ID {
		t.Errorf("CachedJob after a new reading = %q, %v; want %s", c.ID, err, pending.ID)
	}
	now = now.Add(time.Second)
	if n, err := st.DeleteExamples(ctx, alice.ID, "0123", ""); n != 1 || err != nil {
		t.Fatalf("DeleteExamples = %d, %v", n, err)
	}
	if c, err := st.CachedJob(ctx, alice.ID, "ck"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("cache after the examples were deleted = %q, %v; want ErrNotFound", c.ID, err)
	}
	// Deleting nothing changes nothing.
	later := newJob(alice.ID, "00000000-0000-4000-8000-00000000000f", "ck", now)
	insertJob(t, st, &later)
	now = now.Add(time.Second)
	complete(later.ID)
	now = now.Add(time.Second)
	if n, err := st.DeleteExamples(ctx, alice.ID, "0123", ""); n != 0 || err != nil {
		t.Fatalf("DeleteExamples of none = %d, %v", n, err)
	}
	if c, err := st.CachedJob(ctx, alice.ID, "ck"); err != nil || c.ID != later.ID {
		t.Errorf("CachedJob after deleting nothing = %q, %v; want %s", c.ID, err, later.ID)
	}
}

// testOrphans checks what the orphan sweep reads and writes: the jobs
// being processed, by queue entry, in pages; failing one records the
// attempts its entry made (package jobs compares them with the queue).
func testOrphans(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	now := st.Now()
	cases := []struct {
		id     string
		qid    int64
		status string
	}{
		{"00000000-0000-4000-8000-000000000001", 30, store.StatusProcessing},
		{"00000000-0000-4000-8000-000000000002", 10, store.StatusProcessing},
		{"00000000-0000-4000-8000-000000000003", 20, store.StatusPending},
		{"00000000-0000-4000-8000-000000000004", 40, store.StatusCompleted},
		{"00000000-0000-4000-8000-000000000005", 50, store.StatusProcessing},
	}
	for i, c := range cases {
		j := newJob(a.ID, c.id, fmt.Sprint("ck", i), now)
		j.QueueJobID, j.Status, j.AttemptCount = &c.qid, c.status, 1
		insertJob(t, st, &j)
	}
	page1, err := st.ProcessingJobs(ctx, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	page2, err := st.ProcessingJobs(ctx, page1[len(page1)-1].QueueJobID, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Claimed{{ID: cases[1].id, QueueJobID: 10, Attempts: 1}, {ID: cases[0].id, QueueJobID: 30, Attempts: 1},
		{ID: cases[4].id, QueueJobID: 50, Attempts: 1}}
	if d := cmp.Diff(want, append(page1, page2...)); d != "" {
		t.Errorf("ProcessingJobs in two pages (-want +got):\n%s", d)
	}
	if err := st.FailOrphan(ctx, store.Orphan{ID: cases[0].id, Attempts: 3}, "worker_lost", "lost", nil); err != nil {
		t.Fatal(err)
	}
	j, _ := st.JobByID(ctx, cases[0].id)
	if j.Status != store.StatusFailed || j.AttemptCount != 3 || j.ErrorCode != "worker_lost" {
		t.Errorf("failed orphan = %s, %d attempts, %q", j.Status, j.AttemptCount, j.ErrorCode)
	}
}
