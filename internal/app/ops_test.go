package app_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testpdf"
)

// syncBuffer is a log sink safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestOperations(t *testing.T) {
	var logs syncBuffer
	s := startServer(t, t.TempDir(), app.Config{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	key := s.key("acme", 10)
	s.wait(key, s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), "")))

	t.Run("openapi", func(t *testing.T) {
		r := s.get("", "/v1/openapi.json")
		if r.Status != 200 {
			t.Fatalf("status %d", r.Status)
		}
		var doc struct {
			OpenAPI string                    `json:"openapi"`
			Paths   map[string]map[string]any `json:"paths"`
		}
		if err := json.Unmarshal(r.Body, &doc); err != nil {
			t.Fatal(err)
		}
		if doc.OpenAPI != "3.1.0" {
			t.Errorf("openapi = %q, want 3.1.0", doc.OpenAPI)
		}
		if doc.Paths["/v1/extract/invoice"]["post"] == nil || doc.Paths["/v1/jobs/{id}"]["get"] == nil {
			t.Errorf("paths = %v", doc.Paths)
		}
		for _, want := range []string{`"multipart/form-data"`, `"file_base64"`, `"X-API-Key"`, `"application/problem+json"`, `"quota_remaining"`} {
			if !bytes.Contains(r.Body, []byte(want)) {
				t.Errorf("openapi.json lacks %s", want)
			}
		}
	})
	t.Run("docs page works offline", func(t *testing.T) {
		r := s.get("", "/docs")
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("status %d, type %q", r.Status, r.Header.Get("Content-Type"))
		}
		body := string(r.Body)
		for _, want := range []string{"/v1/extract/invoice", "/v1/jobs/{id}", `id="error-quota_exhausted"`, "file_base64"} {
			if !strings.Contains(body, want) {
				t.Errorf("docs page lacks %q", want)
			}
		}
		for _, bad := range []string{"<script", "http://", "https://"} {
			if strings.Contains(body, bad) {
				t.Errorf("docs page contains %q: it must need nothing from the network", bad)
			}
		}
	})
	t.Run("health", func(t *testing.T) {
		for _, p := range []string{"/healthz", "/readyz"} {
			if r := s.get("", p); r.Status != 200 {
				t.Errorf("%s: status %d: %s", p, r.Status, r.Body)
			}
		}
	})
	t.Run("metrics", func(t *testing.T) {
		r := s.get("", "/metrics")
		if r.Status != 200 {
			t.Fatalf("status %d", r.Status)
		}
		for _, want := range []string{
			`invex_http_requests_total{code="202",method="POST",route="POST /v1/extract/invoice"} 1`,
			`invex_http_request_duration_seconds_bucket{method="GET",route="GET /v1/jobs/{id}"`,
			`invex_jobs{state="completed"} 1`,
			`invex_job_processing_seconds_count{outcome="completed"} 1`,
		} {
			if !bytes.Contains(r.Body, []byte(want)) {
				t.Errorf("metrics lack %s", want)
			}
		}
	})
	t.Run("request id and logs", func(t *testing.T) {
		req := s.get("", "/healthz")
		if len(req.Header.Get("X-Request-Id")) < 16 {
			t.Errorf("X-Request-Id = %q", req.Header.Get("X-Request-Id"))
		}
		r := s.getWithHeader("/healthz", "X-Request-Id", "trace-abc-123")
		if got := r.Header.Get("X-Request-Id"); got != "trace-abc-123" {
			t.Errorf("X-Request-Id = %q, want the client's", got)
		}
		found := false
		for _, line := range strings.Split(logs.String(), "\n") {
			if line == "" {
				continue
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("log line is not JSON: %q", line)
			}
			if m["request_id"] == "trace-abc-123" && m["path"] == "/healthz" {
				found = true
			}
			if strings.Contains(line, key) {
				t.Errorf("a log line holds the API key: %s", line)
			}
		}
		if !found {
			t.Error("no access log line carries the request id")
		}
	})
}
