package client

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Webhook deliveries are signed per the Standard Webhooks specification
// (https://www.standardwebhooks.com): the headers webhook-id (the same on
// every retry of one event: dedupe on it), webhook-timestamp (Unix seconds
// of the attempt) and webhook-signature, a space-separated list of
// "v1,<base64 HMAC-SHA256>" signatures of "<id>.<timestamp>.<body>" keyed
// with the endpoint's secret. While a secret is being rotated the server
// sends one signature per secret; any one matching is enough.

// DefaultWebhookTolerance is how far a delivery's timestamp may be from the
// receiver's clock, either way, before it is refused as a replay.
const DefaultWebhookTolerance = 5 * time.Minute

// WebhookSecretPrefix starts every webhook signing secret.
const WebhookSecretPrefix = "whsec_"

// Errors of webhook verification, for use with errors.Is.
var (
	ErrWebhookHeaders   = errors.New("invex webhook: missing webhook-id, webhook-timestamp or webhook-signature header")
	ErrWebhookTimestamp = errors.New("invex webhook: timestamp outside the tolerance window")
	ErrWebhookSignature = errors.New("invex webhook: no matching signature")
)

// Webhook verifies (and, for tests of receivers, signs) deliveries for one
// signing secret.
type Webhook struct {
	key []byte
	// Tolerance is the largest accepted distance between a delivery's
	// timestamp and Now. Default DefaultWebhookTolerance.
	Tolerance time.Duration
	// Now is the receiver's clock. Default time.Now.
	Now func() time.Time
}

// NewWebhook returns a verifier for secret, as shown when the endpoint was
// configured: "whsec_" followed by the base64 of the key (the prefix may be
// left out).
func NewWebhook(secret string) (*Webhook, error) {
	s := strings.TrimPrefix(strings.TrimSpace(secret), WebhookSecretPrefix)
	key, err := base64.StdEncoding.DecodeString(s)
	if err != nil || len(key) == 0 {
		return nil, errors.New("invex webhook: the secret is not whsec_ followed by base64")
	}
	return &Webhook{key: key}, nil
}

// VerifyWebhook checks a delivery with secret and DefaultWebhookTolerance;
// see Webhook.Verify.
func VerifyWebhook(secret string, header http.Header, body []byte) error {
	w, err := NewWebhook(secret)
	if err != nil {
		return err
	}
	return w.Verify(header, body)
}

// Verify checks that body, with the delivery's headers, was signed with the
// secret within the tolerance window. Pass the body exactly as received,
// before any JSON parsing. Signatures are compared in constant time;
// signatures of other schemes (such as v1a) are ignored.
func (w *Webhook) Verify(header http.Header, body []byte) error {
	id := header.Get("webhook-id")
	ts := header.Get("webhook-timestamp")
	sigs := header.Get("webhook-signature")
	if id == "" || ts == "" || sigs == "" {
		return ErrWebhookHeaders
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: %q is not Unix seconds", ErrWebhookTimestamp, ts)
	}
	now := time.Now
	if w.Now != nil {
		now = w.Now
	}
	tol := w.Tolerance
	if tol <= 0 {
		tol = DefaultWebhookTolerance
	}
	if d := now().Sub(time.Unix(sec, 0)); d > tol || d < -tol {
		return fmt.Errorf("%w: %s off", ErrWebhookTimestamp, d.Round(time.Second))
	}
	want := w.mac(id, ts, body)
	for _, s := range strings.Fields(sigs) {
		version, sig, ok := strings.Cut(s, ",")
		if !ok || version != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(sig)
		if err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return ErrWebhookSignature
}

// Sign returns the webhook-signature value ("v1,<base64>") of body for the
// given message id and time, as the server computes it. It lets tests of a
// receiver build signed deliveries.
func (w *Webhook) Sign(id string, t time.Time, body []byte) string {
	return "v1," + base64.StdEncoding.EncodeToString(w.mac(id, strconv.FormatInt(t.Unix(), 10), body))
}

func (w *Webhook) mac(id, ts string, body []byte) []byte {
	m := hmac.New(sha256.New, w.key)
	m.Write([]byte(id))
	m.Write([]byte{'.'})
	m.Write([]byte(ts))
	m.Write([]byte{'.'})
	m.Write(body)
	return m.Sum(nil)
}

// Webhook event types.
const (
	EventJobCompleted = "job.completed"
	EventJobFailed    = "job.failed"
)

// WebhookEvent is the body of a delivery, in the Standard Webhooks envelope:
// the event type, when it happened, and the job's record as a poll returns
// it.
type WebhookEvent struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      Job       `json:"data"`
}

// ParseWebhookEvent decodes a verified delivery's body.
func ParseWebhookEvent(body []byte) (*WebhookEvent, error) {
	var e WebhookEvent
	if err := json.Unmarshal(body, &e); err != nil {
		return nil, fmt.Errorf("invex webhook: decode event: %w", err)
	}
	var data struct {
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(body, &data) == nil {
		e.Data.Raw = data.Data
	}
	return &e, nil
}
