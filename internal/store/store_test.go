package store_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/store"
)

func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "invex.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestAccountsAndKeys(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	q := 5
	a, err := st.EnsureAccount(ctx, "acme", &q)
	if err != nil {
		t.Fatal(err)
	}
	if a.MonthlyQuota != 5 {
		t.Errorf("quota = %d, want 5", a.MonthlyQuota)
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

	k, _ := apikey.New()
	info, err := st.CreateKey(ctx, a.ID, "ci", k.Prefix, k.Hash)
	if err != nil {
		t.Fatal(err)
	}
	p, err := st.Authenticate(ctx, k.Hash)
	if err != nil || p.AccountID != a.ID || p.KeyID != info.ID || p.MonthlyQuota != 7 {
		t.Errorf("Authenticate = %+v, %v", p, err)
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
	if _, err := st.Authenticate(ctx, k.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revoked key: err = %v, want ErrNotFound", err)
	}
}

func TestQuota(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	a, _ := st.EnsureAccount(ctx, "acme", nil)
	charge := func(period string, quota int) (int, error) {
		var rem int
		err := st.InTx(ctx, func(tx *sql.Tx) error {
			var err error
			rem, err = store.ChargeQuotaTx(ctx, tx, a.ID, period, quota)
			return err
		})
		return rem, err
	}
	// Concurrent charges never overdraw.
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, refused := 0, 0
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := charge("2026-03", 20)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
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
	if used, _ := st.QuotaUsed(ctx, a.ID, "2026-03"); used != 20 {
		t.Errorf("used = %d, want 20", used)
	}
	// A new month starts from zero.
	if rem, err := charge("2026-04", 20); err != nil || rem != 19 {
		t.Errorf("first charge of April: %d, %v; want 19", rem, err)
	}
	if _, err := charge("2026-04", 0); !errors.Is(err, store.ErrQuotaExhausted) {
		t.Errorf("zero quota: err = %v", err)
	}
}

func TestPeriod(t *testing.T) {
	rome, _ := time.LoadLocation("Europe/Rome")
	tests := []struct {
		t          time.Time
		period     string
		nextPeriod string
	}{
		{time.Date(2026, 3, 31, 23, 59, 59, 0, time.UTC), "2026-03", "2026-04-01"},
		{time.Date(2026, 4, 1, 0, 30, 0, 0, rome), "2026-03", "2026-04-01"}, // 22:30 UTC on March 31
		{time.Date(2026, 12, 15, 0, 0, 0, 0, time.UTC), "2026-12", "2027-01-01"},
	}
	for _, tt := range tests {
		if got := store.Period(tt.t); got != tt.period {
			t.Errorf("Period(%v) = %s, want %s", tt.t, got, tt.period)
		}
		if got := store.NextPeriod(tt.t).Format("2006-01-02"); got != tt.nextPeriod {
			t.Errorf("NextPeriod(%v) = %s, want %s", tt.t, got, tt.nextPeriod)
		}
	}
}

func TestJobs(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	alice, _ := st.EnsureAccount(ctx, "alice", nil)
	bob, _ := st.EnsureAccount(ctx, "bob", nil)
	now := time.Date(2026, 3, 15, 9, 30, 0, 123e6, time.UTC)
	st.Now = func() time.Time { return now }
	j := store.Job{ID: "6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e10", AccountID: alice.ID, Status: store.StatusPending,
		Locale: "it", FileName: "a.pdf", FileSHA256: "abc", FileSize: 10, BlobKey: "documents/x.pdf",
		CacheKey: "ck", QueuedAt: now, MaxAttempts: 3}
	if err := st.InTx(ctx, func(tx *sql.Tx) error { return store.InsertJobTx(ctx, tx, &j) }); err != nil {
		t.Fatal(err)
	}
	got, err := st.Job(ctx, alice.ID, j.ID)
	if err != nil || got.Status != store.StatusPending || !got.QueuedAt.Equal(now) || got.StartedAt != nil {
		t.Errorf("Job = %+v, %v", got, err)
	}
	if _, err := st.Job(ctx, bob.ID, j.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another account's job: err = %v, want ErrNotFound", err)
	}
	if _, err := st.CachedJob(ctx, alice.ID, "ck"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("pending job served from cache: err = %v", err)
	}

	now = now.Add(time.Second)
	if _, ok, err := st.StartJob(ctx, j.ID, 1); !ok || err != nil {
		t.Fatalf("StartJob = %v, %v", ok, err)
	}
	now = now.Add(250 * time.Millisecond)
	err = st.InTx(ctx, func(tx *sql.Tx) error {
		ok, err := st.CompleteJobTx(ctx, tx, j.ID, store.Completion{Confidence: 0.9, Model: "m",
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
	if got.Status != store.StatusCompleted || got.ProcessingMS == nil || *got.ProcessingMS != 250 || got.AttemptCount != 1 {
		t.Errorf("completed job = %+v", got)
	}
	// A second run finds the job ended and changes nothing.
	if _, ok, _ := st.StartJob(ctx, j.ID, 2); ok {
		t.Error("StartJob restarted a completed job")
	}
	st.InTx(ctx, func(tx *sql.Tx) error {
		if ok, _ := st.FailJobTx(ctx, tx, j.ID, "x", "y"); ok {
			t.Error("FailJobTx failed a completed job")
		}
		return nil
	})
	if c, err := st.CachedJob(ctx, alice.ID, "ck"); err != nil || c.ID != j.ID {
		t.Errorf("CachedJob = %v, %v", c.ID, err)
	}
	if _, err := st.CachedJob(ctx, bob.ID, "ck"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another account's cache: err = %v", err)
	}
	counts, err := st.CountByStatus(ctx)
	if err != nil || counts[store.StatusCompleted] != 1 || counts[store.StatusPending] != 0 {
		t.Errorf("CountByStatus = %v, %v", counts, err)
	}
	stats, err := st.Stats(ctx)
	if err != nil || stats.Open != 0 || stats.RecentSample != 1 || stats.RecentAvgMS != 250 {
		t.Errorf("Stats = %+v, %v", stats, err)
	}
}
