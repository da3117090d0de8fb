//go:build devtools

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/testpdf"
)

func benchScaleCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench-scale", `Usage: invex bench-scale [flags]

Measures how fast worker processes drain a queue of digital invoices, on
PostgreSQL with 1, 2 and 4 "invex serve --role worker" processes (and one
"--role api" process that accepted the jobs), and on the embedded SQLite
database with one "invex serve" process; with --s3-endpoint, also on
PostgreSQL with the documents in an S3 bucket. For each setup it creates a
throw-away database (CREATE DATABASE on the server of --postgres, dropped
afterwards; a temporary directory for SQLite), submits --jobs distinct
generated one-page invoices through the API while no worker runs, then
starts the workers and waits until every job has ended.

It prints a markdown table. "steady jobs/s" counts the jobs that completed
between the 10th and the 90th percentile of completion times, divided by
that span, so that process start-up and the last stragglers do not weigh;
"wall" runs from the first attempt's start to the last completion. The
processes are children of this binary; progress goes to stderr.`, stderr)
	pgURL := fs.String("postgres", envDefault("INVEX_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"),
		"`URL` of a PostgreSQL database whose user may create databases; empty skips PostgreSQL")
	procs := fs.String("procs", "1,2,4", "numbers of worker processes to measure on PostgreSQL, comma-separated")
	workers := fs.Int("workers", runtime.NumCPU(), "extraction workers in each worker process")
	jobs := fs.Int("jobs", 400, "invoices per setup")
	sqlite := fs.Bool("sqlite", true, "also measure the embedded SQLite database in one process")
	s3Endpoint := fs.String("s3-endpoint", "", "also measure PostgreSQL with the documents in the S3 `bucket` of this server (URL; path-style addressing; credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)")
	s3Bucket := fs.String("s3-bucket", "invex-bench", "with --s3-endpoint, the bucket (it must exist)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("bench-scale takes no arguments, got %q", fs.Args())}
	}
	var counts []int
	if *pgURL != "" {
		for _, s := range strings.Split(*procs, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 1 {
				return usageError{fmt.Sprintf("bench-scale: --procs wants positive whole numbers, got %q", s)}
			}
			counts = append(counts, n)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("bench-scale: find this binary: %w", err)
	}
	base, err := os.MkdirTemp("", "invex-bench-scale-")
	if err != nil {
		return fmt.Errorf("bench-scale: %w", err)
	}
	defer os.RemoveAll(base)
	b := &scaleBench{exe: exe, base: base, jobs: *jobs, workers: *workers, progress: stderr}

	// Generate the invoices once; every setup gets the same documents.
	inv := testpdf.Italian()
	b.docs = make([][]byte, *jobs)
	for i := range b.docs {
		inv.Salt = fmt.Sprint("bench-scale-", i)
		b.docs[i] = inv.PDF()
	}

	// Warm up: the first process compiles pdfium's WebAssembly into the
	// run's shared cache, which no measured setup should pay for.
	warm := *b
	warm.docs, warm.jobs, warm.progress = b.docs[:min(20, len(b.docs))], min(20, len(b.docs)), io.Discard
	if _, err := warm.runSQLite(ctx, "warm-up"); err != nil {
		return err
	}

	var rows []scaleRow
	if *sqlite {
		r, err := b.runSQLite(ctx, "sqlite")
		if err != nil {
			return err
		}
		rows = append(rows, r)
	}
	for _, n := range counts {
		r, err := b.runPostgres(ctx, *pgURL, n, nil)
		if err != nil {
			return err
		}
		rows = append(rows, r)
		if *s3Endpoint != "" {
			r, err := b.runPostgres(ctx, *pgURL, n, []string{"--blobs", "s3", "--s3-endpoint", *s3Endpoint,
				"--s3-bucket", *s3Bucket, "--s3-region", "us-east-1", "--s3-path-style", "--s3-prefix", fmt.Sprintf("bench-%d-%d/", n, time.Now().UnixNano())})
			if err != nil {
				return err
			}
			rows = append(rows, r)
		}
	}
	fmt.Fprintf(stdout, "| database | documents in | worker processes | workers each | jobs | submitted jobs/s | steady jobs/s | wall | failed |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, r := range rows {
		fmt.Fprintf(stdout, "| %s | %s | %d | %d | %d | %.0f | **%.0f** | %.2f s | %d |\n", r.database, r.blobs, r.procs, r.workers, r.jobs,
			r.submitted, r.steady, r.wall.Seconds(), r.failed)
	}
	fmt.Fprintf(stdout, "\n%d CPUs, GOMAXPROCS %d; the API process, the workers, their PDF reader children and the database share them.\n",
		runtime.NumCPU(), runtime.GOMAXPROCS(0))
	return nil
}

// scaleBench runs the setups of "invex bench-scale".
type scaleBench struct {
	exe      string // the invex binary
	base     string // temporary directory of the run
	jobs     int
	workers  int
	docs     [][]byte
	progress io.Writer
}

// scaleRow is one measured setup.
type scaleRow struct {
	database  string
	blobs     string  // where the documents are kept
	submitted float64 // submissions accepted per second through the API, 8 clients
	procs     int
	workers   int
	jobs      int
	steady    float64 // jobs per second between the 10th and 90th percentile of completions
	wall      time.Duration
	failed    int
}

// cacheDir is shared by every process of the run, so that WebAssembly is
// compiled once, by the first setup.
func (b *scaleBench) cacheDir() string { return filepath.Join(b.base, "cache") }

func (b *scaleBench) runSQLite(ctx context.Context, name string) (scaleRow, error) {
	data := filepath.Join(b.base, name)
	if err := os.MkdirAll(data, 0o750); err != nil {
		return scaleRow{}, fmt.Errorf("bench-scale: %w", err)
	}
	os.MkdirAll(b.cacheDir(), 0o750)
	if err := os.Symlink(b.cacheDir(), filepath.Join(data, "cache")); err != nil {
		return scaleRow{}, fmt.Errorf("bench-scale: %w", err)
	}
	key, err := benchKey(ctx, "", data)
	if err != nil {
		return scaleRow{}, err
	}
	// Submit with the API only, then stop it: the same process with
	// workers picks the pending jobs up at start.
	addr, err := freeAddr()
	if err != nil {
		return scaleRow{}, err
	}
	api, err := b.start(ctx, name+"-api", "serve", "--addr", addr, "--data", data, "--workers", "-1")
	if err != nil {
		return scaleRow{}, err
	}
	start := time.Now()
	err = b.submit(ctx, "http://"+addr, key)
	submitted := float64(b.jobs) / time.Since(start).Seconds()
	api.stop()
	if err != nil {
		return scaleRow{}, err
	}
	fmt.Fprintf(b.progress, "sqlite: %d jobs queued; starting one process with %d workers\n", b.jobs, b.workers)
	if addr, err = freeAddr(); err != nil {
		return scaleRow{}, err
	}
	p, err := b.start(ctx, name+"-all", "serve", "--addr", addr, "--data", data, "--workers", strconv.Itoa(b.workers), "--ocr-workers", "1")
	if err != nil {
		return scaleRow{}, err
	}
	defer p.stop()
	row := scaleRow{database: "SQLite", blobs: "dir", submitted: submitted, procs: 1, workers: b.workers, jobs: b.jobs}
	st, err := app.OpenStore(ctx, data) // no lock: it only reads beside the server
	if err != nil {
		return scaleRow{}, err
	}
	defer st.Close()
	return row, b.measure(ctx, st, &row)
}

func (b *scaleBench) runPostgres(ctx context.Context, admin string, procs int, blobArgs []string) (row scaleRow, err error) {
	db, drop, err := benchDatabase(ctx, admin)
	if err != nil {
		return scaleRow{}, err
	}
	defer drop()
	data := filepath.Join(b.base, "pg")
	os.MkdirAll(b.cacheDir(), 0o750)
	if _, err := os.Lstat(filepath.Join(data, "cache")); err != nil {
		os.MkdirAll(data, 0o750)
		if err := os.Symlink(b.cacheDir(), filepath.Join(data, "cache")); err != nil {
			return scaleRow{}, fmt.Errorf("bench-scale: %w", err)
		}
	}
	key, err := benchKey(ctx, db, data)
	if err != nil {
		return scaleRow{}, err
	}
	addr, err := freeAddr()
	if err != nil {
		return scaleRow{}, err
	}
	api, err := b.start(ctx, "pg-api", append([]string{"serve", "--role", "api", "--addr", addr, "--data", data, "--database", db}, blobArgs...)...)
	if err != nil {
		return scaleRow{}, err
	}
	defer api.stop()
	row = scaleRow{database: "PostgreSQL", blobs: "database", procs: procs, workers: b.workers, jobs: b.jobs}
	if len(blobArgs) > 0 {
		row.blobs = "S3"
	}
	start := time.Now()
	if err := b.submit(ctx, "http://"+addr, key); err != nil {
		return scaleRow{}, err
	}
	row.submitted = float64(b.jobs) / time.Since(start).Seconds()
	fmt.Fprintf(b.progress, "postgres: %d jobs queued; starting %d worker processes with %d workers each\n", b.jobs, procs, b.workers)
	var ws []*benchProc
	defer func() {
		for _, w := range ws {
			w.stop()
		}
	}()
	for i := range procs {
		waddr, err := freeAddr()
		if err != nil {
			return scaleRow{}, err
		}
		w, err := b.start(ctx, fmt.Sprintf("pg-worker-%d-of-%d", i+1, procs), append([]string{"serve", "--role", "worker", "--addr", waddr,
			"--data", data, "--database", db, "--workers", strconv.Itoa(b.workers), "--ocr-workers", "1"}, blobArgs...)...)
		if err != nil {
			return scaleRow{}, err
		}
		ws = append(ws, w)
	}
	st, err := app.OpenDatabase(ctx, db, data)
	if err != nil {
		return scaleRow{}, err
	}
	defer st.Close()
	return row, b.measure(ctx, st, &row)
}

// measure waits until every job has ended and reads the times of the
// completed ones from the database.
func (b *scaleBench) measure(ctx context.Context, st *store.Store, row *scaleRow) error {
	deadline := time.Now().Add(10 * time.Minute)
	for {
		counts, err := st.CountByStatus(ctx)
		if err != nil {
			return fmt.Errorf("bench-scale: count jobs: %w", err)
		}
		if counts[store.StatusCompleted]+counts[store.StatusFailed] >= b.jobs {
			row.failed = counts[store.StatusFailed]
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("bench-scale: jobs still open after 10 minutes: %v", counts)
		}
		time.Sleep(50 * time.Millisecond)
	}
	first, done, err := st.CompletionTimes(ctx)
	if err != nil {
		return fmt.Errorf("bench-scale: %w", err)
	}
	if len(done) < 10 {
		return fmt.Errorf("bench-scale: only %d jobs completed", len(done))
	}
	slices.Sort(done)
	lo, hi := len(done)/10, len(done)*9/10
	if span := done[hi] - done[lo]; span > 0 {
		row.steady = float64(hi-lo) / (float64(span) / 1000)
	}
	row.wall = time.Duration(done[len(done)-1]-first) * time.Millisecond
	fmt.Fprintf(b.progress, "  %s, %d processes: %.0f jobs/s steady, %.2f s wall\n", row.database, row.procs, row.steady, row.wall.Seconds())
	return nil
}

// benchProc is a child "invex" process of the benchmark.
type benchProc struct {
	cmd  *exec.Cmd
	done chan error
	log  *os.File
}

// start runs the invex binary with args, its stderr in a log file of the
// run, and waits until it answers /healthz on its --addr.
func (b *scaleBench) start(ctx context.Context, name string, args ...string) (*benchProc, error) {
	logf, err := os.Create(filepath.Join(b.base, name+".log"))
	if err != nil {
		return nil, fmt.Errorf("bench-scale: %w", err)
	}
	p := &benchProc{cmd: exec.Command(b.exe, args...), done: make(chan error, 1), log: logf}
	p.cmd.Stderr = logf
	p.cmd.Env = append(os.Environ(), "INVEX_LOG_LEVEL=warn")
	if err := p.cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("bench-scale: start %s: %w", name, err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	addr := ""
	for i, a := range args {
		if a == "--addr" && i+1 < len(args) {
			addr = args[i+1]
		}
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			return p, nil
		}
		select {
		case err := <-p.done:
			p.done <- err
			log, _ := os.ReadFile(logf.Name())
			return nil, fmt.Errorf("bench-scale: %s exited at start: %v\n%s", name, err, log)
		case <-ctx.Done():
			p.stop()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.stop()
			return nil, fmt.Errorf("bench-scale: %s did not answer on %s within 2 minutes", name, addr)
		}
	}
}

// stop ends the process gracefully (SIGTERM), killing it after a minute.
func (p *benchProc) stop() {
	if p.done == nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(time.Minute):
		p.cmd.Process.Kill()
		<-p.done
	}
	p.done = nil
	p.log.Close()
}

// submit sends every document to the API, eight at a time.
func (b *scaleBench) submit(ctx context.Context, base, key string) error {
	hc := &http.Client{Timeout: time.Minute}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
		next  = make(chan []byte)
	)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for doc := range next {
				var buf bytes.Buffer
				mw := multipart.NewWriter(&buf)
				fw, _ := mw.CreateFormFile("file", "invoice.pdf")
				fw.Write(doc)
				mw.Close()
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/v1/extract/invoice", &buf)
				req.Header.Set("Content-Type", mw.FormDataContentType())
				req.Header.Set("X-API-Key", key)
				resp, err := hc.Do(req)
				if err == nil {
					body, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if resp.StatusCode != http.StatusAccepted {
						err = fmt.Errorf("status %d: %.200s", resp.StatusCode, body)
					}
				}
				if err != nil {
					mu.Lock()
					if first == nil {
						first = fmt.Errorf("bench-scale: submit: %w", err)
					}
					mu.Unlock()
				}
			}
		}()
	}
	for _, d := range b.docs {
		next <- d
	}
	close(next)
	wg.Wait()
	return first
}

// benchKey creates an account with room for the run and returns a key.
func benchKey(ctx context.Context, database, data string) (string, error) {
	st, err := app.OpenDatabase(ctx, database, data)
	if err != nil {
		return "", err
	}
	defer st.Close()
	quota := 1 << 30
	acct, err := st.EnsureAccount(ctx, "bench", &quota)
	if err != nil {
		return "", err
	}
	k, err := apikey.New()
	if err != nil {
		return "", err
	}
	if _, err := st.CreateKey(ctx, acct.ID, "bench-scale", k.Prefix, k.Hash); err != nil {
		return "", err
	}
	return k.Plain, nil
}

// benchDatabase creates a database on the server of admin and returns its
// URL and a function that drops it.
func benchDatabase(ctx context.Context, admin string) (string, func(), error) {
	dbURL, drop, err := store.CreateDatabase(ctx, admin, "invex_bench_")
	if err != nil {
		return "", nil, fmt.Errorf("bench-scale: %s: %w", redacted(admin), err)
	}
	return dbURL, func() { drop(context.Background()) }, nil
}

func redacted(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

// freeAddr returns a loopback address with a port nobody listens on.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("bench-scale: find a free port: %w", err)
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}
