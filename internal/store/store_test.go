package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/store/storetest"
)

// openSQLite opens a store on a new SQLite file, with the queue's tables, as
// the embedded service does.
func openSQLite(t *testing.T) *store.Store {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "invex.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	m, err := rivermigrate.New(riversqlite.New(st.WriteDB()), nil)
	if err == nil {
		_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	}
	if err != nil {
		t.Fatalf("migrate queue: %v", err)
	}
	return st
}

// openPostgres opens a store on a new throw-away PostgreSQL database (see
// package pgtest), with the queue's tables.
func openPostgres(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), pgtest.NewDatabase(t), migratePgxQueue)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func migratePgxQueue(ctx context.Context, pool *pgxpool.Pool) error {
	m, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

func TestConformanceSQLite(t *testing.T) { storetest.Run(t, openSQLite) }

func TestConformancePostgres(t *testing.T) { storetest.Run(t, openPostgres) }

// TestPostgresQueueTx checks the pgx view of a store transaction that the
// queue's driver uses: its statements commit and roll back with the store's
// transaction, and its savepoints nest.
func TestPostgresQueueTx(t *testing.T) {
	ctx := context.Background()
	st := openPostgres(t)
	if _, err := st.WriteDB().ExecContext(ctx, `CREATE TABLE probe (v INTEGER)`); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		var n int
		if err := st.WriteDB().QueryRowContext(ctx, `SELECT COUNT(*) FROM probe`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	count0 := 0
	boom := errors.New("boom")
	for _, fail := range []bool{true, false} {
		err := st.InTx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO probe VALUES (1)`); err != nil {
				return err
			}
			qtx, err := st.QueueTx(tx)
			if err != nil {
				return err
			}
			if _, err := qtx.Exec(ctx, `INSERT INTO probe VALUES (2)`); err != nil {
				return err
			}
			// The view sees the store's uncommitted row: one transaction.
			var n int
			if err := qtx.QueryRow(ctx, `SELECT COUNT(*) FROM probe`).Scan(&n); err != nil || n != count0+2 {
				return fmt.Errorf("inside the transaction the view sees %d rows (%v), want %d", n, err, count0+2)
			}
			sp, err := qtx.Begin(ctx)
			if err != nil {
				return err
			}
			if _, err := sp.Exec(ctx, `INSERT INTO probe VALUES (3)`); err != nil {
				return err
			}
			if err := sp.Rollback(ctx); err != nil {
				return err
			}
			if err := qtx.Commit(ctx); err == nil {
				return errors.New("the view committed the store's transaction")
			}
			if fail {
				return boom
			}
			return nil
		})
		want := count0
		if fail {
			if !errors.Is(err, boom) {
				t.Fatalf("InTx = %v, want boom", err)
			}
		} else {
			if err != nil {
				t.Fatal(err)
			}
			want = count0 + 2
		}
		if n := count(); n != want {
			t.Errorf("fail=%v: %d rows after the transaction, want %d", fail, n, want)
		}
		count0 = count()
	}
	if _, err := st.QueueTx(&sql.Tx{}); !errors.Is(err, store.ErrNotQueueTx) {
		t.Errorf("QueueTx of a foreign transaction: err = %v, want ErrNotQueueTx", err)
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

// TestPostgresRescueStuckQueueJobs seeds queue entries around the rescue
// horizon, as River's own rescuer tests do, and checks which the rescue
// returns to the queue, which it discards and which it leaves alone, and
// that their jobs follow.
func TestPostgresRescueStuckQueueJobs(t *testing.T) {
	ctx := context.Background()
	st := openPostgres(t)
	acct, err := st.EnsureAccount(ctx, "acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	type seed struct {
		name     string
		state    string
		attempt  int
		startedS int // seconds before now the attempt started
		want     string
		wantJob  string
	}
	seeds := []seed{
		{"stuck with attempts left", "running", 1, 120, "available", store.StatusPending},
		{"stuck on its last attempt", "running", 3, 120, "discarded", store.StatusProcessing},
		{"running inside its lease", "running", 1, 10, "running", store.StatusProcessing},
		{"waiting", "available", 0, 0, "available", store.StatusPending},
		{"completed", "completed", 1, 120, "completed", store.StatusCompleted},
	}
	ids := make([]int64, len(seeds))
	for i, s := range seeds {
		err := st.WriteDB().QueryRowContext(ctx,
			`INSERT INTO river_job (args, kind, max_attempts, queue, state, attempt, attempted_at, finalized_at)
			 VALUES ('{}', 'extract', 3, 'extract', $1::text::river_job_state, $2::int,
			         CASE WHEN $2::int > 0 THEN now() - make_interval(secs => $3::int) END,
			         CASE WHEN $1::text = 'completed' THEN now() END)
			 RETURNING id`, s.state, s.attempt, s.startedS).Scan(&ids[i])
		if err != nil {
			t.Fatal(err)
		}
		status := store.StatusProcessing
		if s.state == "available" {
			status = store.StatusPending
		} else if s.state == "completed" {
			status = store.StatusCompleted
		}
		j := store.Job{ID: fmt.Sprint("job-", i), AccountID: acct.ID, Status: status, Locale: "it",
			FileSHA256: "x", CacheKey: fmt.Sprint("c", i), QueuedAt: time.Now(), MaxAttempts: 3, QueueJobID: &ids[i]}
		if err := st.InTx(ctx, func(tx *sql.Tx) error { return store.InsertJobTx(ctx, tx, &j) }); err != nil {
			t.Fatal(err)
		}
	}
	n, err := st.RescueStuckQueueJobs(ctx, time.Minute)
	if err != nil || n != 2 {
		t.Fatalf("RescueStuckQueueJobs = %d, %v; want 2", n, err)
	}
	for i, s := range seeds {
		var state string
		var errs int
		if err := st.WriteDB().QueryRowContext(ctx,
			`SELECT state::text, COALESCE(array_length(errors, 1), 0) FROM river_job WHERE id = $1`, ids[i]).Scan(&state, &errs); err != nil {
			t.Fatal(err)
		}
		rescued := s.want != s.state
		if state != s.want || (errs == 1) != rescued {
			t.Errorf("%s: state %s with %d errors recorded; want %s, rescue recorded %v", s.name, state, errs, s.want, rescued)
		}
		j, err := st.JobByID(ctx, fmt.Sprint("job-", i))
		if err != nil || j.Status != s.wantJob {
			t.Errorf("%s: job %s, %v; want %s", s.name, j.Status, err, s.wantJob)
		}
	}
	// The discarded entry's job is an orphan for the sweep to fail.
	orphans, err := st.Orphans(ctx, 10)
	if err != nil || len(orphans) != 1 || orphans[0].ID != "job-1" || orphans[0].Attempts != 3 {
		t.Errorf("Orphans = %+v, %v; want job-1 with 3 attempts", orphans, err)
	}
	// A second run finds nothing left to rescue.
	if n, err := st.RescueStuckQueueJobs(ctx, time.Minute); err != nil || n != 0 {
		t.Errorf("second RescueStuckQueueJobs = %d, %v; want 0", n, err)
	}
}
