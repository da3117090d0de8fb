// Package dashboard serves invex's web dashboard for account holders: a
// small server-rendered site (html/template, embedded CSS and one tiny
// script, no framework, nothing fetched from elsewhere) on the same mux as
// the v1 API.
//
// People sign up (when the operator allows it) or are created with
// `invex accounts create`, sign in with e-mail and password (bcrypt), and
// then manage the account's API keys, see this month's usage, upload PDFs
// and look at what the engine read (each page as an image with a box around
// every extracted value), and set the account's webhook.
//
// Sessions are random tokens in an HttpOnly, SameSite=Lax cookie (Secure
// behind TLS), stored only as their SHA-256. Every form carries the
// session's CSRF token, checked on every POST. Sign-in attempts are limited
// per address and per e-mail. The UI speaks English and Italian, chosen from
// the browser's Accept-Language.
package dashboard

import (
	"context"
	"embed"
	"errors"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/invex/invex/extract/raster"
	"github.com/invex/invex/internal/review"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/internal/webhook"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Config configures the dashboard. Store and Submitter are required.
type Config struct {
	// Store holds users, sessions, keys and jobs.
	Store *store.Store
	// Submitter accepts uploads from the browser: the same path as the
	// API's submissions (quota, cache, queue).
	Submitter *submit.Submitter
	// Blobs holds the uploaded documents and the page images drawn from
	// them.
	Blobs Blobs
	// SpoolDir holds uploads while they arrive (as the API's).
	SpoolDir string
	// MaxUploadBytes is the largest document accepted. Default 50 MiB.
	MaxUploadBytes int64
	// Pictures bound the pictures accepted, as the API's (zero: package
	// raster's defaults).
	Pictures raster.Limits
	// Signup lets anyone create an account from the sign-up page. Without
	// it the operator creates accounts with `invex accounts create`.
	Signup bool
	// Webhooks is the service's webhook configuration (private addresses,
	// rotation overlap).
	Webhooks webhook.Config
	// RequestPages asks a worker to draw a job's pages and store them
	// beside its document (submit.DrawArgs); the dashboard never reads a
	// PDF itself. Without it, jobs are shown without their pages.
	RequestPages func(ctx context.Context, jobID string) error
	// PagesWait is how long a job's page waits for its pictures the first
	// time it is shown, before it is shown without them (it then reloads
	// when they are drawn). Default 3 s: a page takes about 0.1 s to draw.
	PagesWait time.Duration
	// SessionTTL is how long a session lasts. Default 7 days.
	SessionTTL time.Duration
	// Reviews corrects and approves results (the review screen).
	Reviews *review.Service
	// Logger receives errors. Default slog.Default().
	Logger *slog.Logger
}

// Dashboard is the web dashboard's HTTP handler.
type Dashboard struct {
	cfg   Config
	st    *store.Store
	log   *slog.Logger
	mux   *http.ServeMux
	pages map[string]*template.Template

	loginByIP    *attemptLimiter
	loginByEmail *attemptLimiter

	images *pageCache
}

// New builds the dashboard.
func New(cfg Config) (*Dashboard, error) {
	if cfg.Store == nil || cfg.Submitter == nil {
		return nil, errors.New("dashboard: Store and Submitter are required")
	}
	if cfg.MaxUploadBytes <= 0 {
		cfg.MaxUploadBytes = 50 << 20
	}
	if cfg.PagesWait <= 0 {
		cfg.PagesWait = 3 * time.Second
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 7 * 24 * time.Hour
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Reviews == nil {
		cfg.Reviews = &review.Service{Store: cfg.Store}
	}
	d := &Dashboard{
		cfg:          cfg,
		st:           cfg.Store,
		log:          cfg.Logger,
		mux:          http.NewServeMux(),
		loginByIP:    newAttemptLimiter(20, 10*time.Minute),
		loginByEmail: newAttemptLimiter(5, 10*time.Minute),
		images:       newPageCache(64),
	}
	if err := d.parseTemplates(); err != nil {
		return nil, err
	}
	d.routes()
	return d, nil
}

func (d *Dashboard) routes() {
	static, _ := fs.Sub(staticFS, "static")
	files := http.StripPrefix("/static/", http.FileServerFS(static))
	d.mux.Handle("GET /static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		files.ServeHTTP(w, r)
	}))
	d.mux.HandleFunc("GET /{$}", d.home)
	d.mux.HandleFunc("GET /login", d.loginPage)
	d.mux.HandleFunc("POST /login", d.login)
	d.mux.HandleFunc("GET /signup", d.signupPage)
	d.mux.HandleFunc("POST /signup", d.signup)
	d.mux.HandleFunc("POST /logout", d.auth(d.logout))
	d.mux.HandleFunc("GET /account", d.auth(d.accountPage))
	d.mux.HandleFunc("POST /account/password", d.auth(d.changePassword))
	d.mux.HandleFunc("GET /keys", d.auth(d.keysPage))
	d.mux.HandleFunc("POST /keys", d.auth(d.createKey))
	d.mux.HandleFunc("POST /keys/{id}/revoke", d.auth(d.revokeKey))
	d.mux.HandleFunc("GET /usage", d.auth(d.usagePage))
	d.mux.HandleFunc("GET /jobs", d.auth(d.jobsPage))
	d.mux.HandleFunc("POST /jobs", d.auth(d.upload))
	d.mux.HandleFunc("GET /jobs/{id}", d.auth(d.jobPage))
	d.mux.HandleFunc("GET /jobs/{id}/status", d.auth(d.jobStatus))
	d.mux.HandleFunc("GET /jobs/{id}/pages/{n}", d.auth(d.pageImage))
	d.mux.HandleFunc("GET /jobs/{id}/review", d.auth(d.reviewPage))
	d.mux.HandleFunc("POST /jobs/{id}/review", d.auth(d.reviewChange))
	d.mux.HandleFunc("GET /export", d.auth(d.exportJobs))
	d.mux.HandleFunc("GET /suppliers", d.auth(d.suppliersPage))
	d.mux.HandleFunc("POST /suppliers/{key}/forget", d.auth(d.forgetSupplier))
	d.mux.HandleFunc("GET /settings/webhook", d.auth(d.webhookPage))
	d.mux.HandleFunc("POST /settings/webhook", d.auth(d.saveWebhook))
	d.mux.HandleFunc("POST /settings/webhook/secret", d.auth(d.rotateSecret))
	d.mux.HandleFunc("/", d.notFound)
}

// ServeHTTP serves the dashboard's pages with security headers: no
// framing, no sniffing, and a content security policy that allows only the
// dashboard's own files.
func (d *Dashboard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
	d.mux.ServeHTTP(w, r)
}

// page is what every template receives.
type page struct {
	Lang    string
	Title   string
	Name    string // a literal title (a file name), used instead of Title
	Nav     string // the current section, for aria-current
	User    *store.User
	CSRF    string
	Signup  bool
	Flash   string
	Error   string
	Content any
}

func (d *Dashboard) parseTemplates() error {
	d.pages = map[string]*template.Template{}
	entries, err := fs.ReadDir(templateFS, "templates")
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if name == "layout.html" {
			continue
		}
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/"+name)
		if err != nil {
			return err
		}
		d.pages[strings.TrimSuffix(name, ".html")] = t
	}
	return nil
}

// render writes the named page with status.
func (d *Dashboard) render(w http.ResponseWriter, r *http.Request, status int, name string, p page) {
	t := d.pages[name]
	if p.Lang == "" {
		p.Lang = language(r)
	}
	if p.Name != "" {
		p.Title = p.Name
	} else if p.Title != "" {
		p.Title = tr(p.Lang, p.Title)
	}
	if s := sessionFrom(r.Context()); s != nil {
		p.User = &s.user
		p.CSRF = s.session.CSRFToken
	}
	p.Signup = d.cfg.Signup
	var b strings.Builder
	if err := t.Execute(&b, p); err != nil {
		d.log.Error("render dashboard page", "page", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write([]byte(b.String()))
}

func (d *Dashboard) home(w http.ResponseWriter, r *http.Request) {
	if _, ok := d.currentSession(r); ok {
		http.Redirect(w, r, "/jobs", http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

func (d *Dashboard) notFound(w http.ResponseWriter, r *http.Request) {
	if s, ok := d.currentSession(r); ok {
		r = r.WithContext(context.WithValue(r.Context(), sessionKey{}, s))
	}
	d.render(w, r, http.StatusNotFound, "error", page{Title: "notfound.title", Error: "notfound.text"})
}

// fail renders a server error page and logs err.
func (d *Dashboard) fail(w http.ResponseWriter, r *http.Request, what string, err error) {
	d.log.Error("dashboard: "+what, "err", err, "path", r.URL.Path)
	d.render(w, r, http.StatusInternalServerError, "error", page{Title: "error.title", Error: "error.text"})
}
