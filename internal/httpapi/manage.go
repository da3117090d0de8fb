package httpapi

import (
	"context"
	"encoding/base64"
	"errors"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
)

// Job management: listing an account's jobs, deleting one (document and
// result), downloading the uploaded document, and the month's usage. Every
// query is scoped to the caller's account in SQL; another account's job is
// the same 404 as an unknown one.

// MaxListLimit is the largest page of GET /v1/jobs.
const MaxListLimit = 100

func (s *Server) manageRoutes() {
	huma.Register(s.api, huma.Operation{
		OperationID: "list-jobs",
		Method:      http.MethodGet,
		Path:        "/v1/jobs",
		Summary:     "List your jobs, newest first",
		Description: "Pages through the account's jobs, newest first (by queued_at, then job_id). " +
			"Pass a page's `next_cursor` as `cursor` for the next page; it is null on the last page. " +
			"Cursors stay valid while new jobs arrive: those appear on the first page, never twice. " +
			"Items are summaries without `result`; fetch `/v1/jobs/{id}` for it. Listing consumes no quota.",
		Tags:     []string{"Jobs"},
		Security: security,
		Errors:   []int{401, 422, 429, 503},
	}, s.listJobs)

	huma.Register(s.api, huma.Operation{
		OperationID:   "delete-job",
		Method:        http.MethodDelete,
		Path:          "/v1/jobs/{id}",
		Summary:       "Delete a job: its uploaded document and its result",
		DefaultStatus: http.StatusNoContent,
		Description: "Removes the uploaded PDF and the job with its result. The poll then answers 404 " +
			"`job_not_found`, and the result no longer serves later identical uploads from the cache. " +
			"The quota the job used is not given back. A job still queued or processing may be deleted: " +
			"its processing then ends without a result. Deleting it again answers 404.",
		Tags:     []string{"Jobs"},
		Security: security,
		Errors:   []int{401, 404, 429, 503},
	}, s.deleteJob)

	huma.Register(s.api, huma.Operation{
		OperationID: "get-job-document",
		Method:      http.MethodGet,
		Path:        "/v1/jobs/{id}/document",
		Summary:     "Download the uploaded document of a job",
		Description: "Answers the document as uploaded, with its file name in Content-Disposition. " +
			"Uploaded documents are deleted by the retention period (30 days unless the operator sets " +
			"another); results stay. A job without a document (deleted by retention, or a cache hit, " +
			"which stores no copy) answers 404 `document_not_found`.",
		Tags:     []string{"Jobs"},
		Security: security,
		Errors:   []int{401, 404, 429, 503},
	}, s.getDocument)
	ok := s.api.OpenAPI().Paths["/v1/jobs/{id}/document"].Get.Responses["200"]
	ok.Description = "The uploaded document, with the media type of its kind (a PDF, or for POST /v1/extract an XML, " +
		"signed envelope, ZIP archive or picture)."
	ok.Content = map[string]*huma.MediaType{}
	for _, k := range []document.Kind{document.PDF, document.XML, document.Signed, document.ZIP,
		document.JPEG, document.PNG, document.TIFF, document.WebP} {
		ok.Content[k.MediaType()] = &huma.MediaType{Schema: &huma.Schema{Type: huma.TypeString, Format: "binary", ContentEncoding: "binary"}}
	}

	huma.Register(s.api, huma.Operation{
		OperationID: "get-usage",
		Method:      http.MethodGet,
		Path:        "/v1/usage",
		Summary:     "This month's quota and usage",
		Description: "The account's monthly quota, the extractions used this calendar month (UTC), what " +
			"remains and when the quota renews. Accepted submissions use one unit each, cache hits included.",
		Tags:     []string{"Account"},
		Security: security,
		Errors:   []int{401, 429, 503},
	}, s.getUsage)
}

// JobSummary is a job as GET /v1/jobs lists it: the poll record's common
// fields, the document's name and size, and the outcome's key facts.
type JobSummary struct {
	JobID        string     `json:"job_id" format:"uuid" doc:"Identifier of the job."`
	Status       string     `json:"status" enum:"pending,processing,completed,failed" doc:"State of the job."`
	QueuedAt     Timestamp  `json:"queued_at" doc:"When the job was accepted."`
	StartedAt    *Timestamp `json:"started_at" nullable:"true" doc:"When processing started; null until then."`
	CompletedAt  *Timestamp `json:"completed_at" nullable:"true" doc:"When the job ended; null until then."`
	ProcessingMS *int64     `json:"processing_ms" doc:"Processing time in milliseconds; null until the job ends."`
	Locale       string     `json:"locale" doc:"The language hint of the submission."`
	FileName     string     `json:"file_name" doc:"The uploaded file's name, as sent (empty for base64 uploads)."`
	FileSize     int64      `json:"file_size" doc:"The uploaded document's size in bytes."`
	Document     bool       `json:"document_available" doc:"Whether the uploaded PDF can still be downloaded from /v1/jobs/{id}/document."`

	Confidence   *float64 `json:"confidence,omitempty" minimum:"0" maximum:"1" doc:"Overall extraction confidence. Completed jobs only."`
	CacheHit     *bool    `json:"cache_hit,omitempty" doc:"Whether the result came from the account's cache. Completed jobs only."`
	ErrorCode    string   `json:"error_code,omitempty" doc:"Machine code of the failure. Failed jobs only."`
	AttemptCount *int     `json:"attempt_count,omitempty" doc:"Processing attempts made. Failed jobs only."`
}

func newSummary(j store.Job) JobSummary {
	r := NewRecord(j)
	return JobSummary{
		JobID: r.JobID, Status: r.Status, QueuedAt: r.QueuedAt, StartedAt: r.StartedAt,
		CompletedAt: r.CompletedAt, ProcessingMS: r.ProcessingMS,
		Locale: j.Locale, FileName: j.FileName, FileSize: j.FileSize, Document: j.BlobKey != "",
		Confidence: r.Confidence, CacheHit: r.CacheHit, ErrorCode: r.ErrorCode, AttemptCount: r.AttemptCount,
	}
}

// JobList is one page of GET /v1/jobs.
type JobList struct {
	Jobs       []JobSummary `json:"jobs" doc:"The page's jobs, newest first."`
	NextCursor *string      `json:"next_cursor" nullable:"true" doc:"Pass as cursor to get the next page; null on the last page."`
}

type listJobsInput struct {
	Status string `query:"status" enum:"pending,processing,completed,failed" doc:"Only jobs in this state."`
	From   string `query:"from" doc:"Only jobs queued at or after this time: an RFC 3339 timestamp, or a date YYYY-MM-DD (its start, UTC)." example:"2026-03-01"`
	To     string `query:"to" doc:"Only jobs queued before this time: an RFC 3339 timestamp (exclusive), or a date YYYY-MM-DD (up to the end of that day, UTC)." example:"2026-03-31"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"20" doc:"Jobs per page."`
	Cursor string `query:"cursor" doc:"The next_cursor of the previous page; empty for the first page."`
}

type listJobsOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         JobList
}

func invalidParam(detail string) *Problem {
	return problem(http.StatusUnprocessableEntity, CodeInvalidRequest, detail)
}

// parseBound reads a from/to query value: an RFC 3339 time, or a date whose
// day it names (its start for from, the next day's start for to).
func parseBound(name, v string, end bool) (time.Time, *Problem) {
	if v == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		return t.UTC(), nil
	}
	if d, err := time.Parse(time.DateOnly, v); err == nil {
		if end {
			d = d.AddDate(0, 0, 1)
		}
		return d, nil
	}
	return time.Time{}, invalidParam(name + " must be an RFC 3339 timestamp (2026-03-15T09:30:00Z) or a date (2026-03-15)")
}

// cursorPrefix versions the opaque cursor format.
const cursorPrefix = "c1."

func encodeCursor(c store.JobCursor) string {
	raw := strconv.FormatInt(c.QueuedAt.UnixMilli(), 10) + "." + c.ID
	return cursorPrefix + base64.RawURLEncoding.EncodeToString([]byte(raw))
}

func decodeCursor(s string) (*store.JobCursor, *Problem) {
	bad := invalidParam("cursor is not one this API returned; pass next_cursor unchanged")
	rest, ok := strings.CutPrefix(s, cursorPrefix)
	if !ok {
		return nil, bad
	}
	raw, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil {
		return nil, bad
	}
	ms, id, ok := strings.Cut(string(raw), ".")
	n, err := strconv.ParseInt(ms, 10, 64)
	if !ok || err != nil || uuid.Validate(id) != nil {
		return nil, bad
	}
	return &store.JobCursor{QueuedAt: time.UnixMilli(n).UTC(), ID: id}, nil
}

func (s *Server) listJobs(ctx context.Context, in *listJobsInput) (*listJobsOutput, error) {
	p := principalFrom(ctx)
	f := store.JobFilter{Status: in.Status, Limit: min(max(in.Limit, 1), MaxListLimit) + 1}
	var perr *Problem
	if f.From, perr = parseBound("from", in.From, false); perr != nil {
		return nil, perr
	}
	if f.To, perr = parseBound("to", in.To, true); perr != nil {
		return nil, perr
	}
	if in.Cursor != "" {
		if f.After, perr = decodeCursor(in.Cursor); perr != nil {
			return nil, perr
		}
	}
	js, err := s.store.ListJobs(ctx, p.AccountID, f)
	if err != nil {
		s.logger(ctx).Error("list jobs", "err", err)
		return nil, unavailable()
	}
	out := &listJobsOutput{CacheControl: "no-store", Body: JobList{Jobs: []JobSummary{}}}
	if len(js) == f.Limit {
		js = js[:f.Limit-1]
		last := js[len(js)-1]
		next := encodeCursor(store.JobCursor{QueuedAt: last.QueuedAt, ID: last.ID})
		out.Body.NextCursor = &next
	}
	for _, j := range js {
		out.Body.Jobs = append(out.Body.Jobs, newSummary(j))
	}
	return out, nil
}

type jobIDInput struct {
	ID string `path:"id" doc:"The job_id returned by the submission."`
}

// ownDocument finds the document record of one of the caller's jobs: a
// malformed or unknown id, or another account's job, is not found.
func (s *Server) ownDocument(ctx context.Context, id, what string) (store.Document, error) {
	if uuid.Validate(id) != nil {
		return store.Document{}, jobNotFound()
	}
	d, err := s.store.JobDocument(ctx, principalFrom(ctx).AccountID, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Document{}, jobNotFound()
	}
	if err != nil {
		s.logger(ctx).Error(what, "job_id", id, "err", err)
		return store.Document{}, unavailable()
	}
	return d, nil
}

func (s *Server) deleteJob(ctx context.Context, in *jobIDInput) (*struct{}, error) {
	p := principalFrom(ctx)
	log := s.logger(ctx)
	// The document goes first: once the answer is 204, the PDF is gone even
	// if removing the row fails and the client has to try again.
	d, err := s.ownDocument(ctx, in.ID, "delete job: find document")
	if err != nil {
		return nil, err
	}
	if d.BlobKey != "" {
		if err := blob.DeleteDocument(ctx, s.blobs, d.BlobKey); err != nil {
			log.Error("delete job: remove document", "job_id", in.ID, "err", err)
			return nil, unavailable()
		}
	}
	_, err = s.store.DeleteJob(ctx, p.AccountID, in.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, jobNotFound() // deleted by a concurrent request
	}
	if err != nil {
		log.Error("delete job", "job_id", in.ID, "err", err)
		return nil, unavailable()
	}
	log.Info("job deleted", "job_id", in.ID, "account_id", p.AccountID)
	return nil, nil
}

type documentOutput struct {
	ContentType        string `header:"Content-Type" doc:"application/pdf"`
	ContentDisposition string `header:"Content-Disposition" doc:"attachment, with the uploaded file's name."`
	CacheControl       string `header:"Cache-Control"`
	NoSniff            string `header:"X-Content-Type-Options"`
	Body               []byte
}

func documentNotFound(detail string) *Problem {
	return problem(http.StatusNotFound, CodeDocumentNotFound, detail)
}

// attachmentName is the file name offered for a job's document: the
// uploaded name without any directory, or the job id.
func attachmentName(fileName, jobID, ext string) string {
	name := path.Base(strings.ReplaceAll(fileName, `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, name)
	if name == "" || name == "." || name == "/" {
		name = jobID + "." + ext
	}
	return name
}

func (s *Server) getDocument(ctx context.Context, in *jobIDInput) (*documentOutput, error) {
	log := s.logger(ctx)
	d, err := s.ownDocument(ctx, in.ID, "get document")
	if err != nil {
		return nil, err
	}
	if d.BlobKey == "" {
		if d.DeletedAt != nil {
			return nil, documentNotFound("the document was deleted on " + d.DeletedAt.Format(time.DateOnly) +
				" at the end of its retention period; the job's result is kept")
		}
		return nil, documentNotFound("this job stores no document: its result came from the cache of an earlier identical upload")
	}
	data, err := s.blobs.Get(ctx, d.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, documentNotFound("the document is no longer stored")
	}
	if err != nil {
		log.Error("get document", "job_id", in.ID, "err", err)
		return nil, unavailable()
	}
	kind := document.Detect(data)
	ext := string(kind)
	if kind == document.Unknown {
		ext = "bin"
	}
	disp := mime.FormatMediaType("attachment", map[string]string{"filename": attachmentName(d.FileName, in.ID, ext)})
	if disp == "" {
		disp = mime.FormatMediaType("attachment", map[string]string{"filename": in.ID + "." + ext})
	}
	return &documentOutput{
		ContentType:        kind.MediaType(),
		ContentDisposition: disp,
		CacheControl:       "private, no-store",
		NoSniff:            "nosniff",
		Body:               data,
	}, nil
}

// Usage is the account's quota for the current month.
type Usage struct {
	Month     string    `json:"month" pattern:"^\\d{4}-\\d{2}$" doc:"The calendar month (UTC) counted, YYYY-MM." example:"2026-03"`
	Quota     int       `json:"quota" doc:"Extractions allowed per month."`
	Used      int       `json:"used" doc:"Extractions accepted this month."`
	Remaining int       `json:"remaining" doc:"Extractions left this month."`
	ResetsAt  Timestamp `json:"resets_at" doc:"When the next month's quota starts."`
}

type usageOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         Usage
}

func (s *Server) getUsage(ctx context.Context, _ *struct{}) (*usageOutput, error) {
	p := principalFrom(ctx)
	now := s.store.Now()
	period := store.Period(now)
	used, err := s.store.QuotaUsed(ctx, p.AccountID, period)
	if err != nil {
		s.logger(ctx).Error("get usage", "err", err)
		return nil, unavailable()
	}
	return &usageOutput{CacheControl: "no-store", Body: Usage{
		Month: period, Quota: p.MonthlyQuota, Used: used, Remaining: max(p.MonthlyQuota-used, 0),
		ResetsAt: Timestamp(store.NextPeriod(now)),
	}}, nil
}
