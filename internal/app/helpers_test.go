package app_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testwait"
)

// sharedCache keeps pdfium's compiled WebAssembly between test servers, so
// each start costs milliseconds instead of a second.
var sharedCache = filepath.Join(os.TempDir(), "invex-test-cache")

// server is a real invex process-in-a-test: a real SQLite file, a real HTTP
// server on a loopback port, real workers.
type server struct {
	t       *testing.T
	app     *app.App
	URL     string
	DataDir string
	cancel  context.CancelFunc
	done    chan error
}

func startServer(t *testing.T, dataDir string, cfg app.Config) *server {
	t.Helper()
	cfg.Addr = "127.0.0.1:0"
	cfg.DataDir = dataDir
	cfg.CacheDir = sharedCache
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
	}
	if cfg.HTTP.RateLimit.Requests == 0 {
		// Tests poll every 20 ms; a limit no test reaches keeps the
		// headers on (the limit itself has its own tests).
		cfg.HTTP.RateLimit.Requests = 1 << 30
	}
	if cfg.ShutdownGrace == 0 {
		cfg.ShutdownGrace = 10 * time.Second
	}
	a, err := app.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("open app: %v", err)
	}
	ln, err := a.Listen()
	if err != nil {
		a.Close()
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &server{t: t, app: a, URL: "http://" + ln.Addr().String(), DataDir: dataDir, cancel: cancel, done: make(chan error, 1)}
	go func() { s.done <- a.Run(ctx, ln) }()
	t.Cleanup(s.stop)
	return s
}

// stop shuts the server down gracefully; calling it twice is harmless.
func (s *server) stop() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	if err := <-s.done; err != nil {
		s.t.Errorf("server run: %v", err)
	}
	if err := s.app.Close(); err != nil {
		s.t.Errorf("close app: %v", err)
	}
	s.cancel = nil
}

// key creates an account with the given monthly quota and returns a new key.
func (s *server) key(account string, quota int) string {
	s.t.Helper()
	ctx := context.Background()
	acct, err := s.app.Store().EnsureAccount(ctx, account, &quota)
	if err != nil {
		s.t.Fatal(err)
	}
	k, err := apikey.New()
	if err != nil {
		s.t.Fatal(err)
	}
	if _, err := s.app.Store().CreateKey(ctx, acct.ID, "test", k.Prefix, k.Hash); err != nil {
		s.t.Fatal(err)
	}
	return k.Plain
}

type response struct {
	Status int
	Header http.Header
	Body   []byte
}

func (r response) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("response body is not a JSON object: %v\n%s", err, r.Body)
	}
	return m
}

var client = &http.Client{Timeout: 60 * time.Second}

func (s *server) do(req *http.Request) response {
	s.t.Helper()
	resp, err := client.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatalf("read response: %v", err)
	}
	return response{Status: resp.StatusCode, Header: resp.Header, Body: b}
}

func (s *server) get(key, path string) response {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("X-API-Key", key)
	}
	return s.do(req)
}

func multipartBody(fileName string, pdf []byte, fields map[string]string) (io.Reader, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	if pdf != nil {
		fw, _ := w.CreateFormFile("file", fileName)
		fw.Write(pdf)
	}
	w.Close()
	return &buf, w.FormDataContentType()
}

func (s *server) submitMultipart(key string, pdf []byte, locale string) response {
	s.t.Helper()
	fields := map[string]string{}
	if locale != "" {
		fields["locale"] = locale
	}
	body, ct := multipartBody("invoice.pdf", pdf, fields)
	return s.post(key, ct, body)
}

func (s *server) submitJSON(key string, pdf []byte, locale string) response {
	s.t.Helper()
	m := map[string]string{"file_base64": base64.StdEncoding.EncodeToString(pdf)}
	if locale != "" {
		m["locale"] = locale
	}
	b, _ := json.Marshal(m)
	return s.post(key, "application/json", bytes.NewReader(b))
}

func (s *server) post(key, contentType string, body io.Reader) response {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.URL+"/v1/extract/invoice", body)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	if key != "" {
		req.Header.Set("X-API-Key", key)
	}
	return s.do(req)
}

// accepted checks a 202 and returns the job id.
func (s *server) accepted(r response) string {
	s.t.Helper()
	if r.Status != http.StatusAccepted {
		s.t.Fatalf("submit: status %d, want 202: %s", r.Status, r.Body)
	}
	id, _ := r.json(s.t)["job_id"].(string)
	if id == "" {
		s.t.Fatalf("submit: no job_id in %s", r.Body)
	}
	return id
}

// wait polls a job until it ends and returns the final response.
func (s *server) wait(key, id string) response {
	s.t.Helper()
	var r response
	ended := testwait.For(90*time.Second, func() bool {
		r = s.get(key, "/v1/jobs/"+id)
		if r.Status != http.StatusOK {
			s.t.Fatalf("poll %s: status %d: %s", id, r.Status, r.Body)
		}
		switch st := r.json(s.t)["status"]; st {
		case "completed", "failed":
			return true
		case "pending", "processing":
			return false
		default:
			s.t.Fatalf("poll %s: unexpected status %v", id, st)
			return false
		}
	})
	if !ended {
		s.t.Fatalf("job %s did not end in time: %s", id, r.Body)
	}
	return r
}

// checkProblem checks an RFC 9457 error response.
func checkProblem(t *testing.T, r response, status int, code string) {
	t.Helper()
	if r.Status != status {
		t.Errorf("status %d, want %d: %s", r.Status, status, r.Body)
		return
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Errorf("Content-Type %q, want application/problem+json", ct)
	}
	m := r.json(t)
	if m["code"] != code {
		t.Errorf("code %v, want %q: %s", m["code"], code, r.Body)
	}
	if m["status"] != float64(status) || m["title"] == "" || m["type"] == "" {
		t.Errorf("incomplete problem document: %s", r.Body)
	}
	for _, leak := range []string{"goroutine", ".go:", "/work/", "sqlite", "SELECT", "panic"} {
		if bytes.Contains(r.Body, []byte(leak)) {
			t.Errorf("error body leaks %q: %s", leak, r.Body)
		}
	}
}

// validate checks a response body against the schema the OpenAPI document
// declares for this operation and status.
func validate(t *testing.T, oa *huma.OpenAPI, method, path string, r response) {
	t.Helper()
	item := oa.Paths[path]
	if item == nil {
		t.Fatalf("no path %s in the OpenAPI document", path)
	}
	op := map[string]*huma.Operation{"GET": item.Get, "POST": item.Post, "PATCH": item.Patch, "DELETE": item.Delete}[method]
	if op == nil {
		t.Fatalf("no %s %s in the OpenAPI document", method, path)
	}
	resp := op.Responses[fmt.Sprint(r.Status)]
	if resp == nil {
		resp = op.Responses["default"]
	}
	if resp == nil {
		t.Fatalf("%s %s: status %d is not documented", method, path, r.Status)
	}
	ct := strings.TrimSpace(strings.Split(r.Header.Get("Content-Type"), ";")[0])
	mt := resp.Content[ct]
	if mt == nil {
		t.Fatalf("%s %s %d: content type %q is not documented", method, path, r.Status, ct)
	}
	var v any
	if err := json.Unmarshal(r.Body, &v); err != nil {
		t.Fatalf("invalid JSON: %v", err)
	}
	res := &huma.ValidateResult{}
	huma.Validate(oa.Components.Schemas, mt.Schema, huma.NewPathBuffer([]byte(""), 0), huma.ModeReadFromServer, v, res)
	for _, e := range res.Errors {
		t.Errorf("%s %s %d does not match its schema: %v\nbody: %s", method, path, r.Status, e, r.Body)
	}
}

func multipartWriter(w io.Writer) *multipart.Writer { return multipart.NewWriter(w) }

// multipartBodyReader streams a multipart form whose file part is r.
func multipartBodyReader(r io.Reader) (io.Reader, string) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		fw, _ := mw.CreateFormFile("file", "big.pdf")
		io.Copy(fw, r)
		mw.Close()
		pw.Close()
	}()
	return pr, mw.FormDataContentType()
}

func readDir(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names, err
}

// markRunning makes n waiting queue entries look claimed by a process that
// died: state running, one attempt counted, their jobs processing.
func markRunning(t *testing.T, dataDir string, n int) {
	t.Helper()
	ctx := context.Background()
	st, err := app.OpenStore(ctx, dataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	db := st.WriteDB()
	res, err := db.ExecContext(ctx, `UPDATE river_job SET state = 'running', attempt = attempt + 1, attempted_at = scheduled_at
		WHERE id IN (SELECT id FROM river_job WHERE state = 'available' ORDER BY id LIMIT $1)`, n)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := res.RowsAffected(); got != int64(n) {
		t.Fatalf("marked %d queue entries running, want %d", got, n)
	}
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'processing', attempt_count = 1
		WHERE queue_job_id IN (SELECT id FROM river_job WHERE state = 'running')`); err != nil {
		t.Fatal(err)
	}
}

func (s *server) getWithHeader(path, k, v string) response {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set(k, v)
	return s.do(req)
}
