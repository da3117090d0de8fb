package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/invex/invex/invoice"
)

// Status is the state of a job.
type Status string

// Job states. Completed and failed are final.
const (
	StatusPending    Status = "pending"
	StatusProcessing Status = "processing"
	StatusCompleted  Status = "completed"
	StatusFailed     Status = "failed"
)

// Final reports whether the job has ended.
func (s Status) Final() bool { return s == StatusCompleted || s == StatusFailed }

// Job is a job as GET /v1/jobs/{id} returns it (spec §2.2). The completed
// fields are set on completed jobs, the failed fields on failed ones.
type Job struct {
	JobID        string     `json:"job_id"`
	Status       Status     `json:"status"`
	QueuedAt     time.Time  `json:"queued_at"`
	StartedAt    *time.Time `json:"started_at"`
	CompletedAt  *time.Time `json:"completed_at"`
	ProcessingMS *int64     `json:"processing_ms"`

	// Completed jobs.
	Confidence      *float64          `json:"confidence,omitempty"`
	Model           string            `json:"model,omitempty"`
	CacheHit        *bool             `json:"cache_hit,omitempty"`
	ValidationFlags []invoice.Finding `json:"validation_flags,omitempty"`
	Result          *invoice.Result   `json:"result,omitempty"`
	// Evidence maps field paths to the page, box and confidence each value
	// was read from; absent for embedded e-invoices.
	Evidence json.RawMessage `json:"evidence,omitempty"`
	// DocumentKind is the kind of file submitted (pdf, xml, p7m, zip,
	// jpeg, png, tiff, webp), and Documents every invoice it held, in
	// order: Result is the first.
	DocumentKind string             `json:"document_kind,omitempty"`
	Documents    []invoice.Document `json:"documents,omitempty"`

	// Review is a person's review of the result; once approved, Result
	// and ValidationFlags are the reviewed ones (the engine's are at
	// Extraction).
	Review *Review `json:"review,omitempty"`

	// Failed jobs.
	Error        string `json:"error,omitempty"`
	ErrorCode    string `json:"error_code,omitempty"`
	AttemptCount *int   `json:"attempt_count,omitempty"`

	// Raw is the record exactly as the server sent it.
	Raw json.RawMessage `json:"-"`
}

// Accepted is the 202 answer to a submission (spec §2.1).
type Accepted struct {
	JobID             string `json:"job_id"`
	Status            Status `json:"status"`
	EstimatedSeconds  int    `json:"estimated_seconds"`
	PollURL           string `json:"poll_url"`
	WebhookConfigured bool   `json:"webhook_configured"`
	QuotaRemaining    int    `json:"quota_remaining"`

	// Raw is the record exactly as the server sent it.
	Raw json.RawMessage `json:"-"`
}

// SubmitOptions are the optional parts of a submission.
type SubmitOptions struct {
	// Locale is the language hint: it, en, de or fr. Empty leaves the
	// server's default (it).
	Locale string
	// FileName is the name the document is uploaded under. SubmitFile
	// defaults it to the file's base name; Submit to "invoice.pdf".
	FileName string
	// WebhookURL, when set, asks the server to call it when the job ends.
	WebhookURL string
	// IdempotencyKey, when set, is sent as the Idempotency-Key header: the
	// server answers a retry with the same key and document with the same
	// job instead of creating (and charging) another.
	IdempotencyKey string
	// AnyKind sends the document to POST /v1/extract, which reads every
	// kind an accounting team receives: PDFs, e-invoice XML (plain,
	// signed .p7m, or a ZIP of them) and JPEG, PNG, TIFF or WebP pictures.
	// Without it the document goes to POST /v1/extract/invoice, PDFs only.
	AnyKind bool
}

// SubmitFile uploads the document at path; see Submit.
func (c *Client) SubmitFile(ctx context.Context, path string, opt SubmitOptions) (*Accepted, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("invex: submit: %w", err)
	}
	defer f.Close()
	if opt.FileName == "" {
		opt.FileName = filepath.Base(path)
	}
	return c.Submit(ctx, f, opt)
}

// Submit uploads the document read from r (a PDF, or with
// SubmitOptions.AnyKind any kind the service reads) as multipart/form-data, streaming it
// (the document is never held in memory), and returns the new job. Errors
// from the API, such as "invalid_pdf", "file_too_large" or
// "quota_exhausted", are *APIError values.
func (c *Client) Submit(ctx context.Context, r io.Reader, opt SubmitOptions) (*Accepted, error) {
	if opt.FileName == "" {
		opt.FileName = "invoice.pdf"
	}
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		pw.CloseWithError(writeForm(mw, r, opt))
	}()
	defer pr.Close() // ends the writer when the request stops reading early
	path := "/v1/extract/invoice"
	if opt.AnyKind {
		path = "/v1/extract"
	}
	req, err := c.newRequest(ctx, http.MethodPost, path, nil, pr)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if opt.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", opt.IdempotencyKey)
	}
	resp, err := c.send(req, http.StatusAccepted)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var acc Accepted
	raw, err := decode(resp, &acc)
	if err != nil {
		return nil, err
	}
	acc.Raw = raw
	return &acc, nil
}

func writeForm(mw *multipart.Writer, r io.Reader, opt SubmitOptions) error {
	for k, v := range map[string]string{"locale": opt.Locale, "webhook_url": opt.WebhookURL} {
		if v == "" {
			continue
		}
		if err := mw.WriteField(k, v); err != nil {
			return err
		}
	}
	h := make(map[string][]string)
	h["Content-Disposition"] = []string{mime.FormatMediaType("form-data",
		map[string]string{"name": "file", "filename": opt.FileName})}
	h["Content-Type"] = []string{"application/pdf"}
	if opt.AnyKind {
		h["Content-Type"] = []string{"application/octet-stream"}
	}
	fw, err := mw.CreatePart(h)
	if err != nil {
		return err
	}
	if _, err := io.Copy(fw, r); err != nil {
		return fmt.Errorf("read document: %w", err)
	}
	return mw.Close()
}

// Job returns the current record of job id. An unknown id, or another
// account's, is an *APIError with Code "job_not_found".
func (c *Client) Job(ctx context.Context, id string) (*Job, error) {
	var j Job
	raw, err := c.getJSON(ctx, "/v1/jobs/"+url.PathEscape(id), nil, &j)
	if err != nil {
		return nil, err
	}
	j.Raw = raw
	return &j, nil
}

// DefaultWaitTimeout is the overall time Wait gives a job: the API
// contract's reference polling loop uses 120 seconds.
const DefaultWaitTimeout = 120 * time.Second

// ErrWaitTimeout is returned by Wait, wrapped, when the job did not end in
// time; the job's last record is returned with it.
var ErrWaitTimeout = errors.New("invex: job did not end in time")

// WaitOptions tune Wait. Zero fields take the defaults.
type WaitOptions struct {
	// Timeout bounds the whole wait. Default DefaultWaitTimeout.
	Timeout time.Duration
	// Interval is the first pause between polls. Default 1 s.
	Interval time.Duration
	// MaxInterval is the longest pause: pauses grow by half each poll up
	// to it. Default 5 s, the upper end of the contract's advice (poll
	// every 3 to 5 seconds).
	MaxInterval time.Duration
}

// Wait polls job id until it is completed or failed and returns its final
// record. It pauses Interval after the first poll, then half as long again
// after each, up to MaxInterval; a 429 or 503 answer makes it wait what the
// server asked (Retry-After) and go on. When Timeout passes first it
// returns the last record and an error wrapping ErrWaitTimeout. A failed job
// is returned without error: check Status.
func (c *Client) Wait(ctx context.Context, id string, opt WaitOptions) (*Job, error) {
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultWaitTimeout
	}
	if opt.Interval <= 0 {
		opt.Interval = time.Second
	}
	if opt.MaxInterval <= 0 {
		opt.MaxInterval = 5 * time.Second
	}
	opt.MaxInterval = max(opt.MaxInterval, opt.Interval)
	ctx, cancel := context.WithTimeoutCause(ctx, opt.Timeout, ErrWaitTimeout)
	defer cancel()
	pause := opt.Interval
	var last *Job
	for {
		j, err := c.Job(ctx, id)
		wait := pause
		var ae *APIError
		switch {
		case err == nil:
			last = j
			if j.Status.Final() {
				return j, nil
			}
			pause = min(pause+pause/2, opt.MaxInterval)
		case errors.As(err, &ae) && (ae.StatusCode == http.StatusTooManyRequests || ae.StatusCode == http.StatusServiceUnavailable):
			wait = max(ae.RetryAfter, pause)
		case ctx.Err() != nil:
			return last, waitErr(ctx, id, opt.Timeout)
		default:
			return last, err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return last, waitErr(ctx, id, opt.Timeout)
		case <-t.C:
		}
	}
}

func waitErr(ctx context.Context, id string, timeout time.Duration) error {
	if errors.Is(context.Cause(ctx), ErrWaitTimeout) {
		return fmt.Errorf("job %s after %s: %w", id, timeout, ErrWaitTimeout)
	}
	return fmt.Errorf("invex: wait for job %s: %w", id, ctx.Err())
}

// JobSummary is a job as ListJobs returns it: the record's common fields,
// the document's name and size, and the outcome's key facts, without the
// result (fetch it with Job).
type JobSummary struct {
	JobID        string     `json:"job_id"`
	Status       Status     `json:"status"`
	QueuedAt     time.Time  `json:"queued_at"`
	StartedAt    *time.Time `json:"started_at"`
	CompletedAt  *time.Time `json:"completed_at"`
	ProcessingMS *int64     `json:"processing_ms"`
	Locale       string     `json:"locale"`
	FileName     string     `json:"file_name"`
	FileSize     int64      `json:"file_size"`
	// DocumentAvailable says whether Document can still download the PDF
	// (retention deletes old ones).
	DocumentAvailable bool     `json:"document_available"`
	Confidence        *float64 `json:"confidence,omitempty"`
	CacheHit          *bool    `json:"cache_hit,omitempty"`
	ErrorCode         string   `json:"error_code,omitempty"`
	AttemptCount      *int     `json:"attempt_count,omitempty"`
}

// ListOptions select and page the jobs ListJobs returns.
type ListOptions struct {
	// Status keeps only jobs in this state; empty keeps all.
	Status Status
	// From keeps jobs queued at or after it; To keeps jobs queued before
	// it. Zero times are no bound.
	From, To time.Time
	// Limit is the page size, 1 to 100; 0 leaves the server's default (20).
	Limit int
	// Cursor is the previous page's NextCursor; empty for the first page.
	Cursor string
}

// JobList is one page of jobs, newest first.
type JobList struct {
	Jobs []JobSummary `json:"jobs"`
	// NextCursor continues the list (ListOptions.Cursor); empty on the
	// last page.
	NextCursor string `json:"next_cursor"`
}

// ListJobs returns one page of the account's jobs, newest first.
func (c *Client) ListJobs(ctx context.Context, opt ListOptions) (*JobList, error) {
	q := url.Values{}
	if opt.Status != "" {
		q.Set("status", string(opt.Status))
	}
	if !opt.From.IsZero() {
		q.Set("from", opt.From.UTC().Format(time.RFC3339Nano))
	}
	if !opt.To.IsZero() {
		q.Set("to", opt.To.UTC().Format(time.RFC3339Nano))
	}
	if opt.Limit > 0 {
		q.Set("limit", strconv.Itoa(opt.Limit))
	}
	if opt.Cursor != "" {
		q.Set("cursor", opt.Cursor)
	}
	var page struct {
		Jobs       []JobSummary `json:"jobs"`
		NextCursor *string      `json:"next_cursor"`
	}
	if _, err := c.getJSON(ctx, "/v1/jobs", q, &page); err != nil {
		return nil, err
	}
	l := &JobList{Jobs: page.Jobs}
	if page.NextCursor != nil {
		l.NextCursor = *page.NextCursor
	}
	return l, nil
}

// AllJobs iterates over every job ListJobs selects with opt, page after
// page, newest first. An error ends the iteration after being yielded.
func (c *Client) AllJobs(ctx context.Context, opt ListOptions) iter.Seq2[JobSummary, error] {
	return func(yield func(JobSummary, error) bool) {
		for {
			page, err := c.ListJobs(ctx, opt)
			if err != nil {
				yield(JobSummary{}, err)
				return
			}
			for _, j := range page.Jobs {
				if !yield(j, nil) {
					return
				}
			}
			if page.NextCursor == "" {
				return
			}
			opt.Cursor = page.NextCursor
		}
	}
}

// Delete removes job id: its uploaded document and its result. Polling it
// then answers "job_not_found". The quota it used is not given back.
func (c *Client) Delete(ctx context.Context, id string) error {
	req, err := c.newRequest(ctx, http.MethodDelete, "/v1/jobs/"+url.PathEscape(id), nil, nil)
	if err != nil {
		return err
	}
	resp, err := c.send(req, http.StatusNoContent)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return nil
}

// Document is an uploaded PDF being downloaded. Close its Body.
type Document struct {
	Body        io.ReadCloser
	FileName    string
	ContentType string
	Size        int64 // -1 when the server did not say
}

// Document downloads the uploaded PDF of job id. A job whose document was
// deleted by retention, or that stores none (a cache hit), is an *APIError
// with Code "document_not_found".
func (c *Client) Document(ctx context.Context, id string) (*Document, error) {
	req, err := c.newRequest(ctx, http.MethodGet, "/v1/jobs/"+url.PathEscape(id)+"/document", nil, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.send(req, http.StatusOK)
	if err != nil {
		return nil, err
	}
	d := &Document{Body: resp.Body, ContentType: resp.Header.Get("Content-Type"), Size: resp.ContentLength}
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); err == nil {
		d.FileName = params["filename"]
	}
	return d, nil
}

// Usage is the account's quota for the current month.
type Usage struct {
	// Month is the calendar month (UTC) counted, "2026-03".
	Month     string    `json:"month"`
	Quota     int       `json:"quota"`
	Used      int       `json:"used"`
	Remaining int       `json:"remaining"`
	ResetsAt  time.Time `json:"resets_at"`
}

// Usage returns the month's quota, what was used and what remains.
func (c *Client) Usage(ctx context.Context) (*Usage, error) {
	var u Usage
	if _, err := c.getJSON(ctx, "/v1/usage", nil, &u); err != nil {
		return nil, err
	}
	return &u, nil
}
