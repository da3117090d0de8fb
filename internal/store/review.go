package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Review states of a job (Review.Status).
const (
	ReviewPending  = "pending"
	ReviewApproved = "approved"
)

// Review is a person's review of a completed job's result. The engine's
// own output (Job.Result, Job.Flags, Job.Extra) is never changed by it.
type Review struct {
	// Status is empty until a review starts, ReviewPending while a draft
	// waits, ReviewApproved once approved with no newer draft.
	Status string
	// Revision counts the approved revisions.
	Revision int
	// Version counts every change of the review (drafts and approvals):
	// SaveDraft and ApproveJob apply only to the version they were read
	// at, and answer ErrReviewChanged otherwise.
	Version int
	// ReviewedAt is when the last revision was approved.
	ReviewedAt *time.Time
	// Result and Flags are the last approved result and its findings;
	// Corrected lists the paths of its fields that differ from the
	// engine's.
	Result    json.RawMessage
	Flags     json.RawMessage
	Corrected []string
	// Draft is a result with corrections not yet approved, and Pointed the
	// boxes the reviewer pointed at for its fields (path → evidence).
	Draft   json.RawMessage
	Pointed json.RawMessage
	// ReviewedPointed are the boxes pointed at for the approved revision.
	ReviewedPointed json.RawMessage
}

// Approved reports whether a revision was approved.
func (r Review) Approved() bool { return r.Revision > 0 && len(r.Result) > 0 }

type reviewColumns struct {
	status                                       sql.NullString
	at                                           sql.NullInt64
	result, flags, corrected, draft, poin, rpoin sql.NullString
}

func (c *reviewColumns) fill(r *Review) {
	r.Status = c.status.String
	r.ReviewedAt = fromMillis(c.at)
	if c.result.Valid {
		r.Result = json.RawMessage(c.result.String)
	}
	if c.flags.Valid {
		r.Flags = json.RawMessage(c.flags.String)
	}
	if c.corrected.Valid {
		json.Unmarshal([]byte(c.corrected.String), &r.Corrected)
	}
	if c.draft.Valid {
		r.Draft = json.RawMessage(c.draft.String)
	}
	if c.poin.Valid {
		r.Pointed = json.RawMessage(c.poin.String)
	}
	if c.rpoin.Valid {
		r.ReviewedPointed = json.RawMessage(c.rpoin.String)
	}
}

// Errors of reviews.
var (
	// ErrNotCompleted is returned when reviewing a job that has no result.
	ErrNotCompleted = errors.New("the job has no result to review")
	// ErrReviewChanged is returned when the review changed since it was
	// read (another reviewer's change): read it again and reapply.
	ErrReviewChanged = errors.New("the review changed since it was read")
)

// SaveDraft keeps the corrections of a completed job's result that are
// not yet approved: draft is the whole corrected result, pointed the boxes
// the reviewer pointed at. The review becomes pending. version is the
// review's Version when it was read.
func (s *Store) SaveDraft(ctx context.Context, accountID, id string, version int, draft, pointed json.RawMessage) error {
	res, err := s.w.ExecContext(ctx,
		`UPDATE jobs SET draft_result = $1, draft_pointed = $2, review_status = 'pending', review_version = review_version + 1
		  WHERE id = $3 AND account_id = $4 AND status = 'completed' AND review_version = $5`,
		nullJSON(draft), nullJSON(pointed), id, accountID, version)
	if err != nil {
		return fmt.Errorf("save review draft: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		j, err := s.Job(ctx, accountID, id)
		if err != nil {
			return err
		}
		return reviewMiss(j, version)
	}
	return nil
}

// reviewMiss tells why a review's update of job j touched nothing.
func reviewMiss(j Job, version int) error {
	if j.Status != StatusCompleted {
		return ErrNotCompleted
	}
	if j.Review.Version != version {
		return ErrReviewChanged
	}
	return ErrNotCompleted
}

// Revision is an approved revision of a job's result.
type Revision struct {
	JobID     string
	AccountID string
	// Version is the review's Version the revision was made from.
	Version   int
	Revision  int
	Result    json.RawMessage
	Flags     json.RawMessage
	Corrected []string
	Pointed   json.RawMessage
	CreatedAt time.Time
}

// ApproveJob stores rev as the next approved revision of a completed job
// of the account, inside tx, and returns its number. The draft is
// cleared. A review changed since rev.Version is ErrReviewChanged.
func (tx *Tx) ApproveJob(ctx context.Context, rev Revision) (int, error) {
	corrected, err := json.Marshal(nonNil(rev.Corrected))
	if err != nil {
		return 0, fmt.Errorf("approve job: %w", err)
	}
	now := millis(rev.CreatedAt)
	var n int
	err = tx.tx.QueryRowContext(ctx,
		`UPDATE jobs SET review_status = 'approved', review_revision = review_revision + 1, reviewed_at = $1,
		        reviewed_result = $2, reviewed_flags = $3, corrected_fields = $4, reviewed_pointed = $7,
		        draft_result = NULL, draft_pointed = NULL, review_version = review_version + 1
		  WHERE id = $5 AND account_id = $6 AND status = 'completed' AND review_version = $8
		  RETURNING review_revision`,
		now, string(rev.Result), string(rev.Flags), string(corrected), rev.JobID, rev.AccountID, nullJSON(rev.Pointed),
		rev.Version).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		j, err := tx.Job(ctx, rev.JobID)
		if err != nil {
			return 0, err
		}
		if j.AccountID != rev.AccountID {
			return 0, ErrNotFound
		}
		return 0, reviewMiss(j, rev.Version)
	}
	if err != nil {
		return 0, fmt.Errorf("approve job: %w", err)
	}
	_, err = tx.tx.ExecContext(ctx,
		`INSERT INTO job_revisions (job_id, revision, account_id, result, validation_flags, corrected_fields, pointed, created_at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		rev.JobID, n, rev.AccountID, string(rev.Result), string(rev.Flags), string(corrected), nullJSON(rev.Pointed), now)
	if err != nil {
		return 0, fmt.Errorf("approve job: keep revision: %w", err)
	}
	return n, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// JobRevision returns approved revision n of job id.
func (s *Store) JobRevision(ctx context.Context, id string, n int) (Revision, error) {
	var (
		r                  = Revision{JobID: id, Revision: n}
		result, flags, cor string
		pointed            sql.NullString
		at                 int64
	)
	err := s.w.QueryRowContext(ctx,
		`SELECT account_id, result, validation_flags, corrected_fields, pointed, created_at
		   FROM job_revisions WHERE job_id = $1 AND revision = $2`, id, n).
		Scan(&r.AccountID, &result, &flags, &cor, &pointed, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return Revision{}, ErrNotFound
	}
	if err != nil {
		return Revision{}, fmt.Errorf("get revision: %w", err)
	}
	r.Result, r.Flags = json.RawMessage(result), json.RawMessage(flags)
	json.Unmarshal([]byte(cor), &r.Corrected)
	if pointed.Valid {
		r.Pointed = json.RawMessage(pointed.String)
	}
	r.CreatedAt = time.UnixMilli(at).UTC()
	return r, nil
}

// ReviewedCursor is a position in the list of approved jobs: the last job
// of a page. The list is ordered by approval time, then id, oldest first.
type ReviewedCursor struct {
	ReviewedAt time.Time
	ID         string
}

// ReviewedFilter selects and pages approved jobs for ListReviewed.
type ReviewedFilter struct {
	// From and To bound the approval time (To exclusive); zero is no bound.
	From, To time.Time
	After    *ReviewedCursor
	// Limit is the most jobs returned: DefaultListLimit when 0, at most
	// MaxListLimit.
	Limit int
}

// ListReviewed returns the account's approved jobs, oldest approval first.
func (s *Store) ListReviewed(ctx context.Context, accountID string, f ReviewedFilter) ([]Job, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultListLimit
	}
	limit = min(limit, MaxListLimit)
	where := []string{"account_id = $1", "review_revision > 0", "status = 'completed'"}
	args := []any{accountID}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if !f.From.IsZero() {
		where = append(where, "reviewed_at >= "+arg(millis(f.From)))
	}
	if !f.To.IsZero() {
		where = append(where, "reviewed_at < "+arg(millis(f.To)))
	}
	if f.After != nil {
		at := arg(millis(f.After.ReviewedAt))
		where = append(where, "(reviewed_at > "+at+" OR (reviewed_at = "+at+" AND id > "+arg(f.After.ID)+"))")
	}
	q := `SELECT ` + jobSelect + ` FROM jobs WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY reviewed_at, id LIMIT ` + arg(limit)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list reviewed jobs: %w", err)
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, fmt.Errorf("list reviewed jobs: %w", err)
		}
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list reviewed jobs: %w", err)
	}
	return out, nil
}

// SupplierExample is one example a review left about a supplier's
// invoices (package learn's Example as JSON), within one account.
type SupplierExample struct {
	ID           string
	AccountID    string
	Supplier     string // the key of the supplier's VAT id
	SupplierName string
	Field        string
	Example      json.RawMessage
	JobID        string
	CreatedAt    time.Time
}

// MaxExamplesPerField is how many examples of one field of one supplier
// are kept: the newest.
const MaxExamplesPerField = 3

// AddExamples stores examples, keeping the newest MaxExamplesPerField of
// each field of each supplier, and one per job and field.
func (s *Store) AddExamples(ctx context.Context, exs []SupplierExample) error {
	if len(exs) == 0 {
		return nil
	}
	now := millis(s.Now())
	return s.InTx(ctx, func(tx *Tx) error {
		for _, e := range exs {
			if err := tx.examplesChanged(ctx, e.AccountID, now); err != nil {
				return fmt.Errorf("add example: %w", err)
			}
			// A job teaches one example of a field: a later revision of
			// the same job replaces it.
			_, err := tx.tx.ExecContext(ctx,
				`DELETE FROM supplier_examples WHERE account_id = $1 AND supplier = $2 AND field = $3 AND job_id = $4`,
				e.AccountID, e.Supplier, e.Field, e.JobID)
			if err != nil {
				return fmt.Errorf("add example: replace the job's: %w", err)
			}
			_, err = tx.tx.ExecContext(ctx,
				`INSERT INTO supplier_examples (id, account_id, supplier, supplier_name, field, example, job_id, created_at)
				 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				e.ID, e.AccountID, e.Supplier, e.SupplierName, e.Field, string(e.Example), e.JobID, millis(e.CreatedAt))
			if err != nil {
				return fmt.Errorf("add example: %w", err)
			}
			_, err = tx.tx.ExecContext(ctx,
				`DELETE FROM supplier_examples WHERE account_id = $1 AND supplier = $2 AND field = $3 AND id NOT IN (
				   SELECT id FROM supplier_examples WHERE account_id = $1 AND supplier = $2 AND field = $3
				    ORDER BY created_at DESC, id DESC LIMIT $4)`,
				e.AccountID, e.Supplier, e.Field, MaxExamplesPerField)
			if err != nil {
				return fmt.Errorf("add example: keep the newest: %w", err)
			}
		}
		return nil
	})
}

// SupplierExamples returns the examples of the account's suppliers named
// (one query whatever their number), newest first.
func (s *Store) SupplierExamples(ctx context.Context, accountID string, suppliers ...string) ([]SupplierExample, error) {
	if len(suppliers) == 0 {
		return nil, nil
	}
	args := []any{accountID}
	marks := make([]string, len(suppliers))
	for i, sp := range suppliers {
		args = append(args, sp)
		marks[i] = fmt.Sprintf("$%d", i+2)
	}
	rows, err := s.r.QueryContext(ctx,
		`SELECT id, supplier, supplier_name, field, example, job_id, created_at FROM supplier_examples
		  WHERE account_id = $1 AND supplier IN (`+strings.Join(marks, ", ")+`) ORDER BY created_at DESC, id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("list examples: %w", err)
	}
	defer rows.Close()
	var out []SupplierExample
	for rows.Next() {
		e := SupplierExample{AccountID: accountID}
		var ex string
		var at int64
		if err := rows.Scan(&e.ID, &e.Supplier, &e.SupplierName, &e.Field, &ex, &e.JobID, &at); err != nil {
			return nil, fmt.Errorf("list examples: %w", err)
		}
		e.Example, e.CreatedAt = json.RawMessage(ex), time.UnixMilli(at).UTC()
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list examples: %w", err)
	}
	return out, nil
}

// Supplier sums up the examples kept about one supplier.
type Supplier struct {
	Key      string
	Name     string
	Examples int
	LastAt   time.Time
}

// Suppliers lists the suppliers of the account with examples, the most
// recently taught first.
func (s *Store) Suppliers(ctx context.Context, accountID string) ([]Supplier, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT e.supplier,
		        (SELECT n.supplier_name FROM supplier_examples n WHERE n.account_id = $1 AND n.supplier = e.supplier
		          ORDER BY n.created_at DESC, n.id DESC LIMIT 1),
		        COUNT(*), MAX(e.created_at)
		   FROM supplier_examples e
		  WHERE e.account_id = $1 GROUP BY e.supplier ORDER BY MAX(e.created_at) DESC, e.supplier`, accountID)
	if err != nil {
		return nil, fmt.Errorf("list suppliers: %w", err)
	}
	defer rows.Close()
	var out []Supplier
	for rows.Next() {
		var sp Supplier
		var at int64
		if err := rows.Scan(&sp.Key, &sp.Name, &sp.Examples, &at); err != nil {
			return nil, fmt.Errorf("list suppliers: %w", err)
		}
		sp.LastAt = time.UnixMilli(at).UTC()
		out = append(out, sp)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list suppliers: %w", err)
	}
	return out, nil
}

// DeleteExamples deletes one example of a supplier of the account (id),
// or every one of them (id empty), and returns how many went.
func (s *Store) DeleteExamples(ctx context.Context, accountID, supplier, id string) (int, error) {
	q := `DELETE FROM supplier_examples WHERE account_id = $1 AND supplier = $2`
	args := []any{accountID, supplier}
	if id != "" {
		q += ` AND id = $3`
		args = append(args, id)
	}
	var n int64
	err := s.InTx(ctx, func(tx *Tx) error {
		res, err := tx.tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		if n, _ = res.RowsAffected(); n == 0 {
			return nil
		}
		return tx.examplesChanged(ctx, accountID, millis(s.Now()))
	})
	if err != nil {
		return 0, fmt.Errorf("delete examples: %w", err)
	}
	return int(n), nil
}

// examplesChanged records that the account's supplier examples changed at
// now (Unix milliseconds), so that the result cache no longer answers from
// jobs that started before (see CachedJob).
func (tx *Tx) examplesChanged(ctx context.Context, accountID string, now int64) error {
	_, err := tx.tx.ExecContext(ctx,
		`UPDATE accounts SET examples_changed_at = $1 WHERE id = $2 AND examples_changed_at < $1`, now, accountID)
	if err != nil {
		return fmt.Errorf("mark examples changed: %w", err)
	}
	return nil
}
