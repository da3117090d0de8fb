package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
)

// DefaultRetentionDays is how long uploaded documents are kept when the
// operator does not say.
const DefaultRetentionDays = 30

// Retention deletes the uploaded documents of finished jobs queued more than
// MaxAge ago. Results stay until the client deletes the job; only the PDF
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
