package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// DefaultListLimit is the page size of ListJobs when none is given, and
// MaxListLimit the largest page it returns.
const (
	DefaultListLimit = 20
	MaxListLimit     = 1000
)

// JobCursor is a position in an account's job list: the last job of a page.
// The list is ordered by QueuedAt, newest first, then by ID descending, so a
// cursor stays valid however many jobs arrive after it was made.
type JobCursor struct {
	QueuedAt time.Time
	ID       string
}

// JobFilter selects and pages an account's jobs for ListJobs.
type JobFilter struct {
	// Status keeps only jobs in this state; empty keeps every state.
	Status string
	// From keeps jobs queued at or after it; zero is no bound.
	From time.Time
	// To keeps jobs queued before it; zero is no bound.
	To time.Time
	// After continues the list after this job (exclusive); nil starts at the
	// newest job.
	After *JobCursor
	// Limit is the most jobs returned: DefaultListLimit when 0, at most
	// MaxListLimit.
	Limit int
}

// ListJobs returns the account's jobs that match f, newest first (by queued
// time, ties broken by id, descending). Jobs of other accounts are never
// returned.
func (s *Store) ListJobs(ctx context.Context, accountID string, f JobFilter) ([]Job, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultListLimit
	}
	limit = min(limit, MaxListLimit)
	var (
		where = []string{"account_id = $1"}
		args  = []any{accountID}
	)
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if f.Status != "" {
		where = append(where, "status = "+arg(f.Status))
	}
	if !f.From.IsZero() {
		where = append(where, "queued_at >= "+arg(millis(f.From)))
	}
	if !f.To.IsZero() {
		where = append(where, "queued_at < "+arg(millis(f.To)))
	}
	if c := f.After; c != nil {
		at := arg(millis(c.QueuedAt))
		where = append(where, "(queued_at < "+at+" OR (queued_at = "+at+" AND id < "+arg(c.ID)+"))")
	}
	q := `SELECT ` + jobSelect + ` FROM jobs WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY queued_at DESC, id DESC LIMIT ` + arg(limit)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list jobs: %w", err)
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, fmt.Errorf("list jobs: %w", err)
		}
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list jobs: %w", err)
	}
	return out, nil
}

// DeleteJob removes the job id of the account, with its result, and returns
// it as it was, so that the caller can remove its document (BlobKey). A job of
// another account, or one already deleted, is ErrNotFound. The quota it used
// is not given back. A job still queued or processing may be deleted: its
// worker then finds nothing to finish.
func (s *Store) DeleteJob(ctx context.Context, accountID, id string) (Job, error) {
	j, err := scanJob(s.w.QueryRowContext(ctx,
		`DELETE FROM jobs WHERE id = $1 AND account_id = $2 RETURNING `+jobSelect, id, accountID))
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, ErrNotFound
	}
	if err != nil {
		return Job{}, fmt.Errorf("delete job: %w", err)
	}
	return j, nil
}

// Document describes the uploaded document of a job.
type Document struct {
	// BlobKey is where the document is kept; empty when none is: a cache
	// hit stores no copy, and retention removes old ones.
	BlobKey  string
	FileName string
	Size     int64
	// DeletedAt is when retention removed the document; nil otherwise.
	DeletedAt *time.Time
}

// JobDocument returns the document of the account's job id, or ErrNotFound
// for an unknown job or another account's.
func (s *Store) JobDocument(ctx context.Context, accountID, id string) (Document, error) {
	var (
		d       Document
		key     sql.NullString
		deleted sql.NullInt64
	)
	err := s.r.QueryRowContext(ctx,
		`SELECT blob_key, file_name, file_size, document_deleted_at FROM jobs WHERE id = $1 AND account_id = $2`,
		id, accountID).Scan(&key, &d.FileName, &d.Size, &deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return Document{}, ErrNotFound
	}
	if err != nil {
		return Document{}, fmt.Errorf("get job document: %w", err)
	}
	d.BlobKey = key.String
	d.DeletedAt = fromMillis(deleted)
	return d, nil
}

// ExpiredDocument is a finished job's document that retention may delete.
type ExpiredDocument struct {
	JobID   string
	BlobKey string
}

// ExpiredDocuments returns up to limit documents of finished jobs (completed
// or failed) queued before before, oldest first.
func (s *Store) ExpiredDocuments(ctx context.Context, before time.Time, limit int) ([]ExpiredDocument, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT id, blob_key FROM jobs
		  WHERE blob_key IS NOT NULL AND queued_at < $1 AND status IN ('completed', 'failed')
		  ORDER BY queued_at LIMIT $2`, millis(before), limit)
	if err != nil {
		return nil, fmt.Errorf("list expired documents: %w", err)
	}
	defer rows.Close()
	var out []ExpiredDocument
	for rows.Next() {
		var d ExpiredDocument
		if err := rows.Scan(&d.JobID, &d.BlobKey); err != nil {
			return nil, fmt.Errorf("list expired documents: %w", err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list expired documents: %w", err)
	}
	return out, nil
}

// ForgetDocument records that the document d was deleted from blob storage
// at time at: the job keeps its result but no longer points at a document.
// It does nothing when the job is gone or points elsewhere.
func (s *Store) ForgetDocument(ctx context.Context, d ExpiredDocument, at time.Time) error {
	_, err := s.w.ExecContext(ctx,
		`UPDATE jobs SET blob_key = NULL, document_deleted_at = $1 WHERE id = $2 AND blob_key = $3`,
		millis(at), d.JobID, d.BlobKey)
	if err != nil {
		return fmt.Errorf("forget document of job %s: %w", d.JobID, err)
	}
	return nil
}

// BlobKeysInUse returns which of keys a job points at. The orphan sweep
// asks it of the documents it finds in blob storage.
func (s *Store) BlobKeysInUse(ctx context.Context, keys []string) (map[string]bool, error) {
	used := map[string]bool{}
	if len(keys) == 0 {
		return used, nil
	}
	marks := make([]string, len(keys))
	args := make([]any, len(keys))
	for i, k := range keys {
		marks[i] = "$" + strconv.Itoa(i+1)
		args[i] = k
	}
	rows, err := s.r.QueryContext(ctx, `SELECT blob_key FROM jobs WHERE blob_key IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("look up blob keys: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, fmt.Errorf("look up blob keys: %w", err)
		}
		used[k] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("look up blob keys: %w", err)
	}
	return used, nil
}
