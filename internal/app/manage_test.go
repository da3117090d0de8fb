package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/jobs"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testwait"
)

func (s *server) del(key, path string) response {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodDelete, s.URL+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("X-API-Key", key)
	return s.do(req)
}

// submitSalted submits a distinct copy of the Italian invoice (no cache hit)
// under fileName and waits for its job to end.
func (s *server) submitSalted(key, salt, fileName string) (string, []byte) {
	s.t.Helper()
	inv := testpdf.Italian()
	inv.Salt = salt
	pdf := inv.PDF()
	body, ct := multipartBody(fileName, pdf, map[string]string{"locale": "it"})
	id := s.accepted(s.post(key, ct, body))
	s.wait(key, id)
	return id, pdf
}

type listPage struct {
	Jobs []struct {
		JobID    string `json:"job_id"`
		Status   string `json:"status"`
		QueuedAt string `json:"queued_at"`
		FileName string `json:"file_name"`
		Document bool   `json:"document_available"`
	} `json:"jobs"`
	NextCursor *string `json:"next_cursor"`
}

func (s *server) list(key, query string) (listPage, response) {
	s.t.Helper()
	r := s.get(key, "/v1/jobs"+query)
	var p listPage
	if r.Status == http.StatusOK {
		if err := json.Unmarshal(r.Body, &p); err != nil {
			s.t.Fatalf("list: %v: %s", err, r.Body)
		}
	}
	return p, r
}

func TestListJobs(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 2})
	oa := s.app.OpenAPI()
	key := s.key("acme", 100)
	other := s.key("globex", 100)
	var ids []string
	for _, salt := range []string{"a", "b", "c", "d", "e"} {
		id, _ := s.submitSalted(key, salt, "fattura-"+salt+".pdf")
		ids = append(ids, id)
	}
	otherID, _ := s.submitSalted(other, "x", "x.pdf")

	// Newest first, two at a time, across three pages.
	var got []string
	cursor := ""
	for page := 0; ; page++ {
		if page > 5 {
			t.Fatal("pagination does not end")
		}
		q := "?limit=2"
		if cursor != "" {
			q += "&cursor=" + url.QueryEscape(cursor)
		}
		p, r := s.list(key, q)
		if r.Status != http.StatusOK {
			t.Fatalf("list page %d: %d %s", page, r.Status, r.Body)
		}
		validate(t, oa, "GET", "/v1/jobs", r)
		if len(p.Jobs) > 2 {
			t.Errorf("page %d has %d jobs, limit 2", page, len(p.Jobs))
		}
		for _, j := range p.Jobs {
			got = append(got, j.JobID)
			if !j.Document || j.Status != "completed" || !strings.HasPrefix(j.FileName, "fattura-") {
				t.Errorf("listed job %+v", j)
			}
		}
		if p.NextCursor == nil {
			break
		}
		cursor = *p.NextCursor
	}
	want := []string{ids[4], ids[3], ids[2], ids[1], ids[0]}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("listed ids, newest first (-want +got):\n%s", d)
	}
	for _, id := range got {
		if id == otherID {
			t.Error("another account's job is listed")
		}
	}
	if p, _ := s.list(other, ""); len(p.Jobs) != 1 || p.Jobs[0].JobID != otherID || p.NextCursor != nil {
		t.Errorf("other account's list = %+v", p)
	}

	t.Run("filters", func(t *testing.T) {
		if p, r := s.list(key, "?status=completed"); r.Status != 200 || len(p.Jobs) != 5 {
			t.Errorf("status=completed: %d jobs, %s", len(p.Jobs), r.Body)
		}
		if p, r := s.list(key, "?status=failed"); r.Status != 200 || len(p.Jobs) != 0 || p.NextCursor != nil {
			t.Errorf("status=failed: %s", r.Body)
		}
		all, _ := s.list(key, "")
		third, err := time.Parse(time.RFC3339, all.Jobs[2].QueuedAt)
		if err != nil {
			t.Fatal(err)
		}
		from := url.QueryEscape(third.Format(time.RFC3339Nano))
		if p, _ := s.list(key, "?from="+from); len(p.Jobs) != 3 {
			t.Errorf("from the third newest: %d jobs, want 3", len(p.Jobs))
		}
		if p, _ := s.list(key, "?to="+from); len(p.Jobs) != 2 {
			t.Errorf("to the third newest (exclusive): %d jobs, want 2", len(p.Jobs))
		}
		today := time.Now().UTC().Format(time.DateOnly)
		if p, _ := s.list(key, "?from="+today+"&to="+today); len(p.Jobs) != 5 {
			t.Errorf("from=to=today: %d jobs, want 5 (a date covers its whole day)", len(p.Jobs))
		}
		if p, _ := s.list(key, "?to=2000-01-01"); len(p.Jobs) != 0 {
			t.Errorf("to=2000-01-01: %d jobs, want 0", len(p.Jobs))
		}
	})
	t.Run("invalid parameters", func(t *testing.T) {
		for _, q := range []string{"?status=done", "?limit=0", "?limit=101", "?from=yesterday", "?to=2026-13-01",
			"?cursor=garbage", "?cursor=c1.!!!", "?cursor=c1.MTIz"} {
			_, r := s.list(key, q)
			checkProblem(t, r, http.StatusUnprocessableEntity, "invalid_request")
			validate(t, oa, "GET", "/v1/jobs", r)
		}
		_, r := s.list("", "")
		checkProblem(t, r, http.StatusUnauthorized, "unauthorized")
	})
}

func TestDeleteJob(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 1})
	key := s.key("acme", 100)
	other := s.key("globex", 100)
	id, pdf := s.submitSalted(key, "del", "invoice.pdf")
	blobs := func() []string {
		var files []string
		filepath.WalkDir(filepath.Join(s.DataDir, "blobs"), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, p)
			}
			return nil
		})
		return files
	}
	if files := blobs(); len(files) != 1 || !strings.Contains(files[0], id) {
		t.Fatalf("blobs before delete = %v, want the job's document", files)
	}

	// Another account cannot delete it, nor learn that it exists.
	checkProblem(t, s.del(other, "/v1/jobs/"+id), http.StatusNotFound, "job_not_found")
	if r := s.get(key, "/v1/jobs/"+id); r.Status != http.StatusOK {
		t.Fatalf("the job is gone after another account's delete: %d", r.Status)
	}
	checkProblem(t, s.del(key, "/v1/jobs/not-a-uuid"), http.StatusNotFound, "job_not_found")

	r := s.del(key, "/v1/jobs/"+id)
	if r.Status != http.StatusNoContent || len(r.Body) != 0 {
		t.Fatalf("delete: %d %s, want 204 and no body", r.Status, r.Body)
	}
	checkProblem(t, s.get(key, "/v1/jobs/"+id), http.StatusNotFound, "job_not_found")
	checkProblem(t, s.get(key, "/v1/jobs/"+id+"/document"), http.StatusNotFound, "job_not_found")
	checkProblem(t, s.del(key, "/v1/jobs/"+id), http.StatusNotFound, "job_not_found")
	if files := blobs(); len(files) != 0 {
		t.Errorf("blobs after delete = %v, want none", files)
	}
	if p, _ := s.list(key, ""); len(p.Jobs) != 0 {
		t.Errorf("a deleted job is listed: %+v", p)
	}
	// The deleted result no longer serves an identical upload from the cache.
	body, ct := multipartBody("invoice.pdf", pdf, nil)
	again := s.accepted(s.post(key, ct, body))
	if m := s.wait(key, again).json(t); m["cache_hit"] != false {
		t.Errorf("the same document after delete: cache_hit = %v, want false", m["cache_hit"])
	}
}

func TestJobDocument(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 1})
	key := s.key("acme", 100)
	other := s.key("globex", 100)
	id, pdf := s.submitSalted(key, "doc", `C:\scans\Fattura “marzo”.pdf`)

	r := s.get(key, "/v1/jobs/"+id+"/document")
	if r.Status != http.StatusOK || !bytes.Equal(r.Body, pdf) {
		t.Fatalf("document: status %d, %d bytes; want 200 and the %d bytes uploaded", r.Status, len(r.Body), len(pdf))
	}
	for k, want := range map[string]string{
		"Content-Type":           "application/pdf",
		"Content-Disposition":    "attachment; filename*=utf-8''Fattura%20%E2%80%9Cmarzo%E2%80%9D.pdf",
		"X-Content-Type-Options": "nosniff",
		"Cache-Control":          "private, no-store",
	} {
		if got := r.Header.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	checkProblem(t, s.get(other, "/v1/jobs/"+id+"/document"), http.StatusNotFound, "job_not_found")
	checkProblem(t, s.get(key, "/v1/jobs/00000000-0000-4000-8000-000000000000/document"), http.StatusNotFound, "job_not_found")

	// A cache hit stores no copy of the document.
	body, ct := multipartBody("same.pdf", pdf, nil)
	hit := s.accepted(s.post(key, ct, body))
	r = s.get(key, "/v1/jobs/"+hit+"/document")
	checkProblem(t, r, http.StatusNotFound, "document_not_found")
	validate(t, s.app.OpenAPI(), "GET", "/v1/jobs/{id}/document", r)
}

func TestUsage(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 1})
	key := s.key("acme", 10)
	s.submitSalted(key, "u1", "a.pdf")
	s.submitSalted(key, "u2", "b.pdf")
	r := s.get(key, "/v1/usage")
	if r.Status != http.StatusOK {
		t.Fatalf("usage: %d %s", r.Status, r.Body)
	}
	validate(t, s.app.OpenAPI(), "GET", "/v1/usage", r)
	now := time.Now().UTC()
	next := time.Date(now.Year(), now.Month()+1, 1, 0, 0, 0, 0, time.UTC)
	want := map[string]any{"month": now.Format("2006-01"), "quota": 10.0, "used": 2.0, "remaining": 8.0,
		"resets_at": next.Format("2006-01-02T15:04:05.000Z")}
	if d := cmp.Diff(want, r.json(t)); d != "" {
		t.Errorf("usage (-want +got):\n%s", d)
	}
	// Reading usage, listing and polling consume nothing.
	s.get(key, "/v1/jobs")
	if m := s.get(key, "/v1/usage").json(t); m["used"] != 2.0 {
		t.Errorf("used = %v after reads, want 2", m["used"])
	}
	checkProblem(t, s.get("", "/v1/usage"), http.StatusUnauthorized, "unauthorized")
}

// TestRetention deletes an old document and keeps its job's result: first
// with the retention job's clock moved past the period, then through the
// service itself, which sweeps at start-up.
func TestRetention(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir, app.Config{Workers: 1})
	key := s.key("acme", 100)
	oldID, _ := s.submitSalted(key, "old", "old.pdf")
	newID, _ := s.submitSalted(key, "new", "new.pdf")
	st := s.app.Store()

	blobs, err := blob.NewDir(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Thirty days on, the old job's document is past the period and the new
	// one, submitted later, is not yet (its queued time is the cut).
	var newQueued time.Time
	if j, err := st.Job(ctx, s.accountID("acme"), newID); err == nil {
		newQueued = j.QueuedAt
	} else {
		t.Fatal(err)
	}
	later := newQueued.Add(30 * 24 * time.Hour)
	ret := &jobs.Retention{Store: st, Blobs: blobs, MaxAge: 30 * 24 * time.Hour,
		Now: func() time.Time { return later }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	n, err := ret.Sweep(ctx)
	if err != nil || n != 1 {
		t.Fatalf("Sweep = %d, %v; want 1 document deleted", n, err)
	}
	r := s.get(key, "/v1/jobs/"+oldID+"/document")
	checkProblem(t, r, http.StatusNotFound, "document_not_found")
	if !strings.Contains(string(r.Body), "retention") {
		t.Errorf("the answer does not say retention deleted it: %s", r.Body)
	}
	if m := s.get(key, "/v1/jobs/"+oldID).json(t); m["status"] != "completed" || m["result"] == nil {
		t.Errorf("the old job lost its result: %v", m)
	}
	if r := s.get(key, "/v1/jobs/"+newID+"/document"); r.Status != http.StatusOK {
		t.Errorf("the new document was deleted: %d", r.Status)
	}
	p, _ := s.list(key, "")
	avail := map[string]bool{}
	for _, j := range p.Jobs {
		avail[j.JobID] = j.Document
	}
	if want := map[string]bool{oldID: false, newID: true}; !cmp.Equal(avail, want) {
		t.Errorf("document_available = %v, want %v", avail, want)
	}
	if again, err := ret.Sweep(ctx); err != nil || again != 0 {
		t.Errorf("second Sweep = %d, %v; want nothing left to delete", again, err)
	}

	// The service sweeps by itself: age the new job past the configured
	// period and restart.
	if _, err := st.WriteDB().ExecContext(ctx, `UPDATE jobs SET queued_at = queued_at - $1 WHERE id = $2`,
		(8 * 24 * time.Hour).Milliseconds(), newID); err != nil {
		t.Fatal(err)
	}
	s.stop()
	s = startServer(t, dir, app.Config{Workers: 1, RetentionDays: 7})
	if !testwait.For(30*time.Second, func() bool {
		r = s.get(key, "/v1/jobs/"+newID+"/document")
		return r.Status == http.StatusNotFound
	}) {
		t.Fatalf("the service did not delete a document past its retention: %d", r.Status)
	}
	checkProblem(t, r, http.StatusNotFound, "document_not_found")
	if m := s.get(key, "/v1/jobs/"+newID).json(t); m["status"] != "completed" || m["result"] == nil {
		t.Errorf("the job lost its result: %v", m)
	}
}

func (s *server) accountID(name string) string {
	s.t.Helper()
	a, err := s.app.Store().AccountByName(context.Background(), name)
	if err != nil {
		s.t.Fatal(err)
	}
	return a.ID
}

// TestManageOpenAPI checks that the OpenAPI document describes the job
// management endpoints, their parameters and their headers.
func TestManageOpenAPI(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	oa := s.app.OpenAPI()
	list := oa.Paths["/v1/jobs"]
	if list == nil || list.Get == nil {
		t.Fatal("no GET /v1/jobs")
	}
	params := map[string]bool{}
	for _, p := range list.Get.Parameters {
		params[p.In+":"+p.Name] = true
	}
	for _, want := range []string{"query:status", "query:from", "query:to", "query:limit", "query:cursor", "header:X-API-Key"} {
		if want == "header:X-API-Key" {
			if len(list.Get.Security) == 0 {
				t.Error("GET /v1/jobs declares no API key")
			}
			continue
		}
		if !params[want] {
			t.Errorf("GET /v1/jobs lacks parameter %s", want)
		}
	}
	item := oa.Paths["/v1/jobs/{id}"]
	if item == nil || item.Delete == nil || item.Delete.Responses["204"] == nil || item.Delete.Responses["404"] == nil {
		t.Error("DELETE /v1/jobs/{id} is not described with 204 and 404")
	}
	doc := oa.Paths["/v1/jobs/{id}/document"]
	if doc == nil || doc.Get == nil {
		t.Fatal("no GET /v1/jobs/{id}/document")
	}
	ok := doc.Get.Responses["200"]
	if ok == nil || ok.Content["application/pdf"] == nil {
		t.Error("the document's 200 is not described as application/pdf")
	} else {
		for _, h := range []string{"Content-Disposition", "X-Content-Type-Options", "Cache-Control"} {
			if ok.Headers[h] == nil {
				t.Errorf("the document's 200 does not describe header %s", h)
			}
		}
	}
	if u := oa.Paths["/v1/usage"]; u == nil || u.Get == nil || u.Get.Responses["200"] == nil {
		t.Error("no GET /v1/usage")
	}
	r := s.get("", "/v1/openapi.json")
	for _, want := range []string{`"next_cursor"`, `"document_available"`, `"document_not_found"`, `"resets_at"`} {
		if !bytes.Contains(r.Body, []byte(want)) {
			t.Errorf("openapi.json lacks %s", want)
		}
	}
}
