package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Errors of idempotency keys, for use with errors.Is.
var (
	// ErrIdempotencyKeyTaken is returned by ClaimIdempotencyKeyTx when a
	// live record already holds the key: another request with the same key
	// created (or is creating) its job first. The caller rolls back and
	// answers with that request's job.
	ErrIdempotencyKeyTaken = errors.New("idempotency key already used")
	// ErrIdempotencyKeyReused means a key was sent again with a different
	// request body.
	ErrIdempotencyKeyReused = errors.New("idempotency key reused with a different request")
)

// IdempotencyRecord binds an account's idempotency key to the request it
// first came with and the job that request created, until ExpiresAt.
type IdempotencyRecord struct {
	AccountID   string
	Key         string
	RequestHash string // hex SHA-256 of the request's document and fields
	JobID       string
	CreatedAt   time.Time
	ExpiresAt   time.Time
}

// IdempotencyRecord returns the account's record of key that is live at now
// (ExpiresAt after now), or ErrNotFound.
func (s *Store) IdempotencyRecord(ctx context.Context, accountID, key string, now time.Time) (IdempotencyRecord, error) {
	r := IdempotencyRecord{AccountID: accountID, Key: key}
	var created, expires int64
	err := s.r.QueryRowContext(ctx,
		`SELECT request_hash, job_id, created_at, expires_at FROM idempotency_keys
		  WHERE account_id = $1 AND key = $2 AND expires_at > $3`,
		accountID, key, millis(now),
	).Scan(&r.RequestHash, &r.JobID, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return IdempotencyRecord{}, ErrNotFound
	}
	if err != nil {
		return IdempotencyRecord{}, fmt.Errorf("get idempotency key: %w", err)
	}
	r.CreatedAt, r.ExpiresAt = time.UnixMilli(created).UTC(), time.UnixMilli(expires).UTC()
	return r, nil
}

// ClaimIdempotencyKeyTx records r inside tx, the transaction that creates
// r.JobID. A dead record of the same key (ExpiresAt at or before
// r.CreatedAt) is replaced; a live one is left alone and the claim fails
// with ErrIdempotencyKeyTaken. The check and the write are one statement:
// on PostgreSQL a concurrent claim of the same key waits for this
// transaction to end and then fails (or, if this one rolled back, succeeds),
// so two jobs can never hold one key.
func (tx *Tx) ClaimIdempotencyKey(ctx context.Context, r IdempotencyRecord) error {
	var job string
	err := tx.tx.QueryRowContext(ctx,
		`INSERT INTO idempotency_keys (account_id, key, request_hash, job_id, created_at, expires_at)
		 VALUES ($1, $2, $3, $4, $5, $6)
		 ON CONFLICT (account_id, key) DO UPDATE
		    SET request_hash = excluded.request_hash, job_id = excluded.job_id,
		        created_at = excluded.created_at, expires_at = excluded.expires_at
		  WHERE idempotency_keys.expires_at <= excluded.created_at
		 RETURNING job_id`,
		r.AccountID, r.Key, r.RequestHash, r.JobID, millis(r.CreatedAt), millis(r.ExpiresAt),
	).Scan(&job)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrIdempotencyKeyTaken
	}
	if err != nil {
		return fmt.Errorf("claim idempotency key: %w", err)
	}
	return nil
}

// DeleteExpiredIdempotencyKeys removes records dead at now and returns how
// many it removed. Dead records are already ignored; this only reclaims
// their space.
func (s *Store) DeleteExpiredIdempotencyKeys(ctx context.Context, now time.Time) (int, error) {
	res, err := s.w.ExecContext(ctx, `DELETE FROM idempotency_keys WHERE expires_at <= $1`, millis(now))
	if err != nil {
		return 0, fmt.Errorf("delete expired idempotency keys: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
