package httpapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/httpapi"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submittest"
)

// api is the API's handler over a real SQLite store, a real blob directory
// and a real (insert-only) queue: no worker reads anything, so these tests
// see exactly what the handlers do.
type api struct {
	t   *testing.T
	h   http.Handler
	st  *store.Store
	key string
}

const maxUpload = 64 << 10

func newAPI(t *testing.T, quota int) *api {
	return newAPIWith(t, quota, httpapi.Limits{})
}

// newAPIWith is newAPI with the given connection and rate limits.
func newAPIWith(t *testing.T, quota int, lim httpapi.Limits) *api {
	t.Helper()
	ctx := context.Background()
	e := submittest.New(t)
	st := e.Store
	srv := httpapi.New(httpapi.Config{SpoolDir: e.Dir, MaxUploadBytes: maxUpload, Limits: lim}, st, e.Submitter, e.Blobs, e.Logger, prometheus.NewRegistry())
	acct, err := st.EnsureAccount(ctx, "acme", &quota)
	if err != nil {
		t.Fatal(err)
	}
	k, err := apikey.New()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateKey(ctx, acct.ID, "test", k.Prefix, k.Hash); err != nil {
		t.Fatal(err)
	}
	return &api{t: t, h: srv.Handler(), st: st, key: k.Plain}
}

// do serves one request with the account's key (unless header sets
// another) and returns the recorded answer.
func (a *api) do(method, path, contentType string, body io.Reader, header ...string) *httptest.ResponseRecorder {
	a.t.Helper()
	req := httptest.NewRequest(method, path, body)
	req.RemoteAddr = "192.0.2.1:1234"
	req.Header.Set("X-API-Key", a.key)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	a.h.ServeHTTP(w, req)
	return w
}

// upload is a multipart body with a file part (unless file is nil) and
// fields.
func upload(file []byte, fields ...string) (io.Reader, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for i := 0; i+1 < len(fields); i += 2 {
		w.WriteField(fields[i], fields[i+1])
	}
	if file != nil {
		fw, _ := w.CreateFormFile("file", "invoice.pdf")
		fw.Write(file)
	}
	w.Close()
	return &buf, w.FormDataContentType()
}

// problemCode checks a problem answer's status and code.
func problemCode(t *testing.T, name string, w *httptest.ResponseRecorder, status int, code string) {
	t.Helper()
	var p struct {
		Code   string `json:"code"`
		Status int    `json:"status"`
		Detail string `json:"detail"`
	}
	if w.Code != status || json.Unmarshal(w.Body.Bytes(), &p) != nil || p.Code != code || p.Status != status || p.Detail == "" {
		t.Errorf("%s: %d %s; want %d with code %s and a detail", name, w.Code, w.Body.Bytes(), status, code)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Errorf("%s: Content-Type %q, want application/problem+json", name, ct)
	}
}

var pdf = []byte("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n")

// TestSubmitRefusals sends every kind of bad submission to the handler:
// each is refused with its status and code, and none is charged.
func TestSubmitRefusals(t *testing.T) {
	t.Parallel()
	a := newAPI(t, 10)
	big := bytes.Repeat([]byte("x"), maxUpload+1)
	tests := []struct {
		name   string
		body   func() (io.Reader, string)
		header []string
		status int
		code   string
	}{
		{"no content type", func() (io.Reader, string) { return strings.NewReader("x"), "" }, nil, 415, httpapi.CodeUnsupportedMediaType},
		{"text body", func() (io.Reader, string) { return strings.NewReader("x"), "text/plain" }, nil, 415, httpapi.CodeUnsupportedMediaType},
		{"multipart without boundary", func() (io.Reader, string) { return strings.NewReader("x"), "multipart/form-data" }, nil, 400, httpapi.CodeInvalidRequest},
		{"no file part", func() (io.Reader, string) { return upload(nil, "locale", "it") }, nil, 422, httpapi.CodeInvalidRequest},
		{"not a PDF", func() (io.Reader, string) { return upload([]byte("GIF89a not a pdf")) }, nil, 422, httpapi.CodeInvalidPDF},
		{"a PDF header and nothing else", func() (io.Reader, string) { return upload([]byte("%PDF-1.7\n")) }, nil, 422, httpapi.CodeInvalidPDF},
		{"too large", func() (io.Reader, string) { return upload(append(append([]byte{}, pdf...), big...)) }, nil, 413, httpapi.CodeFileTooLarge},
		{"unknown locale", func() (io.Reader, string) { return upload(pdf, "locale", "xx") }, nil, 422, httpapi.CodeUnsupportedLocale},
		{"webhook URL not http", func() (io.Reader, string) { return upload(pdf, "webhook_url", "ftp://example.com/x") }, nil, 422, httpapi.CodeInvalidWebhookURL},
		{"webhook URL private", func() (io.Reader, string) { return upload(pdf, "webhook_url", "http://127.0.0.1/x") }, nil, 422, httpapi.CodeInvalidWebhookURL},
		{"webhook without a secret", func() (io.Reader, string) { return upload(pdf, "webhook_url", "https://example.com/x") }, nil, 422, httpapi.CodeWebhookSecretMissing},
		{"bad idempotency key", func() (io.Reader, string) { return upload(pdf) }, []string{"Idempotency-Key", "a\x01b"}, 400, httpapi.CodeInvalidRequest},
		{"JSON without the file", func() (io.Reader, string) { return strings.NewReader(`{"locale":"it"}`), "application/json" }, nil, 422, httpapi.CodeInvalidRequest},
		{"JSON with bad base64", func() (io.Reader, string) { return strings.NewReader(`{"file_base64":"%%%"}`), "application/json" }, nil, 422, httpapi.CodeInvalidRequest},
		{"JSON not a PDF", func() (io.Reader, string) {
			return strings.NewReader(`{"file_base64":"` + base64.StdEncoding.EncodeToString([]byte("hello")) + `"}`), "application/json"
		}, nil, 422, httpapi.CodeInvalidPDF},
	}
	for _, tt := range tests {
		body, ct := tt.body()
		problemCode(t, tt.name, a.do(http.MethodPost, "/v1/extract/invoice", ct, body, tt.header...), tt.status, tt.code)
	}
	if used, err := a.st.QuotaUsed(context.Background(), accountID(t, a), store.Period(a.st.Now())); err != nil || used != 0 {
		t.Errorf("quota used after refusals: %d, %v; want 0", used, err)
	}
}

func accountID(t *testing.T, a *api) string {
	t.Helper()
	acct, err := a.st.AccountByName(context.Background(), "acme")
	if err != nil {
		t.Fatal(err)
	}
	return acct.ID
}

// TestSubmitQuotaAndIdempotency: a spent quota refuses before the body is
// read, except for a replay of a live idempotency key; a key reused with
// another document is refused.
func TestSubmitQuotaAndIdempotency(t *testing.T) {
	t.Parallel()
	a := newAPI(t, 1)
	body, ct := upload(pdf)
	w := a.do(http.MethodPost, "/v1/extract/invoice", ct, body, "Idempotency-Key", "k1")
	if w.Code != http.StatusAccepted || w.Header().Get("Location") == "" || w.Header().Get("X-Quota-Remaining") != "0" {
		t.Fatalf("first submission: %d %v %s", w.Code, w.Header(), w.Body)
	}
	var first struct {
		JobID string `json:"job_id"`
	}
	json.Unmarshal(w.Body.Bytes(), &first)

	// The quota is spent: refused with the renewal date, before reading.
	body, ct = upload(append(append([]byte{}, pdf...), "% another"...))
	w = a.do(http.MethodPost, "/v1/extract/invoice", ct, body)
	problemCode(t, "spent quota", w, 429, httpapi.CodeQuotaExhausted)
	if w.Header().Get("Retry-After") == "" {
		t.Error("spent quota: no Retry-After")
	}
	// The same request with its key replays the job, charging nothing.
	body, ct = upload(pdf)
	w = a.do(http.MethodPost, "/v1/extract/invoice", ct, body, "Idempotency-Key", "k1")
	var again struct {
		JobID string `json:"job_id"`
	}
	json.Unmarshal(w.Body.Bytes(), &again)
	if w.Code != http.StatusAccepted || w.Header().Get("Idempotent-Replayed") != "true" || again.JobID != first.JobID {
		t.Errorf("replay: %d %v %s; want 202 replaying %s", w.Code, w.Header(), w.Body, first.JobID)
	}
	// The key with another document is refused.
	body, ct = upload(append(append([]byte{}, pdf...), "% other"...))
	problemCode(t, "key reused", a.do(http.MethodPost, "/v1/extract/invoice", ct, body, "Idempotency-Key", "k1"), 422, "idempotency_key_reused")
}

// TestJobRefusals: unknown, malformed and other accounts' job ids are 404
// with the same code, so ids cannot be probed.
func TestJobRefusals(t *testing.T) {
	t.Parallel()
	a := newAPI(t, 10)
	b := newAPI(t, 10) // another account, on another store: its id is unknown here
	body, ct := upload(pdf)
	w := b.do(http.MethodPost, "/v1/extract/invoice", ct, body)
	var other struct {
		JobID string `json:"job_id"`
	}
	json.Unmarshal(w.Body.Bytes(), &other)
	for _, path := range []string{"/v1/jobs/not-a-uuid", "/v1/jobs/" + other.JobID, "/v1/jobs/00000000-0000-4000-8000-000000000000"} {
		problemCode(t, "GET "+path, a.do(http.MethodGet, path, "", nil), 404, httpapi.CodeJobNotFound)
		problemCode(t, "DELETE "+path, a.do(http.MethodDelete, path, "", nil), 404, httpapi.CodeJobNotFound)
		problemCode(t, "GET "+path+"/document", a.do(http.MethodGet, path+"/document", "", nil), 404, httpapi.CodeJobNotFound)
	}
	for _, q := range []string{"status=done", "limit=0", "limit=101", "from=yesterday", "cursor=garbage"} {
		w := a.do(http.MethodGet, "/v1/jobs?"+q, "", nil)
		if w.Code != http.StatusUnprocessableEntity && w.Code != http.StatusBadRequest {
			t.Errorf("GET /v1/jobs?%s: %d %s; want a 4xx refusal", q, w.Code, w.Body)
		}
	}
}

// TestAuthRefusals: a missing, malformed or unknown key is 401 with a
// WWW-Authenticate challenge, on every route of the API.
func TestAuthRefusals(t *testing.T) {
	t.Parallel()
	a := newAPI(t, 10)
	for _, key := range []string{"", "nope", "inv_0000000000000000000000000000000000000000"} {
		for _, route := range [][2]string{{http.MethodPost, "/v1/extract/invoice"}, {http.MethodGet, "/v1/jobs"}, {http.MethodGet, "/v1/usage"}, {http.MethodGet, "/v1/webhook"}} {
			w := a.do(route[0], route[1], "", nil, "X-API-Key", key)
			problemCode(t, route[0]+" "+route[1]+" with key "+key, w, 401, httpapi.CodeUnauthorized)
		}
	}
}

// TestWebhookRefusals: an endpoint URL that is not an https or http URL of
// a public host is refused; reading or removing an endpoint that was never
// set, or the deliveries of an unknown job, is 404.
func TestWebhookRefusals(t *testing.T) {
	t.Parallel()
	a := newAPI(t, 10)
	for _, tt := range []struct {
		name, body string
		status     int
		code       string
	}{
		{"not JSON", `url=https://example.com`, 400, ""},
		{"no URL", `{}`, 422, ""},
		{"private address", `{"url":"http://10.0.0.1/hook"}`, 422, httpapi.CodeInvalidWebhookURL},
		{"loopback", `{"url":"http://localhost/hook"}`, 422, httpapi.CodeInvalidWebhookURL},
		{"not http", `{"url":"gopher://example.com/hook"}`, 422, httpapi.CodeInvalidWebhookURL},
		{"credentials in the URL", `{"url":"https://user:pass@example.com/hook"}`, 422, httpapi.CodeInvalidWebhookURL},
	} {
		w := a.do(http.MethodPut, "/v1/webhook", "application/json", strings.NewReader(tt.body))
		if tt.code == "" {
			if w.Code != tt.status {
				t.Errorf("%s: %d %s, want %d", tt.name, w.Code, w.Body, tt.status)
			}
			continue
		}
		problemCode(t, tt.name, w, tt.status, tt.code)
	}
	problemCode(t, "GET without an endpoint", a.do(http.MethodGet, "/v1/webhook", "", nil), 404, httpapi.CodeWebhookNotFound)
	problemCode(t, "DELETE without an endpoint", a.do(http.MethodDelete, "/v1/webhook", "", nil), 404, httpapi.CodeWebhookNotFound)
	problemCode(t, "deliveries of an unknown job", a.do(http.MethodGet, "/v1/jobs/00000000-0000-4000-8000-000000000000/deliveries", "", nil), 404, httpapi.CodeJobNotFound)
	// A public endpoint is accepted, and a submission may then name its
	// own webhook URL.
	if w := a.do(http.MethodPut, "/v1/webhook", "application/json", strings.NewReader(`{"url":"https://example.com/hook"}`)); w.Code != http.StatusOK {
		t.Fatalf("PUT a public endpoint: %d %s", w.Code, w.Body)
	}
	body, ct := upload(pdf, "webhook_url", "https://example.org/own")
	if w := a.do(http.MethodPost, "/v1/extract/invoice", ct, body); w.Code != http.StatusAccepted || !strings.Contains(w.Body.String(), `"webhook_configured":true`) {
		t.Errorf("submission naming its webhook: %d %s", w.Code, w.Body)
	}
}

// TestOtherRefusals: an unknown route, a body whose envelope (fields
// besides the file) is too large, the document of a job whose document
// retention deleted, and a key past its rate limit.
func TestOtherRefusals(t *testing.T) {
	t.Parallel()
	a := newAPI(t, 10)
	problemCode(t, "unknown route", a.do(http.MethodGet, "/v1/nothing-here", "", nil), 404, httpapi.CodeNotFound)

	endless := "--BB\r\nContent-Disposition: form-data; name=\"locale\"\r\nX-Junk: " + strings.Repeat("a", 1<<20) + "\r\n\r\nit\r\n--BB--\r\n"
	problemCode(t, "endless part header", a.do(http.MethodPost, "/v1/extract/invoice", "multipart/form-data; boundary=BB", strings.NewReader(endless)),
		413, httpapi.CodeRequestTooLarge)
	body, ct := upload(pdf, "locale", strings.Repeat("v", 4096))
	problemCode(t, "field too long", a.do(http.MethodPost, "/v1/extract/invoice", ct, body), 400, httpapi.CodeInvalidRequest)
	var form []string
	for i := range 40 {
		form = append(form, fmt.Sprintf("field%d", i), "v")
	}
	body, ct = upload(pdf, form...)
	problemCode(t, "too many fields", a.do(http.MethodPost, "/v1/extract/invoice", ct, body), 400, httpapi.CodeInvalidRequest)

	body, ct = upload(pdf)
	w := a.do(http.MethodPost, "/v1/extract/invoice", ct, body)
	var acc struct {
		JobID string `json:"job_id"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &acc); err != nil || w.Code != http.StatusAccepted {
		t.Fatalf("submit: %d %s", w.Code, w.Body)
	}
	ctx := context.Background()
	j, err := a.st.JobByID(ctx, acc.JobID)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.st.ForgetDocument(ctx, store.ExpiredDocument{JobID: j.ID, BlobKey: j.BlobKey}, a.st.Now()); err != nil {
		t.Fatal(err)
	}
	problemCode(t, "a deleted document", a.do(http.MethodGet, "/v1/jobs/"+j.ID+"/document", "", nil), 404, httpapi.CodeDocumentNotFound)

	limited := newAPIWith(t, 10, httpapi.Limits{RateLimit: httpapi.RateLimit{Requests: 2, Window: time.Hour}})
	for i := range 2 {
		if w := limited.do(http.MethodGet, "/v1/usage", "", nil); w.Code != http.StatusOK {
			t.Fatalf("request %d within the limit: %d %s", i+1, w.Code, w.Body)
		}
	}
	w = limited.do(http.MethodGet, "/v1/usage", "", nil)
	problemCode(t, "past the rate limit", w, 429, httpapi.CodeRateLimited)
	if w.Header().Get("Retry-After") == "" {
		t.Error("rate limited without Retry-After")
	}
}
