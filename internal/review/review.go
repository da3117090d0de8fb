// Package review lets a person correct and approve a completed job's
// result, through the API (PATCH /v1/jobs/{id}/result) and the dashboard's
// review screen alike.
//
// A correction is a JSON merge patch (RFC 7396) of the result. Each value
// is typed by its field's parser (package extract/learn): a number or a
// string for an amount ("1.234,50" in an Italian invoice), an ISO or a
// printed date, a VAT id with or without spaces. The corrected result is
// checked by the engine's own validation (package extract/validate), so
// its flags say whether the arithmetic and the checksums now hold.
//
// Corrections wait as a draft until approved. Approving stores a new
// revision of the result (the engine's own output is kept), sends the
// job.reviewed webhook event, and asks a worker to learn from it: where
// each corrected value sat on the page becomes an example for the
// supplier's next invoices (submit.LearnArgs).
package review

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/learn"
	"github.com/invex/invex/extract/validate"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/invoice"
)

// Enqueuer adds a queue entry inside a store transaction.
type Enqueuer interface {
	InsertTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Service reviews jobs.
type Service struct {
	Store *store.Store
	// Queue takes the learning of approved revisions (submit.LearnArgs);
	// nil learns nothing.
	Queue Enqueuer
	// Reviewed, when set, is called in the transaction that approves a
	// revision: the webhook's job.reviewed event.
	Reviewed func(ctx context.Context, tx *store.Tx, id string) error
	// Learn returns the queue entry that learns from a revision.
	Learn func(jobID string, revision int) river.JobArgs
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Change is one step of a review.
type Change struct {
	// Patch is a JSON merge patch of the result; empty changes nothing.
	Patch json.RawMessage
	// Pointed are the boxes the reviewer pointed at for fields of the
	// patch (path → page and box), evidence of where the values sit.
	Pointed map[string]layout.Evidence
	// Approve approves the result with the patch applied.
	Approve bool
}

// Errors of a review.
var (
	// ErrInvalid wraps every error in the patch: see FieldError.
	ErrInvalid = errors.New("invalid review")
	// ErrNoResult is returned for a job without a result to review.
	ErrNoResult = errors.New("the job has no result to review: only completed jobs are reviewed")
)

// FieldError is an invalid value of a patch.
type FieldError struct {
	Path   string
	Reason string
}

func (e *FieldError) Error() string {
	if e.Path == "" {
		return e.Reason
	}
	return e.Path + ": " + e.Reason
}

// Is makes every FieldError an ErrInvalid.
func (e *FieldError) Is(target error) bool { return target == ErrInvalid }

// Original returns the engine's own result of a completed job.
func Original(j store.Job) (invoice.Result, error) {
	return decode(j.Result)
}

// Current returns the result a review works on: the draft, else the last
// approved revision, else the engine's.
func Current(j store.Job) (invoice.Result, error) {
	switch {
	case len(j.Review.Draft) > 0:
		return decode(j.Review.Draft)
	case j.Review.Approved():
		return decode(j.Review.Result)
	}
	return decode(j.Result)
}

func decode(b json.RawMessage) (invoice.Result, error) {
	var r invoice.Result
	if err := json.Unmarshal(b, &r); err != nil {
		return invoice.Result{}, fmt.Errorf("decode result: %w", err)
	}
	r.Normalize()
	return r, nil
}

// Outcome is what a step of a review left.
type Outcome struct {
	Job store.Job
	// Result is the reviewed result and Flags its findings.
	Result invoice.Result
	Flags  []invoice.Finding
	// Corrected lists the fields that differ from the engine's result.
	Corrected []string
	// Revision is the approved revision, 0 for a draft.
	Revision int
}

// maxTries bounds how often a step is applied again when another
// reviewer changed the review meanwhile.
const maxTries = 20

// Apply applies one step of a review to job id of the account. When
// another step changed the review since it was read, the patch is applied
// again to the newer review: patches of different fields both hold, and
// of the same field the later wins. A review that keeps changing under it
// is store.ErrReviewChanged.
func (s *Service) Apply(ctx context.Context, accountID, id string, c Change) (Outcome, error) {
	for try := 1; ; try++ {
		out, err := s.apply(ctx, accountID, id, c)
		if !errors.Is(err, store.ErrReviewChanged) || try == maxTries {
			return out, err
		}
		// The steps that collided try again at different moments.
		select {
		case <-ctx.Done():
			return Outcome{}, ctx.Err()
		case <-time.After(time.Duration(rand.IntN(5*try)+1) * time.Millisecond):
		}
	}
}

func (s *Service) apply(ctx context.Context, accountID, id string, c Change) (Outcome, error) {
	j, err := s.Store.Job(ctx, accountID, id)
	if err != nil {
		return Outcome{}, err
	}
	if j.Status != store.StatusCompleted || len(j.Result) == 0 {
		return Outcome{}, ErrNoResult
	}
	orig, err := Original(j)
	if err != nil {
		return Outcome{}, err
	}
	cur, err := Current(j)
	if err != nil {
		return Outcome{}, err
	}
	res, err := Patch(cur, c.Patch, j.Locale)
	if err != nil {
		return Outcome{}, err
	}
	base := j.Review.Pointed
	if len(j.Review.Draft) == 0 {
		base = j.Review.ReviewedPointed
	}
	pointed, err := mergePointed(base, c.Pointed, &cur, &res)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Result: res, Flags: nonNil(validate.Flags(res)), Corrected: learn.Diff(&orig, &res)}
	resJSON, err := json.Marshal(res)
	if err != nil {
		return Outcome{}, fmt.Errorf("encode result: %w", err)
	}
	if !c.Approve {
		if err := s.Store.SaveDraft(ctx, accountID, id, j.Review.Version, resJSON, pointed); err != nil {
			return Outcome{}, noResult(err)
		}
	} else {
		flags, err := json.Marshal(out.Flags)
		if err != nil {
			return Outcome{}, fmt.Errorf("encode flags: %w", err)
		}
		err = s.Store.InTx(ctx, func(tx *store.Tx) error {
			n, err := tx.ApproveJob(ctx, store.Revision{JobID: id, AccountID: accountID, Version: j.Review.Version,
				Result: resJSON, Flags: flags, Corrected: out.Corrected, Pointed: pointed, CreatedAt: s.now()})
			if err != nil {
				return err
			}
			out.Revision = n
			if s.Queue != nil && s.Learn != nil {
				if _, err := s.Queue.InsertTx(ctx, tx, s.Learn(id, n), nil); err != nil {
					return fmt.Errorf("approve job: ask to learn: %w", err)
				}
			}
			if s.Reviewed != nil {
				return s.Reviewed(ctx, tx, id)
			}
			return nil
		})
		if err != nil {
			return Outcome{}, noResult(err)
		}
	}
	out.Job, err = s.Store.Job(ctx, accountID, id)
	return out, err
}

func noResult(err error) error {
	if errors.Is(err, store.ErrNotCompleted) {
		return ErrNoResult
	}
	return err
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func nonNil(f []invoice.Finding) []invoice.Finding {
	if f == nil {
		return []invoice.Finding{}
	}
	return f
}

// mergePointed adds the boxes pointed at in this step to those kept,
// for fields of the result only. A kept box goes when its field is gone
// or was changed in this step without a box (the box no longer shows the
// value).
func mergePointed(old json.RawMessage, add map[string]layout.Evidence, before, r *invoice.Result) (json.RawMessage, error) {
	all := map[string]layout.Evidence{}
	if len(old) > 0 {
		json.Unmarshal(old, &all)
	}
	for _, p := range learn.Diff(before, r) {
		delete(all, p)
	}
	for p := range all {
		if _, err := learn.Get(r, p); err != nil {
			delete(all, p)
		}
	}
	for path, e := range add {
		if _, err := learn.Get(r, path); err != nil {
			return nil, &FieldError{Path: path, Reason: "evidence for a field the result does not have"}
		}
		if e.Page < 1 || e.Box.X1 < e.Box.X0 || e.Box.Y1 < e.Box.Y0 {
			return nil, &FieldError{Path: path, Reason: "evidence needs a page from 1 and a box with x0 ≤ x1 and y0 ≤ y1"}
		}
		all[path] = e
	}
	if len(all) == 0 {
		return nil, nil
	}
	return json.Marshal(all)
}

// maxPatch bounds the patch of one step.
const maxPatch = 1 << 20

// Patch applies a JSON merge patch (RFC 7396) to r. Every value it sets is
// typed by its field's parser in the job's locale: text in a numeric field
// is read as the document would print it, "1.234,50"; a date is written
// ISO; an identifier is normalised. A line_items array replaces the
// table; null clears a field, or a whole part. The validation object
// cannot be patched, nor can a field the result does not have.
func Patch(r invoice.Result, patch json.RawMessage, locale string) (invoice.Result, error) {
	patch = bytes.TrimSpace(patch)
	if len(patch) == 0 {
		return r, nil
	}
	if len(patch) > maxPatch {
		return invoice.Result{}, &FieldError{Reason: "the patch is larger than 1 MiB"}
	}
	var p map[string]json.RawMessage
	if err := json.Unmarshal(patch, &p); err != nil {
		return invoice.Result{}, &FieldError{Reason: "the patch must be a JSON object: a merge patch of the result"}
	}
	out := r
	out.LineItems = append([]invoice.LineItem(nil), r.LineItems...)
	keys := sortedKeys(p)
	for _, group := range keys {
		raw := p[group]
		if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) && group != "validation" {
			// RFC 7396's null removes a member: here it clears the part.
			if err := clearPart(&out, group); err != nil {
				return invoice.Result{}, err
			}
			continue
		}
		switch group {
		case "vendor", "buyer", "invoice", "financials":
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
				return invoice.Result{}, &FieldError{Path: group, Reason: "an object of fields is expected"}
			}
			for _, name := range sortedKeys(fields) {
				path := group + "." + name
				if err := setField(&out, path, fields[name], locale); err != nil {
					return invoice.Result{}, err
				}
			}
		case "line_items":
			items, err := lineItems(raw, locale)
			if err != nil {
				return invoice.Result{}, err
			}
			out.LineItems = items
		case "validation":
			return invoice.Result{}, &FieldError{Path: group, Reason: "the validation object is the engine's and cannot be changed"}
		default:
			return invoice.Result{}, &FieldError{Path: group, Reason: "the result has no such part"}
		}
	}
	out.Normalize()
	return out, nil
}

// clearPart sets every field of one part of r to null (an empty table
// for line_items).
func clearPart(r *invoice.Result, group string) error {
	if group == "line_items" {
		r.LineItems = []invoice.LineItem{}
		return nil
	}
	found := false
	for _, p := range learn.Fields() {
		if strings.HasPrefix(p, group+".") {
			learn.Set(r, p, nil)
			found = true
		}
	}
	if !found {
		return &FieldError{Path: group, Reason: "the result has no such part"}
	}
	return nil
}

// maxItems bounds the line items of a patch.
const maxItems = 5000

func lineItems(raw json.RawMessage, locale string) ([]invoice.LineItem, error) {
	var rows []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &rows); err != nil {
		return nil, &FieldError{Path: "line_items", Reason: "an array of line items is expected"}
	}
	if len(rows) > maxItems {
		return nil, &FieldError{Path: "line_items", Reason: "more than " + strconv.Itoa(maxItems) + " line items"}
	}
	tmp := invoice.Result{LineItems: make([]invoice.LineItem, len(rows))}
	for i, row := range rows {
		for _, name := range sortedKeys(row) {
			path := fmt.Sprintf("line_items[%d].%s", i, name)
			if err := setField(&tmp, path, row[name], locale); err != nil {
				return nil, err
			}
		}
	}
	return tmp.LineItems, nil
}

// setField sets one field from its JSON value: null clears it, a number
// sets a numeric field, a string is read by the field's parser.
func setField(r *invoice.Result, path string, raw json.RawMessage, locale string) error {
	t, _, err := learn.TypeOf(path)
	if err != nil {
		return &FieldError{Path: path, Reason: "the result has no such field"}
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return &FieldError{Path: path, Reason: "not a JSON value"}
	}
	var val any
	switch x := v.(type) {
	case nil:
	case json.Number:
		if !t.Numeric() {
			return &FieldError{Path: path, Reason: "text is expected, not a number"}
		}
		f, err := x.Float64()
		if err != nil {
			return &FieldError{Path: path, Reason: "the number is out of range"}
		}
		val = f
	case string:
		if x == "" {
			break
		}
		p, err := learn.ParseType(t, x, locale)
		if err != nil {
			return &FieldError{Path: path, Reason: err.Error()}
		}
		val = p
	default:
		return &FieldError{Path: path, Reason: "a string, a number or null is expected"}
	}
	if err := learn.Set(r, path, val); err != nil {
		return &FieldError{Path: path, Reason: err.Error()}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
