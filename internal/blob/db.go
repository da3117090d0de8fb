package blob

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/invex/invex/internal/store"
)

// DB stores blobs in the blobs table of a PostgreSQL database (created by
// the store's migrations, written by the store's methods), so that every API
// and worker process sharing the database reaches every upload without a
// shared disk. A document of the largest accepted size (50 MiB) is one bytea
// value; PostgreSQL keeps it out of line (TOAST) without slowing reads of
// the table's other rows.
type DB struct {
	st *store.Store
}

var _ Store = (*DB)(nil)
var _ Store = (*Dir)(nil)

// NewDB returns a blob store on st's database.
func NewDB(st *store.Store) *DB { return &DB{st: st} }

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
	if err := d.st.PutBlob(ctx, key, data); err != nil {
		return err
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
	b, err := d.st.Blob(ctx, key)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	return b, err
}

// Delete removes the blob under key; a missing blob is not an error.
func (d *DB) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	return d.st.DeleteBlob(ctx, key)
}
