// Package webhook tells clients when their jobs end: it writes the events
// job.completed and job.failed into an outbox in the transaction that ends
// the job, and delivers them from the job queue to the client's receiver,
// signed per the Standard Webhooks specification
// (https://www.standardwebhooks.com, version 1.0.0).
//
// Every delivery carries three headers: webhook-id (the message id, the
// same on every attempt, for the receiver to deduplicate on),
// webhook-timestamp (Unix seconds of this attempt) and webhook-signature, a
// space-separated list of "v1,<base64 HMAC-SHA256>" over
// "<webhook-id>.<webhook-timestamp>.<body>", one per secret in use: while a
// secret rotation lasts, both the new and the previous secret sign.
// Secrets are "whsec_" followed by the base64 of 32 random bytes; the key
// of the HMAC is those bytes.
//
// Delivery (see Worker) follows the specification's advice: a 2xx answer
// is success, anything else (redirects included: they are not followed)
// is a failure retried with exponential backoff for more than a day, each
// attempt cut after a timeout (10 s by default); 410 Gone stops the
// delivery and disables the account's endpoint. Receivers may only be
// public addresses: the address actually connected to is checked (see
// Guard), so a name that resolves, or later re-resolves, to a loopback,
// private, link-local or cloud-metadata address is refused, unless the
// operator allows private destinations.
package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// SecretPrefix begins every signing secret.
const SecretPrefix = "whsec_"

// Header names of the Standard Webhooks specification.
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

// DefaultTolerance is how far a message's timestamp may be from the
// receiver's clock for Verify to accept it.
const DefaultTolerance = 5 * time.Minute

// NewSecret returns a new random signing secret: "whsec_" and the base64 of
// 32 random bytes.
func NewSecret() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("new webhook secret: %w", err)
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b[:]), nil
}

// secretKey decodes a secret to its HMAC key.
func secretKey(secret string) ([]byte, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil || len(key) == 0 {
		return nil, errors.New("webhook secret is not whsec_ followed by base64")
	}
	return key, nil
}

// Sign returns the "v1,<base64>" signature of a message with one secret.
func Sign(secret, msgID string, ts time.Time, body []byte) (string, error) {
	key, err := secretKey(secret)
	if err != nil {
		return "", err
	}
	return "v1," + base64.StdEncoding.EncodeToString(mac(key, msgID, ts.Unix(), body)), nil
}

func mac(key []byte, msgID string, ts int64, body []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(msgID))
	h.Write([]byte{'.'})
	h.Write([]byte(strconv.FormatInt(ts, 10)))
	h.Write([]byte{'.'})
	h.Write(body)
	return h.Sum(nil)
}

// Headers returns the three Standard Webhooks headers of a message signed
// with every one of secrets.
func Headers(secrets []string, msgID string, ts time.Time, body []byte) (http.Header, error) {
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		sig, err := Sign(s, msgID, ts, body)
		if err != nil {
			return nil, err
		}
		sigs = append(sigs, sig)
	}
	h := http.Header{}
	h.Set(HeaderID, msgID)
	h.Set(HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
	h.Set(HeaderSignature, strings.Join(sigs, " "))
	return h, nil
}

// Errors of Verify.
var (
	ErrMissingHeaders   = errors.New("webhook: missing webhook-id, webhook-timestamp or webhook-signature")
	ErrTimestamp        = errors.New("webhook: timestamp outside the tolerance")
	ErrNoValidSignature = errors.New("webhook: no valid signature")
)

// Verify checks a received message as a receiver should: the timestamp is
// within tolerance of now (DefaultTolerance when tolerance is 0) and at
// least one v1 signature in the header matches body under secret, compared
// in constant time. Verify the raw body before parsing it.
func Verify(secret string, h http.Header, body []byte, now time.Time, tolerance time.Duration) error {
	id, tsText, sigs := h.Get(HeaderID), h.Get(HeaderTimestamp), h.Get(HeaderSignature)
	if id == "" || tsText == "" || sigs == "" {
		return ErrMissingHeaders
	}
	ts, err := strconv.ParseInt(tsText, 10, 64)
	if err != nil {
		return ErrTimestamp
	}
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	if d := now.Sub(time.Unix(ts, 0)); d > tolerance || d < -tolerance {
		return ErrTimestamp
	}
	key, err := secretKey(secret)
	if err != nil {
		return err
	}
	want := mac(key, id, ts, body)
	for _, sig := range strings.Fields(sigs) {
		version, value, ok := strings.Cut(sig, ",")
		if !ok || version != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(value)
		if err != nil {
			continue
		}
		if subtle.ConstantTimeCompare(got, want) == 1 {
			return nil
		}
	}
	return ErrNoValidSignature
}
