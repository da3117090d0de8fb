package client_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/client"
	"github.com/invex/invex/internal/app"
)

func envClient() *client.Client {
	return client.New(os.Getenv("INVEX_URL"), os.Getenv("INVEX_API_KEY"))
}

// recorded is what a loopback recorder received.
type recorded struct {
	header http.Header
	fields map[string]string
	file   string
	name   string
	ctype  string
}

// recorder starts a real HTTP server on loopback that records one
// submission and answers it with status and body.
func recorder(t *testing.T, status int, body string, hdr map[string]string) (string, <-chan recorded) {
	t.Helper()
	got := make(chan recorded, 1)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := recorded{header: r.Header.Clone(), fields: map[string]string{}}
		if _, params, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil && params["boundary"] != "" {
			mr := multipart.NewReader(r.Body, params["boundary"])
			for {
				p, err := mr.NextPart()
				if err != nil {
					break
				}
				b, _ := io.ReadAll(p)
				if p.FormName() == "file" {
					rec.file, rec.name, rec.ctype = string(b), p.FileName(), p.Header.Get("Content-Type")
				} else {
					rec.fields[p.FormName()] = string(b)
				}
			}
		}
		select {
		case got <- rec:
		default:
		}
		for k, v := range hdr {
			w.Header().Set(k, v)
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String(), got
}

func TestSubmitSendsOptions(t *testing.T) {
	url, got := recorder(t, http.StatusAccepted,
		`{"job_id":"j1","status":"pending","estimated_seconds":3,"poll_url":"/v1/jobs/j1","webhook_configured":true,"quota_remaining":9}`,
		map[string]string{"Content-Type": "application/json"})
	c := client.New(url+"/", "inv_key")
	acc, err := c.Submit(context.Background(), strings.NewReader("%PDF-1.7 body"), client.SubmitOptions{
		Locale: "de", FileName: "Rechnung März.pdf", WebhookURL: "https://hooks.example/invex", IdempotencyKey: "k-123",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := client.Accepted{JobID: "j1", Status: client.StatusPending, EstimatedSeconds: 3, PollURL: "/v1/jobs/j1",
		WebhookConfigured: true, QuotaRemaining: 9}
	acc.Raw = nil
	if d := cmp.Diff(want, *acc); d != "" {
		t.Errorf("Accepted (-want +got):\n%s", d)
	}
	r := <-got
	if r.header.Get("X-API-Key") != "inv_key" || r.header.Get("Idempotency-Key") != "k-123" {
		t.Errorf("headers = %v", r.header)
	}
	if d := cmp.Diff(map[string]string{"locale": "de", "webhook_url": "https://hooks.example/invex"}, r.fields); d != "" {
		t.Errorf("form fields (-want +got):\n%s", d)
	}
	if r.file != "%PDF-1.7 body" || r.name != "Rechnung März.pdf" || r.ctype != "application/pdf" {
		t.Errorf("file part = %q named %q (%s)", r.file, r.name, r.ctype)
	}
}

func TestAPIErrors(t *testing.T) {
	ctx := context.Background()
	c := envClient()
	_, err := c.Submit(ctx, strings.NewReader("<html>not a pdf</html>"), client.SubmitOptions{})
	if client.ErrorCode(err) != "invalid_pdf" {
		t.Errorf("not a PDF: err = %v, want invalid_pdf", err)
	}
	_, err = c.Job(ctx, "00000000-0000-4000-8000-000000000000")
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.StatusCode != 404 || ae.Code != "job_not_found" || ae.Detail == "" || ae.Title == "" {
		t.Errorf("unknown job: err = %#v", err)
	}
	if err := c.Delete(ctx, "00000000-0000-4000-8000-000000000000"); client.ErrorCode(err) != "job_not_found" {
		t.Errorf("delete unknown job: err = %v", err)
	}
	if _, err := c.ListJobs(ctx, client.ListOptions{Cursor: "bogus"}); client.ErrorCode(err) != "invalid_request" {
		t.Errorf("bad cursor: err = %v", err)
	}
	if _, err := client.New("", "k").Usage(ctx); err == nil {
		t.Error("a client without BaseURL sent a request")
	}
	// A non-problem answer still becomes an APIError, with Retry-After.
	url, _ := recorder(t, http.StatusServiceUnavailable, "down for maintenance", map[string]string{"Retry-After": "7"})
	_, err = client.New(url, "k").Usage(ctx)
	if !errors.As(err, &ae) || ae.Code != "http_503" || ae.RetryAfter != 7*time.Second || ae.Detail != "down for maintenance" {
		t.Errorf("plain 503: err = %#v", err)
	}
}

func TestListAndDeleteThroughClient(t *testing.T) {
	ctx := context.Background()
	stop, srv, err := startServer(app.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	key, err := newKey(srv.app, "lister", 100)
	if err != nil {
		t.Fatal(err)
	}
	c := client.New(srv.URL, key)
	pdf, err := os.ReadFile("testdata/invoice.pdf")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 5 {
		doc := append(append([]byte{}, pdf...), []byte("\n% copy "+strconv.Itoa(i))...)
		acc, err := c.Submit(ctx, strings.NewReader(string(doc)), client.SubmitOptions{FileName: "f" + strconv.Itoa(i) + ".pdf"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append([]string{acc.JobID}, ids...) // newest first
		if j, err := c.Wait(ctx, acc.JobID, client.WaitOptions{Interval: 10 * time.Millisecond}); err != nil || j.Status != client.StatusCompleted {
			t.Fatalf("Wait = %+v, %v", j, err)
		}
	}
	var got []string
	for j, err := range c.AllJobs(ctx, client.ListOptions{Limit: 2}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, j.JobID)
	}
	if d := cmp.Diff(ids, got); d != "" {
		t.Errorf("AllJobs (-want +got):\n%s", d)
	}
	page, err := c.ListJobs(ctx, client.ListOptions{Limit: 2, Status: client.StatusCompleted, From: time.Now().Add(-time.Hour)})
	if err != nil || len(page.Jobs) != 2 || page.NextCursor == "" {
		t.Errorf("first page = %+v, %v", page, err)
	}
	if err := c.Delete(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Document(ctx, ids[0]); client.ErrorCode(err) != "job_not_found" {
		t.Errorf("document of a deleted job: %v", err)
	}
	u, err := c.Usage(ctx)
	if err != nil || u.Quota != 100 || u.Used != 5 || u.Remaining != 95 {
		t.Errorf("Usage = %+v, %v", u, err)
	}
}

// TestWaitTimeout waits on a server without workers: the job never ends.
func TestWaitTimeout(t *testing.T) {
	stop, srv, err := startServer(app.Config{Workers: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	key, err := newKey(srv.app, "idle", 10)
	if err != nil {
		t.Fatal(err)
	}
	c := client.New(srv.URL, key)
	acc, err := c.SubmitFile(context.Background(), "testdata/invoice.pdf", client.SubmitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	j, err := c.Wait(context.Background(), acc.JobID, client.WaitOptions{Timeout: 300 * time.Millisecond, Interval: 20 * time.Millisecond})
	if !errors.Is(err, client.ErrWaitTimeout) || j == nil || j.Status != client.StatusPending {
		t.Errorf("Wait = %+v, %v; want the pending record and ErrWaitTimeout", j, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Wait(ctx, acc.JobID, client.WaitOptions{}); err == nil || errors.Is(err, client.ErrWaitTimeout) {
		t.Errorf("Wait with a cancelled context: err = %v, want the context's error", err)
	}
}

// TestWaitRetriesAfter429 keeps polling through 429 answers, waiting what
// they ask.
func TestWaitRetriesAfter429(t *testing.T) {
	var mu sync.Mutex
	calls := 0
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		if n <= 2 {
			w.Header().Set("Content-Type", "application/problem+json")
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"type":"/docs#error-rate_limited","title":"Too many requests","status":429,"code":"rate_limited"}`)
			return
		}
		io.WriteString(w, `{"job_id":"j","status":"failed","queued_at":"2026-03-15T09:30:00.123Z","started_at":null,"completed_at":"2026-03-15T09:30:01.000Z","processing_ms":null,"error":"no text could be extracted from the document","error_code":"no_text","attempt_count":1}`)
	})}
	go srv.Serve(ln)
	defer srv.Close()
	c := client.New("http://"+ln.Addr().String(), "k")
	j, err := c.Wait(context.Background(), "j", client.WaitOptions{Interval: 5 * time.Millisecond})
	if err != nil || j.Status != client.StatusFailed || j.ErrorCode != "no_text" || *j.AttemptCount != 1 || !strings.Contains(string(j.Raw), `"no_text"`) {
		t.Errorf("Wait = %+v, %v", j, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if calls != 3 {
		t.Errorf("%d polls, want 3", calls)
	}
}

// sign is an implementation of the Standard Webhooks signature written from
// the specification, independent of the package's.
func sign(secret, id string, ts int64, body string) string {
	key, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id + "." + strconv.FormatInt(ts, 10) + "." + body))
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
}

func TestVerifyWebhook(t *testing.T) {
	// The test vector of the Standard Webhooks reference libraries.
	const (
		secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
		id     = "msg_p5jXN8AQM9LWM0D4loKWxJek"
		ts     = int64(1614265330)
		body   = `{"test": 2432232314}`
		sig    = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
	)
	if got := sign(secret, id, ts, body); got != sig {
		t.Fatalf("the independent signer gives %s, want the spec's %s", got, sig)
	}
	w, err := client.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Unix(ts, 0)
	w.Now = func() time.Time { return at }
	if got := w.Sign(id, at, []byte(body)); got != sig {
		t.Errorf("Sign = %s, want %s", got, sig)
	}
	const other = "whsec_" + "c2Vjb25kLXNlY3JldC1mb3Itcm90YXRpb24=" // "second-secret-for-rotation"
	hdr := func(id string, ts int64, sigs ...string) http.Header {
		h := http.Header{}
		h.Set("webhook-id", id)
		h.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
		h.Set("webhook-signature", strings.Join(sigs, " "))
		return h
	}
	for _, tt := range []struct {
		name string
		h    http.Header
		body string
		want error
	}{
		{"valid", hdr(id, ts, sig), body, nil},
		{"rotation: the old and the new secret's signatures", hdr(id, ts, sign(other, id, ts, body), sig), body, nil},
		{"other schemes ignored", hdr(id, ts, "v1a,AAAA", "garbage", sig), body, nil},
		{"four minutes late", hdr(id, ts-240, sign(secret, id, ts-240, body)), body, nil},
		{"tampered body", hdr(id, ts, sig), `{"test": 2432232315}`, client.ErrWebhookSignature},
		{"other message id", hdr("msg_other", ts, sig), body, client.ErrWebhookSignature},
		{"only another secret's signature", hdr(id, ts, sign(other, id, ts, body)), body, client.ErrWebhookSignature},
		{"signature of another timestamp", hdr(id, ts+1, sig), body, client.ErrWebhookSignature},
		{"too old", hdr(id, ts-301, sign(secret, id, ts-301, body)), body, client.ErrWebhookTimestamp},
		{"from the future", hdr(id, ts+301, sign(secret, id, ts+301, body)), body, client.ErrWebhookTimestamp},
		{"timestamp not a number", func() http.Header { h := hdr(id, ts, sig); h.Set("webhook-timestamp", "soon"); return h }(), body, client.ErrWebhookTimestamp},
		{"no signature", func() http.Header { h := hdr(id, ts, sig); h.Del("webhook-signature"); return h }(), body, client.ErrWebhookHeaders},
		{"no id", func() http.Header { h := hdr(id, ts, sig); h.Del("webhook-id"); return h }(), body, client.ErrWebhookHeaders},
	} {
		if err := w.Verify(tt.h, []byte(tt.body)); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("%s: Verify = %v, want %v", tt.name, err, tt.want)
		}
	}
	w.Tolerance = time.Minute
	if err := w.Verify(hdr(id, ts-120, sign(secret, id, ts-120, body)), []byte(body)); !errors.Is(err, client.ErrWebhookTimestamp) {
		t.Errorf("outside a 1-minute tolerance: %v", err)
	}
	for _, bad := range []string{"", "whsec_", "whsec_!!!", "not base64"} {
		if _, err := client.NewWebhook(bad); err == nil {
			t.Errorf("NewWebhook(%q) accepted a bad secret", bad)
		}
	}
	// VerifyWebhook uses the real clock.
	now := time.Now().Unix()
	if err := client.VerifyWebhook(secret, hdr(id, now, sign(secret, id, now, body)), []byte(body)); err != nil {
		t.Errorf("VerifyWebhook now: %v", err)
	}
}
