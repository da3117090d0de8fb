package webhook

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/invex/invex/internal/store"
)

// Events sent to receivers.
const (
	EventJobCompleted = "job.completed"
	EventJobFailed    = "job.failed"
	// EventJobReviewed is sent each time a person approves a revision of
	// a job's result.
	EventJobReviewed = "job.reviewed"
)

// Enqueuer adds a queue entry inside a store transaction (jobs.Enqueuer).
type Enqueuer interface {
	InsertTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Message is the body of every delivery, in the Standard Webhooks shape:
// the event's type, when it happened, and its data, the job's record
// exactly as GET /v1/jobs/{id} returns it.
type Message struct {
	Type      string          `json:"type" doc:"job.completed, job.failed or job.reviewed."`
	Timestamp string          `json:"timestamp" doc:"When the job ended, or for job.reviewed when the revision was approved: RFC 3339 UTC with milliseconds."`
	Data      json.RawMessage `json:"data" doc:"The job's record, as GET /v1/jobs/{id} returns it."`
}

// Notifier writes the event of a job that ended into the outbox, inside
// the transaction that ends the job, with the queue entry that delivers it.
type Notifier struct {
	Queue  Enqueuer
	Config Config
	// Record encodes a job as the poll returns it.
	Record func(store.Job) ([]byte, error)
}

// JobEndedTx records the event of job id, which ended in tx, when a
// webhook applies to it (the URL its submission named, else the account's
// active endpoint). A job has at most one event of each type, however
// often this runs.
func (n *Notifier) JobEndedTx(ctx context.Context, tx *store.Tx, id string) error {
	j, err := tx.Job(ctx, id)
	if err != nil {
		return fmt.Errorf("webhook event: %w", err)
	}
	var event string
	switch j.Status {
	case store.StatusCompleted:
		event = EventJobCompleted
	case store.StatusFailed:
		event = EventJobFailed
	default:
		return nil
	}
	ended := j.QueuedAt
	if j.CompletedAt != nil {
		ended = *j.CompletedAt
	}
	return n.send(ctx, tx, j, event, event, ended)
}

// JobReviewedTx records the job.reviewed event of job id, whose revision
// was approved in tx, when a webhook applies to it. Each revision has its
// own event: the delivery of revision n > 1 is listed as
// "job.reviewed#n".
func (n *Notifier) JobReviewedTx(ctx context.Context, tx *store.Tx, id string) error {
	j, err := tx.Job(ctx, id)
	if err != nil {
		return fmt.Errorf("webhook event: %w", err)
	}
	if !j.Review.Approved() || j.Review.ReviewedAt == nil {
		return nil
	}
	key := EventJobReviewed
	if j.Review.Revision > 1 {
		key = fmt.Sprintf("%s#%d", EventJobReviewed, j.Review.Revision)
	}
	return n.send(ctx, tx, j, EventJobReviewed, key, *j.Review.ReviewedAt)
}

// send writes one event of job j into the outbox with its delivery; key
// names it among the job's events (one delivery each).
func (n *Notifier) send(ctx context.Context, tx *store.Tx, j store.Job, event, key string, at time.Time) error {
	url, target, err := tx.WebhookTarget(ctx, j.AccountID, j.ID)
	if err != nil || url == "" {
		return err
	}
	rec, err := n.Record(j)
	if err != nil {
		return fmt.Errorf("webhook event: encode record: %w", err)
	}
	body, err := json.Marshal(Message{Type: event, Timestamp: at.UTC().Format("2006-01-02T15:04:05.000Z"), Data: rec})
	if err != nil {
		return fmt.Errorf("webhook event: %w", err)
	}
	d := store.Delivery{ID: NewMessageID(), JobID: j.ID, AccountID: j.AccountID, Event: key, Target: target,
		URL: url, Payload: body, CreatedAt: time.Now().UTC()}
	added, err := tx.InsertDelivery(ctx, d)
	if err != nil || !added {
		return err
	}
	cfg := n.Config.WithDefaults()
	opts := Args{}.InsertOpts()
	opts.MaxAttempts = cfg.MaxAttempts
	if _, err := n.Queue.InsertTx(ctx, tx, Args{DeliveryID: d.ID}, &opts); err != nil {
		return fmt.Errorf("webhook event: enqueue delivery: %w", err)
	}
	return nil
}

const idAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// NewMessageID returns a new webhook-id: "msg_" and 24 random base62
// characters (about 143 bits). It holds no "." and nothing a client chose.
func NewMessageID() string {
	b := make([]byte, 24)
	rand.Read(b)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return "msg_" + string(b)
}
