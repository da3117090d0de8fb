// Package store keeps invex's durable state: accounts, API keys, monthly
// quota usage and extraction jobs with their results.
//
// One Store type serves two databases with the same SQL: SQLite, embedded,
// the default (OpenSQLite), and PostgreSQL for deployments of many API and
// worker processes (OpenPostgres). Every behaviour is checked against both by
// one conformance suite (package storetest).
//
// The embedded default is one SQLite file (pure Go, WAL mode). Writes go
// through a single connection whose transactions start with BEGIN IMMEDIATE,
// so concurrent writers queue inside the process instead of failing with
// SQLITE_BUSY; reads use a separate pool of read-only connections that never
// block on the writer. The same write connection is handed to the job queue
// (River) so that a job row, its quota charge and its queue entry commit in
// one transaction.
//
// Times are stored as milliseconds since the Unix epoch, UTC.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"runtime"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// migrations holds the goose migrations of each database, one directory per
// dialect, kept in step: the same tables and columns in both.
//
//go:embed migrations/*/*.sql
var migrations embed.FS

// Errors returned by the store, for use with errors.Is.
var (
	ErrNotFound       = errors.New("not found")
	ErrQuotaExhausted = errors.New("monthly quota exhausted")
	ErrAccountExists  = errors.New("account already exists")
)

// Store is the durable state of the service. It is safe for concurrent use.
type Store struct {
	w *sql.DB // the single writer connection; on PostgreSQL, the one pool
	r *sql.DB // read-only pool; on PostgreSQL, the same pool as w

	pg *postgres // nil on SQLite

	// Now returns the current time; replaced in tests.
	Now func() time.Time
}

// OpenSQLite opens (creating if needed) the SQLite database at path, applies
// the embedded migrations and returns a Store.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	w, err := sql.Open("sqlite", sqliteDSN(path, false))
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	if err := migrate(ctx, w); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", sqliteDSN(path, true))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	n := 2 * runtime.GOMAXPROCS(0)
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	r.SetConnMaxLifetime(0)
	r.SetConnMaxIdleTime(0)
	return &Store{w: w, r: r, Now: func() time.Time { return time.Now().UTC() }}, nil
}

// sqliteDSN builds the modernc.org/sqlite connection string. Writers take the
// write lock at BEGIN (IMMEDIATE), which makes busy_timeout apply to them;
// synchronous=FULL makes every commit durable across a power loss.
func sqliteDSN(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

func migrate(ctx context.Context, db *sql.DB) error {
	sub, err := fs.Sub(migrations, "migrations/sqlite")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, sub)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Close closes the connection pools.
func (s *Store) Close() error {
	if s.pg != nil {
		err := s.w.Close()
		s.pg.pool.Close()
		return err
	}
	return errors.Join(s.r.Close(), s.w.Close())
}

// Dialect names the database: "sqlite" or "postgres".
func (s *Store) Dialect() string {
	if s.pg != nil {
		return "postgres"
	}
	return "sqlite"
}

// WriteDB returns the pool that write transactions use. On SQLite it is the
// single write connection, which the job queue must share so that its
// inserts join the store's transactions; on PostgreSQL it is the store's one
// pool.
func (s *Store) WriteDB() *sql.DB { return s.w }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	return s.r.PingContext(ctx)
}

// Tx is a transaction of the store. What must commit together (a job, its
// quota charge and its queue entry; a job's end, its queue entry's end and
// its webhook event) is written through its methods; the queue joins it
// through River's driver (SQLiteQueueTx, PostgresQueueTx), never through
// SQL of ours.
type Tx struct {
	tx *sql.Tx
	s  *Store
}

// InTx runs fn in a transaction, committed if fn returns nil and rolled
// back otherwise.
func (s *Store) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	if s.pg != nil {
		return s.pg.inTx(ctx, s.w, func(tx *sql.Tx) error { return fn(&Tx{tx: tx, s: s}) })
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	if err := fn(&Tx{tx: tx, s: s}); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit transaction: %w", err)
	}
	return nil
}

// SQLiteQueueTx returns the transaction as River's SQLite driver
// (riversqlite) takes it, for the queue's client alone: inserting or
// completing queue entries that commit with the store's writes.
func (tx *Tx) SQLiteQueueTx() (*sql.Tx, error) {
	if tx.s.pg != nil {
		return nil, ErrNotQueueTx
	}
	return tx.tx, nil
}

func millis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms sql.NullInt64) *time.Time {
	if !ms.Valid {
		return nil
	}
	t := time.UnixMilli(ms.Int64).UTC()
	return &t
}
