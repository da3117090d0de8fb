package submit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/webhook"
	"github.com/invex/invex/invoice"
)

// Codes of the refusals of a submission's fields (Error.Code). The API
// answers them with 422 and the same code; the dashboard shows the message.
const (
	CodeUnsupportedLocale    = "unsupported_locale"
	CodeInvalidWebhookURL    = "invalid_webhook_url"
	CodeWebhookSecretMissing = "webhook_secret_missing"
)

// Error is a submission refused for what its request asked: the client
// can fix it. Other errors of Submit are the service's (the database, the
// blob store), besides store.ErrQuotaExhausted and
// store.ErrIdempotencyKeyReused.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// checked is a submission whose fields passed check.
type checked struct {
	Submission
	requestHash string // identifies the request (document and fields) for its idempotency key
	hooked      bool   // a webhook event will be sent when the job ends
}

// check validates and normalises a submission's fields: the locale (empty
// becomes invoice.DefaultLocale; any case), and the webhook URL, which needs
// the account to hold a signing secret.
func (s *Submitter) check(ctx context.Context, sub Submission) (checked, error) {
	c := checked{Submission: sub}
	c.Locale = strings.ToLower(strings.TrimSpace(sub.Locale))
	if c.Locale == "" {
		c.Locale = invoice.DefaultLocale
	}
	if !invoice.ValidLocale(c.Locale) {
		return c, &Error{Code: CodeUnsupportedLocale, Message: "locale must be one of " + strings.Join(invoice.Locales, ", ")}
	}
	c.WebhookURL = strings.TrimSpace(sub.WebhookURL)
	e, err := s.Store.WebhookEndpoint(ctx, sub.AccountID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return c, fmt.Errorf("get webhook endpoint: %w", err)
	}
	if c.WebhookURL == "" {
		c.hooked = err == nil && e.Active()
	} else {
		if cerr := webhook.CheckURL(c.WebhookURL, s.AllowPrivateWebhooks); cerr != nil {
			return c, &Error{Code: CodeInvalidWebhookURL, Message: cerr.Error()}
		}
		if err != nil {
			return c, &Error{Code: CodeWebhookSecretMissing, Message: "the account has no webhook signing secret yet: " +
				"create one with POST /v1/webhook/secret (or set an endpoint with PUT /v1/webhook) before naming a webhook_url"}
		}
		c.hooked = true
	}
	c.requestHash = requestHash(sub.SHA256, sub.Fields, c.Locale)
	return c, nil
}

// requestHash identifies a submission for its idempotency key: the
// document's SHA-256 and every form field or JSON member besides the
// document, with the locale as it is used (so that omitting it and sending
// the default are the same request). The file name is not part of it.
func requestHash(docSHA256 string, fields map[string]string, locale string) string {
	f := make(map[string]string, len(fields)+1)
	for k, v := range fields {
		f[k] = v
	}
	f["locale"] = locale
	b, _ := json.Marshal(struct {
		Doc    string            `json:"doc"`
		Fields map[string]string `json:"fields"` // encoded with sorted keys
	}{docSHA256, f})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
