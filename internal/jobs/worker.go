// Package jobs works extraction jobs: it reads each job's document with the
// extraction engine and stores the result, through the River queue; it
// returns the jobs of dead workers to the queue (Rescue), ends jobs whose
// queue entry ended without them (Sweeper), and deletes old documents
// (Retention). Jobs are created by package submit, which defines the queue
// entries and the attempt limits applied here.
//
// A job's life: pending (queued) → processing (a worker claimed it; the
// attempt is counted at the claim) → completed, or failed. A transient failure
// sends the job back to pending for another attempt after a back-off. A
// document that can never succeed (no text, encrypted, corrupt) fails at once.
//
// Attempts are counted against the document only when the document can be
// to blame: its reader crashed, the reading ran out of time, or the engine
// failed on it. A job fails when its document has used submit.MaxAttempts
// such attempts. Attempts lost for other reasons (the worker process died,
// was stopped, or the database failed) are the service's fault: they are
// retried with a back-off up to submit.MaxRescues times, so an innocent job
// survives a crash loop while a poison file still ends after
// submit.MaxAttempts.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/invoice"
)

// Blobs is where uploaded documents are kept.
type Blobs interface {
	Get(ctx context.Context, key string) ([]byte, error)
	Delete(ctx context.Context, key string) error
}

// Engine is the extraction engine as the worker uses it.
type Engine interface {
	Extract(ctx context.Context, data []byte, opt extract.Options) (extract.Outcome, error)
}

// CompleteTxFunc marks the queue entry of a job completed inside tx, so that
// the job's result and the queue's bookkeeping commit together. It is
// river.JobCompleteTx for the queue's driver.
type CompleteTxFunc func(ctx context.Context, tx *store.Tx, job *river.Job[submit.ExtractArgs]) error

// InsertTxFunc adds an entry to the queue inside tx and returns its id. It
// is the queue client's InsertTx.
type InsertTxFunc func(ctx context.Context, tx *store.Tx, args submit.ExtractArgs) (int64, error)

// startTimeout bounds marking a job processing, which the attempt's own
// cancellation does not stop (see ExtractWorker.Work).
const startTimeout = 10 * time.Second

// ExtractWorker works extraction jobs.
type ExtractWorker struct {
	river.WorkerDefaults[submit.ExtractArgs]

	Store      *store.Store
	Blobs      Blobs
	Engine     Engine
	CompleteTx CompleteTxFunc
	// InsertTx, when set, moves jobs whose document needs OCR to submit.QueueOCR
	// (see there); when nil, OCR runs in the job where it is found.
	InsertTx InsertTxFunc
	// Ended, when set, is called in the transaction that ends a job.
	Ended   submit.EndedTxFunc
	Logger  *slog.Logger
	Metrics *Metrics
	// Backoff spaces the attempts of a job. Zero: DefaultBackoff.
	Backoff Backoff
}

// NextRetry implements river.Worker: the wait before the next attempt of a
// job whose attempt returned an error.
func (w *ExtractWorker) NextRetry(rj *river.Job[submit.ExtractArgs]) time.Time {
	return time.Now().Add(w.Backoff.After(rj.Attempt + rj.Args.Attempts))
}

// Work runs one attempt of an extraction job.
func (w *ExtractWorker) Work(ctx context.Context, rj *river.Job[submit.ExtractArgs]) error {
	id := rj.Args.JobID
	attempt := rj.Attempt + rj.Args.Attempts
	// Marking the job processing is not cancelled with the attempt: a
	// statement cancelled at shutdown may still commit on the server
	// after the requeue below, and leave the job processing with no
	// worker. A cancelled attempt finds out at its next step and requeues.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), startTimeout)
	job, ok, err := w.Store.StartJob(sctx, id, attempt)
	cancel()
	if err != nil {
		// The job may have been marked processing before the error (the
		// read back failed): it goes back to pending rather than staying
		// processing.
		if rerr := w.Store.RequeueJob(context.WithoutCancel(ctx), id, false); rerr != nil {
			w.Logger.Error("requeue job", "job_id", id, "err", rerr)
		}
		return err
	}
	if !ok {
		// The job already ended (an earlier run finished it): nothing to do.
		return w.finish(ctx, rj, nil)
	}
	log := w.Logger.With("job_id", id, "attempt", attempt)
	// Every earlier attempt not charged to the document was lost: its
	// worker process died or was stopped, or the service failed.
	if lost := attempt - 1 - job.ChargedAttempts; lost > submit.MaxRescues {
		return w.fail(ctx, rj, log, &extract.Error{Code: CodeWorkerLost, Permanent: true,
			Message: fmt.Sprintf("processing stopped unexpectedly %d times: the worker processes were lost", lost)}, false)
	}
	start := time.Now()

	data, err := w.Blobs.Get(ctx, job.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return w.fail(ctx, rj, log, &extract.Error{Code: "document_missing", Permanent: true, Err: err,
			Message: "the uploaded document is no longer in storage"}, false)
	}
	if err != nil {
		return w.retryOrFail(ctx, rj, job, log, err)
	}

	deferOCR := w.InsertTx != nil && !rj.Args.OCR
	out, err := w.Engine.Extract(ctx, data, extract.Options{Locale: job.Locale, DeferOCR: deferOCR,
		Examples: Examples{Store: w.Store, AccountID: job.AccountID}})
	if deferOCR && errors.Is(err, extract.ErrNeedsOCR) {
		return w.moveToOCR(ctx, rj, log)
	}
	if err != nil {
		return w.retryOrFail(ctx, rj, job, log, err)
	}
	c, err := Completion(out)
	if err != nil {
		return w.fail(ctx, rj, log, &extract.Error{Code: extract.CodeInternal, Permanent: true, Err: err,
			Message: "the extraction result could not be stored"}, false)
	}
	err = w.finish(ctx, rj, func(tx *store.Tx) error {
		ok, err := tx.CompleteJob(ctx, id, c)
		if err == nil && ok && w.Ended != nil {
			err = w.Ended(ctx, tx, id)
		}
		return err
	})
	if err != nil {
		// Not stored (the attempt was cancelled at shutdown, or the
		// database failed): the job goes back to pending for its next
		// attempt rather than staying "processing".
		return w.retryOrFail(ctx, rj, job, log, err)
	}
	w.Metrics.observe(store.StatusCompleted, time.Since(start))
	log.Info("job completed", "model", out.Model, "pages", out.Pages, "ms", time.Since(start).Milliseconds())
	return nil
}

// moveToOCR puts the job on submit.QueueOCR and ends this queue entry, in one
// transaction that also points the job at its new entry (so that the
// orphan sweep does not take it for lost). The job stays processing.
func (w *ExtractWorker) moveToOCR(ctx context.Context, rj *river.Job[submit.ExtractArgs], log *slog.Logger) error {
	args := submit.ExtractArgs{JobID: rj.Args.JobID, OCR: true, Attempts: rj.Attempt - 1 + rj.Args.Attempts}
	err := w.finish(ctx, rj, func(tx *store.Tx) error {
		qid, err := w.InsertTx(ctx, tx, args)
		if err != nil {
			return fmt.Errorf("move job to the ocr queue: %w", err)
		}
		return tx.SetQueueJobID(ctx, rj.Args.JobID, qid)
	})
	if err != nil {
		return err
	}
	log.Info("job needs OCR: moved to the ocr queue")
	return nil
}

// Completion encodes an outcome as the store keeps it.
func Completion(out extract.Outcome) (store.Completion, error) {
	out.Result.Normalize()
	out.Result.Validation.Confidence = out.Confidence
	res, err := json.Marshal(out.Result)
	if err != nil {
		return store.Completion{}, fmt.Errorf("encode result: %w", err)
	}
	flags := out.Flags
	if flags == nil {
		flags = []invoice.Finding{}
	}
	fl, err := json.Marshal(flags)
	if err != nil {
		return store.Completion{}, fmt.Errorf("encode flags: %w", err)
	}
	var extra []byte
	if len(out.Evidence) > 0 {
		if extra, err = json.Marshal(out.Evidence); err != nil {
			return store.Completion{}, fmt.Errorf("encode evidence: %w", err)
		}
	}
	var docs []byte
	if len(out.Documents) > 0 {
		for i := range out.Documents {
			d := &out.Documents[i]
			d.Result.Normalize()
			d.Result.Validation.Confidence = d.Confidence
			if d.Flags == nil {
				d.Flags = []invoice.Finding{}
			}
		}
		if docs, err = json.Marshal(out.Documents); err != nil {
			return store.Completion{}, fmt.Errorf("encode documents: %w", err)
		}
	}
	return store.Completion{Confidence: out.Confidence, Model: out.Model, Result: res, Flags: fl, Extra: extra, Documents: docs}, nil
}

// CodeWorkerLost is the error code of a job whose attempts were lost to
// dead worker processes more than submit.MaxRescues times.
const CodeWorkerLost = "worker_lost"

// charged reports whether a failed attempt counts against the document: its
// reader crashed, the reading ran out of time, or the engine failed on it.
// Errors from elsewhere (the database, the blob store, a shutdown that
// cancelled the attempt) are the service's and count as rescues.
func charged(err error) (*extract.Error, bool) {
	var xe *extract.Error
	if !errors.As(err, &xe) {
		return &extract.Error{Code: extract.CodeInternal, Err: err, Message: "the document could not be processed"}, false
	}
	return xe, xe.Code != extract.CodeCanceled
}

// retryOrFail ends the job when err is permanent or the job has used its
// attempts, and otherwise sends it back to pending and returns err so that
// the queue tries again after its back-off.
func (w *ExtractWorker) retryOrFail(ctx context.Context, rj *river.Job[submit.ExtractArgs], job store.Job, log *slog.Logger, err error) error {
	xe, charge := charged(err)
	attempt := rj.Attempt + rj.Args.Attempts
	spent := rj.Attempt >= rj.MaxAttempts
	if charge {
		spent = spent || job.ChargedAttempts+1 >= submit.MaxAttempts
	} else {
		spent = spent || attempt-job.ChargedAttempts > submit.MaxRescues
	}
	if xe.Permanent || spent {
		return w.fail(ctx, rj, log, xe, charge)
	}
	log.Warn("job attempt failed; will retry", "code", xe.Code, "charged", charge, "err", err)
	// The job's own context may be what ended; the bookkeeping must still run.
	if rerr := w.Store.RequeueJob(context.WithoutCancel(ctx), rj.Args.JobID, charge); rerr != nil {
		log.Error("requeue job", "err", rerr)
	}
	return err
}

// fail ends the job as failed with xe; charge counts the attempt against
// the document.
func (w *ExtractWorker) fail(ctx context.Context, rj *river.Job[submit.ExtractArgs], log *slog.Logger, xe *extract.Error, charge bool) error {
	ctx = context.WithoutCancel(ctx)
	err := w.finish(ctx, rj, func(tx *store.Tx) error {
		if charge {
			if err := tx.ChargeAttempt(ctx, rj.Args.JobID); err != nil {
				return err
			}
		}
		ok, err := tx.FailJob(ctx, rj.Args.JobID, xe.Code, xe.Message)
		if err == nil && ok && w.Ended != nil {
			err = w.Ended(ctx, tx, rj.Args.JobID)
		}
		return err
	})
	if err != nil {
		return err
	}
	w.Metrics.observe(store.StatusFailed, 0)
	log.Info("job failed", "code", xe.Code, "err", xe)
	return nil
}

// finish runs fn and completes the queue entry in one transaction.
func (w *ExtractWorker) finish(ctx context.Context, rj *river.Job[submit.ExtractArgs], fn func(tx *store.Tx) error) error {
	return w.Store.InTx(ctx, func(tx *store.Tx) error {
		if fn != nil {
			if err := fn(tx); err != nil {
				return err
			}
		}
		return w.CompleteTx(ctx, tx, rj)
	})
}

// Metrics are the worker's Prometheus instruments.
type Metrics struct {
	processing *prometheus.HistogramVec
}

// NewMetrics registers the worker's instruments with reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{processing: prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "invex_job_processing_seconds",
		Help:    "Time from a worker claiming a job to its end, by outcome.",
		Buckets: []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120},
	}, []string{"outcome"})}
	reg.MustRegister(m.processing)
	return m
}

func (m *Metrics) observe(outcome string, d time.Duration) {
	if m == nil {
		return
	}
	m.processing.WithLabelValues(outcome).Observe(d.Seconds())
}

// Sweeper ends jobs whose queue entry ended without them: a worker killed on
// the queue's last attempt leaves the entry discarded and the job
// unfinished. With RescueAfter set (PostgreSQL), it also returns the
// attempts of dead workers to the queue: each round it first rescues the
// entries whose attempt has run longer than RescueAfter (see Rescue), so a
// dead worker's job is back on the queue at most RescueAfter + Interval
// after its attempt started, to run after its back-off.
type Sweeper struct {
	Store *store.Store
	// Queue is the queue's driver executor, through which orphans and stuck
	// entries are found and rescued.
	Queue       riverdriver.Executor
	Backoff     Backoff
	Logger      *slog.Logger
	Interval    time.Duration // default 5 s
	RescueAfter time.Duration // 0: leave stuck entries to the queue's own rescuer
	// Ended, when set, is called in the transaction that fails an orphan.
	Ended submit.EndedTxFunc
}

// Run sweeps until ctx ends.
func (s *Sweeper) Run(ctx context.Context) {
	iv := s.Interval
	if iv <= 0 {
		iv = 5 * time.Second
	}
	t := time.NewTicker(iv)
	defer t.Stop()
	for {
		if err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
			s.Logger.Warn("sweep orphan jobs", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Sweep rescues stuck queue entries (when RescueAfter is set) and fails
// every orphan job once.
func (s *Sweeper) Sweep(ctx context.Context) error {
	if s.RescueAfter > 0 {
		now, err := s.Store.DatabaseTime(ctx)
		if err != nil {
			return err
		}
		n, err := Rescue(ctx, s.Queue, s.Store, now.Add(-s.RescueAfter), s.Backoff)
		if err != nil {
			return err
		}
		if n > 0 {
			s.Logger.Warn("returned jobs of lost workers to the queue", "jobs", n, "rescue_after", s.RescueAfter.String())
		}
	}
	orphans, err := Orphans(ctx, s.Queue, s.Store)
	if err != nil {
		return err
	}
	for _, o := range orphans {
		msg := fmt.Sprintf("processing stopped unexpectedly on %d attempts: the worker processes were lost", o.Attempts)
		if err := s.Store.FailOrphan(ctx, o, CodeWorkerLost, msg, s.Ended); err != nil {
			return err
		}
		s.Logger.Warn("job failed: worker lost", "job_id", o.ID, "attempts", o.Attempts)
	}
	return nil
}
