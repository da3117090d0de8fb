package blob

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"time"
)

// DB stores blobs in the blobs table of a PostgreSQL database (created by
// the store's migrations), so that every API and worker process sharing the
// database reaches every upload without a shared disk. A document of the
// largest accepted size (50 MiB) is one bytea value; PostgreSQL keeps it
// out of line (TOAST) without slowing reads of the table's other rows.
type DB struct {
	db *sql.DB
}

var _ Store = (*DB)(nil)
var _ Store = (*Dir)(nil)

// NewDB returns a blob store on db.
func NewDB(db *sql.DB) *DB { return &DB{db: db} }

// PutFile copies the file at src into the table under key and removes src.
// The blob is durable when PutFile returns nil: its row is committed.
func (d *DB) PutFile(ctx context.Context, key, src string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return fmt.Errorf("put blob: %w", err)
	}
	_, err = d.db.ExecContext(ctx,
		`INSERT INTO blobs (key, data, created_at) VALUES ($1, $2, $3)
		 ON CONFLICT (key) DO UPDATE SET data = excluded.data, created_at = excluded.created_at`,
		key, data, time.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("put blob: %w", err)
	}
	if err := os.Remove(src); err != nil {
		return fmt.Errorf("put blob: remove spool file: %w", err)
	}
	return nil
}

// Get returns the bytes stored under key.
func (d *DB) Get(ctx context.Context, key string) ([]byte, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	var b []byte
	err := d.db.QueryRowContext(ctx, `SELECT data FROM blobs WHERE key = $1`, key).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get blob: %w", err)
	}
	return b, nil
}

// Delete removes the blob under key; a missing blob is not an error.
func (d *DB) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if _, err := d.db.ExecContext(ctx, `DELETE FROM blobs WHERE key = $1`, key); err != nil {
		return fmt.Errorf("delete blob: %w", err)
	}
	return nil
}
