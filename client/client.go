// Package client is the Go client of the invex invoice-extraction API.
//
// A Client submits PDF invoices, waits for their jobs with the backoff and the
// 120-second overall timeout of the API contract's reference polling loop,
// lists, downloads and deletes jobs, reads the month's usage, and reviews
// results (PatchResult, Approve, Extraction, Export). Records are
// typed: a completed job's Result is an invoice.Result, its flags are
// invoice.Finding values. Errors from the API are *APIError values carrying
// the problem document's stable Code (such as "quota_exhausted").
//
// VerifyWebhook (and Webhook, for a custom clock or tolerance) checks the
// signature of a webhook delivery per the Standard Webhooks specification
// before its body is trusted.
//
//	c := client.New("http://127.0.0.1:8080", os.Getenv("INVEX_API_KEY"))
//	acc, err := c.SubmitFile(ctx, "invoice.pdf", client.SubmitOptions{Locale: "it"})
//	...
//	job, err := c.Wait(ctx, acc.JobID, client.WaitOptions{})
//
// The package imports only the standard library and invex's invoice package.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Client talks to one invex server with one API key. Its fields may be set
// before first use; it is then safe for concurrent use.
type Client struct {
	// BaseURL is the server's address, such as "http://127.0.0.1:8080",
	// without the /v1 path.
	BaseURL string
	// APIKey is sent in the X-API-Key header of every request.
	APIKey string
	// HTTPClient sends the requests. Default: a client without an overall
	// timeout (uploads may be long; use contexts to bound calls).
	HTTPClient *http.Client
	// UserAgent is sent with every request. Default "invex-go-client".
	UserAgent string
}

// New returns a Client of the server at baseURL using apiKey.
func New(baseURL, apiKey string) *Client {
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), APIKey: apiKey}
}

// APIError is an error answer of the API: an RFC 9457 problem document.
type APIError struct {
	// StatusCode is the HTTP status.
	StatusCode int
	// Code is the stable machine code, such as "unauthorized",
	// "quota_exhausted", "rate_limited" or "job_not_found".
	Code string
	// Title and Detail describe the problem for people.
	Title  string
	Detail string
	// Type is the problem type's URI reference.
	Type string
	// RetryAfter is the wait the server asked for (Retry-After), or 0.
	RetryAfter time.Duration
}

// Error implements error.
func (e *APIError) Error() string {
	msg := fmt.Sprintf("invex: %d %s", e.StatusCode, e.Code)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

// ErrorCode returns the API's machine code of err when it is (or wraps) an
// *APIError, and "" otherwise.
func ErrorCode(err error) string {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Code
	}
	return ""
}

func (c *Client) httpClient() *http.Client {
	if c.HTTPClient != nil {
		return c.HTTPClient
	}
	return http.DefaultClient
}

// newRequest builds an authenticated request for path (which starts with
// /v1) and query.
func (c *Client) newRequest(ctx context.Context, method, path string, query url.Values, body io.Reader) (*http.Request, error) {
	if c.BaseURL == "" {
		return nil, errors.New("invex: client has no BaseURL")
	}
	u := strings.TrimRight(c.BaseURL, "/") + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, u, body)
	if err != nil {
		return nil, fmt.Errorf("invex: %s %s: %w", method, path, err)
	}
	req.Header.Set("X-API-Key", c.APIKey)
	ua := c.UserAgent
	if ua == "" {
		ua = "invex-go-client"
	}
	req.Header.Set("User-Agent", ua)
	return req, nil
}

// send sends req and returns the response when its status is want; any
// other status is read as an *APIError and the body closed.
func (c *Client) send(req *http.Request, want int) (*http.Response, error) {
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return nil, fmt.Errorf("invex: %s %s: %w", req.Method, req.URL.Path, err)
	}
	if resp.StatusCode == want {
		return resp, nil
	}
	defer resp.Body.Close()
	return nil, readAPIError(resp)
}

// maxErrorBody bounds how much of an error answer is read.
const maxErrorBody = 64 << 10

func readAPIError(resp *http.Response) error {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	e := &APIError{StatusCode: resp.StatusCode}
	var p struct {
		Type   string `json:"type"`
		Title  string `json:"title"`
		Detail string `json:"detail"`
		Code   string `json:"code"`
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if (mt == "application/problem+json" || mt == "application/json") && json.Unmarshal(b, &p) == nil {
		e.Type, e.Title, e.Detail, e.Code = p.Type, p.Title, p.Detail, p.Code
	} else {
		e.Title = http.StatusText(resp.StatusCode)
		e.Detail = strings.TrimSpace(string(b))
	}
	if e.Code == "" {
		e.Code = "http_" + strconv.Itoa(resp.StatusCode)
	}
	e.RetryAfter = retryAfter(resp.Header.Get("Retry-After"), time.Now())
	return e
}

// retryAfter reads a Retry-After value: seconds or an HTTP date.
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// getJSON GETs path and decodes a 200 answer into v, returning the raw body.
func (c *Client) getJSON(ctx context.Context, path string, query url.Values, v any) ([]byte, error) {
	req, err := c.newRequest(ctx, http.MethodGet, path, query, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.send(req, http.StatusOK)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return decode(resp, v)
}

func decode(resp *http.Response, v any) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, resp.Body); err != nil {
		return nil, fmt.Errorf("invex: read %s answer: %w", resp.Request.URL.Path, err)
	}
	if err := json.Unmarshal(buf.Bytes(), v); err != nil {
		return nil, fmt.Errorf("invex: decode %s answer: %w", resp.Request.URL.Path, err)
	}
	return buf.Bytes(), nil
}
