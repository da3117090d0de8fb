package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"time"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/httpapi"
	"github.com/invex/invex/internal/webhook"
)

func serveCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", `Usage: invex serve [flags]

Runs the v1 HTTP API and the extraction workers in one process, with an
embedded SQLite database and uploaded documents under the data directory.
Stops gracefully on SIGINT or SIGTERM: it closes its listener at once,
lets in-flight requests and jobs run for --shutdown-grace, returns the jobs
still running then to the queue, and exits 0.

To scale out, point many processes at one PostgreSQL database with
--database postgres://… (uploads then go into the database too, so that
every process reaches them) and give each a role: "api" serves the HTTP API
and works no jobs, "worker" works jobs and serves only /healthz, /readyz and
/metrics on --addr, "all" does both.

Environment variables give defaults for the flags: INVEX_ADDR, INVEX_DATA,
INVEX_DATABASE_URL, INVEX_ROLE, INVEX_BLOBS, INVEX_S3_BUCKET, INVEX_S3_ENDPOINT, INVEX_S3_REGION,
INVEX_S3_PREFIX, INVEX_S3_PATH_STYLE, INVEX_S3_SSE, INVEX_S3_SSE_KMS_KEY_ID (credentials: the usual
AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, or ~/.aws/credentials), INVEX_WORKERS, INVEX_JOB_TIMEOUT,
INVEX_RESCUE_AFTER, INVEX_RESCUE_INTERVAL, INVEX_SHUTDOWN_GRACE, INVEX_OCR_WORKERS,
INVEX_OCR_PAGE_TIMEOUT, INVEX_OCR_MAX_PAGES, INVEX_LOG_LEVEL, INVEX_UPLOAD_TIMEOUT, INVEX_MIN_UPLOAD_RATE,
INVEX_MAX_UPLOADS_PER_ACCOUNT, INVEX_MAX_CONNS_PER_IP, INVEX_AUTH_FAILURES,
INVEX_RATE_LIMIT, INVEX_RATE_WINDOW,
INVEX_MAX_PAGES, INVEX_MAX_DECOMPRESSED_MIB, INVEX_MAX_IMAGE_MEGAPIXELS,
INVEX_PDF_MEMORY_MIB, INVEX_PDF_TIMEOUT, INVEX_RETENTION_DAYS, INVEX_WEBHOOK_ALLOW_PRIVATE,
INVEX_WEBHOOK_TIMEOUT.`, stderr)
	addr := fs.String("addr", envDefault("INVEX_ADDR", "127.0.0.1:8080"), "listen `address` (env INVEX_ADDR)")
	data := fs.String("data", envDefault("INVEX_DATA", "./data"), "data `directory` for the database and documents (env INVEX_DATA)")
	database := fs.String("database", envDefault("INVEX_DATABASE_URL", ""), "PostgreSQL `URL` (postgres://…) shared by many processes; empty = the embedded SQLite database in --data (env INVEX_DATABASE_URL)")
	role := fs.String("role", envDefault("INVEX_ROLE", app.RoleAll), "what this process does: all, api (HTTP API only) or worker (jobs only); api and worker need --database (env INVEX_ROLE)")
	blobs := fs.String("blobs", envDefault("INVEX_BLOBS", ""), "where uploads are kept: dir (--data/blobs), database (PostgreSQL) or s3 (an S3-compatible bucket, --s3-*); default dir with SQLite, database with PostgreSQL (env INVEX_BLOBS)")
	s3Bucket := fs.String("s3-bucket", envDefault("INVEX_S3_BUCKET", ""), "with --blobs s3, the `bucket` (it must exist) (env INVEX_S3_BUCKET)")
	s3Endpoint := fs.String("s3-endpoint", envDefault("INVEX_S3_ENDPOINT", ""), "with --blobs s3, the server's `URL`, such as http://127.0.0.1:8333; empty = AWS (env INVEX_S3_ENDPOINT)")
	s3Region := fs.String("s3-region", envDefault("INVEX_S3_REGION", envDefault("AWS_REGION", "")), "with --blobs s3, the bucket's `region` (env INVEX_S3_REGION, AWS_REGION)")
	s3Prefix := fs.String("s3-prefix", envDefault("INVEX_S3_PREFIX", ""), "with --blobs s3, a `prefix` before every object key, to share a bucket (env INVEX_S3_PREFIX)")
	s3PathStyle := fs.Bool("s3-path-style", envBool("INVEX_S3_PATH_STYLE", false), "with --blobs s3, address the bucket in the path (most self-hosted servers) instead of the host name (AWS) (env INVEX_S3_PATH_STYLE)")
	s3SSE := fs.String("s3-sse", envDefault("INVEX_S3_SSE", ""), "with --blobs s3, server-side `encryption`: AES256 or aws:kms (env INVEX_S3_SSE)")
	s3KMSKey := fs.String("s3-sse-kms-key-id", envDefault("INVEX_S3_SSE_KMS_KEY_ID", ""), "with --s3-sse aws:kms, the KMS key `id` (env INVEX_S3_SSE_KMS_KEY_ID)")
	workers := fs.Int("workers", envInt("INVEX_WORKERS", 0), "extraction workers in this process; 0 = one per CPU, -1 = none (env INVEX_WORKERS)")
	jobTimeout := fs.Duration("job-timeout", envDuration("INVEX_JOB_TIMEOUT", 2*time.Minute), "time limit of one attempt at one job (env INVEX_JOB_TIMEOUT)")
	rescueAfter := fs.Duration("rescue-after", envDuration("INVEX_RESCUE_AFTER", 0), "lease of one attempt: a job still running this long after its attempt started is taken for a dead worker's and returned to the queue; must exceed --job-timeout; 0 = --job-timeout + 1m (env INVEX_RESCUE_AFTER)")
	rescueInterval := fs.Duration("rescue-interval", envDuration("INVEX_RESCUE_INTERVAL", 5*time.Second), "how often each worker process looks for jobs whose lease lapsed (env INVEX_RESCUE_INTERVAL)")
	shutdownGrace := fs.Duration("shutdown-grace", envDuration("INVEX_SHUTDOWN_GRACE", 30*time.Second), "on SIGTERM or SIGINT, time given to in-flight requests and jobs to finish; jobs still running then go back to the queue (env INVEX_SHUTDOWN_GRACE)")
	ocrWorkers := fs.Int("ocr-workers", envInt("INVEX_OCR_WORKERS", 0), "jobs with scanned pages worked at once, on their own queue; 0 = half the CPUs (env INVEX_OCR_WORKERS)")
	ocrPageTimeout := fs.Duration("ocr-page-timeout", envDuration("INVEX_OCR_PAGE_TIMEOUT", 20*time.Second), "time limit of the OCR of one page (env INVEX_OCR_PAGE_TIMEOUT)")
	ocrMaxPages := fs.Int("ocr-max-pages", envInt("INVEX_OCR_MAX_PAGES", 10), "pages of one document read by OCR; later ones are skipped with a warning (env INVEX_OCR_MAX_PAGES)")
	uploadTimeout := fs.Duration("upload-timeout", envDuration("INVEX_UPLOAD_TIMEOUT", httpapi.DefaultUploadTimeout), "time limit to receive one upload's body (env INVEX_UPLOAD_TIMEOUT)")
	minUploadRate := fs.Int64("min-upload-rate", int64(envInt("INVEX_MIN_UPLOAD_RATE", httpapi.DefaultMinUploadRate)), "slowest upload accepted, in `bytes` per second after a 10 s grace; slower ones get 408 (env INVEX_MIN_UPLOAD_RATE)")
	maxUploads := fs.Int("max-uploads-per-account", envInt("INVEX_MAX_UPLOADS_PER_ACCOUNT", httpapi.DefaultMaxUploadsPerAccount), "uploads one account may send at once; more get 429 (env INVEX_MAX_UPLOADS_PER_ACCOUNT)")
	maxConnsPerIP := fs.Int("max-conns-per-ip", envInt("INVEX_MAX_CONNS_PER_IP", httpapi.DefaultMaxConnsPerIP), "open connections from one IP address; more are answered 503 and closed (env INVEX_MAX_CONNS_PER_IP)")
	authFailures := fs.Int("auth-failures", envInt("INVEX_AUTH_FAILURES", httpapi.DefaultAuthFailures), "requests with an invalid API key one IP address may send per minute; beyond, 429 (env INVEX_AUTH_FAILURES)")
	rateLimit := fs.Int("rate-limit", envInt("INVEX_RATE_LIMIT", httpapi.DefaultRateLimitRequests), "requests one API key may send per --rate-window (and at once), counted in each API process; beyond, 429 rate_limited; -1 = no limit (env INVEX_RATE_LIMIT)")
	rateWindow := fs.Duration("rate-window", envDuration("INVEX_RATE_WINDOW", httpapi.DefaultRateLimitWindow), "time in which an API key regains --rate-limit requests (env INVEX_RATE_WINDOW)")
	maxPages := fs.Int("max-pages", envInt("INVEX_MAX_PAGES", 1000), "pages of one document; more fail with page_limit (env INVEX_MAX_PAGES)")
	maxInflateMiB := fs.Int64("max-decompressed-mib", int64(envInt("INVEX_MAX_DECOMPRESSED_MIB", 256)), "`MiB` one document's compressed streams may inflate to; more fail with decompressed_size_limit (env INVEX_MAX_DECOMPRESSED_MIB)")
	maxImageMP := fs.Int64("max-image-megapixels", int64(envInt("INVEX_MAX_IMAGE_MEGAPIXELS", 64)), "largest image, in millions of pixels, decoded for OCR; larger fail with render_size_limit (env INVEX_MAX_IMAGE_MEGAPIXELS)")
	pdfMemoryMiB := fs.Uint64("pdf-memory-mib", uint64(envInt("INVEX_PDF_MEMORY_MIB", 512)), "`MiB` of memory pdfium may use in one reader process; more fail with memory_limit (env INVEX_PDF_MEMORY_MIB)")
	pdfTimeout := fs.Duration("pdf-timeout", envDuration("INVEX_PDF_TIMEOUT", 30*time.Second), "time limit of one reading of a PDF by pdfium; more fail the attempt with timeout (env INVEX_PDF_TIMEOUT)")
	retentionDays := fs.Int("retention-days", envInt("INVEX_RETENTION_DAYS", 30), "days uploaded PDFs are kept before a periodic job deletes them; results stay until deleted (env INVEX_RETENTION_DAYS)")
	dashboardSignup := fs.Bool("dashboard-signup", envBool("INVEX_DASHBOARD_SIGNUP", false), "let anyone create an account on the web dashboard's sign-up page; otherwise use invex accounts create (env INVEX_DASHBOARD_SIGNUP)")
	webhookAllowPrivate := fs.Bool("webhook-allow-private", envBool("INVEX_WEBHOOK_ALLOW_PRIVATE", false), "let webhooks reach loopback, private, link-local and metadata addresses (development only) (env INVEX_WEBHOOK_ALLOW_PRIVATE)")
	webhookTimeout := fs.Duration("webhook-timeout", envDuration("INVEX_WEBHOOK_TIMEOUT", 10*time.Second), "time limit of one webhook delivery attempt (env INVEX_WEBHOOK_TIMEOUT)")
	logLevel := fs.String("log-level", envDefault("INVEX_LOG_LEVEL", "info"), "log `level`: debug, info, warn, error (env INVEX_LOG_LEVEL)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("serve takes no arguments, got %q", fs.Args())}
	}
	if *retentionDays < 1 {
		return usageError{fmt.Sprintf("--retention-days must be at least 1, got %d", *retentionDays)}
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return usageError{fmt.Sprintf("invalid --log-level %q", *logLevel)}
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: level}))

	a, err := app.Open(ctx, app.Config{
		Addr:     *addr,
		DataDir:  *data,
		Database: *database,
		Role:     *role,
		Blobs:    *blobs,
		S3: blob.S3Config{Bucket: *s3Bucket, Endpoint: *s3Endpoint, Region: *s3Region, Prefix: *s3Prefix,
			PathStyle: *s3PathStyle, SSE: *s3SSE, SSEKMSKeyID: *s3KMSKey},
		Workers:         *workers,
		JobTimeout:      *jobTimeout,
		RescueAfter:     *rescueAfter,
		RescueInterval:  *rescueInterval,
		ShutdownGrace:   *shutdownGrace,
		OCRWorkers:      *ocrWorkers,
		OCRPageTimeout:  *ocrPageTimeout,
		OCRMaxPages:     *ocrMaxPages,
		DashboardSignup: *dashboardSignup,
		Budgets: app.Budgets{
			MaxPages:             *maxPages,
			MaxDecompressedBytes: *maxInflateMiB << 20,
			MaxImagePixels:       *maxImageMP * 1_000_000,
			MemoryLimit:          *pdfMemoryMiB << 20,
			ReadTimeout:          *pdfTimeout,
		},
		HTTP: httpapi.Limits{
			UploadTimeout:        *uploadTimeout,
			MinUploadRate:        *minUploadRate,
			MaxUploadsPerAccount: *maxUploads,
			MaxConnsPerIP:        *maxConnsPerIP,
			AuthFailures:         *authFailures,
			AuthFailureInterval:  time.Minute / time.Duration(max(*authFailures, 1)),
			RateLimit:            httpapi.RateLimit{Requests: *rateLimit, Window: *rateWindow},
		},
		RetentionDays: *retentionDays,
		Webhooks:      webhook.Config{AllowPrivate: *webhookAllowPrivate, Timeout: *webhookTimeout},
		Version:       version,
		Logger:        log,
	})
	if err != nil {
		return err
	}
	defer a.Close()
	ln, err := a.Listen()
	if err != nil {
		return err
	}
	return a.Run(ctx, ln)
}

func envInt(name string, def int) int {
	v, err := strconv.Atoi(envDefault(name, ""))
	if err != nil {
		return def
	}
	return v
}

// envBool reads a boolean environment variable (true, 1, false, 0, …);
// anything unparsable gives def.
func envBool(name string, def bool) bool {
	v, err := strconv.ParseBool(envDefault(name, ""))
	if err != nil {
		return def
	}
	return v
}

func envDuration(name string, def time.Duration) time.Duration {
	v, err := time.ParseDuration(envDefault(name, ""))
	if err != nil {
		return def
	}
	return v
}
