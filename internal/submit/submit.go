// Package submit accepts submissions: it validates a spooled upload's
// fields, charges one unit of quota and creates the job (job row, quota
// charge and queue entry in one transaction), or completes it at once from
// the account's cache. The API and the dashboard submit through it, with the
// same validation and the same errors. It also defines the queue entries it
// creates (ExtractArgs) and the attempt limits the workers (package jobs)
// apply to them. It never reads a document: it links no part of the engine.
package submit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"os"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/invex/invex/internal/store"
)

// MaxAttempts is how many attempts charged to its document a job is given
// before it fails.
const MaxAttempts = 3

// MaxRescues is how many attempts lost to a dead worker process or to the
// service's own failures a job survives; one more fails it as worker_lost.
const MaxRescues = 10

// QueueMaxAttempts is the queue's own attempt limit of an extraction entry:
// every attempt, whoever is to blame.
const QueueMaxAttempts = MaxAttempts + MaxRescues

// QueueExtract is the queue extraction jobs run on.
const QueueExtract = "extract"

// QueueOCR is the queue of jobs whose document needs OCR. A job starts on
// QueueExtract and moves here when the engine finds scanned pages, so that
// OCR, which takes seconds a page, runs on its own workers and never holds
// up digital documents, which take milliseconds.
const QueueOCR = "ocr"

// ErrStorage wraps a failure to store an accepted document (the blob
// store is out of reach): nothing was charged or queued, and the client
// may send the document again shortly.
var ErrStorage = errors.New("the document could not be stored")

// ExtractArgs is the queue payload of an extraction job.
type ExtractArgs struct {
	JobID string `json:"job_id"`
	// OCR is set on the queue entry of a job moved to QueueOCR.
	OCR bool `json:"ocr,omitempty"`
	// Attempts counts the attempts made on QueueExtract before the move.
	Attempts int `json:"attempts,omitempty"`
}

// Kind names the job kind in the queue.
func (ExtractArgs) Kind() string { return "extract" }

// InsertOpts places extraction jobs on their queue with the queue's attempt
// limit; attempts made before a move to QueueOCR count against it.
func (a ExtractArgs) InsertOpts() river.InsertOpts {
	if a.OCR {
		return river.InsertOpts{Queue: QueueOCR, MaxAttempts: max(1, QueueMaxAttempts-a.Attempts)}
	}
	return river.InsertOpts{Queue: QueueExtract, MaxAttempts: QueueMaxAttempts}
}

// QueuePages is the queue of page-image drawings for the dashboard (see
// DrawArgs): small jobs, never behind extractions.
const QueuePages = "pages"

// DrawArgs asks a worker to draw the pages of a job's document for the
// dashboard and store them beside the document (blob.PagesKey). The
// dashboard asks the first time a job's page is shown, so that the service
// side never reads a PDF and documents nobody looks at cost nothing.
type DrawArgs struct {
	JobID string `json:"job_id"`
}

// Kind names the job kind in the queue.
func (DrawArgs) Kind() string { return "draw_pages" }

// InsertOpts places drawings on QueuePages, one per job at a time.
func (DrawArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePages, MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// LearnArgs asks a worker to learn from an approved review (package
// extract/learn): where the corrected values of revision Revision of job
// JobID sit on its document, kept as examples of its supplier. It runs on
// QueuePages, beside the drawings: small jobs, never behind extractions.
type LearnArgs struct {
	JobID    string `json:"job_id"`
	Revision int    `json:"revision"`
}

// Kind names the job kind in the queue.
func (LearnArgs) Kind() string { return "learn" }

// InsertOpts places learning on QueuePages, once per revision.
func (LearnArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePages, MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// fairBacklog are the sizes of an account's backlog (jobs pending or
// processing) past which its new jobs take the next lower queue priority:
// an account that floods the queue waits behind the others' few jobs
// instead of making them wait behind it. Within a priority jobs run in the
// order they came.
var fairBacklog = []int{8, 64, 512}

// fairPriority is the queue priority (1 first, 4 last) of a new job of an
// account with open jobs already.
func fairPriority(open int) int {
	p := 1
	for _, n := range fairBacklog {
		if open >= n {
			p++
		}
	}
	return p
}

// Blobs is where uploaded documents are kept.
type Blobs interface {
	PutFile(ctx context.Context, key, src string) error
	Delete(ctx context.Context, key string) error
}

// Submission is one upload, already spooled to a local file, with the
// fields its request named. Submit validates the fields.
type Submission struct {
	AccountID    string
	MonthlyQuota int
	// Locale is the language hint as the client sent it: empty for the
	// default, otherwise one of invoice's locales in any case.
	Locale   string
	FileName string
	// Kind is the kind of file, told from its bytes (package document's
	// Kind); empty means pdf.
	Kind      string
	SHA256    string // hex SHA-256 of the document
	Size      int64
	SpoolPath string // the document's bytes; moved into Blobs or removed
	// Fields are all the form fields or JSON members of the request
	// besides the document, as sent: with the document, they identify the
	// request for its idempotency key.
	Fields map[string]string
	// IdempotencyKey, when set, makes the submission idempotent: see
	// Submit.
	IdempotencyKey string
	// WebhookURL, when set, receives the job's webhook event instead of
	// the account's endpoint.
	WebhookURL string
}

// Accepted is the outcome of a successful submission.
type Accepted struct {
	Job              store.Job
	QuotaRemaining   int
	EstimatedSeconds int
	// Replayed is set when an idempotency key named an earlier submission,
	// whose job this is; nothing was charged.
	Replayed bool
	// WebhookConfigured says whether a webhook event will be sent when the
	// job ends (its own WebhookURL, or the account's active endpoint).
	WebhookConfigured bool
}

// Enqueuer adds an entry to the job queue inside a store transaction, so
// that it commits or rolls back with the transaction: SQLiteQueue and
// PostgresQueue, River's clients on either database.
type Enqueuer interface {
	InsertTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Submitter accepts submissions. Its Queue may be a client that works no
// jobs (an API-only process).
type Submitter struct {
	Store     *store.Store
	Blobs     Blobs
	Queue     Enqueuer
	Estimator *Estimator
	Logger    *slog.Logger
	// Engine names the extraction engine's version, stored weights and
	// source (extract.Fingerprint): part of every result-cache key, so a
	// new engine never answers from an old one's results.
	Engine string
	// AllowPrivateWebhooks lets a submission's webhook_url name loopback
	// and private addresses (webhook.CheckURL).
	AllowPrivateWebhooks bool
	// IdempotencyTTL is how long an idempotency key names its job.
	// Default DefaultIdempotencyTTL.
	IdempotencyTTL time.Duration

	pruneMu  sync.Mutex
	prunedAt time.Time // last removal of dead idempotency records
	// Ended, when set, is called in the transaction of a submission that
	// completes at once from the cache.
	Ended EndedTxFunc
}

// CacheKey is the result-cache key of a document: the same bytes, locale and
// engine (extract.Fingerprint: version, stored weights, source revision) for
// the same account give the same key. Accounts never share keys, so one
// customer can never learn what another uploaded.
func CacheKey(accountID, sha, locale, engine string) string {
	h := sha256.Sum256([]byte(accountID + "\x00" + sha + "\x00" + locale + "\x00" + engine))
	return hex.EncodeToString(h[:])
}

// submit charges one unit of quota and creates the job (see Submit).
func (s *Submitter) submit(ctx context.Context, sub checked) (Accepted, error) {
	now := s.Store.Now()
	period := store.Period(now)
	cacheKey := CacheKey(sub.AccountID, sub.SHA256, sub.Locale, s.Engine)
	job := store.Job{
		ID:          uuid.NewString(),
		AccountID:   sub.AccountID,
		Status:      store.StatusPending,
		Locale:      sub.Locale,
		FileName:    sub.FileName,
		Kind:        sub.Kind,
		FileSHA256:  sub.SHA256,
		FileSize:    sub.Size,
		CacheKey:    cacheKey,
		QueuedAt:    now,
		MaxAttempts: MaxAttempts,
	}

	// A cheap read first: a spent quota answers without touching the disk.
	used, err := s.Store.QuotaUsed(ctx, sub.AccountID, period)
	if err != nil {
		return Accepted{}, err
	}
	if used >= sub.MonthlyQuota {
		return Accepted{}, store.ErrQuotaExhausted
	}

	cached, err := s.Store.CachedJob(ctx, sub.AccountID, cacheKey)
	switch {
	case err == nil:
		return s.submitCached(ctx, job, cached, sub, period)
	case !errors.Is(err, store.ErrNotFound):
		return Accepted{}, err
	}

	open, err := s.Store.OpenJobs(ctx, sub.AccountID, fairBacklog[len(fairBacklog)-1])
	if err != nil {
		return Accepted{}, err
	}
	job.BlobKey = blobKey(job.ID, sub.Kind, now)
	if err := s.Blobs.PutFile(ctx, job.BlobKey, sub.SpoolPath); err != nil {
		return Accepted{}, fmt.Errorf("%w: %w", ErrStorage, err)
	}
	var remaining int
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		var err error
		if remaining, err = s.createTx(ctx, tx, sub, &job, period); err != nil {
			return err
		}
		args := ExtractArgs{JobID: job.ID}
		opts := args.InsertOpts()
		opts.Priority = fairPriority(open)
		res, err := s.Queue.InsertTx(ctx, tx, args, &opts)
		if err != nil {
			return fmt.Errorf("enqueue job: %w", err)
		}
		job.QueueJobID = &res.Job.ID
		return tx.SetQueueJobID(ctx, job.ID, res.Job.ID)
	})
	if err != nil {
		if derr := s.Blobs.Delete(context.WithoutCancel(ctx), job.BlobKey); derr != nil {
			s.Logger.Warn("remove blob of a refused submission", "job_id", job.ID, "err", derr)
		}
		return Accepted{}, err
	}
	return Accepted{Job: job, QuotaRemaining: remaining, EstimatedSeconds: s.Estimator.Estimate(ctx)}, nil
}

// createTx claims the submission's idempotency key, charges one unit of
// quota, inserts the job and its webhook URL, inside tx, and returns the
// quota remaining.
func (s *Submitter) createTx(ctx context.Context, tx *store.Tx, sub checked, job *store.Job, period string) (int, error) {
	if err := s.claimKeyTx(ctx, tx, sub, *job); err != nil {
		return 0, err
	}
	remaining, err := tx.ChargeQuota(ctx, sub.AccountID, period, sub.MonthlyQuota)
	if err != nil {
		return 0, err
	}
	if err := tx.InsertJob(ctx, job); err != nil {
		return 0, err
	}
	if sub.WebhookURL != "" {
		if err := tx.SetJobWebhook(ctx, job.ID, sub.WebhookURL); err != nil {
			return 0, err
		}
	}
	return remaining, nil
}

func (s *Submitter) submitCached(ctx context.Context, job, cached store.Job, sub checked, period string) (Accepted, error) {
	zero := int64(0)
	job.Status = store.StatusCompleted
	job.StartedAt = &job.QueuedAt
	job.CompletedAt = &job.QueuedAt
	job.ProcessingMS = &zero
	job.Confidence = cached.Confidence
	job.Model = cached.Model
	job.CacheHit = true
	job.Flags, job.Result, job.Extra, job.Documents = cached.Flags, cached.Result, cached.Extra, cached.Documents
	var remaining int
	err := s.Store.InTx(ctx, func(tx *store.Tx) error {
		var err error
		if remaining, err = s.createTx(ctx, tx, sub, &job, period); err != nil {
			return err
		}
		if s.Ended != nil {
			return s.Ended(ctx, tx, job.ID)
		}
		return nil
	})
	if err != nil {
		return Accepted{}, err
	}
	return Accepted{Job: job, QuotaRemaining: remaining, EstimatedSeconds: 1}, nil
}

// blobKey spreads documents over monthly directories, named for their
// kind.
func blobKey(id, kind string, t time.Time) string {
	if kind == "" {
		kind = "pdf"
	}
	return "documents/" + t.UTC().Format("2006-01") + "/" + id + "." + kind
}

// EndedTxFunc is told, inside the transaction that ends a job (completed
// or failed), that job id ended, so that what follows from it (a webhook
// event) commits or rolls back with the job's end.
type EndedTxFunc func(ctx context.Context, tx *store.Tx, id string) error

// Estimator turns recent processing times and the queue's depth into a
// waiting-time estimate. It asks the store at most once a second.
type Estimator struct {
	Store   *store.Store
	Workers int // extraction workers serving the queue, across processes

	mu      sync.Mutex
	at      time.Time
	seconds int
}

// defaultJobSeconds is assumed before any job has finished.
const defaultJobSeconds = 2.0

// Estimate returns the estimated seconds until a job submitted now is done,
// at least 1.
func (e *Estimator) Estimate(ctx context.Context) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	if time.Since(e.at) < time.Second && e.seconds > 0 {
		return e.seconds
	}
	st, err := e.Store.Stats(ctx)
	if err != nil {
		if e.seconds > 0 {
			return e.seconds
		}
		return int(defaultJobSeconds)
	}
	e.at, e.seconds = time.Now(), estimate(st, e.Workers)
	return e.seconds
}

func estimate(st store.QueueStats, workers int) int {
	if workers < 1 {
		workers = 1
	}
	per := defaultJobSeconds
	if st.RecentSample > 0 {
		per = st.RecentAvgMS / 1000
	}
	// Jobs ahead are served workers at a time; this one needs its own turn.
	rounds := float64(st.Open)/float64(workers) + 1
	secs := int(math.Ceil(per * rounds))
	return max(secs, 1)
}

func removeQuietly(path string) {
	if path != "" {
		os.Remove(path)
	}
}
