package app_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testwait"
	"github.com/invex/invex/internal/webhook"
)

// fastHooks delivers to loopback receivers with short timeouts and
// delays, so retries take milliseconds.
var fastHooks = webhook.Config{AllowPrivate: true, Timeout: 500 * time.Millisecond,
	BaseDelay: 20 * time.Millisecond, MaxDelay: 100 * time.Millisecond, MaxAttempts: 6}

// hookRequest is one request a receiver got.
type hookRequest struct {
	Header http.Header
	Body   []byte
}

// receiver is a real HTTP server on loopback that records every request
// and answers with answer(n) for the n-th (1-based).
type receiver struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []hookRequest
}

func newReceiver(t *testing.T, answer func(n int, r *http.Request) int) *receiver {
	rc := &receiver{}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		rc.reqs = append(rc.reqs, hookRequest{Header: r.Header.Clone(), Body: body})
		n := len(rc.reqs)
		rc.mu.Unlock()
		if code := answer(n, r); code > 0 {
			w.WriteHeader(code)
		}
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) requests() []hookRequest {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]hookRequest(nil), rc.reqs...)
}

// specSigned checks a request's signature with one secret as the Standard
// Webhooks specification describes it, independently of package webhook:
// HMAC-SHA256 keyed with the base64-decoded secret after "whsec_" over
// "{webhook-id}.{webhook-timestamp}.{body}", base64, prefixed "v1,", one of
// the space-separated entries of webhook-signature; the timestamp must be
// within five minutes.
func specSigned(secret string, r hookRequest) bool {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return false
	}
	ts, err := strconv.ParseInt(r.Header.Get("webhook-timestamp"), 10, 64)
	if err != nil || time.Since(time.Unix(ts, 0)).Abs() > 5*time.Minute {
		return false
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(r.Header.Get("webhook-id") + "." + r.Header.Get("webhook-timestamp") + "."))
	m.Write(r.Body)
	want := []byte("v1," + base64.StdEncoding.EncodeToString(m.Sum(nil)))
	for _, sig := range strings.Split(r.Header.Get("webhook-signature"), " ") {
		if hmac.Equal([]byte(sig), want) {
			return true
		}
	}
	return false
}

func (s *server) send(method, key, path string, body any) response {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		s.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("X-API-Key", key)
	return s.do(req)
}

// putWebhook registers url as the account's endpoint and returns the
// answer.
func (s *server) putWebhook(key, url string) map[string]any {
	s.t.Helper()
	r := s.send(http.MethodPut, key, "/v1/webhook", map[string]string{"url": url})
	if r.Status != http.StatusOK {
		s.t.Fatalf("PUT /v1/webhook: %d %s", r.Status, r.Body)
	}
	return r.json(s.t)
}

// submitHooked submits a document with a per-job webhook_url (multipart).
func (s *server) submitHooked(key string, pdf []byte, url string) response {
	s.t.Helper()
	body, ct := multipartBody("invoice.pdf", pdf, map[string]string{"webhook_url": url})
	return s.post(key, ct, body)
}

type deliveryView struct {
	WebhookID string `json:"webhook_id"`
	Event     string `json:"event"`
	Target    string `json:"target"`
	URL       string `json:"url"`
	Status    string `json:"status"`
	Attempts  int    `json:"attempts"`
	Log       []struct {
		Attempt    int    `json:"attempt"`
		StatusCode *int   `json:"status_code"`
		Error      string `json:"error"`
	} `json:"log"`
}

// deliveries waits until the job's deliveries are all final and returns
// them.
func (s *server) deliveries(key, id string) []deliveryView {
	s.t.Helper()
	var out struct{ Deliveries []deliveryView }
	var r response
	final := testwait.For(60*time.Second, func() bool {
		r = s.get(key, "/v1/jobs/"+id+"/deliveries")
		if r.Status != http.StatusOK {
			s.t.Fatalf("deliveries: %d %s", r.Status, r.Body)
		}
		validate(s.t, s.app.OpenAPI(), "GET", "/v1/jobs/{id}/deliveries", r)
		out.Deliveries = nil
		if err := json.Unmarshal(r.Body, &out); err != nil {
			s.t.Fatal(err)
		}
		final := len(out.Deliveries) > 0
		for _, d := range out.Deliveries {
			final = final && d.Status != "pending"
		}
		return final
	})
	if !final {
		s.t.Fatalf("deliveries of %s not final in time: %s", id, r.Body)
	}
	return out.Deliveries
}

func codes(d deliveryView) []int {
	var out []int
	for _, l := range d.Log {
		c := 0
		if l.StatusCode != nil {
			c = *l.StatusCode
		}
		out = append(out, c)
	}
	return out
}

// An account endpoint receives job.completed and job.failed, signed so
// that an independent verifier accepts them, carrying the poll's record.
func TestWebhookAccountEndpoint(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 2, Webhooks: fastHooks})
	key := s.key("acme", 100)
	rc := newReceiver(t, func(int, *http.Request) int { return http.StatusNoContent })

	if r := s.get(key, "/v1/webhook"); r.Status != http.StatusNotFound {
		t.Errorf("GET before PUT: %d, want 404", r.Status)
	} else {
		checkProblem(t, r, http.StatusNotFound, "webhook_not_found")
	}
	ep := s.putWebhook(key, rc.URL+"/hook")
	secret, _ := ep["secret"].(string)
	if !strings.HasPrefix(secret, "whsec_") || ep["enabled"] != true || ep["url"] != rc.URL+"/hook" {
		t.Fatalf("PUT answer: %v", ep)
	}
	got := s.get(key, "/v1/webhook")
	if got.Status != http.StatusOK || bytes.Contains(got.Body, []byte("whsec_")) {
		t.Errorf("GET /v1/webhook: %d %s (the secret must not be shown again)", got.Status, got.Body)
	}
	if again := s.putWebhook(key, rc.URL+"/hook"); again["secret"] != nil {
		t.Errorf("a second PUT showed the secret again: %v", again)
	}

	sub := s.submitMultipart(key, testpdf.Italian().PDF(), "")
	if sub.json(t)["webhook_configured"] != true {
		t.Errorf("webhook_configured = %v, want true", sub.json(t)["webhook_configured"])
	}
	okID := s.accepted(sub)
	failID := s.accepted(s.submitMultipart(key, testpdf.Blank(), ""))
	poll := map[string]response{okID: s.wait(key, okID), failID: s.wait(key, failID)}
	for id, event := range map[string]string{okID: "job.completed", failID: "job.failed"} {
		ds := s.deliveries(key, id)
		if len(ds) != 1 || ds[0].Event != event || ds[0].Status != "delivered" || ds[0].Target != "account" ||
			!cmp.Equal(codes(ds[0]), []int{204}) {
			t.Errorf("deliveries of %s: %+v", id, ds)
			continue
		}
		var req *hookRequest
		for _, r := range rc.requests() {
			if r.Header.Get("webhook-id") == ds[0].WebhookID {
				req = &r
			}
		}
		if req == nil {
			t.Fatalf("the receiver got no request with webhook-id %s", ds[0].WebhookID)
		}
		if !specSigned(secret, *req) {
			t.Errorf("%s: signature does not verify: %v", event, req.Header)
		}
		if err := webhook.Verify(secret, req.Header, req.Body, time.Now(), 0); err != nil {
			t.Errorf("%s: webhook.Verify: %v", event, err)
		}
		if ct := req.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type %q", ct)
		}
		var msg struct {
			Type      string          `json:"type"`
			Timestamp string          `json:"timestamp"`
			Data      json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(req.Body, &msg); err != nil {
			t.Fatal(err)
		}
		if msg.Type != event || !timestampRE.MatchString(msg.Timestamp) {
			t.Errorf("message type %q timestamp %q", msg.Type, msg.Timestamp)
		}
		var fromHook, fromPoll any
		json.Unmarshal(msg.Data, &fromHook)
		json.Unmarshal(poll[id].Body, &fromPoll)
		if diff := cmp.Diff(fromPoll, fromHook); diff != "" {
			t.Errorf("%s: event data differs from the poll's record (-poll +event):\n%s", event, diff)
		}
	}

	// Deleting the endpoint stops events; other accounts see nothing.
	if r := s.send(http.MethodDelete, key, "/v1/webhook", nil); r.Status != http.StatusNoContent {
		t.Errorf("DELETE: %d %s", r.Status, r.Body)
	}
	checkProblem(t, s.get(key, "/v1/webhook"), http.StatusNotFound, "webhook_not_found")
	checkProblem(t, s.send(http.MethodDelete, key, "/v1/webhook", nil), http.StatusNotFound, "webhook_not_found")
	inv := testpdf.Italian()
	inv.Salt = "after delete"
	if m := s.submitMultipart(key, inv.PDF(), "").json(t); m["webhook_configured"] != false {
		t.Errorf("webhook_configured after delete = %v", m["webhook_configured"])
	}
	other := s.key("other", 10)
	checkProblem(t, s.get(other, "/v1/jobs/"+okID+"/deliveries"), http.StatusNotFound, "job_not_found")
	checkProblem(t, s.get(other, "/v1/webhook"), http.StatusNotFound, "webhook_not_found")
}

// A receiver that fails three times then succeeds gets the same message
// four times: the same webhook-id and body, a fresh timestamp each time.
func TestWebhookRetriesWithSameID(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 2, Webhooks: fastHooks})
	key := s.key("acme", 100)
	rc := newReceiver(t, func(n int, _ *http.Request) int {
		if n <= 3 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	})
	// A per-job URL needs the account's secret, not an account endpoint.
	body, ct := multipartBody("invoice.pdf", testpdf.Italian().PDF(), map[string]string{"webhook_url": rc.URL})
	checkProblem(t, s.post(key, ct, body), http.StatusUnprocessableEntity, "webhook_secret_missing")
	rot := s.send(http.MethodPost, key, "/v1/webhook/secret", nil)
	validate(t, s.app.OpenAPI(), "POST", "/v1/webhook/secret", rot)
	secret, _ := rot.json(t)["secret"].(string)
	if !strings.HasPrefix(secret, "whsec_") || rot.json(t)["previous_secret_expires_at"] != nil {
		t.Fatalf("first secret: %s", rot.Body)
	}

	sub := s.submitHooked(key, testpdf.Italian().PDF(), rc.URL+"/job")
	if sub.json(t)["webhook_configured"] != true {
		t.Errorf("webhook_configured = %v, want true", sub.json(t)["webhook_configured"])
	}
	id := s.accepted(sub)
	s.wait(key, id)
	ds := s.deliveries(key, id)
	if len(ds) != 1 || ds[0].Status != "delivered" || ds[0].Target != "job" || ds[0].Attempts != 4 {
		t.Fatalf("deliveries: %+v", ds)
	}
	if diff := cmp.Diff([]int{500, 500, 500, 200}, codes(ds[0])); diff != "" {
		t.Errorf("attempt status codes (-want +got):\n%s", diff)
	}
	reqs := rc.requests()
	if len(reqs) != 4 {
		t.Fatalf("receiver got %d requests, want 4", len(reqs))
	}
	for i, r := range reqs {
		if r.Header.Get("webhook-id") != ds[0].WebhookID || !bytes.Equal(r.Body, reqs[0].Body) {
			t.Errorf("attempt %d: webhook-id %q or body differs from the first", i+1, r.Header.Get("webhook-id"))
		}
		if !specSigned(secret, r) {
			t.Errorf("attempt %d: signature does not verify", i+1)
		}
	}
}

// A receiver that hangs is cut at the timeout and retried.
func TestWebhookTimeout(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 2, Webhooks: fastHooks})
	key := s.key("acme", 100)
	var hung atomic.Bool
	rc := newReceiver(t, func(n int, r *http.Request) int {
		if n == 1 {
			hung.Store(true)
			select { // hang until the sender gives up
			case <-r.Context().Done():
			case <-time.After(30 * time.Second):
			}
			return 0
		}
		return http.StatusOK
	})
	s.putWebhook(key, rc.URL)
	id := s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), ""))
	s.wait(key, id)
	ds := s.deliveries(key, id)
	if len(ds) != 1 || ds[0].Status != "delivered" || !cmp.Equal(codes(ds[0]), []int{0, 200}) {
		t.Fatalf("deliveries: %+v", ds)
	}
	if e := ds[0].Log[0].Error; !strings.Contains(e, "no answer within") {
		t.Errorf("first attempt error %q, want a timeout", e)
	}
	if !hung.Load() {
		t.Error("the receiver never hung")
	}
}

// 410 Gone stops the delivery and disables the account's endpoint.
func TestWebhookGoneDisables(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 2, Webhooks: fastHooks})
	key := s.key("acme", 100)
	rc := newReceiver(t, func(int, *http.Request) int { return http.StatusGone })
	s.putWebhook(key, rc.URL)
	id := s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), ""))
	s.wait(key, id)
	ds := s.deliveries(key, id)
	if len(ds) != 1 || ds[0].Status != "failed" || !cmp.Equal(codes(ds[0]), []int{410}) {
		t.Fatalf("deliveries: %+v", ds)
	}
	r := s.get(key, "/v1/webhook")
	validate(t, s.app.OpenAPI(), "GET", "/v1/webhook", r)
	if m := r.json(t); m["enabled"] != false || m["disabled_reason"] == nil {
		t.Errorf("endpoint after 410: %s", r.Body)
	}
	inv := testpdf.Italian()
	inv.Salt = "second"
	if m := s.submitMultipart(key, inv.PDF(), "").json(t); m["webhook_configured"] != false {
		t.Errorf("webhook_configured with a disabled endpoint = %v", m["webhook_configured"])
	}
	// PUT enables it again.
	if m := s.putWebhook(key, rc.URL); m["enabled"] != true {
		t.Errorf("after PUT: %v", m)
	}
	if n := len(rc.requests()); n != 1 {
		t.Errorf("receiver got %d requests, want 1", n)
	}
}

// Without the operator's switch, internal destinations are refused at
// registration, and at connect time for a URL that passed registration
// but now leads to loopback (DNS rebinding): a canary receives nothing.
func TestWebhookSSRF(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 2,
		Webhooks: webhook.Config{Timeout: 500 * time.Millisecond, BaseDelay: 20 * time.Millisecond, MaxDelay: 100 * time.Millisecond}})
	key := s.key("acme", 100)
	var conns atomic.Int64
	canary := httptest.NewUnstartedServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	canary.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	canary.Start()
	defer canary.Close()
	_, port, _ := net.SplitHostPort(canary.Listener.Addr().String())

	for _, u := range []string{canary.URL, "http://[::1]:" + port, "http://localhost:" + port,
		"http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://172.16.0.1/",
		"http://192.168.1.1/", "http://0.0.0.0:" + port, "ftp://example.com/", "not a url"} {
		r := s.send(http.MethodPut, key, "/v1/webhook", map[string]string{"url": u})
		checkProblem(t, r, http.StatusUnprocessableEntity, "invalid_webhook_url")
	}
	s.send(http.MethodPost, key, "/v1/webhook/secret", nil)
	checkProblem(t, s.submitHooked(key, testpdf.Italian().PDF(), canary.URL), http.StatusUnprocessableEntity, "invalid_webhook_url")
	acct, err := s.app.Store().AccountByName(context.Background(), "acme")
	if err != nil {
		t.Fatal(err)
	}
	if u, _ := s.app.Store().QuotaUsed(context.Background(), acct.ID, store.Period(s.app.Store().Now())); u != 0 {
		t.Errorf("refused submissions consumed %d units of quota", u)
	}

	// The stored URL now leads to loopback, as a rebound name would.
	if _, _, err := s.app.Store().PutWebhookEndpoint(context.Background(), acct.ID, canary.URL+"/hook", "whsec_unused"); err != nil {
		t.Fatal(err)
	}
	id := s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), ""))
	s.wait(key, id)
	ds := s.deliveries(key, id)
	if len(ds) != 1 || ds[0].Status != "failed" || len(ds[0].Log) != 1 || !strings.Contains(ds[0].Log[0].Error, "not a public") {
		t.Errorf("deliveries: %+v", ds)
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("the canary on loopback received %d connections", n)
	}
}

// During a secret rotation every message carries two signatures, one
// with each secret.
func TestWebhookSecretRotation(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 2, Webhooks: fastHooks})
	key := s.key("acme", 100)
	rc := newReceiver(t, func(int, *http.Request) int { return http.StatusOK })
	old, _ := s.putWebhook(key, rc.URL)["secret"].(string)
	rot := s.send(http.MethodPost, key, "/v1/webhook/secret", nil)
	if rot.Status != http.StatusOK {
		t.Fatalf("rotate: %d %s", rot.Status, rot.Body)
	}
	m := rot.json(t)
	fresh, _ := m["secret"].(string)
	if !strings.HasPrefix(fresh, "whsec_") || fresh == old || m["previous_secret_expires_at"] == nil {
		t.Fatalf("rotation answer: %s", rot.Body)
	}
	if g := s.get(key, "/v1/webhook").json(t); g["previous_secret_expires_at"] == nil {
		t.Errorf("GET during rotation: %v", g)
	}
	id := s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), ""))
	s.wait(key, id)
	s.deliveries(key, id)
	reqs := rc.requests()
	if len(reqs) != 1 {
		t.Fatalf("receiver got %d requests", len(reqs))
	}
	sigs := strings.Fields(reqs[0].Header.Get("webhook-signature"))
	if len(sigs) != 2 {
		t.Fatalf("webhook-signature %q: want two signatures during the rotation", reqs[0].Header.Get("webhook-signature"))
	}
	for name, sec := range map[string]string{"old": old, "new": fresh} {
		if !specSigned(sec, reqs[0]) {
			t.Errorf("no signature verifies with the %s secret", name)
		}
	}
}

// The OpenAPI document describes every webhook endpoint and the
// submission's webhook_url.
func TestWebhookOpenAPI(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	oa := s.app.OpenAPI()
	for path, methods := range map[string][]string{
		"/v1/webhook":              {"GET", "PUT", "DELETE"},
		"/v1/webhook/secret":       {"POST"},
		"/v1/jobs/{id}/deliveries": {"GET"},
	} {
		item := oa.Paths[path]
		if item == nil {
			t.Errorf("no path %s", path)
			continue
		}
		for _, m := range methods {
			if op := map[string]*huma.Operation{"GET": item.Get, "PUT": item.Put, "DELETE": item.Delete, "POST": item.Post}[m]; op == nil {
				t.Errorf("no %s %s", m, path)
			}
		}
	}
	rb := oa.Paths["/v1/extract/invoice"].Post.RequestBody
	if rb.Content["multipart/form-data"].Schema.Properties["webhook_url"] == nil {
		t.Error("multipart body does not document webhook_url")
	}
	jsch := rb.Content["application/json"].Schema
	if jsch.Ref != "" {
		jsch = oa.Components.Schemas.SchemaFromRef(jsch.Ref)
	}
	js, _ := json.Marshal(jsch)
	if !bytes.Contains(js, []byte("webhook_url")) {
		t.Errorf("JSON body does not document webhook_url: %s", js)
	}
	for _, ev := range []string{"job.completed", "job.failed"} {
		hook := oa.Webhooks[ev]
		if hook == nil || hook.Post == nil {
			t.Errorf("webhook %s not in the OpenAPI document", ev)
			continue
		}
		var names []string
		for _, p := range hook.Post.Parameters {
			names = append(names, p.Name)
		}
		if diff := cmp.Diff([]string{"webhook-id", "webhook-timestamp", "webhook-signature"}, names); diff != "" {
			t.Errorf("webhook %s headers (-want +got):\n%s", ev, diff)
		}
	}
	doc, _ := json.Marshal(oa)
	for _, code := range []string{"webhook_not_found", "invalid_webhook_url", "webhook_secret_missing"} {
		if !bytes.Contains(doc, []byte(code)) {
			t.Errorf("error code %s not in the OpenAPI document", code)
		}
	}
}
