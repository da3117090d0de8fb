package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/internal/store"
)

// claim runs what a submission with an idempotency key runs in its
// transaction: the claim of the key, the quota charge and the job row.
func claim(ctx context.Context, st *store.Store, accountID, key, hash, jobID string, now time.Time, ttl time.Duration) error {
	return st.InTx(ctx, func(tx *store.Tx) error {
		err := tx.ClaimIdempotencyKey(ctx, store.IdempotencyRecord{
			AccountID: accountID, Key: key, RequestHash: hash, JobID: jobID,
			CreatedAt: now, ExpiresAt: now.Add(ttl),
		})
		if err != nil {
			return err
		}
		if _, err := tx.ChargeQuota(ctx, accountID, store.Period(now), 1000); err != nil {
			return err
		}
		j := newJob(accountID, jobID, "ck", now)
		return tx.InsertJob(ctx, &j)
	})
}

func testIdempotency(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	b := must[store.Account](t)(st.EnsureAccount(ctx, "bob", nil))
	t0 := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	const ttl = 24 * time.Hour

	if _, err := st.IdempotencyRecord(ctx, a.ID, "k1", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown key: err = %v, want ErrNotFound", err)
	}
	if err := claim(ctx, st, a.ID, "k1", "h1", "00000000-0000-0000-0000-000000000001", t0, ttl); err != nil {
		t.Fatal(err)
	}
	want := store.IdempotencyRecord{AccountID: a.ID, Key: "k1", RequestHash: "h1",
		JobID: "00000000-0000-0000-0000-000000000001", CreatedAt: t0, ExpiresAt: t0.Add(ttl)}
	got, err := st.IdempotencyRecord(ctx, a.ID, "k1", t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("record (-want +got):\n%s", d)
	}

	// A live key cannot be claimed again, whatever the request; the failed
	// claim rolls back its charge and job.
	err = claim(ctx, st, a.ID, "k1", "h2", "00000000-0000-0000-0000-000000000002", t0.Add(ttl-time.Millisecond), ttl)
	if !errors.Is(err, store.ErrIdempotencyKeyTaken) {
		t.Errorf("second claim of a live key: err = %v, want ErrIdempotencyKeyTaken", err)
	}
	if used, _ := st.QuotaUsed(ctx, a.ID, store.Period(t0)); used != 1 {
		t.Errorf("used = %d after a refused claim, want 1", used)
	}
	if _, err := st.Job(ctx, a.ID, "00000000-0000-0000-0000-000000000002"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused claim's job exists: err = %v", err)
	}

	// Keys are per account.
	if err := claim(ctx, st, b.ID, "k1", "h1", "00000000-0000-0000-0000-000000000003", t0, ttl); err != nil {
		t.Errorf("another account's claim of the same key: %v", err)
	}

	// Once dead, the record is invisible and the key can be claimed anew.
	dead := t0.Add(ttl)
	if _, err := st.IdempotencyRecord(ctx, a.ID, "k1", dead); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("dead key: err = %v, want ErrNotFound", err)
	}
	if err := claim(ctx, st, a.ID, "k1", "h2", "00000000-0000-0000-0000-000000000004", dead, ttl); err != nil {
		t.Fatalf("claim of a dead key: %v", err)
	}
	got = must[store.IdempotencyRecord](t)(st.IdempotencyRecord(ctx, a.ID, "k1", dead))
	if got.JobID != "00000000-0000-0000-0000-000000000004" || got.RequestHash != "h2" {
		t.Errorf("renewed record = %+v", got)
	}

	// Clean-up removes only dead records.
	n, err := st.DeleteExpiredIdempotencyKeys(ctx, t0.Add(ttl+time.Hour))
	if err != nil || n != 1 {
		t.Errorf("DeleteExpiredIdempotencyKeys = %d, %v; want 1 (bob's)", n, err)
	}
	if _, err := st.IdempotencyRecord(ctx, a.ID, "k1", dead); err != nil {
		t.Errorf("a live record was deleted: %v", err)
	}
}

func testIdempotencyConcurrent(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	const n = 50
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, taken := 0, 0
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := claim(ctx, st, a.ID, "race", "h", fmt.Sprintf("00000000-0000-0000-0000-%012d", i), now, time.Hour)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case errors.Is(err, store.ErrIdempotencyKeyTaken):
				taken++
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if won != 1 || taken != n-1 {
		t.Errorf("%d claims won and %d were refused; want 1 and %d", won, taken, n-1)
	}
	if used, _ := st.QuotaUsed(ctx, a.ID, store.Period(now)); used != 1 {
		t.Errorf("quota used = %d, want 1", used)
	}
	rec := must[store.IdempotencyRecord](t)(st.IdempotencyRecord(ctx, a.ID, "race", now))
	if _, err := st.Job(ctx, a.ID, rec.JobID); err != nil {
		t.Errorf("the winner's job %s: %v", rec.JobID, err)
	}
}
