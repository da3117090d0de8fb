// Package app wires invex together: store, blob storage, extraction engine,
// job queue, workers and the HTTP API, from one Config. It is the one owner
// of start-up order and graceful shutdown; cmd/invex only parses flags.
//
// PDFs are read in child processes (see pdf.Config.Isolated), so a program
// that opens an App must call pdf.ServeIfChild at the start of main.
package app

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/httpapi"
	"github.com/invex/invex/internal/jobs"
	"github.com/invex/invex/internal/store"
)

// Config is everything needed to run the service.
type Config struct {
	// Addr is the listen address. Default 127.0.0.1:8080.
	Addr string
	// DataDir holds the SQLite database, uploaded documents and caches.
	// Default ./data.
	DataDir string
	// Workers is the number of concurrent extraction workers in this process.
	// 0 means one per CPU; a negative value runs no workers (API only).
	Workers int
	// JobTimeout bounds one attempt of one job. Default 2 min.
	JobTimeout time.Duration
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
	// and jobs finish before cancelling them. Default 30 s.
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
	// Version is reported by the API.
	Version string
	// Logger receives the service's logs. Default: JSON to stderr.
	Logger *slog.Logger
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
	if c.Workers == 0 {
		c.Workers = runtime.NumCPU()
	}
	if c.JobTimeout <= 0 {
		c.JobTimeout = 2 * time.Minute
	}
	if c.OCRWorkers <= 0 {
		c.OCRWorkers = max(1, runtime.NumCPU()/2)
	}
	if c.ShutdownGrace <= 0 {
		c.ShutdownGrace = 30 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewJSONHandler(os.Stderr, nil))
	}
	return c
}

// App is a running invex process.
type App struct {
	cfg    Config
	log    *slog.Logger
	lock   *os.File
	store  *store.Store
	engine *extract.Engine
	queue  *river.Client[*sql.Tx]
	api    *httpapi.Server
	http   *http.Server
}

// Open prepares the service without serving yet: it takes the data
// directory's lock, opens and migrates the database, returns abandoned jobs
// to the queue, and starts the extraction engine.
func Open(ctx context.Context, cfg Config) (a *App, err error) {
	cfg = cfg.withDefaults()
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
	if a.lock, err = lockDir(cfg.DataDir); err != nil {
		return nil, err
	}
	clearDir(dirs["tmp"]) // uploads cut off by a previous crash

	if a.store, err = OpenStore(ctx, cfg.DataDir); err != nil {
		return nil, err
	}
	driver := riversqlite.New(a.store.WriteDB())
	// This process holds the data directory's lock, so any job left running
	// belongs to a process that is gone: put it back on the queue now rather
	// than after the rescuer's lease.
	if n, err := a.store.RescueAbandonedQueueJobs(ctx); err != nil {
		return nil, err
	} else if n > 0 {
		a.log.Info("returned abandoned jobs to the queue", "jobs", n)
	}

	blobs, err := blob.NewDir(dirs["blobs"])
	if err != nil {
		return nil, err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	rcfg := &river.Config{
		Logger:               slog.New(warnOnly{a.log.Handler()}),
		JobTimeout:           cfg.JobTimeout,
		RescueStuckJobsAfter: cfg.JobTimeout + time.Minute,
		MaxAttempts:          jobs.MaxAttempts,
		FetchCooldown:        5 * time.Millisecond,
		FetchPollInterval:    100 * time.Millisecond,
	}
	if cfg.Workers > 0 {
		a.engine, err = extract.New(extract.Config{
			PDF: pdf.Config{
				Instances:            cfg.Workers + cfg.OCRWorkers,
				CacheDir:             filepath.Join(dirs["cache"], "wazero"),
				Isolated:             true,
				MaxPages:             cfg.Budgets.MaxPages,
				MaxDecompressedBytes: cfg.Budgets.MaxDecompressedBytes,
				MaxImagePixels:       cfg.Budgets.MaxImagePixels,
				MemoryLimit:          cfg.Budgets.MemoryLimit,
				Timeout:              cfg.Budgets.ReadTimeout,
			},
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
			Store:  a.store,
			Blobs:  blobs,
			Engine: a.engine,
			CompleteTx: func(ctx context.Context, tx *sql.Tx, job *river.Job[jobs.ExtractArgs]) error {
				_, err := river.JobCompleteTx[*riversqlite.Driver](ctx, tx, job)
				return err
			},
			InsertTx: func(ctx context.Context, tx *sql.Tx, args jobs.ExtractArgs) (int64, error) {
				res, err := a.queue.InsertTx(ctx, tx, args, nil)
				if err != nil {
					return 0, err
				}
				return res.Job.ID, nil
			},
			Logger:  a.log,
			Metrics: jobs.NewMetrics(reg),
		})
		rcfg.Workers = workers
		rcfg.Queues = map[string]river.QueueConfig{
			jobs.QueueExtract: {MaxWorkers: cfg.Workers},
			jobs.QueueOCR:     {MaxWorkers: cfg.OCRWorkers},
		}
	}
	if a.queue, err = river.NewClient(driver, rcfg); err != nil {
		return nil, fmt.Errorf("create queue client: %w", err)
	}

	sub := &jobs.Submitter{
		Store:     a.store,
		Blobs:     blobs,
		Queue:     a.queue,
		Estimator: &jobs.Estimator{Store: a.store, Workers: max(cfg.Workers, 1)},
		Logger:    a.log,
	}
	a.api = httpapi.New(httpapi.Config{
		MaxUploadBytes: cfg.MaxUploadBytes,
		SpoolDir:       dirs["tmp"],
		Limits:         cfg.HTTP,
		Version:        cfg.Version,
	}, a.store, sub, a.log, reg)
	a.http = cfg.HTTP.NewHTTPServer(a.api.Handler(), slog.NewLogLogger(a.log.Handler(), slog.LevelWarn))
	return a, nil
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

// OpenAPI returns the API's generated OpenAPI document.
func (a *App) OpenAPI() *huma.OpenAPI { return a.api.OpenAPI() }

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
		if err := a.queue.Start(ctx); err != nil {
			return fmt.Errorf("start queue: %w", err)
		}
	}
	sweepCtx, stopSweep := context.WithCancel(context.WithoutCancel(ctx))
	defer stopSweep()
	if a.cfg.Workers > 0 {
		go (&jobs.Sweeper{Store: a.store, Logger: a.log}).Run(sweepCtx)
	}
	a.log.Info("invex serving", "addr", ln.Addr().String(), "data", a.cfg.DataDir, "workers", max(a.cfg.Workers, 0))

	serveErr := make(chan error, 1)
	go func() { serveErr <- a.http.Serve(ln) }()
	var err error
	select {
	case <-ctx.Done():
	case err = <-serveErr:
		err = fmt.Errorf("serve: %w", err)
	}
	a.log.Info("invex stopping", "grace", a.cfg.ShutdownGrace.String())

	grace, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownGrace)
	defer cancel()
	if serr := a.http.Shutdown(grace); serr != nil {
		a.log.Warn("http shutdown", "err", serr)
	}
	if a.cfg.Workers > 0 {
		a.stopQueue(grace)
	}
	stopSweep()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// stopQueue lets running jobs finish until grace ends, then cancels them; a
// cancelled job goes back to the queue for its next attempt.
func (a *App) stopQueue(grace context.Context) {
	err := a.queue.Stop(grace)
	if err == nil {
		return
	}
	a.log.Warn("in-flight jobs did not finish in the grace period; cancelling them", "err", err)
	hard, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := a.queue.StopAndCancel(hard); err != nil {
		a.log.Error("stop queue", "err", err)
	}
}

// Close releases everything Open acquired.
func (a *App) Close() error {
	var errs []error
	if a.engine != nil {
		errs = append(errs, a.engine.Close())
	}
	if a.store != nil {
		errs = append(errs, a.store.Close())
	}
	if a.lock != nil {
		errs = append(errs, a.lock.Close())
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
