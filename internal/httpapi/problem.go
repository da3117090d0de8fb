package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"sync"

	"github.com/danielgtaylor/huma/v2"

	"github.com/invex/invex/extract/document"
)

// Machine codes of error responses. They are stable: clients branch on them.
const (
	CodeUnauthorized      = "unauthorized"
	CodeInvalidRequest    = "invalid_request"
	CodeUnsupportedLocale = "unsupported_locale"
	CodeInvalidPDF        = "invalid_pdf"
	// Codes of POST /v1/extract's documents other than PDFs: package
	// document's.
	CodeUnsupportedDocument  = document.CodeUnsupported
	CodeInvalidDocument      = document.CodeDamaged
	CodeNotAnInvoice         = document.CodeNotInvoice
	CodeUnsafeDocument       = document.CodeUnsafe
	CodeImageTooLarge        = document.CodeImageTooLarge
	CodeFileTooLarge         = "file_too_large"
	CodeRequestTooLarge      = "request_too_large"
	CodeRequestTimeout       = "request_timeout"
	CodeQuotaExhausted       = "quota_exhausted"
	CodeRateLimited          = "rate_limited"
	CodeJobNotFound          = "job_not_found"
	CodeDocumentNotFound     = "document_not_found"
	CodeNotFound             = "not_found"
	CodeUnsupportedMediaType = "unsupported_media_type"
	CodeUnavailable          = "unavailable"
	CodeInternal             = "internal"
	CodeWebhookNotFound      = "webhook_not_found"
	CodeInvalidWebhookURL    = "invalid_webhook_url"
	CodeWebhookSecretMissing = "webhook_secret_missing"
)

// Problem is an RFC 9457 problem document with invex's machine code. Its
// Detail is written for the client; internal causes never go into it.
type Problem struct {
	Type   string `json:"type" doc:"A URI reference naming the problem type; it resolves to the API docs."`
	Title  string `json:"title" doc:"Short summary of the problem type."`
	Status int    `json:"status" doc:"The HTTP status code."`
	Detail string `json:"detail,omitempty" doc:"What went wrong with this request, in words."`
	Code   string `json:"code" doc:"Stable machine-readable code." enum:"unauthorized,invalid_request,unsupported_locale,invalid_pdf,file_too_large,request_too_large,request_timeout,quota_exhausted,rate_limited,idempotency_key_reused,job_not_found,document_not_found,webhook_not_found,invalid_webhook_url,webhook_secret_missing,invalid_review,job_not_completed,example_not_found,review_conflict,not_found,unsupported_media_type,unavailable,internal"`

	headers http.Header
}

// Error implements error.
func (p *Problem) Error() string { return p.Code + ": " + p.Detail }

// GetStatus implements huma.StatusError.
func (p *Problem) GetStatus() int { return p.Status }

// GetHeaders implements huma.HeadersError.
func (p *Problem) GetHeaders() http.Header { return p.headers }

// ContentType implements huma.ContentTypeFilter: problems are sent as
// application/problem+json.
func (p *Problem) ContentType(string) string { return "application/problem+json" }

// WithHeader returns p with a response header added.
func (p *Problem) WithHeader(k, v string) *Problem {
	if p.headers == nil {
		p.headers = http.Header{}
	}
	p.headers.Set(k, v)
	return p
}

var titles = map[string]string{
	CodeUnauthorized:         "Missing or invalid API key",
	CodeInvalidRequest:       "Invalid request",
	CodeUnsupportedLocale:    "Unsupported locale",
	CodeInvalidPDF:           "Not a valid PDF",
	CodeUnsupportedDocument:  "Unsupported kind of document",
	CodeInvalidDocument:      "Damaged document",
	CodeNotAnInvoice:         "Not an invoice",
	CodeUnsafeDocument:       "Document refused unread",
	CodeImageTooLarge:        "Picture too large",
	CodeFileTooLarge:         "File too large",
	CodeRequestTooLarge:      "Request too large",
	CodeRequestTimeout:       "Request body too slow",
	CodeQuotaExhausted:       "Monthly quota exhausted",
	CodeRateLimited:          "Too many requests",
	CodeJobNotFound:          "Job not found",
	CodeDocumentNotFound:     "Document not found",
	CodeNotFound:             "Not found",
	CodeUnsupportedMediaType: "Unsupported media type",
	CodeUnavailable:          "Service unavailable",
	CodeInternal:             "Internal error",
	CodeWebhookNotFound:      "Webhook endpoint not found",
	CodeInvalidWebhookURL:    "Invalid webhook URL",
	CodeWebhookSecretMissing: "No webhook signing secret",
	CodeInvalidReview:        "Invalid correction",
	CodeJobNotCompleted:      "Job not completed",
	CodeExampleNotFound:      "Example not found",
	CodeReviewConflict:       "Review changed meanwhile",
}

// problem builds a Problem; its type URI points at the code's section of the
// bundled API docs.
func problem(status int, code, detail string) *Problem {
	return &Problem{Type: "/docs#error-" + code, Title: titles[code], Status: status, Detail: detail, Code: code}
}

// codeForStatus names the code of errors raised by huma itself (request
// validation), which know only their status.
func codeForStatus(status int) string {
	switch status {
	case http.StatusUnauthorized:
		return CodeUnauthorized
	case http.StatusNotFound:
		return CodeNotFound
	case http.StatusRequestEntityTooLarge:
		return CodeFileTooLarge
	case http.StatusUnsupportedMediaType:
		return CodeUnsupportedMediaType
	case http.StatusTooManyRequests:
		return CodeRateLimited
	case http.StatusRequestTimeout:
		return CodeRequestTimeout
	case http.StatusServiceUnavailable:
		return CodeUnavailable
	}
	if status >= 500 {
		return CodeInternal
	}
	return CodeInvalidRequest
}

var installErrors sync.Once

// useProblems makes huma produce Problems for every error it writes,
// including its own validation errors. huma.NewError is a package variable of
// huma's; it is set once, to the same function, by every server.
func useProblems() {
	installErrors.Do(func() {
		huma.NewError = func(status int, msg string, errs ...error) huma.StatusError {
			for _, err := range errs {
				var p *Problem
				if errors.As(err, &p) {
					return p
				}
			}
			detail := msg
			if status >= 500 {
				// Never tell a client what broke inside.
				detail = "the server could not complete the request; it has been logged"
			} else {
				for _, err := range errs {
					if err != nil {
						detail += "; " + err.Error()
					}
				}
			}
			return problem(status, codeForStatus(status), detail)
		}
	})
}

// writeProblem writes p outside huma (middleware, plain handlers).
func writeProblem(w http.ResponseWriter, p *Problem) {
	for k, vs := range p.headers {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	body := `{"type":` + strconv.Quote(p.Type) + `,"title":` + strconv.Quote(p.Title) +
		`,"status":` + strconv.Itoa(p.Status) + `,"detail":` + strconv.Quote(p.Detail) +
		`,"code":` + strconv.Quote(p.Code) + "}\n"
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(p.Status)
	w.Write([]byte(body))
}
