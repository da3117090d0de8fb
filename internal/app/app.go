// Package app wires invex together: store, blob storage, extraction engine,
// job queue, workers and the HTTP API, from one Config. It is the one owner
// of start-up order and graceful shutdown; cmd/invex only parses flags.
//
// PDFs are read in child processes (see pdf.Config.Isolated), so a program
// that opens an App must call pdf.ServeIfChild at the start of main.
package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/extract/raster"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/dashboard"
	"github.com/invex/invex/internal/httpapi"
	"github.com/invex/invex/internal/jobs"
	"github.com/invex/invex/internal/review"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/internal/webhook"
)

// Roles of a process (Config.Role).
const (
	// RoleAll serves the API and works jobs: the embedded default.
	RoleAll = "all"
	// RoleAPI serves the API and works no jobs.
	RoleAPI = "api"
	// RoleWorker works jobs and serves only health checks and metrics.
	RoleWorker = "worker"
)

// Blob storage choices (Config.Blobs).
const (
	// BlobsDir keeps uploads as files under DataDir/blobs.
	BlobsDir = "dir"
	// BlobsDatabase keeps uploads in the PostgreSQL database.
	BlobsDatabase = "database"
	// BlobsS3 keeps uploads in an S3-compatible bucket (Config.S3).
	BlobsS3 = "s3"
)

// Config is everything needed to run the service.
type Config struct {
	// Addr is the listen address. Default 127.0.0.1:8080.
	Addr string
	// DataDir holds the SQLite database, uploaded documents and caches.
	// Default ./data. With a PostgreSQL Database it holds only this
	// process's caches and upload spool files.
	DataDir string
	// Database is where the state and the job queue live: empty for the
	// embedded SQLite file in DataDir, or a postgres:// URL (see
	// IsPostgres) that many API and worker processes share.
	Database string
	// Role is what this process does: RoleAll (the default), RoleAPI or
	// RoleWorker. The last two need a PostgreSQL Database.
	Role string
	// Blobs is where uploaded documents are kept: BlobsDir or
	// BlobsDatabase (PostgreSQL only). Default BlobsDir on SQLite and
	// BlobsDatabase on PostgreSQL, so that every process reaches every
	// upload. BlobsS3 keeps them in the S3-compatible bucket of S3.
	Blobs string
	// S3 configures the bucket of BlobsS3.
	S3 blob.S3Config
	// Workers is the number of concurrent extraction workers in this process.
	// 0 means one per CPU; a negative value runs no workers (API only).
	Workers int
	// JobTimeout bounds one attempt of one job: its context is cancelled
	// then, and the attempt fails with a timeout. Default 2 min.
	JobTimeout time.Duration
	// RescueAfter is the lease of an attempt: a job whose attempt started
	// longer ago than this and is still running is taken for the job of a
	// dead process and returned to the queue (or failed with worker_lost
	// when its attempts are spent). It must exceed JobTimeout, so that a
	// live attempt is always cancelled before its lease lapses. Default
	// JobTimeout + 1 min.
	RescueAfter time.Duration
	// RescueInterval is how often each worker process looks for jobs whose
	// lease lapsed and for jobs whose queue entry ended without them. A dead
	// worker's job is back on the queue at most RescueAfter + RescueInterval
	// after its attempt started. Default 5 s.
	RescueInterval time.Duration
	// RetryBackoff spaces the attempts of a job, after an error and after
	// its worker process died (see jobs.Backoff). Zero: jobs.DefaultBackoff.
	RetryBackoff jobs.Backoff
	// ReaderCrashMarker is a test hook (pdf.Config.CrashMarker): a document
	// containing it makes its reader process exit as if pdfium crashed.
	// Not a flag of the invex command.
	ReaderCrashMarker string
	// OCRWorkers is the number of jobs with scanned pages worked at the same
	// time, on their own queue, and the number of Tesseract processes run at
	// once. Default half the CPUs, at least one.
	OCRWorkers int
	// OCRPageTimeout bounds the OCR of one page. Default 20 s.
	OCRPageTimeout time.Duration
	// OCRMaxPages is the number of pages of one document read by OCR.
	// Default extract.DefaultMaxOCRPages.
	OCRMaxPages int
	// ShutdownGrace is how long a stopping process lets in-flight requests
	// and jobs finish before cancelling them; cancelled jobs go back to the
	// queue. Default 30 s.
	ShutdownGrace time.Duration
	// MaxUploadBytes is the largest accepted document. Default 50 MiB.
	MaxUploadBytes int64
	// Budgets bounds what one document may cost the engine (pages,
	// decompressed bytes, image pixels, pdfium memory, read time); zero
	// fields take pdf.Config's defaults.
	Budgets Budgets
	// HTTP bounds what clients can make the server hold (timeouts, header
	// size, connections, uploads at once, invalid-key attempts); zero
	// fields take httpapi's defaults.
	HTTP httpapi.Limits
	// CacheDir holds caches that may be shared between data directories,
	// such as compiled WebAssembly. Default DataDir/cache.
	CacheDir string
	// RetentionDays is how long uploaded documents are kept; results stay
	// until deleted. Default jobs.DefaultRetentionDays (30).
	RetentionDays int
	// Version is reported by the API.
	Version string
	// Webhooks configures webhook delivery (timeouts, retries, whether
	// private addresses may receive); zero fields take package webhook's
	// defaults.
	Webhooks webhook.Config
	// DashboardSignup lets anyone create an account on the web dashboard's
	// sign-up page; without it accounts are made with `invex accounts
	// create`.
	DashboardSignup bool
	// Logger receives the service's logs. Default: JSON to stderr.
	Logger *slog.Logger
	// Now, when set, replaces the store's clock (timestamps, quota months,
	// idempotency keys' lifetime); for tests.
	Now func() time.Time
}

// Budgets are the per-document limits of the engine; a document over one
// fails its job with the limit's error code. See pdf.Config for each.
type Budgets struct {
	// MaxPages: more pages fail with page_limit. Default 1000.
	MaxPages int
	// MaxDecompressedBytes: streams inflating to more fail with
	// decompressed_size_limit. Default 256 MiB.
	MaxDecompressedBytes int64
	// MaxImagePixels: a page needing OCR with a larger image fails with
	// render_size_limit. Default 64 million.
	MaxImagePixels int64
	// MemoryLimit is pdfium's memory in one reader process; more fails
	// with memory_limit. Default 512 MiB.
	MemoryLimit uint64
	// ReadTimeout bounds one reading of the PDF (text layer, or the
	// pictures for OCR); more fails the attempt with timeout. Default 30 s.
	ReadTimeout time.Duration
}

func (c Config) withDefaults() Config {
	if c.Addr == "" {
		c.Addr = "127.0.0.1:8080"
	}
	if c.DataDir == "" {
		c.DataDir = "data"
	}
	if c.Role == "" {
		c.Role = RoleAll
	}
	if c.Blobs == "" {
		c.Blobs = BlobsDir
		if IsPostgres(c.Database) {
			c.Blobs = BlobsDatabase
		}
	}
	if c.Role == RoleAPI {
		c.Workers = -1
	}
	if c.Workers == 0 {
		c.Workers = runtime.NumCPU()
	}
	if c.JobTimeout <= 0 {
		c.JobTimeout = 2 * time.Minute
	}
	if c.RescueAfter <= 0 {
		c.RescueAfter = c.JobTimeout + time.Minute
	}
	if c.RescueInterval <= 0 {
		c.RescueInterval = 5 * time.Second
	}
	if c.OCRWorkers <= 0 {
		c.OCRWorkers = max(1, runtime.NumCPU()/2)
	}
	if c.RetentionDays <= 0 {
		c.RetentionDays = jobs.DefaultRetentionDays
	}
	if c.ShutdownGrace <= 0 {
		c.ShutdownGrace = 30 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewJSONHandler(os.Stderr, nil))
	}
	return c
}

func (c Config) validate() error {
	pg := IsPostgres(c.Database)
	if c.Database != "" && !pg {
		return fmt.Errorf("config: database %q is not a postgres:// URL (leave it empty for the embedded SQLite database)", redactURL(c.Database))
	}
	switch c.Role {
	case RoleAll:
	case RoleAPI, RoleWorker:
		if !pg {
			return fmt.Errorf("config: role %q needs a shared PostgreSQL database (--database postgres://…); the embedded SQLite database serves one process with role %q", c.Role, RoleAll)
		}
	default:
		return fmt.Errorf("config: unknown role %q (want %s, %s or %s)", c.Role, RoleAll, RoleAPI, RoleWorker)
	}
	switch {
	case c.Blobs == BlobsDir:
	case c.Blobs == BlobsDatabase:
		if !pg {
			return fmt.Errorf("config: blobs %q needs a PostgreSQL database", c.Blobs)
		}
	case c.Blobs == BlobsS3:
		if c.S3.Bucket == "" {
			return fmt.Errorf("config: blobs %q needs a bucket (--s3-bucket)", c.Blobs)
		}
	default:
		return fmt.Errorf("config: unknown blobs %q (want %s, %s or %s)", c.Blobs, BlobsDir, BlobsDatabase, BlobsS3)
	}
	if c.RescueAfter <= c.JobTimeout {
		return fmt.Errorf("config: rescue-after %s must be longer than job-timeout %s, or live jobs would be run twice", c.RescueAfter, c.JobTimeout)
	}
	if c.Role == RoleWorker && c.Workers < 0 {
		return errors.New("config: a worker process needs workers (--workers ≥ 0)")
	}
	return nil
}

// IsPostgres reports whether database names a PostgreSQL database.
func IsPostgres(database string) bool {
	return strings.HasPrefix(database, "postgres://") || strings.HasPrefix(database, "postgresql://")
}

// redactURL hides a password in a database URL, for messages.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

// riverRescueNever is the lease given to River's own rescuer on PostgreSQL,
// where the sweeper rescues instead: a century.
const riverRescueNever = 100 * 365 * 24 * time.Hour

// queueClient is the job queue as the app uses it, whatever its driver.
type queueClient interface {
	submit.Enqueuer
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	StopAndCancel(ctx context.Context) error
}

// App is a running invex process.
type App struct {
	cfg    Config
	log    *slog.Logger
	lock   *os.File
	store  *store.Store
	engine *extract.Engine
	drawer *pdf.Drawer // draws page images for the dashboard; nil without workers
	queue  queueClient
	// queueExec is the queue driver's executor (see jobs.Rescue).
	queueExec riverdriver.Executor
	api       *httpapi.Server      // nil in a worker process
	web       *dashboard.Dashboard // nil in a worker process
	http      *http.Server
	spool     string // this process's own spool directory, removed on Close (PostgreSQL)
	blobs     jobs.Blobs

	notifier *webhook.Notifier
}

// Open prepares the service without serving yet: it opens and migrates the
// database and starts the extraction engine. On the embedded SQLite database
// it also takes the data directory's lock and returns abandoned jobs to the
// queue; on PostgreSQL, processes share the database and the queue's rescuer
// returns the jobs of dead workers once their lease lapses.
func Open(ctx context.Context, cfg Config) (a *App, err error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	pg := IsPostgres(cfg.Database)
	a = &App{cfg: cfg, log: cfg.Logger}
	defer func() {
		if err != nil {
			a.Close()
			a = nil
		}
	}()
	dirs := map[string]string{}
	if cfg.CacheDir != "" {
		dirs["cache"] = cfg.CacheDir
	}
	for _, d := range []string{"tmp", "blobs", "cache"} {
		if dirs[d] == "" {
			dirs[d] = filepath.Join(cfg.DataDir, d)
		}
		if err := os.MkdirAll(dirs[d], 0o750); err != nil {
			return nil, fmt.Errorf("create data dir: %w", err)
		}
	}
	spool := dirs["tmp"]
	if pg {
		// Processes sharing a PostgreSQL database may share a data
		// directory too: each spools uploads in a directory of its own.
		if a.spool, err = os.MkdirTemp(dirs["tmp"], "spool-"); err != nil {
			return nil, fmt.Errorf("create spool dir: %w", err)
		}
		spool = a.spool
		if a.store, err = OpenDatabase(ctx, cfg.Database, cfg.DataDir); err != nil {
			return nil, err
		}
		a.store.QueueBackoff().Observe(func(err error) {
			a.log.Warn("database unreachable: the job queue waits between attempts", "err", err,
				"max_wait", a.store.QueueBackoff().Max.String())
		}, func(down time.Duration, attempts int) {
			a.log.Info("database reachable again", "down_ms", down.Milliseconds(), "attempts", attempts)
		})
	} else {
		if a.lock, err = lockDir(cfg.DataDir); err != nil {
			return nil, err
		}
		clearDir(dirs["tmp"]) // uploads cut off by a previous crash
		if a.store, err = OpenStore(ctx, cfg.DataDir); err != nil {
			return nil, err
		}
	}
	if cfg.Now != nil {
		a.store.Now = cfg.Now
	}

	var blobs blob.Store
	switch cfg.Blobs {
	case BlobsDatabase:
		blobs = blob.NewDB(a.store)
	case BlobsS3:
		s3, err := blob.NewS3(cfg.S3)
		if err != nil {
			return nil, fmt.Errorf("config: %w", err)
		}
		// A bucket out of reach at start is an outage like any other:
		// /readyz says so and submissions wait, the process runs.
		pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		if err := s3.Ping(pctx); err != nil {
			a.log.Warn("the S3 bucket is not reachable yet", "err", err)
		}
		cancel()
		blobs = s3
	default:
		if blobs, err = blob.NewDir(dirs["blobs"]); err != nil {
			return nil, err
		}
	}
	a.blobs = blobs
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	// On PostgreSQL the sweeper (jobs.Sweeper) rescues the jobs of dead
	// workers: River's rescuer runs only on the elected leader and only
	// every 30 s, and it updates rows without re-checking their state, so
	// it must not race the sweeper; it is given a lease it never reaches.
	rescueAfter := cfg.RescueAfter
	if pg {
		rescueAfter = riverRescueNever
	}
	rcfg := &river.Config{
		Logger:               slog.New(warnOnly{a.log.Handler()}),
		JobTimeout:           cfg.JobTimeout,
		RescueStuckJobsAfter: rescueAfter,
		FetchCooldown:        5 * time.Millisecond,
		FetchPollInterval:    100 * time.Millisecond,
	}
	// Webhook events are written in the transactions that end jobs; the
	// queue is set once it exists.
	notifier := &webhook.Notifier{Config: cfg.Webhooks, Record: func(j store.Job) ([]byte, error) {
		return json.Marshal(httpapi.NewRecord(j))
	}}
	if cfg.Workers > 0 {
		// Documents are read with the per-document budgets in isolated
		// child processes: the engine's readers, one per worker, and the
		// page drawer's one.
		readers := pdf.Config{
			Instances:            cfg.Workers + cfg.OCRWorkers,
			CacheDir:             filepath.Join(dirs["cache"], "wazero"),
			Isolated:             true,
			MaxPages:             cfg.Budgets.MaxPages,
			MaxDecompressedBytes: cfg.Budgets.MaxDecompressedBytes,
			MaxImagePixels:       cfg.Budgets.MaxImagePixels,
			MemoryLimit:          cfg.Budgets.MemoryLimit,
			Timeout:              cfg.Budgets.ReadTimeout,
			CrashMarker:          cfg.ReaderCrashMarker,
		}
		drawer := readers
		drawer.Instances = 1
		a.engine, err = extract.New(extract.Config{
			PDF:         readers,
			OCR:         ocr.Config{Concurrency: cfg.OCRWorkers, PageTimeout: cfg.OCRPageTimeout},
			MaxOCRPages: cfg.OCRMaxPages,
		})
		if err == nil && a.engine.OCRError() != nil {
			a.log.Warn("OCR is not available: scanned documents will fail", "err", a.engine.OCRError())
		}
		if err != nil {
			return nil, err
		}
		workers := river.NewWorkers()
		river.AddWorker(workers, &jobs.ExtractWorker{
			Store:      a.store,
			Blobs:      blobs,
			Engine:     a.engine,
			CompleteTx: completeTxFunc(a.store),
			InsertTx: func(ctx context.Context, tx *store.Tx, args submit.ExtractArgs) (int64, error) {
				res, err := a.queue.InsertTx(ctx, tx, args, nil)
				if err != nil {
					return 0, err
				}
				return res.Job.ID, nil
			},
			Ended:   notifier.JobEndedTx,
			Logger:  a.log,
			Metrics: jobs.NewMetrics(reg),
			Backoff: cfg.RetryBackoff,
		})
		a.drawer = pdf.NewDrawer(drawer)
		river.AddWorker(workers, &jobs.PagesWorker{Store: a.store, Blobs: blobs, Drawer: a.drawer, SpoolDir: spool, Logger: a.log,
			Words: a.engine})
		river.AddWorker(workers, &jobs.LearnWorker{Store: a.store, Blobs: blobs, Engine: a.engine, Logger: a.log})
		river.AddWorker(workers, webhook.NewWorker(a.store, cfg.Webhooks, a.log))
		rcfg.Workers = workers
		rcfg.Queues = map[string]river.QueueConfig{
			submit.QueueExtract: {MaxWorkers: cfg.Workers},
			submit.QueueOCR:     {MaxWorkers: cfg.OCRWorkers},
			submit.QueuePages:   {MaxWorkers: 1},
			webhook.Queue:       {MaxWorkers: cfg.Webhooks.WithDefaults().Workers},
		}
	}
	if pg {
		client, err := river.NewClient(riverpgxv5.New(a.store.Pool()), rcfg)
		if err != nil {
			return nil, fmt.Errorf("create queue client: %w", err)
		}
		a.queue, a.queueExec = submit.PostgresQueue{Client: client}, client.Driver().GetExecutor()
	} else {
		client, err := river.NewClient(riversqlite.New(a.store.WriteDB()), rcfg)
		if err != nil {
			return nil, fmt.Errorf("create queue client: %w", err)
		}
		a.queue, a.queueExec = submit.SQLiteQueue{Client: client}, client.Driver().GetExecutor()
		// This process holds the data directory's lock, so any job left
		// running belongs to a process that is gone: put it back on the
		// queue now, after its back-off, rather than after the rescuer's
		// lease.
		n, err := jobs.Rescue(ctx, a.queueExec, a.store, time.Now().Add(24*time.Hour), cfg.RetryBackoff)
		if err != nil {
			return nil, err
		} else if n > 0 {
			a.log.Info("returned abandoned jobs to the queue", "jobs", n)
		}
	}

	notifier.Queue = a.queue
	sub := &submit.Submitter{
		Store:     a.store,
		Blobs:     blobs,
		Queue:     a.queue,
		Estimator: &submit.Estimator{Store: a.store, Workers: max(cfg.Workers, 1)},
		Logger:    a.log,
		Ended:     notifier.JobEndedTx,
		Engine:    extract.Fingerprint(),

		AllowPrivateWebhooks: cfg.Webhooks.AllowPrivate,
	}
	a.notifier = notifier
	reviews := &review.Service{
		Store:    a.store,
		Queue:    a.queue,
		Reviewed: notifier.JobReviewedTx,
		Learn: func(id string, revision int) river.JobArgs {
			return submit.LearnArgs{JobID: id, Revision: revision}
		},
	}
	var handler http.Handler
	if cfg.Role == RoleWorker {
		handler = httpapi.NewHealth(a.store, blobs, a.log, reg)
	} else {
		a.web, err = dashboard.New(dashboard.Config{
			Store:          a.store,
			Submitter:      sub,
			Blobs:          blobs,
			SpoolDir:       spool,
			MaxUploadBytes: cfg.MaxUploadBytes,
			Pictures:       raster.Limits{MaxPages: cfg.OCRMaxPages},
			Signup:         cfg.DashboardSignup,
			Webhooks:       cfg.Webhooks,
			RequestPages: func(ctx context.Context, id string) error {
				if _, err := a.queue.Insert(ctx, submit.DrawArgs{JobID: id}, nil); err != nil {
					return fmt.Errorf("ask for page images: %w", err)
				}
				return nil
			},
			Reviews: reviews,
			Logger:  a.log,
		})
		if err != nil {
			return nil, err
		}
		a.api = httpapi.New(httpapi.Config{
			MaxUploadBytes: cfg.MaxUploadBytes,
			SpoolDir:       spool,
			Pictures:       raster.Limits{MaxPages: cfg.OCRMaxPages},
			Limits:         cfg.HTTP,
			Version:        cfg.Version,
			Webhooks:       cfg.Webhooks,
			Web:            a.web,
			Reviews:        reviews,
		}, a.store, sub, blobs, a.log, reg)
		handler = a.api.Handler()
	}
	a.http = cfg.HTTP.NewHTTPServer(handler, slog.NewLogLogger(a.log.Handler(), slog.LevelWarn))
	return a, nil
}

// completeTxFunc returns the worker's CompleteTx for the store's database:
// River's JobCompleteTx for the driver in use, inside the store's
// transaction.
func completeTxFunc(st *store.Store) jobs.CompleteTxFunc {
	if st.Pool() != nil {
		return func(ctx context.Context, tx *store.Tx, job *river.Job[submit.ExtractArgs]) error {
			ptx, err := tx.PostgresQueueTx()
			if err != nil {
				return fmt.Errorf("complete queue entry: %w", err)
			}
			_, err = river.JobCompleteTx[*riverpgxv5.Driver](ctx, ptx, job)
			return err
		}
	}
	return func(ctx context.Context, tx *store.Tx, job *river.Job[submit.ExtractArgs]) error {
		stx, err := tx.SQLiteQueueTx()
		if err != nil {
			return fmt.Errorf("complete queue entry: %w", err)
		}
		_, err = river.JobCompleteTx[*riversqlite.Driver](ctx, stx, job)
		return err
	}
}

// OpenDatabase opens the store named by database (see Config.Database):
// the embedded SQLite database of dataDir when database is empty, or a
// PostgreSQL database. Either way it applies every migration, the service's
// own and the queue's, and takes no lock, so commands such as "invex keys"
// can run beside servers.
func OpenDatabase(ctx context.Context, database, dataDir string) (*store.Store, error) {
	if database == "" {
		return OpenStore(ctx, dataDir)
	}
	if !IsPostgres(database) {
		return nil, fmt.Errorf("open database: %q is not a postgres:// URL", redactURL(database))
	}
	return store.OpenPostgres(ctx, database, func(ctx context.Context, pool *pgxpool.Pool) error {
		migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
		if err != nil {
			return err
		}
		_, err = migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
		return err
	})
}

// OpenStore opens the embedded database of dataDir, creating it if needed,
// and applies every migration: the service's own and the queue's. It takes
// no lock, so commands such as "invex keys" can run beside a server.
func OpenStore(ctx context.Context, dataDir string) (*store.Store, error) {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, fmt.Errorf("create data dir: %w", err)
	}
	st, err := store.OpenSQLite(ctx, filepath.Join(dataDir, "invex.db"))
	if err != nil {
		return nil, err
	}
	migrator, err := rivermigrate.New(riversqlite.New(st.WriteDB()), nil)
	if err == nil {
		_, err = migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	}
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("migrate queue: %w", err)
	}
	return st, nil
}

// OpenAPI returns the API's generated OpenAPI document (nil in a worker
// process).
func (a *App) OpenAPI() *huma.OpenAPI {
	if a.api == nil {
		return nil
	}
	return a.api.OpenAPI()
}

// Store returns the app's store (for commands and tests).
func (a *App) Store() *store.Store { return a.store }

// Listen opens the configured address, bounding its connections (see
// httpapi.Limits).
func (a *App) Listen() (net.Listener, error) {
	ln, err := net.Listen("tcp", a.cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("listen: %w", err)
	}
	return a.cfg.HTTP.Listener(ln), nil
}

// Run serves on ln and works jobs until ctx ends, then shuts down
// gracefully: it stops accepting requests and jobs, lets in-flight ones
// finish within the grace period, and cancels the rest (they go back to the
// queue for their next attempt).
func (a *App) Run(ctx context.Context, ln net.Listener) error {
	if a.cfg.Workers > 0 {
		// A client without workers only inserts; it is never started.
		// River cancels running jobs when Start's context ends, which would
		// leave them no grace: the queue is stopped below instead.
		if err := a.queue.Start(context.WithoutCancel(ctx)); err != nil {
			return fmt.Errorf("start queue: %w", err)
		}
	}
	sweepCtx, stopSweep := context.WithCancel(context.WithoutCancel(ctx))
	defer stopSweep()
	if a.cfg.Workers > 0 {
		sw := &jobs.Sweeper{Store: a.store, Queue: a.queueExec, Backoff: a.cfg.RetryBackoff, Logger: a.log,
			Interval: a.cfg.RescueInterval, Ended: a.notifier.JobEndedTx}
		if IsPostgres(a.cfg.Database) {
			sw.RescueAfter = a.cfg.RescueAfter
		}
		go sw.Run(sweepCtx)
		go (&jobs.Retention{Store: a.store, Blobs: a.blobs, Logger: a.log,
			MaxAge: time.Duration(a.cfg.RetentionDays) * 24 * time.Hour}).Run(sweepCtx)
	}
	a.log.Info("invex serving", "addr", ln.Addr().String(), "role", a.cfg.Role, "database", a.store.Dialect(),
		"blobs", a.cfg.Blobs, "data", a.cfg.DataDir, "workers", max(a.cfg.Workers, 0))

	serveErr := make(chan error, 1)
	go func() { serveErr <- a.http.Serve(ln) }()
	var err error
	select {
	case <-ctx.Done():
	case err = <-serveErr:
		err = fmt.Errorf("serve: %w", err)
	}
	a.log.Info("invex stopping", "grace", a.cfg.ShutdownGrace.String())
	start := time.Now()

	// The listener closes and the queue stops fetching at once; in-flight
	// requests and jobs share one grace period.
	grace, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownGrace)
	defer cancel()
	released := make(chan bool, 1)
	go func() {
		if a.cfg.Workers > 0 {
			released <- a.stopQueue(grace)
			return
		}
		released <- false
	}()
	if serr := a.http.Shutdown(grace); serr != nil {
		a.log.Warn("in-flight requests did not finish in the grace period; closing them", "err", serr)
		a.http.Close()
	}
	rel := <-released
	stopSweep()
	a.log.Info("invex stopped", "after", time.Since(start).Round(time.Millisecond).String(), "jobs_released", rel)
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// stopQueue stops fetching jobs and lets running ones finish until grace
// ends, then cancels them: a cancelled job goes back to the queue for its
// next attempt. It reports whether it had to cancel jobs.
func (a *App) stopQueue(grace context.Context) bool {
	err := a.queue.Stop(grace)
	if err == nil {
		return false
	}
	a.log.Warn("in-flight jobs did not finish in the grace period; returning them to the queue", "err", err)
	hard, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.queue.StopAndCancel(hard); err != nil {
		a.log.Error("stop queue", "err", err)
	}
	return true
}

// Close releases everything Open acquired.
func (a *App) Close() error {
	var errs []error
	if a.engine != nil {
		errs = append(errs, a.engine.Close())
	}
	if a.drawer != nil {
		errs = append(errs, a.drawer.Close())
	}
	if a.store != nil {
		errs = append(errs, a.store.Close())
	}
	if a.lock != nil {
		errs = append(errs, a.lock.Close())
	}
	if a.spool != "" {
		errs = append(errs, os.RemoveAll(a.spool))
	}
	return errors.Join(errs...)
}

func clearDir(dir string) {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}

// warnOnly passes on only warnings and errors, for the queue's chatty logs.
type warnOnly struct{ slog.Handler }

func (h warnOnly) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && h.Handler.Enabled(ctx, l)
}

func (h warnOnly) WithAttrs(attrs []slog.Attr) slog.Handler {
	return warnOnly{h.Handler.WithAttrs(attrs)}
}

func (h warnOnly) WithGroup(name string) slog.Handler { return warnOnly{h.Handler.WithGroup(name)} }
