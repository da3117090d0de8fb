package app_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/invoice"
)

var timestampRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$`)

// keyPaths lists the object keys of a JSON value, as dotted paths.
func keyPaths(prefix string, v any, out *[]string) {
	m, ok := v.(map[string]any)
	if !ok {
		return
	}
	for k, sub := range m {
		*out = append(*out, prefix+k)
		keyPaths(prefix+k+".", sub, out)
	}
}

func schemaKeys(t *testing.T) []string {
	t.Helper()
	b, _ := json.Marshal(invoice.Empty())
	var v any
	json.Unmarshal(b, &v)
	var keys []string
	keyPaths("", v, &keys)
	sort.Strings(keys)
	return keys
}

func TestSubmitAndPoll(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{})
	key := s.key("acme", 100)
	oa := s.app.OpenAPI()

	inv := testpdf.Italian()
	for _, form := range []string{"multipart", "json"} {
		t.Run(form, func(t *testing.T) {
			inv.Salt = form // a different document each time: no cache hit
			var r response
			if form == "multipart" {
				r = s.submitMultipart(key, inv.PDF(), "it")
			} else {
				r = s.submitJSON(key, inv.PDF(), "de")
			}
			validate(t, oa, "POST", "/v1/extract/invoice", r)
			id := s.accepted(r)
			m := r.json(t)
			if m["status"] != "pending" || m["poll_url"] != "/v1/jobs/"+id || m["webhook_configured"] != false {
				t.Errorf("submission record: %s", r.Body)
			}
			if est, _ := m["estimated_seconds"].(float64); est < 1 || est != float64(int(est)) {
				t.Errorf("estimated_seconds = %v, want an integer ≥ 1", m["estimated_seconds"])
			}
			if q, _ := m["quota_remaining"].(float64); q < 0 || q > 99 {
				t.Errorf("quota_remaining = %v", m["quota_remaining"])
			}
			if loc := r.Header.Get("Location"); loc != "/v1/jobs/"+id {
				t.Errorf("Location = %q", loc)
			}

			done := s.wait(key, id)
			validate(t, oa, "GET", "/v1/jobs/{id}", done)
			rec := done.json(t)
			if rec["status"] != "completed" {
				t.Fatalf("job ended %v: %s", rec["status"], done.Body)
			}
			for _, f := range []string{"queued_at", "started_at", "completed_at"} {
				if s, _ := rec[f].(string); !timestampRE.MatchString(s) {
					t.Errorf("%s = %v, want RFC 3339 UTC with milliseconds and Z", f, rec[f])
				}
			}
			if ms, ok := rec["processing_ms"].(float64); !ok || ms < 0 || ms != float64(int64(ms)) {
				t.Errorf("processing_ms = %v, want a non-negative integer", rec["processing_ms"])
			}
			if _, ok := rec["confidence"].(float64); !ok {
				t.Errorf("confidence = %v, want a number", rec["confidence"])
			}
			if rec["model"] == "" || rec["cache_hit"] != false {
				t.Errorf("model, cache_hit = %v, %v", rec["model"], rec["cache_hit"])
			}
			if flags, ok := rec["validation_flags"].([]any); !ok {
				t.Errorf("validation_flags = %v, want an array", rec["validation_flags"])
			} else {
				_ = flags
			}
			var got []string
			keyPaths("", rec["result"], &got)
			sort.Strings(got)
			if diff := cmp.Diff(schemaKeys(t), got); diff != "" {
				t.Errorf("result keys differ from the schema (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAuth(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	key := s.key("acme", 10)
	pdf := testpdf.Italian().PDF()
	bad := map[string]string{
		"missing":   "",
		"unknown":   "inv_" + strings.Repeat("A", 40),
		"malformed": "hello",
		"prefix":    "inv_",
		"long":      strings.Repeat("x", 8000),
	}
	for name, k := range bad {
		r := s.submitMultipart(k, pdf, "")
		checkProblem(t, r, http.StatusUnauthorized, "unauthorized")
		validate(t, s.app.OpenAPI(), "POST", "/v1/extract/invoice", r)
		r = s.get(k, "/v1/jobs/00000000-0000-4000-8000-000000000000")
		checkProblem(t, r, http.StatusUnauthorized, "unauthorized")
		if t.Failed() {
			t.Fatalf("case %s", name)
		}
	}
	// A refused request never consumes quota.
	r := s.submitMultipart(key, pdf, "")
	if got := r.json(t)["quota_remaining"]; got != float64(9) {
		t.Errorf("quota_remaining after failed attempts = %v, want 9", got)
	}
}

func TestSubmitErrors(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	key := s.key("acme", 100)
	oa := s.app.OpenAPI()
	pdf := testpdf.Italian().PDF()
	b64 := base64.StdEncoding.EncodeToString(pdf)

	cases := []struct {
		name, contentType, body string
		status                  int
		code                    string
	}{
		{"html as multipart", "", "<html><body>%PDF-1.4</body></html>", 422, "invalid_pdf"},
		{"zip as multipart", "", "PK\x03\x04 not a pdf", 422, "invalid_pdf"},
		{"jpeg renamed", "", "\xff\xd8\xff\xe0\x00\x10JFIF", 422, "invalid_pdf"},
		{"no header", "", "just text", 422, "invalid_pdf"},
		{"empty file", "", "", 422, "invalid_request"},
		{"missing file", "application/json", `{"locale":"it"}`, 422, "invalid_request"},
		{"invalid base64", "application/json", `{"file_base64":"%%%notbase64"}`, 422, "invalid_request"},
		{"base64 of html", "application/json", `{"file_base64":"` + base64.StdEncoding.EncodeToString([]byte("<html>")) + `"}`, 422, "invalid_pdf"},
		{"unsupported locale json", "application/json", `{"file_base64":"` + b64 + `","locale":"es"}`, 422, "unsupported_locale"},
		{"malformed json", "application/json", `{"file_base64":`, 400, "invalid_request"},
		{"wrong content type", "text/plain", "%PDF-1.4", 415, "unsupported_media_type"},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			var r response
			if tt.contentType == "" {
				body, ct := multipartBody("x.pdf", []byte(tt.body), nil)
				r = s.post(key, ct, body)
			} else {
				r = s.post(key, tt.contentType, strings.NewReader(tt.body))
			}
			checkProblem(t, r, tt.status, tt.code)
			validate(t, oa, "POST", "/v1/extract/invoice", r)
		})
	}
	t.Run("unsupported locale multipart", func(t *testing.T) {
		r := s.submitMultipart(key, pdf, "xx")
		checkProblem(t, r, 422, "unsupported_locale")
	})
	t.Run("no file part", func(t *testing.T) {
		body, ct := multipartBody("", nil, map[string]string{"locale": "it"})
		checkProblem(t, s.post(key, ct, body), 422, "invalid_request")
	})

	// Nothing above was accepted: the whole quota is left.
	r := s.submitMultipart(key, pdf, "")
	if got := r.json(t)["quota_remaining"]; got != float64(99) {
		t.Errorf("quota_remaining = %v, want 99: refused submissions must not consume quota", got)
	}
}

// bigHead begins bigPDF's documents: a header and an object.
const bigHead = "%PDF-1.7\n1 0 obj\n"

// bigPDF streams a PDF header and an object's start followed by n bytes of
// filler, without holding it in memory.
func bigPDF(n int64) io.Reader {
	return io.MultiReader(strings.NewReader(bigHead), io.LimitReader(zeros{}, n))
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '0'
	}
	return len(p), nil
}

func TestTooLarge(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	key := s.key("acme", 100)
	const limit = 50 << 20

	t.Run("multipart streamed without length", func(t *testing.T) {
		pr, pw := io.Pipe()
		mw := multipartWriter(pw)
		go func() {
			fw, _ := mw.CreateFormFile("file", "big.pdf")
			io.Copy(fw, bigPDF(limit))
			mw.Close()
			pw.Close()
		}()
		req, _ := http.NewRequest(http.MethodPost, s.URL+"/v1/extract/invoice", pr)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("X-API-Key", key)
		r := s.do(req)
		checkProblem(t, r, http.StatusRequestEntityTooLarge, "file_too_large")
	})
	t.Run("base64 whose decoded size exceeds the limit", func(t *testing.T) {
		pr, pw := io.Pipe()
		go func() {
			pw.Write([]byte(`{"file_base64":"`))
			enc := base64.NewEncoder(base64.StdEncoding, pw)
			io.Copy(enc, bigPDF(limit))
			enc.Close()
			pw.Write([]byte(`"}`))
			pw.Close()
		}()
		req, _ := http.NewRequest(http.MethodPost, s.URL+"/v1/extract/invoice", pr)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-API-Key", key)
		r := s.do(req)
		checkProblem(t, r, http.StatusRequestEntityTooLarge, "file_too_large")
	})
	t.Run("declared length too large", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodPost, s.URL+"/v1/extract/invoice", bigPDF(0))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-API-Key", key)
		req.ContentLength = 200 << 20
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("status %d, want 413", resp.StatusCode)
			}
		}
	})
	t.Run("exactly the limit is accepted", func(t *testing.T) {
		body, ct := multipartBodyReader(bigPDF(limit - int64(len(bigHead))))
		req, _ := http.NewRequest(http.MethodPost, s.URL+"/v1/extract/invoice", body)
		req.Header.Set("Content-Type", ct)
		req.Header.Set("X-API-Key", key)
		s.accepted(s.do(req))
	})
	// No spool file is left behind.
	if ents, _ := readDir(s.DataDir + "/tmp"); len(ents) != 0 {
		t.Errorf("spool dir holds %v", ents)
	}
}

func TestQuotaConcurrent(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	for round := 0; round < 3; round++ {
		key := s.key(fmt.Sprintf("round-%d", round), 10)
		var (
			mu        sync.Mutex
			statuses  = map[int]int{}
			remaining = map[float64]bool{}
			wg        sync.WaitGroup
		)
		for i := 0; i < 30; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				inv := testpdf.Italian()
				inv.Salt = fmt.Sprint(round, "-", i)
				var r response
				if i%2 == 0 {
					r = s.submitMultipart(key, inv.PDF(), "")
				} else {
					r = s.submitJSON(key, inv.PDF(), "")
				}
				mu.Lock()
				defer mu.Unlock()
				statuses[r.Status]++
				switch r.Status {
				case http.StatusAccepted:
					remaining[r.json(t)["quota_remaining"].(float64)] = true
				case http.StatusTooManyRequests:
					checkProblem(t, r, 429, "quota_exhausted")
					if r.Header.Get("Retry-After") == "" {
						t.Error("429 without Retry-After")
					}
				default:
					t.Errorf("status %d: %s", r.Status, r.Body)
				}
			}(i)
		}
		wg.Wait()
		if statuses[202] != 10 || statuses[429] != 20 {
			t.Errorf("round %d: statuses %v, want 10 × 202 and 20 × 429", round, statuses)
		}
		if len(remaining) != 10 || !remaining[0] || !remaining[9] {
			t.Errorf("round %d: quota_remaining values %v, want 0..9 once each", round, remaining)
		}
	}
}

func TestJobNotFound(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	alice := s.key("alice", 10)
	bob := s.key("bob", 10)
	id := s.accepted(s.submitMultipart(alice, testpdf.Italian().PDF(), ""))
	if r := s.get(alice, "/v1/jobs/"+id); r.Status != 200 {
		t.Fatalf("owner poll: %d", r.Status)
	}
	var bodies [][]byte
	for _, path := range []string{
		"/v1/jobs/" + id, // another account's job
		"/v1/jobs/6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e10",
		"/v1/jobs/not-a-uuid",
		"/v1/jobs/" + strings.Repeat("9", 500),
	} {
		r := s.get(bob, path)
		checkProblem(t, r, http.StatusNotFound, "job_not_found")
		validate(t, s.app.OpenAPI(), "GET", "/v1/jobs/{id}", r)
		bodies = append(bodies, r.Body)
	}
	for _, b := range bodies[1:] {
		if !bytes.Equal(b, bodies[0]) {
			t.Errorf("404 bodies differ:\n%s\n%s", bodies[0], b)
		}
	}
}

func TestFailedJob(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{})
	key := s.key("acme", 10)
	id := s.accepted(s.submitMultipart(key, testpdf.Blank(), ""))
	r := s.wait(key, id)
	validate(t, s.app.OpenAPI(), "GET", "/v1/jobs/{id}", r)
	rec := r.json(t)
	if rec["status"] != "failed" {
		t.Fatalf("status %v, want failed: %s", rec["status"], r.Body)
	}
	if rec["error"] != "no text could be extracted from the document" {
		t.Errorf("error = %q", rec["error"])
	}
	if rec["error_code"] != "no_text" || rec["attempt_count"] != float64(1) {
		t.Errorf("error_code, attempt_count = %v, %v; a permanent failure is not retried", rec["error_code"], rec["attempt_count"])
	}
	if _, has := rec["result"]; has {
		t.Error("a failed job carries a result")
	}
}

func TestCache(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{})
	alice := s.key("alice", 10)
	bob := s.key("bob", 10)
	pdf := testpdf.Italian().PDF()

	first := s.wait(alice, s.accepted(s.submitMultipart(alice, pdf, "it"))).json(t)
	second := s.wait(alice, s.accepted(s.submitJSON(alice, pdf, "it"))).json(t)
	if first["cache_hit"] != false || second["cache_hit"] != true {
		t.Errorf("cache_hit = %v then %v, want false then true", first["cache_hit"], second["cache_hit"])
	}
	if diff := cmp.Diff(first["result"], second["result"]); diff != "" {
		t.Errorf("cached result differs (-first +second):\n%s", diff)
	}
	if first["job_id"] == second["job_id"] {
		t.Error("a cache hit must still be a job of its own")
	}
	// Another locale is another extraction.
	if r := s.wait(alice, s.accepted(s.submitMultipart(alice, pdf, "en"))).json(t); r["cache_hit"] != false {
		t.Errorf("other locale: cache_hit = %v, want false", r["cache_hit"])
	}
	// Another account never gets alice's cached result.
	if r := s.wait(bob, s.accepted(s.submitMultipart(bob, pdf, "it"))).json(t); r["cache_hit"] != false {
		t.Errorf("other account: cache_hit = %v, want false", r["cache_hit"])
	}
	// A cache hit consumes quota like any submission.
	r := s.submitMultipart(alice, pdf, "it")
	if got := r.json(t)["quota_remaining"]; got != float64(6) {
		t.Errorf("quota_remaining = %v, want 6", got)
	}
}

func TestRestartKeepsWork(t *testing.T) {
	dir := t.TempDir()
	// An API-only process accepts jobs that nobody works yet.
	api := startServer(t, dir, app.Config{Workers: -1})
	key := api.key("acme", 100)
	var ids []string
	for i := 0; i < 8; i++ {
		inv := testpdf.Italian()
		inv.Salt = fmt.Sprint(i)
		ids = append(ids, api.accepted(api.submitMultipart(key, inv.PDF(), "")))
	}
	ids = append(ids, api.accepted(api.submitMultipart(key, testpdf.Blank(), "")))
	for _, id := range ids {
		if st := api.get(key, "/v1/jobs/"+id).json(t)["status"]; st != "pending" {
			t.Fatalf("job %s is %v before any worker ran", id, st)
		}
	}
	api.stop()

	// Simulate a crash mid-job: a queue entry left running by a dead process.
	markRunning(t, dir, 2)

	// A new process with workers finishes everything.
	w := startServer(t, dir, app.Config{})
	results := map[string]string{}
	for _, id := range ids {
		r := w.wait(key, id).json(t)
		results[id] = fmt.Sprint(r["status"], r["result"])
	}
	for _, id := range ids[:8] {
		if !strings.HasPrefix(results[id], "completed") {
			t.Errorf("job %s: %s", id, results[id])
		}
	}
	if !strings.HasPrefix(results[ids[8]], "failed") {
		t.Errorf("blank job: %s", results[ids[8]])
	}
	// Stop with work in flight: new submissions stop, in-flight jobs finish
	// or go back to the queue.
	var more []string
	for i := 0; i < 6; i++ {
		inv := testpdf.Italian()
		inv.Salt = fmt.Sprint("more-", i)
		more = append(more, w.accepted(w.submitJSON(key, inv.PDF(), "")))
	}
	w.stop()

	// Results survive restarts, and the interrupted jobs complete.
	again := startServer(t, dir, app.Config{})
	for _, id := range ids {
		r := again.get(key, "/v1/jobs/"+id).json(t)
		if got := fmt.Sprint(r["status"], r["result"]); got != results[id] {
			t.Errorf("job %s changed across a restart: %s → %s", id, results[id], got)
		}
	}
	for _, id := range more {
		if st := again.wait(key, id).json(t)["status"]; st != "completed" {
			t.Errorf("job %s submitted before the restart ended %v", id, st)
		}
	}
}
