package app_test

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testpdf"
)

// browser is an HTTP client with cookies, as a browser without scripts.
type browser struct {
	t   *testing.T
	s   *server
	c   *http.Client
	tok string // the last page's CSRF token
}

func newBrowser(t *testing.T, s *server) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, s: s, c: &http.Client{Jar: jar, Timeout: 60 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func (b *browser) send(req *http.Request) response {
	b.t.Helper()
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if m := csrfField.FindSubmatch(body); m != nil {
		b.tok = string(m[1])
	}
	return response{Status: resp.StatusCode, Header: resp.Header, Body: body}
}

func (b *browser) get(path string, lang ...string) response {
	b.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, b.s.URL+path, nil)
	if len(lang) > 0 {
		req.Header.Set("Accept-Language", lang[0])
	}
	return b.send(req)
}

// post sends a form; the CSRF token of the last page is added unless the
// form has one.
func (b *browser) post(path string, form url.Values) response {
	b.t.Helper()
	if !form.Has("csrf") {
		form.Set("csrf", b.tok)
	}
	req, _ := http.NewRequest(http.MethodPost, b.s.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.send(req)
}

func wantStatus(t *testing.T, r response, status int, what string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %d, want %d\n%s", what, r.Status, status, r.Body)
	}
}

// TestDashboard walks the dashboard without a browser: sign-up, cookies,
// CSRF, keys that work and stop working, upload, the job page with its
// boxes and page image, sign-in limits, password change and Italian text.
func TestDashboard(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir(), app.Config{DashboardSignup: true, Workers: 1})
	b := newBrowser(t, s)

	wantStatus(t, b.get("/signup"), http.StatusOK, "sign-up page")
	// A form without the token is refused.
	r := b.post("/signup", url.Values{"csrf": {"forged"}, "email": {"ada@example.com"}, "password": {"correct horse"}, "password2": {"correct horse"}})
	wantStatus(t, r, http.StatusForbidden, "sign-up without CSRF token")
	b.get("/signup")
	r = b.post("/signup", url.Values{"email": {"Ada@Example.com"}, "password": {"correct horse"}, "password2": {"correct horse"}})
	wantStatus(t, r, http.StatusSeeOther, "sign-up")
	if loc := r.Header.Get("Location"); loc != "/keys" {
		t.Errorf("sign-up goes to %q", loc)
	}
	cookie := r.Header.Get("Set-Cookie")
	for _, want := range []string{"invex_session=", "HttpOnly", "SameSite=Lax"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("session cookie %q lacks %s", cookie, want)
		}
	}
	if strings.Contains(cookie, "Secure") {
		t.Errorf("session cookie over plain HTTP is Secure: %q", cookie)
	}

	// Keys: a POST without the session's token is refused.
	wantStatus(t, b.get("/keys"), http.StatusOK, "keys page")
	wantStatus(t, b.post("/keys", url.Values{"csrf": {"nope"}, "name": {"x"}}), http.StatusForbidden, "key without CSRF token")
	r = b.post("/keys", url.Values{"name": {"laptop"}})
	wantStatus(t, r, http.StatusOK, "create key")
	key := regexp.MustCompile(`<code id="newkey">(inv_[0-9A-Za-z]+)</code>`).FindSubmatch(r.Body)
	if key == nil {
		t.Fatalf("no key shown:\n%s", r.Body)
	}
	apiKey := string(key[1])
	wantStatus(t, s.get(apiKey, "/v1/usage"), http.StatusOK, "API with the new key")
	if r := b.get("/keys"); strings.Contains(string(r.Body), apiKey) || !strings.Contains(string(r.Body), "laptop") {
		t.Errorf("keys list shows the full key again, or not the name")
	}

	// An upload with a locale the service does not read is refused as the
	// API refuses it (same submission path), and charges nothing.
	inv := testpdf.Italian()
	body, ct := multipartBody("fattura.pdf", inv.PDF(), map[string]string{"csrf": b.tok, "locale": "xx"})
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/jobs", body)
	req.Header.Set("Content-Type", ct)
	r = b.send(req)
	wantStatus(t, r, http.StatusUnprocessableEntity, "upload with an unknown locale")
	if !strings.Contains(string(r.Body), "must be one of it, en, de, fr") {
		t.Errorf("the refusal does not say why:\n%s", r.Body)
	}

	// Upload from the browser form; the job completes and its page shows
	// boxes over a page image.
	body, ct = multipartBody("fattura.pdf", inv.PDF(), map[string]string{"csrf": b.tok, "locale": "it"})
	req, _ = http.NewRequest(http.MethodPost, s.URL+"/jobs", body)
	req.Header.Set("Content-Type", ct)
	r = b.send(req)
	wantStatus(t, r, http.StatusSeeOther, "upload")
	jobPath := r.Header.Get("Location")
	id := strings.TrimPrefix(jobPath, "/jobs/")
	s.wait(apiKey, id)
	r = b.get(jobPath)
	wantStatus(t, r, http.StatusOK, "job page")
	for _, want := range []string{`class="box`, `/jobs/` + id + `/pages/1`, "financials.total", `job_id`} {
		if !strings.Contains(string(r.Body), want) {
			t.Errorf("job page lacks %s", want)
		}
	}
	img := b.get(jobPath + "/pages/1")
	wantStatus(t, img, http.StatusOK, "page image")
	if ct := img.Header.Get("Content-Type"); ct != "image/png" || len(img.Body) < 1000 {
		t.Errorf("page image: %s, %d bytes", ct, len(img.Body))
	}
	if r := b.get("/jobs"); !strings.Contains(string(r.Body), "fattura.pdf") {
		t.Errorf("jobs list lacks the upload")
	}
	// The worker drew the pages and stored them beside the document; the
	// dashboard read no PDF. Deleting the job deletes both.
	docs, _ := filepath.Glob(filepath.Join(s.DataDir, "blobs", "documents", "*", id+".pdf*"))
	if len(docs) != 2 {
		t.Errorf("stored for the job: %v, want the document and its page images", docs)
	}
	if r := s.del(apiKey, "/v1/jobs/"+id); r.Status != http.StatusNoContent {
		t.Errorf("delete job: %d %s", r.Status, r.Body)
	}
	if left, _ := filepath.Glob(filepath.Join(s.DataDir, "blobs", "documents", "*", id+".pdf*")); len(left) != 0 {
		t.Errorf("left after deleting the job: %v", left)
	}
	if r := b.get("/usage"); !strings.Contains(string(r.Body), "<svg") || !strings.Contains(string(r.Body), "<dd>1</dd>") {
		t.Errorf("usage page lacks the chart or the count:\n%s", r.Body)
	}

	// A FatturaPA batch uploaded from the browser: the job page says the
	// file has no pages and lists each invoice; a PDF of three invoices
	// lists each with its pages, drawn.
	lotto, _ := testpdf.EInvoice(testpdf.FormatFatturaPA, plainSpec(testpdf.FormatFatturaPA, 0), plainSpec(testpdf.FormatFatturaPA, 1))
	batch := testpdf.Batch(testpdf.Generate(0), testpdf.Generate(5), testpdf.Generate(10))
	for _, up := range []struct {
		name string
		data []byte
		want []string
	}{
		{"lotto.xml", lotto, []string{`class="muted xml"`, `class="documents"`, "body 2"}},
		{"batch.pdf", batch, []string{`class="documents"`, "pages 3", `/jobs/{id}/pages/3`}},
	} {
		body, ct = multipartBody(up.name, up.data, map[string]string{"csrf": b.tok, "locale": "en"})
		req, _ = http.NewRequest(http.MethodPost, s.URL+"/jobs", body)
		req.Header.Set("Content-Type", ct)
		r = b.send(req)
		wantStatus(t, r, http.StatusSeeOther, "upload "+up.name)
		jp := r.Header.Get("Location")
		jid := strings.TrimPrefix(jp, "/jobs/")
		s.wait(apiKey, jid)
		page := b.get(jp, "en")
		for _, want := range up.want {
			if want = strings.ReplaceAll(want, "{id}", jid); !strings.Contains(string(page.Body), want) {
				t.Errorf("%s: job page lacks %s", up.name, want)
			}
		}
	}

	// Revoking the key makes the API refuse it at once.
	kid := regexp.MustCompile(`action="/keys/([0-9a-f-]+)/revoke"`).FindSubmatch(b.get("/keys").Body)
	if kid == nil {
		t.Fatal("no revoke form")
	}
	wantStatus(t, b.post("/keys/"+string(kid[1])+"/revoke", url.Values{}), http.StatusSeeOther, "revoke")
	wantStatus(t, s.get(apiKey, "/v1/usage"), http.StatusUnauthorized, "API with the revoked key")

	// Webhook settings: a private address is refused (not allowed here).
	b.get("/settings/webhook")
	r = b.post("/settings/webhook", url.Values{"url": {"http://127.0.0.1:9/hook"}})
	wantStatus(t, r, http.StatusUnprocessableEntity, "private webhook URL")
	r = b.post("/settings/webhook/secret", url.Values{})
	wantStatus(t, r, http.StatusOK, "rotate secret")
	if !strings.Contains(string(r.Body), "whsec_") {
		t.Errorf("new secret not shown")
	}

	// Password change, then sign out and in with the new password.
	b.get("/account")
	wantStatus(t, b.post("/account/password", url.Values{"current": {"wrong one!!"}, "new": {"battery staple"}, "new2": {"battery staple"}}),
		http.StatusUnprocessableEntity, "password change with a wrong current password")
	wantStatus(t, b.post("/account/password", url.Values{"current": {"correct horse"}, "new": {"battery staple"}, "new2": {"battery staple"}}),
		http.StatusSeeOther, "password change")
	wantStatus(t, b.post("/logout", url.Values{}), http.StatusSeeOther, "sign out")
	wantStatus(t, b.get("/keys"), http.StatusSeeOther, "keys after sign-out")
	b.get("/login")
	wantStatus(t, b.post("/login", url.Values{"email": {"ada@example.com"}, "password": {"correct horse"}}), http.StatusUnauthorized, "old password")
	wantStatus(t, b.post("/login", url.Values{"email": {"ada@example.com"}, "password": {"battery staple"}}), http.StatusSeeOther, "new password")

	// Sign-in attempts are limited per e-mail.
	other := newBrowser(t, s)
	other.get("/login")
	for i := range 5 {
		wantStatus(t, other.post("/login", url.Values{"email": {"bob@example.com"}, "password": {"guess number " + string(rune('0'+i))}}),
			http.StatusUnauthorized, "wrong password")
	}
	wantStatus(t, other.post("/login", url.Values{"email": {"bob@example.com"}, "password": {"guess again"}}), http.StatusTooManyRequests, "sixth attempt")

	// Italian from Accept-Language.
	if r := newBrowser(t, s).get("/login", "it-IT,it;q=0.9,en;q=0.5"); !strings.Contains(string(r.Body), `lang="it"`) || !strings.Contains(string(r.Body), "Accedi") {
		t.Errorf("login page in Italian:\n%s", r.Body)
	}
}

// TestDashboardSignupClosed: without --dashboard-signup the sign-up page
// refuses, and the sign-in page says whom to ask.
func TestDashboardSignupClosed(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	b := newBrowser(t, s)
	wantStatus(t, b.get("/signup"), http.StatusForbidden, "sign-up page")
	b.get("/login")
	wantStatus(t, b.post("/signup", url.Values{"email": {"x@example.com"}, "password": {"0123456789"}, "password2": {"0123456789"}}),
		http.StatusForbidden, "sign-up")
	if r := b.get("/"); r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/login" {
		t.Errorf("/ = %d %s", r.Status, r.Header.Get("Location"))
	}
	if r := b.get("/docs"); r.Status != http.StatusOK {
		t.Errorf("/docs = %d", r.Status)
	}
}
