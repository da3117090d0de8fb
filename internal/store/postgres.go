package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
)

// Pool sizes used when the database URL does not set them.
const (
	// DefaultPostgresConns bounds the store's database/sql pool.
	DefaultPostgresConns = 16
	// DefaultQueueConns bounds the pgx pool handed to the job queue
	// (pool_max_conns in the URL overrides it).
	DefaultQueueConns = 8
)

// migrationLockID is the PostgreSQL advisory lock held while migrations run,
// so that many processes starting at once apply them one at a time.
const migrationLockID = 0x696e766578 // "invex"

// postgres is what a Store on PostgreSQL keeps beside its database/sql pool.
type postgres struct {
	pool    *pgxpool.Pool // for the job queue (River's pgx driver)
	backoff *DialBackoff  // spaces out the pool's connections while the server is down

	mu    sync.Mutex
	conns map[*sql.Tx]*pgx.Conn // the connection under each open InTx transaction
}

// QueueMigrateFunc applies the job queue's own migrations on pool.
type QueueMigrateFunc func(ctx context.Context, pool *pgxpool.Pool) error

// OpenPostgres connects to the PostgreSQL database at url (a postgres://
// URL or a key=value connection string), applies the store's migrations and
// then migrateQueue (when not nil) under one advisory lock, so that
// processes starting together never race on the schema, and returns a Store.
//
// The store runs its SQL through database/sql (pgx's stdlib adapter), the
// same code as on SQLite. A pgx pool on the same database is kept for the job
// queue (Pool); QueueTx lets the queue join the store's transactions.
func OpenPostgres(ctx context.Context, url string, migrateQueue QueueMigrateFunc) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open postgres: parse url: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = DefaultQueueConns
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = DefaultConnectTimeout
	}
	// The store's own connections (API requests) try the server every
	// time; the queue's wait between attempts while it is down.
	storeConn := cfg.ConnConfig.Copy()
	backoff := newDialBackoff(cfg.ConnConfig.DialFunc)
	cfg.ConnConfig.DialFunc = backoff.Dial
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	db := stdlib.OpenDB(*storeConn)
	db.SetMaxOpenConns(DefaultPostgresConns)
	db.SetMaxIdleConns(DefaultPostgresConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	s := &Store{w: db, r: db, pg: &postgres{pool: pool, backoff: backoff, conns: map[*sql.Tx]*pgx.Conn{}},
		Now: func() time.Time { return time.Now().UTC() }}
	if err := db.PingContext(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if err := s.migratePostgres(ctx, migrateQueue); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) migratePostgres(ctx context.Context, migrateQueue QueueMigrateFunc) error {
	conn, err := s.pg.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(migrationLockID)); err != nil {
		return fmt.Errorf("migrate: take lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(migrationLockID))

	sub, err := fs.Sub(migrations, "migrations/postgres")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, s.w, sub)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if migrateQueue != nil {
		if err := migrateQueue(ctx, s.pg.pool); err != nil {
			return fmt.Errorf("migrate queue: %w", err)
		}
	}
	return nil
}

// Pool returns the pgx pool kept for the job queue, or nil on SQLite.
func (s *Store) Pool() *pgxpool.Pool {
	if s.pg == nil {
		return nil
	}
	return s.pg.pool
}

// QueueBackoff returns the back-off of the job queue's connections (see
// DialBackoff), or nil on SQLite.
func (s *Store) QueueBackoff() *DialBackoff {
	if s.pg == nil {
		return nil
	}
	return s.pg.backoff
}

// inTx runs fn in a transaction on one connection of db, remembering the
// connection's pgx handle so that QueueTx can hand the queue a view of the
// same transaction.
func (p *postgres) inTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer conn.Close()
	var pc *pgx.Conn
	if err := conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("driver connection is %T, not pgx", dc)
		}
		pc = c.Conn()
		return nil
	}); err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	// Ends the transaction before the connection goes back to the pool,
	// even if fn panics; after a commit it is a no-op.
	defer tx.Rollback()
	p.mu.Lock()
	p.conns[tx] = pc
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		delete(p.conns, tx)
		p.mu.Unlock()
	}()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit transaction: %w", err)
	}
	return nil
}

// ErrNotQueueTx is returned by SQLiteQueueTx and PostgresQueueTx for a
// transaction of the other database.
var ErrNotQueueTx = errors.New("the transaction is not on the queue driver's database")

// PostgresQueueTx returns a pgx view of tx, a transaction open inside InTx
// on PostgreSQL, for the job queue's pgx driver (riverpgxv5): statements sent through it run
// on tx's connection and so inside tx, and commit or roll back with it. Its
// Commit and Rollback refuse (the store ends the transaction); its Begin
// opens a savepoint.
//
// database/sql hands out the connection only inside Conn.Raw; the view uses
// it after Raw returns, which is sound because InTx holds the *sql.Conn, so no
// other goroutine can use the connection until the transaction ends, and the
// view must not be used after that.
func (tx *Tx) PostgresQueueTx() (pgx.Tx, error) {
	s := tx.s
	if s.pg == nil {
		return nil, ErrNotQueueTx
	}
	s.pg.mu.Lock()
	pc, ok := s.pg.conns[tx.tx]
	s.pg.mu.Unlock()
	if !ok {
		return nil, ErrNotQueueTx
	}
	return &connTx{conn: pc}, nil
}

// connTx is a pgx.Tx over a connection whose transaction someone else owns.
// With a savepoint name it is a pseudo-nested transaction of its own.
type connTx struct {
	conn      *pgx.Conn
	savepoint string // empty for the outer view
	depth     int
	closed    bool
}

var errOuterTx = errors.New("the store owns this transaction: end it through InTx")

func (t *connTx) Begin(ctx context.Context) (pgx.Tx, error) {
	if t.closed {
		return nil, pgx.ErrTxClosed
	}
	sp := fmt.Sprintf("invex_sp_%d", t.depth+1)
	if _, err := t.conn.Exec(ctx, "SAVEPOINT "+sp); err != nil {
		return nil, err
	}
	return &connTx{conn: t.conn, savepoint: sp, depth: t.depth + 1}, nil
}

func (t *connTx) Commit(ctx context.Context) error {
	if t.savepoint == "" {
		return errOuterTx
	}
	if t.closed {
		return pgx.ErrTxClosed
	}
	t.closed = true
	_, err := t.conn.Exec(ctx, "RELEASE SAVEPOINT "+t.savepoint)
	return err
}

func (t *connTx) Rollback(ctx context.Context) error {
	if t.savepoint == "" {
		return errOuterTx
	}
	if t.closed {
		return pgx.ErrTxClosed
	}
	t.closed = true
	_, err := t.conn.Exec(ctx, "ROLLBACK TO SAVEPOINT "+t.savepoint)
	return err
}

func (t *connTx) CopyFrom(ctx context.Context, table pgx.Identifier, cols []string, src pgx.CopyFromSource) (int64, error) {
	return t.conn.CopyFrom(ctx, table, cols, src)
}

func (t *connTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return t.conn.SendBatch(ctx, b)
}

func (t *connTx) LargeObjects() pgx.LargeObjects { return pgx.LargeObjects{} }

func (t *connTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return t.conn.Prepare(ctx, name, sql)
}

func (t *connTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return t.conn.Exec(ctx, sql, args...)
}

func (t *connTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return t.conn.Query(ctx, sql, args...)
}

func (t *connTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return t.conn.QueryRow(ctx, sql, args...)
}

func (t *connTx) Conn() *pgx.Conn { return t.conn }
