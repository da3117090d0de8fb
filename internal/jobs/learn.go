package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/learn"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/invoice"
)

// Layouter reads the words of a document's pages; the engine is one.
type Layouter interface {
	Layout(ctx context.Context, data []byte, opt extract.Options) (*layout.Document, error)
}

// LearnWorker learns from approved reviews (submit.LearnArgs): each
// corrected value of the revision is found on the job's document and kept,
// with its place and label, as an example of the supplier (the reviewed
// vendor's VAT id) within the job's account.
type LearnWorker struct {
	river.WorkerDefaults[submit.LearnArgs]

	Store  *store.Store
	Blobs  PageBlobs
	Engine Layouter
	Logger *slog.Logger
}

// Timeout bounds one learning: it reads the document's pages once.
func (w *LearnWorker) Timeout(*river.Job[submit.LearnArgs]) time.Duration { return 2 * time.Minute }

// Work learns from one approved revision. A job deleted since, or one
// whose document is gone, teaches nothing.
func (w *LearnWorker) Work(ctx context.Context, rj *river.Job[submit.LearnArgs]) error {
	j, err := w.Store.JobByID(ctx, rj.Args.JobID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	rev, err := w.Store.JobRevision(ctx, j.ID, rj.Args.Revision)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	var res invoice.Result
	if err := json.Unmarshal(rev.Result, &res); err != nil {
		return fmt.Errorf("learn: decode revision: %w", err)
	}
	supplier := ""
	if res.Vendor.VATNumber != nil {
		supplier = learn.SupplierKey(*res.Vendor.VATNumber)
	}
	log := w.Logger.With("job_id", j.ID, "revision", rev.Revision)
	if supplier == "" || j.BlobKey == "" || document.Kind(j.Kind).Structured() {
		log.Info("learn: nothing to learn (no supplier VAT id, or no page)")
		return nil
	}
	fields := scalarFields(rev.Corrected)
	if len(fields) == 0 {
		return nil
	}
	data, err := w.Blobs.Get(ctx, j.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("learn: %w", err)
	}
	doc, err := w.Engine.Layout(ctx, data, extract.Options{Locale: j.Locale})
	if err != nil {
		var xe *extract.Error
		if errors.As(err, &xe) && xe.Permanent {
			log.Warn("learn: the document cannot be read", "err", err)
			return nil
		}
		return fmt.Errorf("learn: %w", err)
	}
	pointed := map[string]layout.Evidence{}
	if len(rev.Pointed) > 0 {
		json.Unmarshal(rev.Pointed, &pointed)
	}
	name := ""
	if res.Vendor.Name != nil {
		name = *res.Vendor.Name
	}
	now := time.Now().UTC()
	var exs []store.SupplierExample
	for _, path := range fields {
		v, _ := learn.Get(&res, path)
		if v == nil {
			continue
		}
		var hint *layout.Evidence
		if e, ok := pointed[path]; ok {
			hint = &e
		}
		ex, ok := learn.Locate(doc, path, v, hint, j.Locale)
		if !ok {
			log.Info("learn: the reviewed value is not printed on the page", "field", path)
			continue
		}
		b, err := json.Marshal(ex)
		if err != nil {
			return fmt.Errorf("learn: %w", err)
		}
		exs = append(exs, store.SupplierExample{ID: uuid.NewString(), AccountID: j.AccountID, Supplier: supplier,
			SupplierName: name, Field: path, Example: b, JobID: j.ID, CreatedAt: now})
	}
	if err := w.Store.AddExamples(ctx, exs); err != nil {
		return fmt.Errorf("learn: %w", err)
	}
	log.Info("learned from a review", "supplier", supplier, "examples", len(exs))
	return nil
}

// scalarFields keeps the paths of scalar fields: line items are not
// learned.
func scalarFields(paths []string) []string {
	var out []string
	for _, p := range paths {
		if _, row, err := learn.TypeOf(p); err == nil && row < 0 {
			out = append(out, p)
		}
	}
	return out
}

// Examples reads an account's supplier examples for the engine
// (extract.ExampleSource).
type Examples struct {
	Store     *store.Store
	AccountID string
}

// Examples returns the examples of the suppliers named, newest first,
// read in one query.
func (e Examples) Examples(ctx context.Context, suppliers []string) (map[string][]learn.Example, error) {
	stored, err := e.Store.SupplierExamples(ctx, e.AccountID, suppliers...)
	if err != nil {
		return nil, err
	}
	out := map[string][]learn.Example{}
	for _, s := range stored {
		var ex learn.Example
		if json.Unmarshal(s.Example, &ex) == nil {
			out[s.Supplier] = append(out[s.Supplier], ex)
		}
	}
	return out, nil
}
