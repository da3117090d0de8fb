// Package httpapi serves invex's v1 HTTP API: submission of invoices, job
// polling, the OpenAPI 3.1 document generated from the handlers, the bundled
// API docs page, health checks and Prometheus metrics.
//
// Handlers are thin: they authenticate, decode, call one service and encode.
// Every error is an RFC 9457 problem document with a stable machine code
// (see Problem); internal causes are logged, never sent.
package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/invex/invex/extract/raster"
	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/review"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/internal/webhook"
)

// Config configures the API. Zero fields take the documented defaults.
type Config struct {
	// MaxUploadBytes is the largest document accepted, in decoded bytes.
	// Default 50 MiB.
	MaxUploadBytes int64
	// SpoolDir holds uploads while they arrive. It must be on the same file
	// system as the blob directory so that accepted files move by rename.
	SpoolDir string
	// Limits bound time, bytes, connections, uploads in flight and failed
	// key attempts.
	Limits Limits
	// Version is reported in the OpenAPI document.
	Version string
	// Webhooks configures webhook URLs and secrets (see package webhook).
	Webhooks webhook.Config
	// Web, when set, serves every path outside /v1/ that the API does not
	// (the web dashboard); without it / redirects to the API docs.
	Web http.Handler
	// Pictures bound the pictures POST /v1/extract accepts: pixels per
	// page and pages per file, as the workers' OCR reads them (zero:
	// package raster's defaults).
	Pictures raster.Limits
	// Reviews corrects and approves results; nil reviews without the
	// webhook event or learning.
	Reviews *review.Service
}

func (c Config) withDefaults() Config {
	if c.MaxUploadBytes <= 0 {
		c.MaxUploadBytes = 50 << 20
	}
	c.Limits = c.Limits.WithDefaults()
	if c.Version == "" {
		c.Version = "dev"
	}
	return c
}

// Server is the HTTP API.
type Server struct {
	cfg       Config
	store     *store.Store
	submitter *submit.Submitter
	blobs     Blobs
	log       *slog.Logger
	api       huma.API
	mux       *http.ServeMux
	handler   http.Handler
	metrics   *httpMetrics

	docsOnce sync.Once
	docsHTML []byte

	touchMu sync.Mutex
	touched map[string]time.Time // key id → last recorded use

	authFailures *failureLimiter
	uploads      *uploadSlots
	rateLimit    *rateLimiter // nil: no per-key limit
	reviews      *review.Service
}

// Blobs is where uploaded documents are kept, as the API reads and deletes
// them.
type Blobs interface {
	Get(ctx context.Context, key string) ([]byte, error)
	Delete(ctx context.Context, key string) error
}

// New builds the API. reg receives the HTTP metrics and is served at
// /metrics.
func New(cfg Config, st *store.Store, sub *submit.Submitter, blobs Blobs, log *slog.Logger, reg *prometheus.Registry) *Server {
	useProblems()
	cfg = cfg.withDefaults()
	s := &Server{
		cfg:       cfg,
		store:     st,
		submitter: sub,
		blobs:     blobs,
		log:       log,
		mux:       http.NewServeMux(),
		metrics:   newHTTPMetrics(reg),
		touched:   map[string]time.Time{},

		authFailures: newFailureLimiter(cfg.Limits.AuthFailures, cfg.Limits.AuthFailureInterval),
		uploads:      newUploadSlots(cfg.Limits.MaxUploads, cfg.Limits.MaxUploadsPerAccount, cfg.Limits.UploadSlotWait),
		rateLimit:    newRateLimiter(cfg.Limits.RateLimit),
		reviews:      cfg.Reviews,
	}
	if s.reviews == nil {
		s.reviews = &review.Service{Store: st}
	}
	reg.MustRegister(&jobCollector{store: st, log: log})

	hc := huma.Config{
		OpenAPI: &huma.OpenAPI{
			OpenAPI: "3.1.0",
			Info: &huma.Info{
				Title:   "invex — invoice extraction API",
				Version: cfg.Version,
				Description: "Submit a PDF invoice, poll the job, get structured data with Italian fiscal fields " +
					"and validation flags. Every /v1 endpoint needs an API key in the X-API-Key header. " +
					"Errors are RFC 9457 problem documents with a stable `code`.",
			},
			Components: &huma.Components{
				Schemas: huma.NewMapRegistry("#/components/schemas/", huma.DefaultSchemaNamer),
				SecuritySchemes: map[string]*huma.SecurityScheme{
					"apiKey": {Type: "apiKey", In: "header", Name: "X-API-Key",
						Description: "An account's API key, inv_ followed by 40 characters."},
				},
			},
		},
		OpenAPIPath: "/v1/openapi",
		Formats:     huma.DefaultFormats,
	}
	s.api = humago.New(s.mux, hc)
	s.api.UseMiddleware(s.authenticate)
	s.routes()
	s.documentLimitHeaders()
	s.handler = s.observe(s.mux)
	return s
}

// Handler returns the root handler.
func (s *Server) Handler() http.Handler { return s.handler }

// OpenAPI returns the generated OpenAPI document.
func (s *Server) OpenAPI() *huma.OpenAPI { return s.api.OpenAPI() }

var security = []map[string][]string{{"apiKey": {}}}

func (s *Server) routes() {
	huma.Register(s.api, huma.Operation{
		OperationID:   "submit-invoice",
		Method:        http.MethodPost,
		Path:          "/v1/extract/invoice",
		Summary:       "Submit a PDF invoice for extraction",
		Description:   submitDescription,
		Tags:          []string{"Extraction"},
		DefaultStatus: http.StatusAccepted,
		Security:      security,
		Errors:        []int{400, 401, 408, 413, 415, 422, 429, 503},
	}, s.submit)
	// Documented after registration: declared before, huma would read and
	// buffer the body itself, and the handler streams it instead.
	s.api.OpenAPI().Paths["/v1/extract/invoice"].Post.RequestBody = s.submitRequestBody(false)

	huma.Register(s.api, huma.Operation{
		OperationID:   "submit-document",
		Method:        http.MethodPost,
		Path:          "/v1/extract",
		Summary:       "Submit any invoice document for extraction: PDF, e-invoice XML (plain, signed, zipped) or picture",
		Description:   submitAnyDescription,
		Tags:          []string{"Extraction"},
		DefaultStatus: http.StatusAccepted,
		Security:      security,
		Errors:        []int{400, 401, 408, 413, 415, 422, 429, 503},
	}, s.submitAny)
	s.api.OpenAPI().Paths["/v1/extract"].Post.RequestBody = s.submitRequestBody(true)

	huma.Register(s.api, huma.Operation{
		OperationID: "get-job",
		Method:      http.MethodGet,
		Path:        "/v1/jobs/{id}",
		Summary:     "Get a job's status and, once completed, its result",
		Description: "Poll every few seconds until status is completed or failed. " +
			"A job that cannot be processed is reported here as status failed with an error, " +
			"not as an HTTP error. Unknown ids, malformed ids and other accounts' jobs all give the same 404.",
		Tags:     []string{"Extraction"},
		Security: security,
		Errors:   []int{401, 404, 429},
	}, s.getJob)
	s.manageRoutes()
	s.reviewRoutes()
	s.exportRoutes()
	s.registerWebhookRoutes()

	s.mux.HandleFunc("GET /healthz", s.healthz)
	s.mux.HandleFunc("GET /readyz", s.readyz)
	s.mux.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.gatherer, promhttp.HandlerOpts{}))
	s.mux.HandleFunc("GET /docs", s.docs)
	s.mux.HandleFunc("GET /v1/docs", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/docs", http.StatusMovedPermanently)
	})
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.Web != nil && !strings.HasPrefix(r.URL.Path, "/v1/") {
			s.cfg.Web.ServeHTTP(w, r)
			return
		}
		if r.URL.Path == "/" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			http.Redirect(w, r, "/docs", http.StatusFound)
			return
		}
		writeProblem(w, problem(http.StatusNotFound, CodeNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path))
	})
}

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{"status":"ok"}` + "\n"))
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.Warn("readiness: database unavailable", "err", err)
		writeProblem(w, problem(http.StatusServiceUnavailable, CodeUnavailable, "the database is not reachable"))
		return
	}
	if p, ok := s.blobs.(interface{ Ping(context.Context) error }); ok {
		if err := p.Ping(ctx); err != nil {
			s.log.Warn("readiness: document storage unavailable", "err", err)
			writeProblem(w, problem(http.StatusServiceUnavailable, CodeUnavailable, "the document storage is not reachable"))
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{"status":"ready"}` + "\n"))
}

type ctxKey int

const (
	principalKey ctxKey = iota
	loggerKey
	requestIDKey
)

func principalFrom(ctx context.Context) store.Principal {
	p, _ := ctx.Value(principalKey).(store.Principal)
	return p
}

// logger returns the request's logger, which carries its request id.
func (s *Server) logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey).(*slog.Logger); ok {
		return l
	}
	return s.log
}

// observe wraps every request: a request id (the client's X-Request-Id when
// sane, otherwise a new one), a logger carrying it, panic recovery, an access
// log line and metrics.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if !saneRequestID(id) {
			id = newRequestID()
		}
		w.Header().Set("X-Request-Id", id)
		log := s.log.With("request_id", id)
		ctx := context.WithValue(r.Context(), loggerKey, log)
		ctx = context.WithValue(ctx, requestIDKey, id)
		r = r.WithContext(ctx)
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Error("panic serving request", "panic", fmt.Sprint(v), "method", r.Method, "path", r.URL.Path)
				if !rec.wrote {
					writeProblem(rec, problem(http.StatusInternalServerError, CodeInternal,
						"the server could not complete the request; it has been logged"))
				}
			}
			route := r.Pattern
			if route == "" {
				route = "unmatched"
			}
			d := time.Since(start)
			s.metrics.observe(r.Method, route, rec.status, d)
			log.LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", rec.status), slog.Int64("bytes", rec.bytes),
				slog.Float64("ms", float64(d.Microseconds())/1000))
		}()
		next.ServeHTTP(rec, r)
	})
}

func saneRequestID(id string) bool {
	if id == "" || len(id) > 64 || strings.HasPrefix(id, apikey.Scheme) {
		// A key sent as a request id by mistake must not reach the logs.
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

func newRequestID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	wrote  bool
}

func (r *statusRecorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	r.wrote = true
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (read deadlines).
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Flush implements http.Flusher.
func (r *statusRecorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// authenticate is huma middleware: operations that declare security need a
// valid key in X-API-Key. Keys are looked up by their SHA-256 hash, never
// compared in clear. An address that sent too many invalid keys gets 429
// until it has waited, without its key being looked at.
func (s *Server) authenticate(ctx huma.Context, next func(huma.Context)) {
	if len(ctx.Operation().Security) == 0 {
		next(ctx)
		return
	}
	ip := hostOf(ctx.RemoteAddr())
	if wait := s.authFailures.wait(ip); wait > 0 {
		secs := int((wait + time.Second - 1) / time.Second)
		p := problem(http.StatusTooManyRequests, CodeRateLimited,
			"too many requests with an invalid API key from your address; wait before trying again").
			WithHeader("Retry-After", strconv.Itoa(secs))
		s.writeErr(ctx, p)
		return
	}
	p, err := s.principal(ctx.Context(), ctx.Header("X-API-Key"))
	if err != nil {
		if err.Code == CodeUnauthorized && strings.TrimSpace(ctx.Header("X-API-Key")) != "" {
			s.authFailures.fail(ip)
			s.logger(ctx.Context()).Info("invalid api key", "remote_ip", ip)
		}
		s.writeErr(ctx, err)
		return
	}
	if !s.admit(ctx, p) {
		return
	}
	next(huma.WithValue(ctx, principalKey, p))
}

// writeErr writes p from middleware, with its headers (huma.WriteErr
// writes only the body).
func (s *Server) writeErr(ctx huma.Context, p *Problem) {
	for k, vs := range p.headers {
		for _, v := range vs {
			ctx.AppendHeader(k, v)
		}
	}
	huma.WriteErr(s.api, ctx, p.Status, p.Detail, p)
}

func (s *Server) principal(ctx context.Context, key string) (store.Principal, *Problem) {
	key = strings.TrimSpace(key)
	if key == "" {
		return store.Principal{}, problem(http.StatusUnauthorized, CodeUnauthorized,
			"send your API key in the X-API-Key header")
	}
	p, err := s.authLookup(ctx, key)
	if err != nil {
		return store.Principal{}, err
	}
	s.touch(p.KeyID)
	return p, nil
}

// touch records a key's use at most once a minute, off the request path.
func (s *Server) touch(keyID string) {
	now := time.Now()
	s.touchMu.Lock()
	last, ok := s.touched[keyID]
	if ok && now.Sub(last) < time.Minute {
		s.touchMu.Unlock()
		return
	}
	s.touched[keyID] = now
	s.touchMu.Unlock()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.store.TouchKey(ctx, keyID, s.store.Now()); err != nil {
			s.log.Warn("record key use", "key_id", keyID, "err", err)
		}
	}()
}
