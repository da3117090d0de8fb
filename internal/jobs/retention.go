package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
)

// DefaultRetentionDays is how long uploaded documents are kept when the
// operator does not say.
const DefaultRetentionDays = 30

// Retention deletes the uploaded documents of finished jobs queued more than
// MaxAge ago, and the stored documents no job points at (SweepOrphans). Results stay until the client deletes the job; only the PDF
// goes. Each document is deleted from blob storage first and then forgotten
// by its job, so a crash between the two only makes the next round delete it
// again (deleting a missing blob is no error). Any number of processes may
// run it at once.
type Retention struct {
	Store  *store.Store
	Blobs  Blobs
	MaxAge time.Duration
	// Interval is the time between rounds. Default 1 h.
	Interval time.Duration
	// Now is the clock documents' ages are measured by. Default
	// Store.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// retentionBatch is how many documents one query of a round handles.
const retentionBatch = 100

// Run deletes expired documents at once and then every Interval, until ctx
// ends.
func (r *Retention) Run(ctx context.Context) {
	iv := r.Interval
	if iv <= 0 {
		iv = time.Hour
	}
	t := time.NewTicker(iv)
	defer t.Stop()
	for {
		n, err := r.Sweep(ctx)
		if err != nil && ctx.Err() == nil {
			r.Logger.Warn("retention: delete expired documents", "err", err, "deleted", n)
		} else if n > 0 {
			r.Logger.Info("retention: deleted expired documents", "deleted", n, "max_age", r.MaxAge.String())
		}
		n, err = r.SweepOrphans(ctx)
		if err != nil && ctx.Err() == nil {
			r.Logger.Warn("retention: delete documents no job points at", "err", err, "deleted", n)
		} else if n > 0 {
			r.Logger.Info("retention: deleted documents no job points at", "deleted", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Sweep deletes every document older than MaxAge by the Now clock and
// reports how many it deleted.
func (r *Retention) Sweep(ctx context.Context) (int, error) {
	if r.MaxAge <= 0 {
		return 0, fmt.Errorf("retention: max age %s is not positive", r.MaxAge)
	}
	now := r.Store.Now
	if r.Now != nil {
		now = r.Now
	}
	cutoff := now().Add(-r.MaxAge)
	deleted := 0
	for {
		docs, err := r.Store.ExpiredDocuments(ctx, cutoff, retentionBatch)
		if err != nil {
			return deleted, err
		}
		for _, d := range docs {
			if err := blob.DeleteDocument(ctx, r.Blobs, d.BlobKey); err != nil {
				return deleted, fmt.Errorf("retention: delete document of job %s: %w", d.JobID, err)
			}
			if err := r.Store.ForgetDocument(ctx, d, now()); err != nil {
				return deleted, err
			}
			deleted++
		}
		if len(docs) < retentionBatch {
			return deleted, nil
		}
	}
}

// OrphanAge is how old a stored document no job points at must be before
// SweepOrphans deletes it: far longer than a submission takes between
// storing its document and committing its job.
const OrphanAge = time.Hour

// SweepOrphans deletes the documents (and their page images) that no job
// points at and that were written more than OrphanAge ago: those of
// submissions whose process died between storing the document and
// committing the job, or whose commit failed and whose cleanup failed too.
// It needs blob storage that can list (blob.Lister); it reports how many
// documents it deleted.
func (r *Retention) SweepOrphans(ctx context.Context) (int, error) {
	ls, ok := r.Blobs.(blob.Lister)
	if !ok {
		return 0, nil
	}
	now := r.Store.Now
	if r.Now != nil {
		now = r.Now
	}
	cutoff := now().Add(-OrphanAge)
	deleted := 0
	var batch []string
	flush := func() error {
		used, err := r.Store.BlobKeysInUse(ctx, batch)
		if err != nil {
			return err
		}
		for _, k := range batch {
			if used[k] {
				continue
			}
			if err := blob.DeleteDocument(ctx, r.Blobs, k); err != nil {
				return fmt.Errorf("retention: delete orphan document %s: %w", k, err)
			}
			deleted++
		}
		batch = batch[:0]
		return nil
	}
	seen := map[string]bool{}
	err := ls.List(ctx, "documents/", func(key string, modified time.Time) error {
		doc := strings.TrimSuffix(key, blob.PagesKey(""))
		if modified.After(cutoff) || seen[doc] {
			return nil
		}
		seen[doc] = true
		if batch = append(batch, doc); len(batch) == retentionBatch {
			return flush()
		}
		return nil
	})
	if err == nil && len(batch) > 0 {
		err = flush()
	}
	return deleted, err
}
