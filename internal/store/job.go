package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Job states, as the API reports them.
const (
	StatusPending    = "pending"
	StatusProcessing = "processing"
	StatusCompleted  = "completed"
	StatusFailed     = "failed"
)

// Job is one submitted document and what became of it.
type Job struct {
	ID           string
	AccountID    string
	Status       string
	Locale       string
	FileName     string
	FileSHA256   string
	FileSize     int64
	BlobKey      string // empty for cache hits, which store no file
	CacheKey     string
	QueuedAt     time.Time
	StartedAt    *time.Time
	CompletedAt  *time.Time
	ProcessingMS *int64
	// AttemptCount counts every attempt made; ChargedAttempts those
	// counted against the document (see package jobs), at most
	// MaxAttempts.
	AttemptCount    int
	ChargedAttempts int
	MaxAttempts     int
	Error           string // human-readable reason of a failed job
	ErrorCode       string // machine code of a failed job
	Confidence      *float64
	Model           string
	CacheHit        bool
	// Flags, Result and Extra are JSON documents, stored as written by the
	// engine's caller.
	Flags  json.RawMessage
	Result json.RawMessage
	Extra  json.RawMessage
	// Kind is the kind of file submitted (package document's Kind: pdf,
	// xml, p7m, zip, jpeg, png, tiff, webp).
	Kind string
	// Documents lists every invoice of a file that held several (JSON);
	// nil for a file of one.
	Documents json.RawMessage
	// QueueJobID is the id of the job queue's entry for this job.
	QueueJobID *int64
	// Review is a person's review of the result, if one started.
	Review Review
}

// jobColumns are the columns a job is inserted with; jobSelect those it
// is read with (the review's too, see review.go).
const jobColumns = `id, account_id, status, locale, file_name, file_sha256, file_size, blob_key, cache_key,
	queued_at, started_at, completed_at, processing_ms, attempt_count, max_attempts, error, error_code,
	confidence, model, cache_hit, validation_flags, result, extra, queue_job_id, charged_attempts, kind, documents`

const jobSelect = jobColumns + `, review_status, review_revision, review_version, reviewed_at, reviewed_result, reviewed_flags,
	corrected_fields, draft_result, draft_pointed, reviewed_pointed`

type rowScanner interface{ Scan(dest ...any) error }

func scanJob(row rowScanner) (Job, error) {
	var (
		j                                Job
		blob, errMsg, errCode, model     sql.NullString
		flags, result, extra, documents  sql.NullString
		queued                           int64
		started, completed, procMS, qjob sql.NullInt64
		confidence                       sql.NullFloat64
		cacheHit                         int
		rv                               reviewColumns
	)
	err := row.Scan(&j.ID, &j.AccountID, &j.Status, &j.Locale, &j.FileName, &j.FileSHA256, &j.FileSize,
		&blob, &j.CacheKey, &queued, &started, &completed, &procMS, &j.AttemptCount, &j.MaxAttempts,
		&errMsg, &errCode, &confidence, &model, &cacheHit, &flags, &result, &extra, &qjob, &j.ChargedAttempts, &j.Kind, &documents,
		&rv.status, &j.Review.Revision, &j.Review.Version, &rv.at, &rv.result, &rv.flags, &rv.corrected, &rv.draft, &rv.poin, &rv.rpoin)
	if err != nil {
		return Job{}, err
	}
	rv.fill(&j.Review)
	j.BlobKey = blob.String
	j.QueuedAt = time.UnixMilli(queued).UTC()
	j.StartedAt = fromMillis(started)
	j.CompletedAt = fromMillis(completed)
	if procMS.Valid {
		j.ProcessingMS = &procMS.Int64
	}
	j.Error, j.ErrorCode, j.Model = errMsg.String, errCode.String, model.String
	if confidence.Valid {
		j.Confidence = &confidence.Float64
	}
	j.CacheHit = cacheHit != 0
	if flags.Valid {
		j.Flags = json.RawMessage(flags.String)
	}
	if result.Valid {
		j.Result = json.RawMessage(result.String)
	}
	if extra.Valid {
		j.Extra = json.RawMessage(extra.String)
	}
	if documents.Valid {
		j.Documents = json.RawMessage(documents.String)
	}
	if qjob.Valid {
		j.QueueJobID = &qjob.Int64
	}
	return j, nil
}

// kindOr is the stored kind of a job: pdf when none is named.
func kindOr(k string) string {
	if k == "" {
		return "pdf"
	}
	return k
}

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

func nullJSON(b json.RawMessage) sql.NullString {
	return sql.NullString{String: string(b), Valid: len(b) > 0}
}

func nullTime(t *time.Time) sql.NullInt64 {
	if t == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: millis(*t), Valid: true}
}

// InsertJobTx inserts j inside tx.
func (tx *Tx) InsertJob(ctx context.Context, j *Job) error {
	var procMS, qjob sql.NullInt64
	if j.ProcessingMS != nil {
		procMS = sql.NullInt64{Int64: *j.ProcessingMS, Valid: true}
	}
	if j.QueueJobID != nil {
		qjob = sql.NullInt64{Int64: *j.QueueJobID, Valid: true}
	}
	var confidence sql.NullFloat64
	if j.Confidence != nil {
		confidence = sql.NullFloat64{Float64: *j.Confidence, Valid: true}
	}
	cacheHit := 0
	if j.CacheHit {
		cacheHit = 1
	}
	j.Kind = kindOr(j.Kind)
	_, err := tx.tx.ExecContext(ctx, `INSERT INTO jobs (`+jobColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27)`,
		j.ID, j.AccountID, j.Status, j.Locale, j.FileName, j.FileSHA256, j.FileSize, nullString(j.BlobKey), j.CacheKey,
		millis(j.QueuedAt), nullTime(j.StartedAt), nullTime(j.CompletedAt), procMS, j.AttemptCount, j.MaxAttempts,
		nullString(j.Error), nullString(j.ErrorCode), confidence, nullString(j.Model), cacheHit,
		nullJSON(j.Flags), nullJSON(j.Result), nullJSON(j.Extra), qjob, j.ChargedAttempts, j.Kind, nullJSON(j.Documents))
	if err != nil {
		return fmt.Errorf("insert job: %w", err)
	}
	return nil
}

// SetQueueJobIDTx records the queue entry of job id inside tx.
func (tx *Tx) SetQueueJobID(ctx context.Context, id string, queueJobID int64) error {
	if _, err := tx.tx.ExecContext(ctx, `UPDATE jobs SET queue_job_id = $1 WHERE id = $2`, queueJobID, id); err != nil {
		return fmt.Errorf("set queue job id: %w", err)
	}
	return nil
}

// Job returns the job id of the account, or ErrNotFound. A job of another
// account is not found either.
func (s *Store) Job(ctx context.Context, accountID, id string) (Job, error) {
	j, err := scanJob(s.r.QueryRowContext(ctx,
		`SELECT `+jobSelect+` FROM jobs WHERE id = $1 AND account_id = $2`, id, accountID))
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, ErrNotFound
	}
	if err != nil {
		return Job{}, fmt.Errorf("get job: %w", err)
	}
	return j, nil
}

// JobByID returns a job whatever its account, for the workers.
func (s *Store) JobByID(ctx context.Context, id string) (Job, error) {
	j, err := scanJob(s.w.QueryRowContext(ctx, `SELECT `+jobSelect+` FROM jobs WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, ErrNotFound
	}
	if err != nil {
		return Job{}, fmt.Errorf("get job: %w", err)
	}
	return j, nil
}

// CachedJob returns the newest completed job of the account with the given
// cache key, or ErrNotFound. Only a job that read its document is an
// answer (not one answered from the cache itself), and only if it started
// after the account's supplier examples last changed: a review that taught
// something, or examples deleted, make the next upload read again.
func (s *Store) CachedJob(ctx context.Context, accountID, cacheKey string) (Job, error) {
	j, err := scanJob(s.r.QueryRowContext(ctx,
		`SELECT `+jobSelect+` FROM jobs
		  WHERE account_id = $1 AND cache_key = $2 AND status = 'completed' AND cache_hit = 0
		    AND started_at > (SELECT examples_changed_at FROM accounts WHERE id = $1)
		  ORDER BY completed_at DESC LIMIT 1`, accountID, cacheKey))
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, ErrNotFound
	}
	if err != nil {
		return Job{}, fmt.Errorf("get cached job: %w", err)
	}
	return j, nil
}

// StartJob marks job id as processing for the given attempt (counted by the
// queue when it claimed the job). It reports false, and changes nothing, when
// the job already ended.
func (s *Store) StartJob(ctx context.Context, id string, attempt int) (Job, bool, error) {
	now := millis(s.Now())
	res, err := s.w.ExecContext(ctx,
		`UPDATE jobs SET status = 'processing', started_at = $1, attempt_count = $2
		  WHERE id = $3 AND status IN ('pending', 'processing')`, now, attempt, id)
	if err != nil {
		return Job{}, false, fmt.Errorf("start job: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Job{}, false, nil
	}
	j, err := s.JobByID(ctx, id)
	if err != nil {
		return Job{}, false, err
	}
	return j, true, nil
}

// Completion is what a finished extraction writes on its job.
type Completion struct {
	Confidence float64
	Model      string
	Flags      json.RawMessage
	Result     json.RawMessage
	Extra      json.RawMessage
	Documents  json.RawMessage
}

// CompleteJobTx marks a processing job completed inside tx. It reports false
// when the job was not processing (already ended by another run).
func (tx *Tx) CompleteJob(ctx context.Context, id string, c Completion) (bool, error) {
	now := tx.s.Now()
	res, err := tx.tx.ExecContext(ctx,
		`UPDATE jobs SET status = 'completed', completed_at = $1,
		        processing_ms = CASE WHEN started_at IS NULL OR started_at > $1 THEN 0 ELSE $1 - started_at END,
		        confidence = $2, model = $3, validation_flags = $4, result = $5, extra = $6,
		        documents = $8, error = NULL, error_code = NULL
		  WHERE id = $7 AND status IN ('pending', 'processing')`,
		millis(now), c.Confidence, c.Model, nullJSON(c.Flags), nullJSON(c.Result), nullJSON(c.Extra), id, nullJSON(c.Documents))
	if err != nil {
		return false, fmt.Errorf("complete job: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// FailJobTx marks an unfinished job failed inside tx, with a human-readable
// message and a machine code. It reports false when the job had already ended.
func (tx *Tx) FailJob(ctx context.Context, id, code, message string) (bool, error) {
	now := tx.s.Now()
	res, err := tx.tx.ExecContext(ctx,
		`UPDATE jobs SET status = 'failed', completed_at = $1,
		        processing_ms = CASE WHEN started_at IS NULL THEN NULL WHEN started_at > $1 THEN 0 ELSE $1 - started_at END,
		        error = $2, error_code = $3
		  WHERE id = $4 AND status IN ('pending', 'processing')`,
		millis(now), message, code, id)
	if err != nil {
		return false, fmt.Errorf("fail job: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// ChargeAttemptTx counts one more attempt against the document of job id,
// inside tx.
func (tx *Tx) ChargeAttempt(ctx context.Context, id string) error {
	if _, err := tx.tx.ExecContext(ctx, `UPDATE jobs SET charged_attempts = charged_attempts + 1 WHERE id = $1`, id); err != nil {
		return fmt.Errorf("charge attempt: %w", err)
	}
	return nil
}

// RequeueJob puts a job whose attempt failed for a transient reason back to
// pending, to wait for its next attempt. charged counts the attempt against
// the document (ChargedAttempts).
func (s *Store) RequeueJob(ctx context.Context, id string, charged bool) error {
	add := 0
	if charged {
		add = 1
	}
	_, err := s.w.ExecContext(ctx,
		`UPDATE jobs SET status = 'pending', charged_attempts = charged_attempts + $2
		  WHERE id = $1 AND status = 'processing'`, id, add)
	if err != nil {
		return fmt.Errorf("requeue job: %w", err)
	}
	return nil
}

// QueueStats describes the work waiting, for estimating processing times.
type QueueStats struct {
	Open         int     // jobs pending or processing
	RecentAvgMS  float64 // mean processing time of the last finished jobs; 0 when none
	RecentSample int     // how many finished jobs the mean is over
}

// Stats returns the current QueueStats.
func (s *Store) Stats(ctx context.Context) (QueueStats, error) {
	var st QueueStats
	err := s.r.QueryRowContext(ctx,
		`SELECT COUNT(*) FROM jobs WHERE status IN ('pending', 'processing')`).Scan(&st.Open)
	if err != nil {
		return QueueStats{}, fmt.Errorf("count open jobs: %w", err)
	}
	var avg sql.NullFloat64
	err = s.r.QueryRowContext(ctx,
		`SELECT AVG(processing_ms), COUNT(*) FROM (
		    SELECT processing_ms FROM jobs
		     WHERE processing_ms IS NOT NULL AND cache_hit = 0
		     ORDER BY completed_at DESC LIMIT 50) AS recent`).Scan(&avg, &st.RecentSample)
	if err != nil {
		return QueueStats{}, fmt.Errorf("average processing time: %w", err)
	}
	st.RecentAvgMS = avg.Float64
	return st, nil
}

// OpenJobs counts an account's jobs that are pending or processing, up to
// limit: callers only need to know whether a backlog passes a size.
func (s *Store) OpenJobs(ctx context.Context, accountID string, limit int) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx,
		`SELECT COUNT(*) FROM (
		    SELECT 1 FROM jobs
		     WHERE account_id = $1 AND status IN ('pending', 'processing')
		     LIMIT $2) AS open`, accountID, limit).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count open jobs of account: %w", err)
	}
	return n, nil
}

// CountByStatus returns how many jobs are in each state.
func (s *Store) CountByStatus(ctx context.Context) (map[string]int, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT status, COUNT(*) FROM jobs GROUP BY status`)
	if err != nil {
		return nil, fmt.Errorf("count jobs: %w", err)
	}
	defer rows.Close()
	out := map[string]int{StatusPending: 0, StatusProcessing: 0, StatusCompleted: 0, StatusFailed: 0}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, fmt.Errorf("count jobs: %w", err)
		}
		out[st] = n
	}
	return out, rows.Err()
}

// Orphan is an unfinished job whose queue entry ended without the job ending:
// its worker died on the queue's last attempt, or the entry was cancelled.
type Orphan struct {
	ID       string
	Attempts int
}

// Claimed is a job being processed, and its queue entry.
type Claimed struct {
	ID         string
	QueueJobID int64
	Attempts   int
}

// ProcessingJobs lists the jobs being processed whose queue entry id is
// above after, by entry id, at most limit of them: the candidates for
// orphans (package jobs compares them with their queue entries).
func (s *Store) ProcessingJobs(ctx context.Context, after int64, limit int) ([]Claimed, error) {
	rows, err := s.w.QueryContext(ctx,
		`SELECT id, queue_job_id, attempt_count FROM jobs
		  WHERE status = 'processing' AND queue_job_id > $1
		  ORDER BY queue_job_id LIMIT $2`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("list processing jobs: %w", err)
	}
	defer rows.Close()
	var out []Claimed
	for rows.Next() {
		var c Claimed
		if err := rows.Scan(&c.ID, &c.QueueJobID, &c.Attempts); err != nil {
			return nil, fmt.Errorf("list processing jobs: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// FailOrphan ends an orphan job as failed, recording the attempts its queue
// entry made. ended, when not nil, is called in the same transaction once
// the job has failed.
func (s *Store) FailOrphan(ctx context.Context, o Orphan, code, message string, ended func(ctx context.Context, tx *Tx, id string) error) error {
	return s.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.tx.ExecContext(ctx,
			`UPDATE jobs SET attempt_count = CASE WHEN attempt_count > $1 THEN attempt_count ELSE $1 END WHERE id = $2`, o.Attempts, o.ID); err != nil {
			return fmt.Errorf("fail orphan: %w", err)
		}
		ok, err := tx.FailJob(ctx, o.ID, code, message)
		if err == nil && ok && ended != nil {
			err = ended(ctx, tx, o.ID)
		}
		return err
	})
}

// RequeueQueued sends the processing jobs of the given queue entries back
// to pending: their entries were returned to the queue after their worker
// process died (see jobs.Rescue). It reports how many jobs it changed.
func (s *Store) RequeueQueued(ctx context.Context, queueIDs []int64) (int, error) {
	n := 0
	err := s.InTx(ctx, func(tx *Tx) error {
		for _, qid := range queueIDs {
			res, err := tx.tx.ExecContext(ctx,
				`UPDATE jobs SET status = 'pending' WHERE queue_job_id = $1 AND status = 'processing'`, qid)
			if err != nil {
				return fmt.Errorf("requeue jobs: %w", err)
			}
			k, _ := res.RowsAffected()
			n += int(k)
		}
		return nil
	})
	return n, err
}

// DatabaseTime is the database's clock: PostgreSQL's now(), which stamps
// the queue's attempts; the process's clock for the embedded database.
func (s *Store) DatabaseTime(ctx context.Context) (time.Time, error) {
	if s.pg == nil {
		return time.Now(), nil
	}
	var t time.Time
	if err := s.w.QueryRowContext(ctx, `SELECT now()`).Scan(&t); err != nil {
		return time.Time{}, fmt.Errorf("read database time: %w", err)
	}
	return t, nil
}

// CompletionTimes returns the start of the earliest completed job and the
// completion times of every completed job, in milliseconds since the epoch
// (for throughput measurements: invex bench-scale).
func (s *Store) CompletionTimes(ctx context.Context) (first int64, done []int64, err error) {
	rows, err := s.w.QueryContext(ctx,
		`SELECT started_at, completed_at FROM jobs WHERE status = 'completed' AND started_at IS NOT NULL`)
	if err != nil {
		return 0, nil, fmt.Errorf("read job times: %w", err)
	}
	defer rows.Close()
	first = -1
	for rows.Next() {
		var st, c int64
		if err := rows.Scan(&st, &c); err != nil {
			return 0, nil, fmt.Errorf("read job times: %w", err)
		}
		if first < 0 || st < first {
			first = st
		}
		done = append(done, c)
	}
	return first, done, rows.Err()
}
