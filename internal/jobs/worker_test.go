package jobs_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/jobs"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/internal/testwait"
	"github.com/invex/invex/invoice"
)

// scripted is an engine whose behaviour is named in the document itself, to
// drive the worker's retry rules. The real engine is exercised end to end in
// package app; here the subject is the worker's bookkeeping.
type scripted struct {
	mu    sync.Mutex
	calls map[string]int
}

func (s *scripted) Extract(ctx context.Context, data []byte, _ extract.Options) (extract.Outcome, error) {
	s.mu.Lock()
	s.calls[string(data)]++
	n := s.calls[string(data)]
	s.mu.Unlock()
	transient := &extract.Error{Code: extract.CodeTimeout, Message: "reading the document took longer than the time allowed"}
	switch {
	case bytes.Contains(data, []byte("transient-twice")) && n <= 2:
		return extract.Outcome{}, transient
	case bytes.Contains(data, []byte("transient-always")):
		return extract.Outcome{}, transient
	case bytes.Contains(data, []byte("permanent")):
		return extract.Outcome{}, &extract.Error{Code: extract.CodeEncrypted, Permanent: true, Message: "the document is protected by a password"}
	case bytes.Contains(data, []byte("plain-error")) && n == 1:
		return extract.Outcome{}, errors.New("database is gone for a moment")
	}
	return extract.Outcome{Result: invoice.Empty(), Confidence: 0.5, Model: "scripted"}, nil
}

// waitEnded waits until job id is completed or failed and returns it.
func waitEnded(t *testing.T, st *store.Store, id string, within time.Duration) store.Job {
	t.Helper()
	var j store.Job
	ended := testwait.For(within, func() bool {
		var err error
		if j, err = st.JobByID(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		return j.Status == store.StatusCompleted || j.Status == store.StatusFailed
	})
	if !ended {
		t.Fatalf("job %s did not end within %s: %s", id, within, j.Status)
	}
	return j
}

// openStore opens a migrated store (the service's tables and the queue's)
// in dir, closed when the test ends.
func openStore(t *testing.T, dir string) *store.Store {
	t.Helper()
	st, err := app.OpenStore(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

type fastRetry struct{}

func (fastRetry) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(10 * time.Millisecond) }

func TestRetries(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	st := openStore(t, dir)
	blobs, err := blob.NewDir(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	eng := &scripted{calls: map[string]int{}}
	client := startQueue(t, st, blobs, eng, log)
	acct, err := st.EnsureAccount(ctx, "acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	sub := &submit.Submitter{Store: st, Blobs: blobs, Queue: submit.SQLiteQueue{Client: client}, Logger: log,
		Estimator: &submit.Estimator{Store: st, Workers: 2}}

	submitDoc := func(marker string) string {
		spool := filepath.Join(dir, "spool-"+marker)
		os.WriteFile(spool, []byte("%PDF-1.4 "+marker), 0o600)
		acc, err := sub.Submit(ctx, submit.Submission{AccountID: acct.ID, MonthlyQuota: acct.MonthlyQuota,
			Locale: "it", SHA256: marker, Size: 10, SpoolPath: spool})
		if err != nil {
			t.Fatal(err)
		}
		return acc.Job.ID
	}
	wait := func(id string) store.Job { return waitEnded(t, st, id, 30*time.Second) }

	// A timeout is the document's fault and counts against it; an error
	// from elsewhere (the database) does not.
	tests := []struct {
		marker   string
		status   string
		attempts int
		charged  int
		code     string
	}{
		{"ok", store.StatusCompleted, 1, 0, ""},
		{"transient-twice", store.StatusCompleted, 3, 2, ""},
		{"plain-error", store.StatusCompleted, 2, 0, ""},
		{"permanent", store.StatusFailed, 1, 1, extract.CodeEncrypted},
		{"transient-always", store.StatusFailed, submit.MaxAttempts, submit.MaxAttempts, extract.CodeTimeout},
	}
	ids := map[string]string{}
	for _, tt := range tests {
		ids[tt.marker] = submitDoc(tt.marker)
	}
	for _, tt := range tests {
		j := wait(ids[tt.marker])
		got := fmt.Sprintf("%s after %d attempts (%d charged), code %q", j.Status, j.AttemptCount, j.ChargedAttempts, j.ErrorCode)
		want := fmt.Sprintf("%s after %d attempts (%d charged), code %q", tt.status, tt.attempts, tt.charged, tt.code)
		if got != want {
			t.Errorf("%s: %s, want %s (error %q)", tt.marker, got, want, j.Error)
		}
		if j.Status == store.StatusFailed && j.Error == "" {
			t.Errorf("%s: failed without a message", tt.marker)
		}
	}
	// Every queue entry is finished: nothing is left to retry.
	var open int
	st.WriteDB().QueryRowContext(ctx, `SELECT COUNT(*) FROM river_job WHERE state NOT IN ('completed')`).Scan(&open)
	if open != 0 {
		t.Errorf("%d queue entries are not completed", open)
	}
}

// TestSweepFailsOrphans seeds processing jobs whose queue entries ended in
// each way, or are gone, through the queue driver's API: the sweep fails
// exactly the orphans, recording their entries' attempts.
func TestSweepFailsOrphans(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openStore(t, t.TempDir())
	q := riversqlite.New(st.WriteDB()).GetExecutor()
	acct, _ := st.EnsureAccount(ctx, "acme", nil)
	now := time.Now().UTC()
	cases := []struct {
		state   rivertype.JobState
		attempt int
		orphan  bool
	}{
		{rivertype.JobStateDiscarded, 13, true},
		{rivertype.JobStateCancelled, 1, true},
		{"", 2, true}, // the entry is gone
		{rivertype.JobStateRunning, 2, false},
		{rivertype.JobStateAvailable, 1, false},
	}
	for i, c := range cases {
		qid := int64(999999 + i)
		if c.state != "" {
			p := &riverdriver.JobInsertFullParams{EncodedArgs: []byte(`{}`), Kind: "extract", MaxAttempts: submit.QueueMaxAttempts,
				Priority: 1, Queue: submit.QueueExtract, State: c.state, Attempt: c.attempt, AttemptedAt: &now}
			if c.state == rivertype.JobStateDiscarded || c.state == rivertype.JobStateCancelled {
				p.FinalizedAt = &now
			}
			row, err := q.JobInsertFull(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			qid = row.ID
		}
		j := store.Job{ID: fmt.Sprintf("6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e1%d", i), AccountID: acct.ID, Status: store.StatusProcessing,
			Locale: "it", FileSHA256: "x", CacheKey: fmt.Sprint("x", i), QueuedAt: now, MaxAttempts: submit.MaxAttempts,
			AttemptCount: 1, QueueJobID: &qid}
		if err := st.InTx(ctx, func(tx *store.Tx) error { return tx.InsertJob(ctx, &j) }); err != nil {
			t.Fatal(err)
		}
	}
	sw := &jobs.Sweeper{Store: st, Queue: q, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))}
	if err := sw.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		got, _ := st.JobByID(ctx, fmt.Sprintf("6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e1%d", i))
		want := store.StatusProcessing
		if c.orphan {
			want = store.StatusFailed
		}
		attempts := c.attempt // the entry's, or the job's own when the entry is gone
		if c.state == "" {
			attempts = 1
		}
		if got.Status != want || (c.orphan && (got.ErrorCode != jobs.CodeWorkerLost || got.AttemptCount != attempts)) {
			t.Errorf("entry %q: job %s, %q, %d attempts; want %s", c.state, got.Status, got.ErrorCode, got.AttemptCount, want)
		}
	}
}

// startQueue starts a River client on st's SQLite database that runs the
// extraction worker with eng on two workers and retries after 10 ms; it is
// stopped when the test ends.
func startQueue(t *testing.T, st *store.Store, blobs jobs.Blobs, eng jobs.Engine, log *slog.Logger) *river.Client[*sql.Tx] {
	t.Helper()
	ctx := context.Background()
	workers := river.NewWorkers()
	river.AddWorker(workers, &jobs.ExtractWorker{
		Store: st, Blobs: blobs, Engine: eng, Logger: log,
		Backoff: jobs.Backoff{Base: 10 * time.Millisecond, Max: 10 * time.Millisecond},
		CompleteTx: func(ctx context.Context, tx *store.Tx, job *river.Job[submit.ExtractArgs]) error {
			stx, err := tx.SQLiteQueueTx()
			if err != nil {
				return err
			}
			_, err = river.JobCompleteTx[*riversqlite.Driver](ctx, stx, job)
			return err
		},
	})
	client, err := river.NewClient(riversqlite.New(st.WriteDB()), &river.Config{
		Workers:           workers,
		Queues:            map[string]river.QueueConfig{submit.QueueExtract: {MaxWorkers: 2}},
		RetryPolicy:       fastRetry{},
		FetchCooldown:     time.Millisecond,
		FetchPollInterval: 20 * time.Millisecond,
		Logger:            log,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Stop(ctx) })
	return client
}
