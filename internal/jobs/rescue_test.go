package jobs_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/jobs"
	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
)

func TestBackoff(t *testing.T) {
	t.Parallel()
	b := jobs.Backoff{Base: time.Second, Max: 10 * time.Second}
	for n, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 4: 8 * time.Second, 5: 10 * time.Second, 40: 10 * time.Second} {
		if got := b.After(n); got != want {
			t.Errorf("After(%d) = %s, want %s", n, got, want)
		}
	}
	if got := (jobs.Backoff{}).After(1); got != jobs.DefaultBackoff.Base {
		t.Errorf("zero Backoff: After(1) = %s, want the default %s", got, jobs.DefaultBackoff.Base)
	}
}

// TestRescue seeds queue entries around the rescue horizon, through the
// queue driver's own API, on both databases, and checks which Rescue
// returns to the queue (after their back-off), which it discards and which
// it leaves alone, and that their jobs follow.
func TestRescue(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		st := openStore(t, t.TempDir())
		testRescue(t, st, riversqlite.New(st.WriteDB()).GetExecutor())
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		st, err := app.OpenDatabase(context.Background(), pgtest.NewDatabase(t), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		testRescue(t, st, riverpgxv5.New(st.Pool()).GetExecutor())
	})
}

func testRescue(t *testing.T, st *store.Store, q riverdriver.Executor) {
	ctx := context.Background()
	acct, err := st.EnsureAccount(ctx, "acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	type seed struct {
		name     string
		state    rivertype.JobState
		attempt  int
		startedS int // seconds before now the attempt started
		want     rivertype.JobState
		wantJob  string
	}
	const max = 5
	seeds := []seed{
		{"stuck with attempts left", rivertype.JobStateRunning, 3, 120, rivertype.JobStateAvailable, store.StatusPending},
		{"stuck on its last attempt", rivertype.JobStateRunning, max, 120, rivertype.JobStateDiscarded, store.StatusProcessing},
		{"running inside its lease", rivertype.JobStateRunning, 1, 10, rivertype.JobStateRunning, store.StatusProcessing},
		{"waiting", rivertype.JobStateAvailable, 0, 0, rivertype.JobStateAvailable, store.StatusPending},
		{"completed", rivertype.JobStateCompleted, 1, 120, rivertype.JobStateCompleted, store.StatusCompleted},
	}
	now := time.Now().UTC()
	ids := make([]int64, len(seeds))
	for i, s := range seeds {
		p := &riverdriver.JobInsertFullParams{EncodedArgs: []byte(`{}`), Kind: "extract", MaxAttempts: max,
			Priority: 1, Queue: submit.QueueExtract, State: s.state, Attempt: s.attempt}
		if s.attempt > 0 {
			at := now.Add(-time.Duration(s.startedS) * time.Second)
			p.AttemptedAt = &at
		}
		if s.state == rivertype.JobStateCompleted {
			p.FinalizedAt = &now
		}
		row, err := q.JobInsertFull(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = row.ID
		status := store.StatusProcessing
		switch s.state {
		case rivertype.JobStateAvailable:
			status = store.StatusPending
		case rivertype.JobStateCompleted:
			status = store.StatusCompleted
		}
		j := store.Job{ID: fmt.Sprint("job-", i), AccountID: acct.ID, Status: status, Locale: "it",
			FileSHA256: "x", CacheKey: fmt.Sprint("c", i), QueuedAt: now, MaxAttempts: submit.MaxAttempts,
			AttemptCount: s.attempt, QueueJobID: &ids[i]}
		if err := st.InTx(ctx, func(tx *store.Tx) error { return tx.InsertJob(ctx, &j) }); err != nil {
			t.Fatal(err)
		}
	}
	b := jobs.Backoff{Base: time.Minute, Max: time.Hour}
	n, err := jobs.Rescue(ctx, q, st, now.Add(-time.Minute), b)
	if err != nil || n != 2 {
		t.Fatalf("Rescue = %d, %v; want 2", n, err)
	}
	for i, s := range seeds {
		row, err := q.JobGetByID(ctx, &riverdriver.JobGetByIDParams{ID: ids[i]})
		if err != nil {
			t.Fatal(err)
		}
		rescued := s.want != s.state
		if row.State != s.want || (len(row.Errors) == 1) != rescued {
			t.Errorf("%s: state %s with %d errors recorded; want %s, rescue recorded %v", s.name, row.State, len(row.Errors), s.want, rescued)
		}
		if rescued && s.want == rivertype.JobStateAvailable {
			// The back-off of its third attempt: four minutes.
			if wait := row.ScheduledAt.Sub(now); wait < 4*time.Minute-time.Second || wait > 4*time.Minute+time.Minute {
				t.Errorf("%s: scheduled %s after the rescue, want the back-off of attempt %d (%s)", s.name, wait, s.attempt, b.After(s.attempt))
			}
		}
		j, err := st.JobByID(ctx, fmt.Sprint("job-", i))
		if err != nil || j.Status != s.wantJob {
			t.Errorf("%s: job %s, %v; want %s", s.name, j.Status, err, s.wantJob)
		}
	}
	// The discarded entry's job is an orphan for the sweep to fail.
	orphans, err := jobs.Orphans(ctx, q, st)
	if err != nil || len(orphans) != 1 || orphans[0].ID != "job-1" || orphans[0].Attempts != max {
		t.Errorf("Orphans = %+v, %v; want job-1 with %d attempts", orphans, err, max)
	}
	// A second run finds nothing left to rescue.
	if n, err := jobs.Rescue(ctx, q, st, now.Add(-time.Minute), b); err != nil || n != 0 {
		t.Errorf("second Rescue = %d, %v; want 0", n, err)
	}
}
