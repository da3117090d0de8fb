package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivertype"

	"github.com/invex/invex/internal/store"
)

// Backoff spaces the attempts of a job: the wait after attempt n is
// Base·2^(n-1), at most Max. The same schedule serves attempts that returned
// an error and attempts lost with their worker process, so a job caught in
// a crash loop is tried less and less often.
type Backoff struct {
	Base time.Duration // default 1 s
	Max  time.Duration // default 1 min
}

// DefaultBackoff is the back-off of the service: a job's ten rescues span
// about five minutes (1 + 2 + … + 32 s, then a minute each), long enough to
// ride out a restart or a short database outage, short enough that a job
// the service cannot run fails within minutes rather than hours.
var DefaultBackoff = Backoff{Base: time.Second, Max: time.Minute}

// After returns the wait after attempt n (1-based).
func (b Backoff) After(n int) time.Duration {
	if b.Base <= 0 {
		b.Base = DefaultBackoff.Base
	}
	if b.Max <= 0 {
		b.Max = DefaultBackoff.Max
	}
	d := b.Base
	for i := 1; i < n && d < b.Max; i++ {
		d *= 2
	}
	return min(d, b.Max)
}

// rescueBatch is how many stuck entries one query of Rescue takes.
const rescueBatch = 200

// Rescue returns to the queue every entry still running whose attempt
// started before horizon: its worker process is taken for dead. An entry
// with attempts left waits for its back-off and its job goes back to
// pending; an entry on the queue's last attempt is discarded, and its job
// is then failed by the orphan sweep (Sweeper). Each rescue is recorded in
// the entry's errors. The queue is touched only through its driver's API.
//
// The write changes only entries still running (the driver's
// JobSetStateIfRunningMany, which the queue uses to end attempts), so an
// entry that ended, or that another sweeper rescued, between the read and
// the write is left as it is.
//
// It reports how many entries it rescued.
func Rescue(ctx context.Context, q riverdriver.Executor, st *store.Store, horizon time.Time, b Backoff) (int, error) {
	total := 0
	var after int64
	for {
		stuck, err := q.JobGetStuck(ctx, &riverdriver.JobGetStuckParams{AfterID: after, Max: rescueBatch, StuckHorizon: horizon})
		if err != nil {
			return total, fmt.Errorf("list stuck queue entries: %w", err)
		}
		if len(stuck) == 0 {
			return total, nil
		}
		now := time.Now().UTC()
		p := &riverdriver.JobSetStateIfRunningManyParams{Now: &now}
		for _, j := range stuck {
			after = j.ID
			e, err := json.Marshal(rivertype.AttemptError{At: now, Attempt: j.Attempt,
				Error: "worker lost: the attempt was still running after its process was gone or its lease lapsed"})
			if err != nil {
				return total, fmt.Errorf("rescue queue entries: %w", err)
			}
			p.ID = append(p.ID, j.ID)
			p.Attempt = append(p.Attempt, nil)
			p.ErrData = append(p.ErrData, e)
			p.MetadataDoMerge = append(p.MetadataDoMerge, false)
			p.MetadataUpdates = append(p.MetadataUpdates, []byte("{}"))
			if j.Attempt >= j.MaxAttempts {
				p.State = append(p.State, rivertype.JobStateDiscarded)
				p.FinalizedAt = append(p.FinalizedAt, &now)
				p.ScheduledAt = append(p.ScheduledAt, nil)
				continue
			}
			// Available with a later scheduled_at is how the queue itself
			// sets a short retry: fetches skip it until then.
			at := now.Add(b.After(j.Attempt))
			p.State = append(p.State, rivertype.JobStateAvailable)
			p.FinalizedAt = append(p.FinalizedAt, nil)
			p.ScheduledAt = append(p.ScheduledAt, &at)
		}
		// Only entries still running change: one that ended, or that
		// another process rescued, between the read and the write is left
		// as it is.
		rows, err := q.JobSetStateIfRunningMany(ctx, p)
		if err != nil {
			return total, fmt.Errorf("rescue queue entries: %w", err)
		}
		var requeued []int64
		for _, r := range rows {
			switch r.State {
			case rivertype.JobStateAvailable:
				requeued = append(requeued, r.ID)
				total++
			case rivertype.JobStateDiscarded:
				total++
			}
		}
		if _, err := st.RequeueQueued(ctx, requeued); err != nil {
			return total, err
		}
		if len(stuck) < rescueBatch {
			return total, nil
		}
	}
}

// orphanBatch is how many processing jobs one round of Orphans compares
// with their queue entries.
const orphanBatch = 500

// Orphans lists the jobs being processed whose queue entry has ended
// (discarded after the queue's last attempt, cancelled, or completed
// without the job) or is gone. Only processing jobs can be orphans: a
// worker ends the job itself on the queue's last attempt rather than
// returning an error, so the queue discards an entry only when it rescues
// a running one, whose job is processing. The entries are read through the
// queue driver's API.
func Orphans(ctx context.Context, q riverdriver.Executor, st *store.Store) ([]store.Orphan, error) {
	var out []store.Orphan
	var after int64
	for {
		claimed, err := st.ProcessingJobs(ctx, after, orphanBatch)
		if err != nil {
			return nil, err
		}
		if len(claimed) == 0 {
			return out, nil
		}
		ids := make([]int64, len(claimed))
		for i, c := range claimed {
			ids[i] = c.QueueJobID
		}
		after = ids[len(ids)-1]
		rows, err := q.JobGetByIDMany(ctx, &riverdriver.JobGetByIDManyParams{ID: ids})
		if err != nil {
			return nil, fmt.Errorf("read queue entries: %w", err)
		}
		entries := make(map[int64]*rivertype.JobRow, len(rows))
		for _, r := range rows {
			entries[r.ID] = r
		}
		for _, c := range claimed {
			r, ok := entries[c.QueueJobID]
			switch {
			case !ok:
				out = append(out, store.Orphan{ID: c.ID, Attempts: c.Attempts})
			case r.State == rivertype.JobStateDiscarded || r.State == rivertype.JobStateCancelled || r.State == rivertype.JobStateCompleted:
				out = append(out, store.Orphan{ID: c.ID, Attempts: max(r.Attempt, c.Attempts)})
			}
		}
		if len(claimed) < orphanBatch {
			return out, nil
		}
	}
}
