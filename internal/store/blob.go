package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// PutBlob stores data under key in the blobs table (PostgreSQL; see package
// blob, type DB), replacing what was there. The row is committed when it
// returns nil.
func (s *Store) PutBlob(ctx context.Context, key string, data []byte) error {
	_, err := s.w.ExecContext(ctx,
		`INSERT INTO blobs (key, data, created_at) VALUES ($1, $2, $3)
		 ON CONFLICT (key) DO UPDATE SET data = excluded.data, created_at = excluded.created_at`,
		key, data, time.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("put blob: %w", err)
	}
	return nil
}

// Blob returns the bytes stored under key, or ErrNotFound.
func (s *Store) Blob(ctx context.Context, key string) ([]byte, error) {
	var b []byte
	err := s.w.QueryRowContext(ctx, `SELECT data FROM blobs WHERE key = $1`, key).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get blob: %w", err)
	}
	return b, nil
}

// DeleteBlob removes the blob under key; a missing blob is not an error.
func (s *Store) DeleteBlob(ctx context.Context, key string) error {
	if _, err := s.w.ExecContext(ctx, `DELETE FROM blobs WHERE key = $1`, key); err != nil {
		return fmt.Errorf("delete blob: %w", err)
	}
	return nil
}
