package httpapi

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"github.com/invex/invex/internal/intake"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
)

const submitDescription = "Upload one PDF invoice, either as multipart/form-data (field `file`, optional `locale`) " +
	"or as JSON (`file_base64`, optional `locale`). The answer comes at once with status 202 and a job to poll. " +
	"The document may be at most 50 MiB (decoded). It must be a PDF: the first 1024 bytes must contain `%PDF-`, " +
	"and the file must hold at least one object (`obj`); a lone header line is refused. " +
	"`locale` is a language hint (it, en, de, fr; default it) for OCR and labels, not a constraint. " +
	"Each accepted submission consumes one unit of the monthly quota; refused ones never do. " +
	"Send an `Idempotency-Key` header to make retries safe. " +
	"The same document submitted again by the same account completes at once from the account's cache. " +
	"An optional `webhook_url` (form field or JSON member) receives the job's event when it ends " +
	"(see PUT /v1/webhook); `webhook_configured` in the answer says whether a webhook applies to the job."

const submitAnyDescription = "Upload one invoice document of any kind an accounting team receives, " +
	"as multipart/form-data (field `file`) or JSON (`file_base64`), with the same optional `locale` and `webhook_url`, " +
	"key, quota, idempotency and job as POST /v1/extract/invoice. The kind is told from the bytes, never from the file name: " +
	"a PDF; an e-invoice XML (FatturaPA 1.2, UN/CEFACT CII as in Factur-X, ZUGFeRD and XRechnung, or OASIS UBL 2.1); " +
	"the same signed as CAdES (.p7m, DER or base64); a ZIP archive of such files as the SDI delivers them; " +
	"or a JPEG, PNG, TIFF (every page) or WebP picture, read by OCR with its EXIF orientation applied. " +
	"A file holding several invoices (a FatturaPA batch, a ZIP of invoices, a PDF of several) gives one job whose `result` is the first " +
	"and whose `documents` lists every one; it consumes one unit of quota. " +
	"Files other than PDFs are read far enough at submission to answer 422 at once when they cannot be extracted: " +
	"`unsupported_document` (a kind the service does not read), `invalid_document` (damaged XML, a truncated signature, a broken picture), " +
	"`not_an_invoice` (XML of another schema, a ZIP without e-invoices), `unsafe_document` (DTDs, entities, archives that inflate " +
	"beyond the budget) and `image_too_large` (a picture over the pixel or page budget). PDFs get the same checks as on " +
	"POST /v1/extract/invoice (`invalid_pdf`). At most 50 MiB."

var maxWebhookURL = 2048

// submitInput has no declared body: the handler streams it itself, so that a
// 50 MiB upload is never held in memory. Resolve hands it huma's context.
type submitInput struct {
	IdempotencyKey string `header:"Idempotency-Key" doc:"Makes the submission safe to retry."`
	hctx           huma.Context
}

// Resolve implements huma.Resolver.
func (in *submitInput) Resolve(ctx huma.Context) []error {
	in.hctx = ctx
	return nil
}

type submitOutput struct {
	Location   string `header:"Location" doc:"The job's poll URL."`
	RetryAfter string `header:"Retry-After" doc:"Seconds to wait before the first poll."`
	Replayed   string `header:"Idempotent-Replayed" doc:"true when the Idempotency-Key named an earlier submission, whose job this is; nothing was charged."`
	Body       Accepted
}

// submitJSON documents the JSON form of the body.
type submitJSON struct {
	FileBase64 string `json:"file_base64" contentEncoding:"base64" doc:"The PDF, base64-encoded (standard or URL-safe alphabet; a data: URL prefix is allowed)."`
	Locale     string `json:"locale,omitempty" enum:"it,en,de,fr" default:"it" doc:"Language hint."`
	WebhookURL string `json:"webhook_url,omitempty" format:"uri" maxLength:"2048" doc:"Where to POST this job's job.completed or job.failed event, instead of the account's endpoint; signed with the account's webhook secret."`
}

// submitAnyJSON documents the JSON form of POST /v1/extract's body.
type submitAnyJSON struct {
	FileBase64 string `json:"file_base64" contentEncoding:"base64" doc:"The document, base64-encoded (standard or URL-safe alphabet; a data: URL prefix is allowed): PDF, e-invoice XML (plain, signed .p7m, or a ZIP of them), JPEG, PNG, TIFF or WebP."`
	Locale     string `json:"locale,omitempty" enum:"it,en,de,fr" default:"it" doc:"Language hint."`
	WebhookURL string `json:"webhook_url,omitempty" format:"uri" maxLength:"2048" doc:"Where to POST this job's job.completed or job.failed event, instead of the account's endpoint; signed with the account's webhook secret."`
}

func (s *Server) submitRequestBody(anyKind bool) *huma.RequestBody {
	reg := s.api.OpenAPI().Components.Schemas
	locale := &huma.Schema{Type: huma.TypeString, Enum: []any{"it", "en", "de", "fr"}, Default: "it",
		Description: "Language hint for OCR and labels."}
	fileDoc, fileType, jsonType := "The PDF invoice, at most 50 MiB.", "application/pdf", reflect.TypeFor[submitJSON]()
	if anyKind {
		fileDoc = "The document, at most 50 MiB: PDF, e-invoice XML (plain, signed .p7m, or a ZIP of them), JPEG, PNG, TIFF or WebP."
		fileType = "application/pdf, application/xml, application/pkcs7-mime, application/zip, image/jpeg, image/png, image/tiff, image/webp"
		jsonType = reflect.TypeFor[submitAnyJSON]()
	}
	return &huma.RequestBody{
		Required: true,
		Content: map[string]*huma.MediaType{
			"multipart/form-data": {
				Schema: &huma.Schema{
					Type: huma.TypeObject,
					Properties: map[string]*huma.Schema{
						"file": {Type: huma.TypeString, Format: "binary", ContentEncoding: "binary",
							Description: fileDoc},
						"locale": locale,
						"webhook_url": {Type: huma.TypeString, Format: "uri", MaxLength: &maxWebhookURL,
							Description: "Where to POST this job's job.completed or job.failed event, instead of the account's endpoint; signed with the account's webhook secret."},
					},
					Required: []string{"file"},
				},
				Encoding: map[string]*huma.Encoding{"file": {ContentType: fileType}},
			},
			"application/json": {Schema: huma.SchemaFromType(reg, jsonType)},
		},
	}
}

// submit receives a PDF upload (POST /v1/extract/invoice) and submits it.
func (s *Server) submit(ctx context.Context, in *submitInput) (*submitOutput, error) {
	return s.submitKind(ctx, in, false)
}

// submitAny receives an upload of any kind the engine reads (POST
// /v1/extract) and submits it.
func (s *Server) submitAny(ctx context.Context, in *submitInput) (*submitOutput, error) {
	return s.submitKind(ctx, in, true)
}

// submitKind receives an upload and submits it: the quota is checked
// before a byte is read; the upload waits for one of the account's upload
// slots. With anyKind, every kind of document package document tells is
// accepted, and those other than PDFs are inspected before the job is
// created, so that a file that cannot be read gets its 422 now.
func (s *Server) submitKind(ctx context.Context, in *submitInput, anyKind bool) (*submitOutput, error) {
	p := principalFrom(ctx)
	idemKey, perr := idempotencyKey(in.IdempotencyKey)
	if perr != nil {
		return nil, perr
	}
	if err := s.submitter.Admit(ctx, p.AccountID, p.MonthlyQuota, idemKey); err != nil {
		return nil, s.submitProblem(ctx, "admit upload", err)
	}
	release, perr := s.uploads.acquire(ctx, p.AccountID)
	if perr != nil {
		return nil, perr
	}
	r, w := humago.Unwrap(in.hctx)
	up, err := s.receive(r, w, anyKind)
	if err == nil {
		if ierr := up.Inspect(s.cfg.Pictures); ierr != nil {
			up.Remove()
			up, err = nil, ierr
		}
	}
	release()
	if err != nil {
		var ie *intake.Error
		if errors.As(err, &ie) {
			if ie.Kind == intake.KindInternal {
				s.logger(ctx).Error("receive upload", "err", err)
			}
			return nil, intakeProblem(err, s.cfg.MaxUploadBytes)
		}
		return nil, err
	}
	acc, err := s.submitter.Submit(ctx, submit.Submission{
		AccountID:      p.AccountID,
		MonthlyQuota:   p.MonthlyQuota,
		Locale:         up.Fields["locale"],
		FileName:       up.FileName,
		Kind:           string(up.Kind),
		SHA256:         up.SHA256,
		Size:           up.Size,
		SpoolPath:      up.Path,
		Fields:         up.Fields,
		IdempotencyKey: idemKey,
		WebhookURL:     up.Fields["webhook_url"],
	})
	if err != nil {
		return nil, s.submitProblem(ctx, "submit job", err)
	}
	s.logger(ctx).Info("job accepted", "job_id", acc.Job.ID, "account_id", p.AccountID, "bytes", up.Size,
		"cache_hit", acc.Job.CacheHit, "replayed", acc.Replayed)
	return acceptedOutput(in.hctx, acc), nil
}

// submitProblem maps an error of package submit to the API's problem.
func (s *Server) submitProblem(ctx context.Context, what string, err error) *Problem {
	var se *submit.Error
	switch {
	case errors.As(err, &se):
		return problem(http.StatusUnprocessableEntity, se.Code, se.Message)
	case errors.Is(err, store.ErrQuotaExhausted):
		return quotaExhausted(s.store.Now())
	case errors.Is(err, store.ErrIdempotencyKeyReused):
		return idempotencyKeyReused()
	case errors.Is(err, submit.ErrStorage):
		s.logger(ctx).Error(what, "err", err)
		return problem(http.StatusServiceUnavailable, CodeUnavailable,
			"the service cannot store documents right now; nothing was charged: send the document again shortly").
			WithHeader("Retry-After", "5")
	}
	s.logger(ctx).Error(what, "err", err)
	return unavailable()
}

// acceptedOutput is the 202 answer of an accepted submission.
func acceptedOutput(hctx huma.Context, acc submit.Accepted) *submitOutput {
	poll := "/v1/jobs/" + acc.Job.ID
	hctx.SetHeader(headerQuotaRemaining, strconv.Itoa(acc.QuotaRemaining))
	replayed := ""
	if acc.Replayed {
		replayed = "true"
	}
	return &submitOutput{
		Location:   poll,
		RetryAfter: "1",
		Replayed:   replayed,
		Body: Accepted{
			JobID:             acc.Job.ID,
			Status:            store.StatusPending,
			EstimatedSeconds:  acc.EstimatedSeconds,
			PollURL:           poll,
			WebhookConfigured: acc.WebhookConfigured,
			QuotaRemaining:    acc.QuotaRemaining,
		},
	}
}

func quotaExhausted(now time.Time) *Problem {
	wait := int(time.Until(store.NextPeriod(now)).Seconds()) + 1
	return problem(http.StatusTooManyRequests, CodeQuotaExhausted,
		"this month's extraction quota is spent; it renews on "+store.NextPeriod(now).Format("2006-01-02")+" (UTC)").
		WithHeader("Retry-After", strconv.Itoa(max(wait, 1)))
}

// receive streams the body into a spool file, choosing the reader by content
// type, and maps intake errors to problems.
func (s *Server) receive(r *http.Request, w http.ResponseWriter, anyKind bool) (*intake.Upload, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return nil, problem(http.StatusUnsupportedMediaType, CodeUnsupportedMediaType,
			"send multipart/form-data with a file part, or application/json with file_base64")
	}
	limit := s.cfg.MaxUploadBytes
	// The body may exceed the document by the form's or base64's overhead.
	rawLimit := limit + 1<<20
	if mt == "application/json" {
		rawLimit = (limit+2)/3*4 + limit/38 + 1<<20 // base64 plus line breaks plus members
	}
	if r.ContentLength > rawLimit {
		return nil, tooLarge(limit)
	}
	lm := s.cfg.Limits
	rc := http.NewResponseController(w)
	start := time.Now()
	// The response is written after the body is read: its deadline starts
	// when the body is in.
	rc.SetWriteDeadline(start.Add(lm.UploadTimeout + lm.WriteTimeout))
	// The read deadline stays: if the handler leaves part of the body, the
	// server discards it under the same deadline before closing.
	defer func() { rc.SetWriteDeadline(time.Now().Add(lm.WriteTimeout)) }()
	rr := &rateReader{r: r.Body, rc: rc, start: start, grace: lm.UploadGrace, max: lm.UploadTimeout, rate: lm.MinUploadRate}
	r.Body = http.MaxBytesReader(w, io.NopCloser(rr), rawLimit)
	lim := intake.Limits{MaxFileBytes: limit, AnyDocument: anyKind}

	up, err := s.read(r, mt, params["boundary"], lim)
	if err != nil && rr.timedOut {
		return nil, problem(http.StatusRequestTimeout, CodeRequestTimeout,
			"the request body arrived too slowly: at least "+strconv.FormatInt(lm.MinUploadRate>>10, 10)+
				" KiB/s after the first "+lm.UploadGrace.String()+", and all of it within "+lm.UploadTimeout.String()).
			WithHeader("Connection", "close")
	}
	return up, err
}

// read spools the body by its media type.
func (s *Server) read(r *http.Request, mt, boundary string, lim intake.Limits) (*intake.Upload, error) {
	limit := lim.MaxFileBytes
	var up *intake.Upload
	var err error
	switch mt {
	case "multipart/form-data":
		if boundary == "" {
			return nil, problem(http.StatusBadRequest, CodeInvalidRequest, "the multipart body has no boundary")
		}
		// The form is read as a stream, part by part: never with
		// ParseMultipartForm, which spills to temporary files.
		up, err = intake.MultipartBody(r.Body, boundary, s.cfg.SpoolDir, lim)
		if err != nil {
			return nil, intakeProblem(err, limit)
		}
	case "application/json":
		up, err = intake.JSON(r.Body, s.cfg.SpoolDir, lim)
		if err != nil {
			return nil, intakeProblem(err, limit)
		}
	default:
		return nil, problem(http.StatusUnsupportedMediaType, CodeUnsupportedMediaType,
			"send multipart/form-data with a file part, or application/json with file_base64")
	}
	return up, nil
}

func tooLarge(limit int64) *Problem {
	return problem(http.StatusRequestEntityTooLarge, CodeFileTooLarge,
		"the document is larger than the limit of "+strconv.FormatInt(limit>>20, 10)+" MiB")
}

func intakeProblem(err error, limit int64) *Problem {
	var ie *intake.Error
	if !errors.As(err, &ie) {
		return problem(http.StatusBadRequest, CodeInvalidRequest, "the request body could not be read")
	}
	switch ie.Kind {
	case intake.KindTooLarge:
		return tooLarge(limit)
	case intake.KindEnvelopeTooLarge:
		return problem(http.StatusRequestEntityTooLarge, CodeRequestTooLarge, ie.Msg)
	case intake.KindNotPDF:
		return problem(http.StatusUnprocessableEntity, CodeInvalidPDF, ie.Msg)
	case intake.KindUnsupported:
		return problem(http.StatusUnprocessableEntity, CodeUnsupportedDocument, ie.Msg)
	case intake.KindInvalidDocument:
		return problem(http.StatusUnprocessableEntity, ie.Code, ie.Msg)
	case intake.KindNoFile, intake.KindBadBase64:
		return problem(http.StatusUnprocessableEntity, CodeInvalidRequest, ie.Msg)
	case intake.KindInternal:
		return problem(http.StatusInternalServerError, CodeInternal,
			"the server could not store the upload; it has been logged")
	}
	return problem(http.StatusBadRequest, CodeInvalidRequest, ie.Msg)
}
