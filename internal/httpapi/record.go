package httpapi

import (
	"encoding/json"
	"reflect"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/invoice"
)

// Timestamp encodes a time as RFC 3339 in UTC with milliseconds and a
// trailing Z, as the contract requires: 2026-03-15T09:30:00.123Z.
type Timestamp time.Time

// TimestampLayout is the layout of a Timestamp.
const TimestampLayout = "2006-01-02T15:04:05.000Z"

// MarshalJSON implements json.Marshaler.
func (t Timestamp) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, len(TimestampLayout)+2)
	b = append(b, '"')
	b = time.Time(t).UTC().AppendFormat(b, TimestampLayout)
	return append(b, '"'), nil
}

// Schema implements huma.SchemaProvider.
func (Timestamp) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeString, Format: "date-time",
		Pattern:     `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$`,
		Description: "RFC 3339 UTC timestamp with milliseconds and a trailing Z."}
}

func timestamp(t *time.Time) *Timestamp {
	if t == nil {
		return nil
	}
	ts := Timestamp(*t)
	return &ts
}

// ResultJSON is a stored extraction result passed through unchanged; its
// documented schema is invoice.Result.
type ResultJSON json.RawMessage

// MarshalJSON implements json.Marshaler.
func (r ResultJSON) MarshalJSON() ([]byte, error) { return r, nil }

// Schema implements huma.SchemaProvider.
func (ResultJSON) Schema(reg huma.Registry) *huma.Schema {
	return reg.Schema(reflect.TypeFor[invoice.Result](), true, "Result")
}

// FlagsJSON is a stored list of validation flags; its documented schema is a
// list of invoice.Finding.
type FlagsJSON json.RawMessage

// MarshalJSON implements json.Marshaler.
func (f FlagsJSON) MarshalJSON() ([]byte, error) { return f, nil }

// Schema implements huma.SchemaProvider.
func (FlagsJSON) Schema(reg huma.Registry) *huma.Schema {
	return reg.Schema(reflect.TypeFor[[]invoice.Finding](), true, "Flags")
}

// EvidenceJSON is the stored evidence of a result; its documented schema
// maps field paths to layout.Evidence.
type EvidenceJSON json.RawMessage

// MarshalJSON implements json.Marshaler.
func (e EvidenceJSON) MarshalJSON() ([]byte, error) { return e, nil }

// Schema implements huma.SchemaProvider.
func (EvidenceJSON) Schema(reg huma.Registry) *huma.Schema {
	return &huma.Schema{
		Type:                 huma.TypeObject,
		AdditionalProperties: reg.Schema(reflect.TypeFor[layout.Evidence](), true, "Evidence"),
		Description: "Where each value of the result was read: field path (such as financials.total or " +
			"line_items[2].amount) → page, box (points, origin top-left, y downward) and confidence. " +
			"Absent for results read from an embedded e-invoice.",
	}
}

// DocumentsJSON is the stored list of the invoices of a job; its documented
// schema is a list of invoice.Document.
type DocumentsJSON json.RawMessage

// MarshalJSON implements json.Marshaler.
func (d DocumentsJSON) MarshalJSON() ([]byte, error) { return d, nil }

// Schema implements huma.SchemaProvider.
func (DocumentsJSON) Schema(reg huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeArray, Items: reg.Schema(reflect.TypeFor[invoice.Document](), true, "Document"),
		Description: "Every invoice the submitted file held, in order; result is the first."}
}

// documentsOf returns the stored documents of a completed job, or a list
// of its one invoice built from its result.
func documentsOf(j store.Job) DocumentsJSON {
	if len(j.Documents) > 0 {
		return DocumentsJSON(j.Documents)
	}
	one := struct {
		Index      int             `json:"index"`
		Model      string          `json:"model"`
		Confidence float64         `json:"confidence"`
		Result     json.RawMessage `json:"result"`
		Flags      json.RawMessage `json:"validation_flags"`
		Evidence   json.RawMessage `json:"evidence,omitempty"`
	}{Model: j.Model, Result: j.Result, Flags: j.Flags, Evidence: j.Extra}
	if j.Confidence != nil {
		one.Confidence = *j.Confidence
	}
	if len(one.Flags) == 0 {
		one.Flags = json.RawMessage("[]")
	}
	if len(one.Result) == 0 {
		return nil
	}
	b, err := json.Marshal([]any{one})
	if err != nil {
		return nil
	}
	return DocumentsJSON(b)
}

// Record is a job as GET /v1/jobs/{id} returns it: the pending/processing
// fields always, plus the completed fields or the failed fields.
type Record struct {
	JobID        string     `json:"job_id" format:"uuid" doc:"Identifier of the job."`
	Status       string     `json:"status" enum:"pending,processing,completed,failed" doc:"State of the job; completed and failed are final."`
	QueuedAt     Timestamp  `json:"queued_at" doc:"When the job was accepted."`
	StartedAt    *Timestamp `json:"started_at" nullable:"true" doc:"When processing started; null until then."`
	CompletedAt  *Timestamp `json:"completed_at" nullable:"true" doc:"When the job ended; null until then."`
	ProcessingMS *int64     `json:"processing_ms" doc:"Processing time in milliseconds; null until the job ends."`

	// Completed jobs.
	Confidence      *float64     `json:"confidence,omitempty" minimum:"0" maximum:"1" doc:"Overall extraction confidence, 0 to 1. Completed jobs only."`
	Model           string       `json:"model,omitempty" doc:"Name of the extraction model used. Completed jobs only."`
	CacheHit        *bool        `json:"cache_hit,omitempty" doc:"Whether the result came from the account's cache of identical documents. Completed jobs only."`
	ValidationFlags FlagsJSON    `json:"validation_flags,omitempty" doc:"Data-consistency findings; empty when there are none. Completed jobs only."`
	Result          ResultJSON   `json:"result,omitempty" doc:"The extracted invoice data. Completed jobs only."`
	Evidence        EvidenceJSON `json:"evidence,omitempty" doc:"Page, box and confidence of each value of the result. Completed jobs read from the text layer only."`
	// Additive: every invoice of the submitted file.
	DocumentKind string        `json:"document_kind,omitempty" enum:"pdf,xml,p7m,zip,jpeg,png,tiff,webp" doc:"Kind of the submitted file, told from its bytes. Completed jobs only."`
	Documents    DocumentsJSON `json:"documents,omitempty" doc:"Every invoice the submitted file held, in order (one for most files); result is the first. Completed jobs only."`

	// Additive: a person's review of the result. Once a revision is
	// approved, result, validation_flags and evidence are the reviewed ones.
	Review *ReviewRecord `json:"review,omitempty" doc:"A person's review of the result (dashboard or PATCH /v1/jobs/{id}/result). Once approved, result and validation_flags are the reviewed ones; the engine's own stay at /v1/jobs/{id}/extraction. Completed jobs only."`

	// Failed jobs.
	Error        string `json:"error,omitempty" doc:"Why the job failed, in words. Failed jobs only."`
	ErrorCode    string `json:"error_code,omitempty" doc:"Stable machine code of the failure, such as no_text, pdf_encrypted, pdf_corrupt, timeout. Failed jobs only."`
	AttemptCount *int   `json:"attempt_count,omitempty" doc:"Processing attempts made. Failed jobs only."`
}

// NewRecord turns a stored job into its API record.
func NewRecord(j store.Job) Record {
	r := Record{
		JobID:        j.ID,
		Status:       j.Status,
		QueuedAt:     Timestamp(j.QueuedAt),
		StartedAt:    timestamp(j.StartedAt),
		CompletedAt:  timestamp(j.CompletedAt),
		ProcessingMS: j.ProcessingMS,
	}
	switch j.Status {
	case store.StatusCompleted:
		conf := 0.0
		if j.Confidence != nil {
			conf = *j.Confidence
		}
		hit := j.CacheHit
		r.Confidence, r.Model, r.CacheHit = &conf, j.Model, &hit
		r.ValidationFlags = FlagsJSON(j.Flags)
		if len(r.ValidationFlags) == 0 {
			r.ValidationFlags = FlagsJSON("[]")
		}
		r.Result = ResultJSON(j.Result)
		r.Evidence = EvidenceJSON(j.Extra)
		r.DocumentKind = j.Kind
		if r.DocumentKind == "" {
			r.DocumentKind = "pdf"
		}
		r.Documents = documentsOf(j)
		applyReview(&r, j)
	case store.StatusFailed:
		n := j.AttemptCount
		r.Error, r.ErrorCode, r.AttemptCount = j.Error, j.ErrorCode, &n
	}
	return r
}

// Accepted is the 202 answer to a submission.
type Accepted struct {
	JobID             string `json:"job_id" format:"uuid" doc:"Identifier of the new job."`
	Status            string `json:"status" enum:"pending" doc:"Always pending on submission; poll for the outcome (a cached result is ready on the first poll)."`
	EstimatedSeconds  int    `json:"estimated_seconds" minimum:"1" doc:"Estimated seconds until the job is done, from recent processing times and the queue's depth."`
	PollURL           string `json:"poll_url" doc:"Relative URL to poll: /v1/jobs/{job_id}."`
	WebhookConfigured bool   `json:"webhook_configured" doc:"Whether a webhook will be called when the job ends."`
	QuotaRemaining    int    `json:"quota_remaining" doc:"Extractions left in this month's quota."`
}
