package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/riverqueue/river"

	"github.com/invex/invex/internal/store"
)

// Queue is the job queue deliveries run on, apart from extraction.
const Queue = "webhook"

// Defaults of Config.
const (
	DefaultTimeout         = 10 * time.Second
	DefaultMaxAttempts     = 18
	DefaultBaseDelay       = 5 * time.Second
	DefaultMaxDelay        = 6 * time.Hour
	DefaultWorkers         = 10
	DefaultRotationOverlap = 24 * time.Hour
)

// Config configures webhooks. Zero fields take the defaults.
type Config struct {
	// AllowPrivate lets receivers be loopback, private, link-local or
	// reserved addresses (for development and tests). Off by default.
	AllowPrivate bool
	// Timeout bounds one delivery attempt, from connecting to the end of
	// the answer's headers. Default 10 s.
	Timeout time.Duration
	// MaxAttempts is how many times a delivery is tried. Default 18: with
	// the default delays, the last attempt comes about 35 hours after the
	// first (see Delay).
	MaxAttempts int
	// BaseDelay is the wait after the first failed attempt; each further
	// failure doubles it, up to MaxDelay. Defaults 5 s and 6 h.
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// Workers is how many deliveries one process makes at once. Default 10.
	Workers int
	// RotationOverlap is how long the previous secret still signs after a
	// rotation. Default 24 h.
	RotationOverlap time.Duration
}

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.BaseDelay <= 0 {
		c.BaseDelay = DefaultBaseDelay
	}
	if c.MaxDelay <= 0 {
		c.MaxDelay = DefaultMaxDelay
	}
	if c.Workers <= 0 {
		c.Workers = DefaultWorkers
	}
	if c.RotationOverlap <= 0 {
		c.RotationOverlap = DefaultRotationOverlap
	}
	return c
}

// Delay is the wait after failed attempt n (1 for the first): BaseDelay
// doubled n-1 times, at most MaxDelay, without jitter. With the defaults:
// 5 s, 10 s, 20 s, … 5.7 h, then 6 h.
func (c Config) Delay(n int) time.Duration {
	d := c.BaseDelay
	for i := 1; i < n && d < c.MaxDelay; i++ {
		d *= 2
	}
	return min(d, c.MaxDelay)
}

// Span is the time from the first attempt of a delivery to its last, when
// every attempt fails at once, without jitter.
func (c Config) Span() time.Duration {
	var total time.Duration
	for n := 1; n < c.MaxAttempts; n++ {
		total += c.Delay(n)
	}
	return total
}

// Args is the queue payload of a delivery.
type Args struct {
	DeliveryID string `json:"delivery_id"`
}

// Kind names the job kind in the queue.
func (Args) Kind() string { return "webhook_delivery" }

// InsertOpts implements river.JobArgsWithInsertOpts. Its MaxAttempts is
// overridden by the Notifier's configuration.
func (Args) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: DefaultMaxAttempts}
}

// NewClient returns the HTTP client deliveries are made with: connections
// only to addresses Guard allows, no proxy, no redirects followed, and
// cfg.Timeout for the whole attempt.
func NewClient(cfg Config) *http.Client {
	cfg = cfg.WithDefaults()
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           Guard(cfg.AllowPrivate).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   cfg.Timeout,
		ResponseHeaderTimeout: cfg.Timeout,
	}
	return &http.Client{
		Transport: tr,
		Timeout:   cfg.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// Worker delivers webhook events from the queue.
type Worker struct {
	river.WorkerDefaults[Args]

	Store  *store.Store
	Config Config
	Client *http.Client // default NewClient(Config)
	Logger *slog.Logger
}

// NewWorker returns a Worker with its client.
func NewWorker(st *store.Store, cfg Config, log *slog.Logger) *Worker {
	cfg = cfg.WithDefaults()
	return &Worker{Store: st, Config: cfg, Client: NewClient(cfg), Logger: log}
}

// Timeout implements river.Worker: an attempt's own timeout plus time for
// the bookkeeping.
func (w *Worker) Timeout(*river.Job[Args]) time.Duration { return w.Config.Timeout + 30*time.Second }

// NextRetry implements river.Worker: exponential backoff (Config.Delay)
// with up to 10 % jitter.
func (w *Worker) NextRetry(j *river.Job[Args]) time.Time {
	d := w.Config.Delay(j.Attempt)
	d += time.Duration(rand.Int64N(int64(d)/10 + 1))
	return time.Now().Add(d)
}

// errRetry makes the queue try a delivery again.
type errRetry struct{ msg string }

func (e errRetry) Error() string { return e.msg }

// Work makes one attempt at a delivery.
func (w *Worker) Work(ctx context.Context, j *river.Job[Args]) error {
	d, err := w.Store.Delivery(ctx, j.Args.DeliveryID)
	if errors.Is(err, store.ErrNotFound) {
		return nil // its job was deleted
	}
	if err != nil {
		return err
	}
	if d.Status != store.DeliveryPending {
		return nil
	}
	log := w.Logger.With("delivery_id", d.ID, "job_id", d.JobID, "attempt", j.Attempt)
	ep, err := w.Store.WebhookEndpoint(ctx, d.AccountID)
	if err != nil {
		return fmt.Errorf("webhook secret of account: %w", err)
	}
	now := time.Now()
	a := store.DeliveryAttempt{Attempt: j.Attempt, At: now.UTC()}
	code, sendErr := w.send(ctx, d, ep.Secrets(now), now)
	a.Duration, a.StatusCode = time.Since(now), code

	bg := context.WithoutCancel(ctx)
	status, retry := store.DeliveryPending, true
	switch {
	case sendErr == nil && code >= 200 && code < 300:
		status, retry = store.DeliveryDelivered, false
	case sendErr == nil && code == http.StatusGone:
		a.Error = "the receiver answered 410 Gone: delivery stopped"
		status, retry = store.DeliveryFailed, false
	case errors.Is(sendErr, ErrForbiddenDestination):
		a.Error = "the receiver's address is not a public one: refused"
		status, retry = store.DeliveryFailed, false
	case sendErr != nil:
		a.Error = describe(sendErr, w.Config.Timeout)
	case code >= 300 && code < 400:
		a.Error = "the receiver answered " + strconv.Itoa(code) + " (redirects are not followed)"
	default:
		a.Error = "the receiver answered " + strconv.Itoa(code)
	}
	var next *time.Time
	if retry && j.Attempt >= j.MaxAttempts {
		status, retry = store.DeliveryFailed, false
		a.Error += "; no attempts left"
	}
	if retry {
		t := now.Add(a.Duration + w.Config.Delay(j.Attempt)).UTC()
		next = &t
	}
	// The endpoint is disabled before the delivery is final, so that
	// whoever sees the delivery failed sees the endpoint disabled too.
	if code == http.StatusGone && d.Target == "account" {
		if ok, err := w.Store.DisableWebhookEndpoint(bg, d.AccountID, d.URL, "the receiver answered 410 Gone"); err != nil {
			log.Error("disable webhook endpoint", "err", err)
		} else if ok {
			log.Warn("webhook endpoint disabled: the receiver answered 410 Gone")
		}
	}
	if err := w.Store.RecordDeliveryAttempt(bg, d.ID, a, status, next); err != nil {
		log.Error("record webhook attempt", "err", err)
	}
	switch {
	case status == store.DeliveryDelivered:
		log.Info("webhook delivered", "status", code, "ms", a.Duration.Milliseconds())
		return nil
	case !retry:
		log.Warn("webhook delivery failed", "status", code, "err", a.Error)
		return nil
	}
	log.Info("webhook attempt failed; will retry", "status", code, "err", a.Error)
	return errRetry{a.Error}
}

// send posts the delivery's payload once and returns the answer's status.
func (w *Worker) send(ctx context.Context, d store.Delivery, secrets []string, now time.Time) (int, error) {
	h, err := Headers(secrets, d.ID, now, d.Payload)
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, w.Config.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.URL, bytes.NewReader(d.Payload))
	if err != nil {
		return 0, err
	}
	req.Header = h
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "invex-webhooks/1")
	resp, err := w.Client.Do(req)
	if err != nil {
		return 0, err
	}
	// Read a little of the answer so the connection can be reused; the
	// answer itself means nothing but its status.
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	return resp.StatusCode, nil
}

// describe words a transport error for the delivery log, without internal
// details.
func describe(err error, timeout time.Duration) string {
	if errors.Is(err, context.DeadlineExceeded) || isTimeout(err) {
		return "no answer within " + timeout.String()
	}
	return "could not reach the receiver: " + err.Error()
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}
