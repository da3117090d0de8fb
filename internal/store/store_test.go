package store_test

import (
	"context"
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
// own writes (a quota charge here), and its savepoints nest.
func TestPostgresQueueTx(t *testing.T) {
	ctx := context.Background()
	st := openPostgres(t)
	if _, err := st.WriteDB().ExecContext(ctx, `CREATE TABLE probe (v INTEGER)`); err != nil {
		t.Fatal(err)
	}
	acct, err := st.EnsureAccount(ctx, "acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	const period = "2026-01"
	count := func() (probes, used int) {
		if err := st.WriteDB().QueryRowContext(ctx, `SELECT COUNT(*) FROM probe`).Scan(&probes); err != nil {
			t.Fatal(err)
		}
		used, err := st.QuotaUsed(ctx, acct.ID, period)
		if err != nil {
			t.Fatal(err)
		}
		return probes, used
	}
	boom := errors.New("boom")
	for _, fail := range []bool{true, false} {
		probes0, used0 := count()
		err := st.InTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.ChargeQuota(ctx, acct.ID, period, 100); err != nil {
				return err
			}
			qtx, err := tx.PostgresQueueTx()
			if err != nil {
				return err
			}
			if _, err := qtx.Exec(ctx, `INSERT INTO probe VALUES (2)`); err != nil {
				return err
			}
			// The view sees the store's uncommitted charge: one transaction.
			var used int
			if err := qtx.QueryRow(ctx, `SELECT used FROM quota_usage WHERE account_id = $1 AND period = $2`, acct.ID, period).Scan(&used); err != nil || used != used0+1 {
				return fmt.Errorf("inside the transaction the view sees %d used (%v), want %d", used, err, used0+1)
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
		wantProbes, wantUsed := probes0, used0
		if fail {
			if !errors.Is(err, boom) {
				t.Fatalf("InTx = %v, want boom", err)
			}
		} else {
			if err != nil {
				t.Fatal(err)
			}
			wantProbes, wantUsed = probes0+1, used0+1
		}
		if p, u := count(); p != wantProbes || u != wantUsed {
			t.Errorf("fail=%v: %d probe rows and %d used after the transaction, want %d and %d", fail, p, u, wantProbes, wantUsed)
		}
	}
	// The SQLite view of a PostgreSQL transaction is refused.
	err = st.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.SQLiteQueueTx()
		return err
	})
	if !errors.Is(err, store.ErrNotQueueTx) {
		t.Errorf("SQLiteQueueTx on PostgreSQL: err = %v, want ErrNotQueueTx", err)
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
