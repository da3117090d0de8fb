package dashboard_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/dashboard"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submittest"
)

// browser is a signed-in browser session against the dashboard served by
// httptest over a real SQLite store and an insert-only queue (no worker:
// the subject is the handlers).
type browser struct {
	t    *testing.T
	srv  *httptest.Server
	hc   *http.Client
	st   *store.Store
	csrf string
}

func newBrowser(t *testing.T, signup bool) *browser {
	t.Helper()
	b, _ := newBrowserWith(t, signup, nil)
	return b
}

// newBrowserWith is newBrowser with the dashboard's RequestPages, and the
// environment.
func newBrowserWith(t *testing.T, signup bool, requestPages func(context.Context, string) error) (*browser, *submittest.Env) {
	t.Helper()
	e := submittest.New(t)
	st := e.Store
	d, err := dashboard.New(dashboard.Config{Store: st, Submitter: e.Submitter, Blobs: e.Blobs, SpoolDir: e.Dir, Signup: signup,
		MaxUploadBytes: 64 << 10, Logger: e.Logger, RequestPages: requestPages, PagesWait: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &browser{t: t, srv: srv, hc: hc, st: st}, e
}

var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func (b *browser) get(path string) (int, string) {
	b.t.Helper()
	resp, err := b.hc.Get(b.srv.URL + path)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if m := csrfField.FindSubmatch(body); m != nil {
		b.csrf = string(m[1])
	}
	return resp.StatusCode, string(body)
}

func (b *browser) post(path string, form url.Values) (int, string) {
	b.t.Helper()
	if form.Get("csrf") == "" {
		form.Set("csrf", b.csrf)
	}
	resp, err := b.hc.PostForm(b.srv.URL+path, form)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// signUp creates a user and signs in.
func (b *browser) signUp(email string) {
	b.t.Helper()
	b.get("/signup")
	if code, body := b.post("/signup", url.Values{"email": {email}, "password": {"correct horse"}, "password2": {"correct horse"}}); code != http.StatusSeeOther {
		b.t.Fatalf("sign up: %d %s", code, body)
	}
	b.get("/keys") // the session's CSRF token
}

func (b *browser) upload(file []byte, fields map[string]string) (int, string) {
	b.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	if file != nil {
		fw, _ := w.CreateFormFile("file", "invoice.pdf")
		fw.Write(file)
	}
	w.Close()
	resp, err := b.hc.Post(b.srv.URL+"/jobs", w.FormDataContentType(), &buf)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

var pdf = []byte("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n")

// TestSignedOutRefusals: every page but sign-in and sign-up redirects to
// sign-in; forms without their token are refused; sign-up can be closed.
func TestSignedOutRefusals(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, false)
	for _, path := range []string{"/keys", "/jobs", "/usage", "/account", "/settings/webhook", "/jobs/00000000-0000-4000-8000-000000000000"} {
		if code, _ := b.get(path); code != http.StatusSeeOther {
			t.Errorf("GET %s signed out: %d, want 303 to sign-in", path, code)
		}
	}
	b.get("/login")
	if code, _ := b.post("/login", url.Values{"csrf": {"forged"}, "email": {"a@b.c"}, "password": {"x"}}); code != http.StatusForbidden {
		t.Errorf("sign-in with a forged form token: %d, want 403", code)
	}
	if code, _ := b.post("/login", url.Values{"email": {"nobody@example.com"}, "password": {"wrong password"}}); code != http.StatusUnauthorized {
		t.Errorf("sign-in of an unknown user: %d, want 401", code)
	}
	if code, _ := b.post("/signup", url.Values{"email": {"a@example.com"}, "password": {"correct horse"}, "password2": {"correct horse"}}); code != http.StatusForbidden {
		t.Errorf("sign-up while closed: %d, want 403", code)
	}
	if code, _ := b.get("/no/such/page"); code != http.StatusNotFound {
		t.Errorf("unknown page: %d, want 404", code)
	}
}

// TestSignupRefusals: a bad e-mail, a password mismatch, a short password
// and an existing user are refused with the form shown again.
func TestSignupRefusals(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, true)
	b.signUp("ada@example.com")
	b.post("/logout", url.Values{})
	b.get("/signup")
	for _, tt := range []struct {
		name   string
		form   url.Values
		status int
	}{
		{"bad e-mail", url.Values{"email": {"not-an-email"}, "password": {"correct horse"}, "password2": {"correct horse"}}, 422},
		{"mismatch", url.Values{"email": {"bob@example.com"}, "password": {"correct horse"}, "password2": {"correct horsf"}}, 422},
		{"short password", url.Values{"email": {"bob@example.com"}, "password": {"short"}, "password2": {"short"}}, 422},
		{"existing user", url.Values{"email": {"ada@example.com"}, "password": {"correct horse"}, "password2": {"correct horse"}}, 409},
	} {
		if code, body := b.post("/signup", tt.form); code != tt.status || !strings.Contains(body, `name="email"`) {
			t.Errorf("%s: %d, want %d with the form again", tt.name, code, tt.status)
		}
	}
}

// TestUploadRefusals: the dashboard's upload refuses what the API refuses,
// with the same checks (package submit), and charges nothing.
func TestUploadRefusals(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, true)
	b.signUp("ada@example.com")
	for _, tt := range []struct {
		name   string
		file   []byte
		fields map[string]string
		status int
		says   string
	}{
		{"forged token", pdf, map[string]string{"csrf": "forged"}, 403, ""},
		{"no file", nil, map[string]string{"csrf": b.csrf}, 422, ""},
		{"not a PDF", []byte("GIF89a"), map[string]string{"csrf": b.csrf}, 422, "PDF"},
		{"too large", append(append([]byte{}, pdf...), bytes.Repeat([]byte("x"), 64<<10)...), map[string]string{"csrf": b.csrf}, 413, ""},
		{"unknown locale", pdf, map[string]string{"csrf": b.csrf, "locale": "xx"}, 422, "must be one of it, en, de, fr"},
	} {
		code, body := b.upload(tt.file, tt.fields)
		if code != tt.status || !strings.Contains(body, tt.says) {
			t.Errorf("%s: %d, want %d saying %q:\n%.300s", tt.name, code, tt.status, tt.says, body)
		}
	}
	acct, err := b.st.AccountByName(context.Background(), "ada@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if used, err := b.st.QuotaUsed(context.Background(), acct.ID, store.Period(b.st.Now())); err != nil || used != 0 {
		t.Errorf("quota used after refused uploads: %d, %v", used, err)
	}
	// The same upload with a locale in capitals is accepted.
	code, _ := b.upload(pdf, map[string]string{"csrf": b.csrf, "locale": "DE"})
	if code != http.StatusSeeOther {
		t.Fatalf("upload: %d", code)
	}
	// With the quota spent, an upload is refused before it is read.
	zero := 0
	if _, err := b.st.EnsureAccount(context.Background(), "ada@example.com", &zero); err != nil {
		t.Fatal(err)
	}
	renews := store.NextPeriod(b.st.Now()).Format("2006-01-02")
	if code, body := b.upload(pdf, map[string]string{"csrf": b.csrf}); code != http.StatusTooManyRequests || !strings.Contains(body, renews) {
		t.Errorf("upload with the quota spent: %d, want 429 with the renewal date", code)
	}
}

// TestJobPageRefusals: a malformed id, an unknown job, another account's
// job and a page number out of range are 404.
func TestJobPageRefusals(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, true)
	b.signUp("ada@example.com")
	resp, err := func() (*http.Response, error) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		w.WriteField("csrf", b.csrf)
		fw, _ := w.CreateFormFile("file", "invoice.pdf")
		fw.Write(pdf)
		w.Close()
		return b.hc.Post(b.srv.URL+"/jobs", w.FormDataContentType(), &buf)
	}()
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	own := resp.Header.Get("Location")
	if !strings.HasPrefix(own, "/jobs/") {
		t.Fatalf("upload answered %d, Location %q", resp.StatusCode, own)
	}
	if code, _ := b.get(own); code != http.StatusOK {
		t.Errorf("own job page: %d", code)
	}
	b.post("/logout", url.Values{})
	b.signUp("bob@example.com")
	for _, path := range []string{own, own + "/status", own + "/pages/1", "/jobs/not-a-uuid", "/jobs/00000000-0000-4000-8000-000000000000"} {
		if code, _ := b.get(path); code != http.StatusNotFound {
			t.Errorf("GET %s as another account: %d, want 404", path, code)
		}
	}
}

// TestSettingsRefusals: forms of the keys, webhook and account pages refuse
// what they must, with the page shown again.
func TestSettingsRefusals(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, true)
	b.signUp("ada@example.com")
	if code, _ := b.post("/keys", url.Values{"csrf": {"forged"}, "name": {"x"}}); code != http.StatusForbidden {
		t.Errorf("create key with a forged token: %d, want 403", code)
	}
	if code, _ := b.post("/keys/00000000-0000-4000-8000-000000000000/revoke", url.Values{}); code != http.StatusNotFound {
		t.Errorf("revoke an unknown key: %d, want 404", code)
	}
	b.get("/settings/webhook")
	for _, u := range []string{"http://127.0.0.1/hook", "ftp://example.com/hook", "not a url"} {
		if code, body := b.post("/settings/webhook", url.Values{"url": {u}}); code != http.StatusUnprocessableEntity || !strings.Contains(body, `name="url"`) {
			t.Errorf("webhook %q: %d, want 422 with the form", u, code)
		}
	}
	b.get("/account")
	for _, tt := range []struct {
		name string
		form url.Values
	}{
		{"wrong current password", url.Values{"current": {"wrong one!!"}, "new": {"battery staple"}, "new2": {"battery staple"}}},
		{"mismatch", url.Values{"current": {"correct horse"}, "new": {"battery staple"}, "new2": {"battery stapler"}}},
		{"too short", url.Values{"current": {"correct horse"}, "new": {"short"}, "new2": {"short"}}},
	} {
		if code, _ := b.post("/account/password", tt.form); code != http.StatusUnprocessableEntity {
			t.Errorf("password change, %s: %d, want 422", tt.name, code)
		}
	}
}

// TestPageImageStates: a completed job's page asks a worker for its page
// images (never reading the PDF itself) and, while they are drawn, shows a
// note that reloads the page once they are stored; stored pictures are
// served; a document that could not be drawn says so, and is not asked
// for again.
func TestPageImageStates(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	asked := map[string]int{}
	b, e := newBrowserWith(t, true, func(_ context.Context, id string) error {
		mu.Lock()
		defer mu.Unlock()
		asked[id]++
		return nil
	})
	b.signUp("ada@example.com")
	ctx := context.Background()
	complete := func() store.Job {
		t.Helper()
		code, _ := b.upload(append(append([]byte{}, pdf...), fmt.Sprintf("%% %d", time.Now().UnixNano())...), map[string]string{"csrf": b.csrf})
		if code != http.StatusSeeOther {
			t.Fatalf("upload: %d", code)
		}
		js, err := b.st.ListJobs(ctx, mustAccount(t, b).ID, store.JobFilter{Limit: 1})
		if err != nil || len(js) != 1 {
			t.Fatalf("list jobs: %v, %d", err, len(js))
		}
		j := js[0]
		if _, _, err := b.st.StartJob(ctx, j.ID, 1); err != nil {
			t.Fatal(err)
		}
		err = b.st.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.CompleteJob(ctx, j.ID, store.Completion{Model: "test", Result: []byte(`{}`), Flags: []byte(`[]`)})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		j, _ = b.st.JobByID(ctx, j.ID)
		return j
	}
	put := func(j store.Job, p blob.Pages) {
		t.Helper()
		enc, err := p.Encode()
		if err != nil {
			t.Fatal(err)
		}
		src := filepath.Join(e.Dir, "pages-"+j.ID)
		if err := os.WriteFile(src, enc, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := e.Blobs.PutFile(ctx, blob.PagesKey(j.BlobKey), src); err != nil {
			t.Fatal(err)
		}
	}
	status := func(j store.Job) string {
		_, body := b.get("/jobs/" + j.ID + "/status?pages=1")
		return body
	}

	j := complete()
	if code, body := b.get("/jobs/" + j.ID); code != http.StatusOK || !strings.Contains(body, "status?pages=1") {
		t.Errorf("job page while drawing: %d, want 200 with the note that reloads it:\n%.400s", code, body)
	}
	if !strings.Contains(status(j), `"done":false`) {
		t.Errorf("pages status while drawing: %s", status(j))
	}
	put(j, blob.Pages{Pages: []blob.Page{{W: 595, H: 842, PNG: []byte("\x89PNG picture")}}})
	if !strings.Contains(status(j), `"done":true`) {
		t.Errorf("pages status once drawn: %s", status(j))
	}
	if code, body := b.get("/jobs/" + j.ID); code != http.StatusOK || !strings.Contains(body, "/jobs/"+j.ID+"/pages/1") {
		t.Errorf("job page once drawn: %d, want its page image", code)
	}
	if code, body := b.get("/jobs/" + j.ID + "/pages/1"); code != http.StatusOK || body != "\x89PNG picture" {
		t.Errorf("page image: %d %q", code, body)
	}
	if code, _ := b.get("/jobs/" + j.ID + "/pages/2"); code != http.StatusNotFound {
		t.Errorf("page 2 of a one-page document: %d, want 404", code)
	}

	u := complete()
	put(u, blob.Pages{Failed: "pdfium could not render the page"})
	for range 2 {
		if code, body := b.get("/jobs/" + u.ID); code != http.StatusOK || !strings.Contains(body, `class="muted undrawable"`) {
			t.Errorf("undrawable job page: %d, want the note", code)
		}
	}
	if code, _ := b.get("/jobs/" + u.ID + "/pages/1"); code != http.StatusNotFound {
		t.Errorf("page image of an undrawable document: %d, want 404", code)
	}
	mu.Lock()
	defer mu.Unlock()
	if asked[j.ID] != 1 || asked[u.ID] != 0 {
		t.Errorf("asked a worker to draw %v; want once for the first job, never for the undrawable one (stored first)", asked)
	}
}

func mustAccount(t *testing.T, b *browser) store.Account {
	t.Helper()
	acct, err := b.st.AccountByName(context.Background(), "ada@example.com")
	if err != nil {
		t.Fatal(err)
	}
	return acct
}
