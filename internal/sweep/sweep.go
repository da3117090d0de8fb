// Package sweep is the hostile-input sweep benchmark: it starts the service
// in process on a loopback port with a temporary SQLite file and blob
// directory, uploads every file of a bad-input folder several times (as
// multipart and as base64 JSON) while a stream of normal generated invoices
// flows, and reports per file the outcome, compared with the folder's
// README, the resources its job used, and the latency of the normal jobs
// compared with a run without bad files.
//
// It runs three phases on one service:
//
//  1. isolated: each bad file once, alone, so that the CPU time and peak
//     memory of the PDF reader children (and Tesseract) can be attributed
//     to it;
//  2. baseline: normal invoices only, NormalClients uploading in a closed
//     loop, NormalJobs in all;
//  3. mixed: the same normal stream while BadClients upload every bad file
//     Repeat times in each encoding.
//
// Child resources are measured process-wide: /proc/PID/stat of the living
// descendants plus getrusage(RUSAGE_CHILDREN) for the reaped ones. The
// service process's own memory is its RSS and Go heap, sampled.
package sweep

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/hostile"
	"github.com/invex/invex/internal/testpdf"
)

// Config configures a sweep.
type Config struct {
	// Dir is the folder of bad files (*.pdf) with its README.md.
	Dir string
	// Repeat is how many times each file is uploaded in each encoding in the
	// mixed phase. Default 3.
	Repeat int
	// Workers is the service's extraction workers. Default 2.
	Workers int
	// BadClients upload bad files concurrently. Default 4.
	BadClients int
	// NormalClients upload normal invoices concurrently, each waiting for
	// its job to end before the next. Default 2.
	NormalClients int
	// NormalJobs is the number of normal invoices of the baseline, and the
	// least number in the mixed phase (which goes on while bad files
	// flow). Default 40.
	NormalJobs int
	// JobTimeout is the service's time limit of one attempt. Default 2 min.
	JobTimeout time.Duration
	// CacheDir keeps compiled WebAssembly between runs. Default a folder
	// in the system's temporary directory.
	CacheDir string
	// SkipIsolated skips phase 1.
	SkipIsolated bool
	// Crafted adds the project's own crafted files (package hostile,
	// testdata/hostile) to those of Dir, each uploaded to its endpoint:
	// the PDFs to POST /v1/extract/invoice, the other kinds (XML bombs,
	// signed envelopes, archives, pictures) to POST /v1/extract.
	Crafted bool
	// Progress receives one line per finished upload; nil for none.
	Progress io.Writer
}

func (c Config) withDefaults() Config {
	if c.Repeat <= 0 {
		c.Repeat = 3
	}
	if c.Workers <= 0 {
		c.Workers = 2
	}
	if c.BadClients <= 0 {
		c.BadClients = 4
	}
	if c.NormalClients <= 0 {
		c.NormalClients = 2
	}
	if c.NormalJobs <= 0 {
		c.NormalJobs = 40
	}
	if c.JobTimeout <= 0 {
		c.JobTimeout = 2 * time.Minute
	}
	if c.CacheDir == "" {
		c.CacheDir = filepath.Join(os.TempDir(), "invex-sweep-cache")
	}
	if c.Progress == nil {
		c.Progress = io.Discard
	}
	return c
}

// FileReport is what the sweep found for one bad file.
type FileReport struct {
	Name string
	// Path is the endpoint the file is uploaded to.
	Path     string
	Size     int
	Expected Expectation
	// Isolated is the outcome of the single upload of phase 1.
	Isolated Outcome
	// ChildCPU and ChildPeakRSS are the CPU time used by the reader and
	// OCR child processes during phase 1, and the largest resident
	// memory of one of them.
	ChildCPU     time.Duration
	ChildPeakRSS int64
	// Mixed holds the outcomes of phase 3, Repeat per encoding.
	Mixed map[Encoding][]Outcome
	// Mismatches are the disagreements with the README, one per distinct
	// reason.
	Mismatches []string
	// Inconsistent reports that the uploads did not all end the same way.
	Inconsistent bool
}

// Latency summarises the normal jobs of a phase.
type Latency struct {
	Jobs     int
	Failed   int
	P50, P95 time.Duration
	Max      time.Duration
	Wall     time.Duration
}

// Report is the result of a sweep.
type Report struct {
	Config   Config
	Files    []FileReport
	Baseline Latency
	Mixed    Latency
	// Memory of the service process.
	RSSStart, RSSPeakMixed, RSSEnd    int64
	HeapStart, HeapPeakMixed, HeapEnd uint64
	// ChildPeakRSS is the largest child seen during the mixed phase.
	ChildPeakRSS int64
	// SelfCPUMixed and ChildCPUMixed are the CPU time of the service process
	// and of its children during the mixed phase.
	SelfCPUMixed, ChildCPUMixed time.Duration
	MixedWall                   time.Duration
}

// Run performs the sweep.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg = cfg.withDefaults()
	files, err := filepath.Glob(filepath.Join(cfg.Dir, "*.pdf"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("sweep: no PDF files in %s", cfg.Dir)
	}
	sort.Strings(files)
	expect, err := ReadExpectations(filepath.Join(cfg.Dir, "README.md"))
	if err != nil {
		return nil, fmt.Errorf("sweep: %w", err)
	}
	data, err := os.MkdirTemp("", "invex-sweep-")
	if err != nil {
		return nil, fmt.Errorf("sweep: create data dir: %w", err)
	}
	defer os.RemoveAll(data)

	a, err := app.Open(ctx, app.Config{
		Addr:          "127.0.0.1:0",
		DataDir:       data,
		Workers:       cfg.Workers,
		JobTimeout:    cfg.JobTimeout,
		CacheDir:      cfg.CacheDir,
		ShutdownGrace: 5 * time.Second,
		Version:       "sweep",
		Logger:        slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		return nil, fmt.Errorf("sweep: start service: %w", err)
	}
	defer a.Close()
	ln, err := a.Listen()
	if err != nil {
		return nil, fmt.Errorf("sweep: %w", err)
	}
	runCtx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- a.Run(runCtx, ln) }()
	defer func() { stop(); <-served }()

	url := "http://" + ln.Addr().String()
	// One account per stream, so that the per-account cache of identical
	// documents never answers for a repeated bad file.
	newClient := func(name string) (*Client, error) {
		quota := 1 << 30
		acct, err := a.Store().EnsureAccount(ctx, name, &quota)
		if err != nil {
			return nil, fmt.Errorf("sweep: create account: %w", err)
		}
		k, err := apikey.New()
		if err != nil {
			return nil, fmt.Errorf("sweep: %w", err)
		}
		if _, err := a.Store().CreateKey(ctx, acct.ID, name, k.Prefix, k.Hash); err != nil {
			return nil, fmt.Errorf("sweep: create key: %w", err)
		}
		return &Client{URL: url, Key: k.Plain, HTTP: &http.Client{Timeout: 5 * time.Minute},
			Deadline: 3*cfg.JobTimeout + 5*time.Minute}, nil
	}

	rep := &Report{Config: cfg}
	byName := map[string]*FileReport{}
	docs := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("sweep: %w", err)
		}
		name := filepath.Base(f)
		docs[name] = b
		rep.Files = append(rep.Files, FileReport{Name: name, Path: PathInvoice, Size: len(b), Expected: expect[name], Mixed: map[Encoding][]Outcome{}})
	}
	if cfg.Crafted {
		crafted, err := craftedFiles()
		if err != nil {
			return nil, fmt.Errorf("sweep: %w", err)
		}
		for _, c := range crafted {
			docs[c.report.Name] = c.data
			rep.Files = append(rep.Files, c.report)
		}
	}
	for i := range rep.Files {
		byName[rep.Files[i].Name] = &rep.Files[i]
	}
	normals := make([][]byte, 0, 64)
	for seed := range uint64(64) {
		normals = append(normals, testpdf.Generate(1000+seed).PDF())
	}

	mon := StartMonitor(25 * time.Millisecond)
	defer mon.Stop()

	// Warm up: one normal job starts the reader children.
	warm, err := newClient("sweep-warmup")
	if err != nil {
		return nil, err
	}
	if o := warm.Run(ctx, "warm.pdf", normals[0], Multipart); o.Status != "completed" {
		return nil, fmt.Errorf("sweep: a normal invoice did not complete: %s %s", o, o.Message)
	}

	// Phase 1: each file alone.
	if !cfg.SkipIsolated {
		c, err := newClient("sweep-isolated")
		if err != nil {
			return nil, err
		}
		for i := range rep.Files {
			fr := &rep.Files[i]
			before, _, _ := sample()
			mon.Reset()
			fr.Isolated = c.RunAt(ctx, fr.Path, fr.Name, docs[fr.Name], Multipart)
			after, _, _ := sample()
			peaks := mon.Reset()
			fr.ChildCPU, fr.ChildPeakRSS = after.ChildCPU-before.ChildCPU, peaks.ChildRSS
			fmt.Fprintf(cfg.Progress, "isolated %-48s %-36s %6.2fs cpu %5.1fs rss %4d MiB\n", fr.Name, fr.Isolated,
				fr.Isolated.Elapsed.Seconds(), fr.ChildCPU.Seconds(), fr.ChildPeakRSS>>20)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
		}
	}

	// Phase 2: baseline.
	normal, err := newClient("sweep-normal")
	if err != nil {
		return nil, err
	}
	seq := 0
	var seqMu sync.Mutex
	nextNormal := func() []byte {
		seqMu.Lock()
		defer seqMu.Unlock()
		seq++
		// A fresh salt in the trailer makes every upload a new document
		// for the cache.
		return append(slices.Clone(normals[seq%len(normals)]), fmt.Sprintf("%%sweep %d\n", seq)...)
	}
	runNormal := func(until func() bool) Latency {
		start := time.Now()
		var mu sync.Mutex
		var lat []time.Duration
		failed := 0
		var wg sync.WaitGroup
		for range cfg.NormalClients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for ctx.Err() == nil {
					mu.Lock()
					done := until() && len(lat)+failed >= cfg.NormalJobs
					mu.Unlock()
					if done {
						return
					}
					o := normal.Run(ctx, "normal.pdf", nextNormal(), Multipart)
					mu.Lock()
					if o.Status == "completed" {
						lat = append(lat, o.Elapsed)
					} else {
						failed++
						fmt.Fprintf(cfg.Progress, "normal job did not complete: %s %s\n", o, o.Message)
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		return summarize(lat, failed, time.Since(start))
	}
	runtime.GC()
	debug.FreeOSMemory()
	rep.Baseline = runNormal(func() bool { return true })
	fmt.Fprintf(cfg.Progress, "baseline: %d jobs p50 %v p95 %v\n", rep.Baseline.Jobs, rep.Baseline.P50, rep.Baseline.P95)

	// Phase 3: normal stream plus every bad file, Repeat times per
	// encoding, from BadClients concurrent uploaders.
	type task struct {
		name string
		enc  Encoding
	}
	var tasks []task
	for r := range cfg.Repeat {
		for _, fr := range rep.Files {
			for _, enc := range []Encoding{Multipart, Base64} {
				_ = r
				tasks = append(tasks, task{fr.Name, enc})
			}
		}
	}
	clients := map[string]*Client{}
	for r := range cfg.Repeat {
		for _, enc := range []Encoding{Multipart, Base64} {
			c, err := newClient(fmt.Sprintf("sweep-bad-%s-%d", enc, r))
			if err != nil {
				return nil, err
			}
			clients[fmt.Sprintf("%s-%d", enc, r)] = c
		}
	}
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rep.RSSStart, rep.HeapStart = selfRSS(), ms.HeapInuse
	mon.Reset()
	before, _, _ := sample()
	mixedStart := time.Now()
	queue := make(chan task)
	var badDone sync.WaitGroup
	var resMu sync.Mutex
	seen := map[string]int{}
	for range cfg.BadClients {
		badDone.Add(1)
		go func() {
			defer badDone.Done()
			for t := range queue {
				resMu.Lock()
				key := t.name + string(t.enc)
				r := seen[key]
				seen[key]++
				resMu.Unlock()
				o := clients[fmt.Sprintf("%s-%d", t.enc, r)].RunAt(ctx, byName[t.name].Path, t.name, docs[t.name], t.enc)
				resMu.Lock()
				fr := byName[t.name]
				fr.Mixed[t.enc] = append(fr.Mixed[t.enc], o)
				resMu.Unlock()
				fmt.Fprintf(cfg.Progress, "mixed    %-48s %-9s %-36s %6.2fs\n", t.name, t.enc, o, o.Elapsed.Seconds())
			}
		}()
	}
	var badFinished sync.WaitGroup
	badFinished.Add(1)
	finished := make(chan struct{})
	go func() {
		defer badFinished.Done()
		for _, t := range tasks {
			select {
			case queue <- t:
			case <-ctx.Done():
			}
		}
		close(queue)
		badDone.Wait()
		close(finished)
	}()
	rep.Mixed = runNormal(func() bool {
		select {
		case <-finished:
			return true
		default:
			return false
		}
	})
	badFinished.Wait()
	rep.MixedWall = time.Since(mixedStart)
	after, _, _ := sample()
	peaks := mon.Reset()
	rep.RSSPeakMixed, rep.HeapPeakMixed, rep.ChildPeakRSS = peaks.SelfRSS, peaks.SelfHeap, peaks.ChildRSS
	rep.SelfCPUMixed, rep.ChildCPUMixed = after.SelfCPU-before.SelfCPU, after.ChildCPU-before.ChildCPU
	runtime.GC()
	debug.FreeOSMemory()
	runtime.ReadMemStats(&ms)
	rep.RSSEnd, rep.HeapEnd = selfRSS(), ms.HeapInuse
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}

	for i := range rep.Files {
		judgeFile(&rep.Files[i], cfg.SkipIsolated)
	}
	return rep, nil
}

// judgeFile fills the mismatches of fr.
func judgeFile(fr *FileReport, skipIsolated bool) {
	var all []Outcome
	if !skipIsolated {
		all = append(all, fr.Isolated)
	}
	for _, enc := range []Encoding{Multipart, Base64} {
		all = append(all, fr.Mixed[enc]...)
	}
	seen := map[string]bool{}
	kinds := map[string]bool{}
	for _, o := range all {
		if why := Judge(fr.Expected, o); why != "" && !seen[why] {
			seen[why] = true
			fr.Mismatches = append(fr.Mismatches, why)
		}
		kinds[outcomeKind(o)] = true
	}
	fr.Inconsistent = len(kinds) > 1
}

// outcomeKind is the part of an outcome that must not change between
// uploads of the same file.
func outcomeKind(o Outcome) string {
	switch o.Status {
	case "":
		return fmt.Sprintf("refused %d %s", o.HTTP, o.Code)
	case "failed":
		return "failed " + o.Code
	}
	return o.Status
}

func summarize(lat []time.Duration, failed int, wall time.Duration) Latency {
	l := Latency{Jobs: len(lat), Failed: failed, Wall: wall}
	if len(lat) == 0 {
		return l
	}
	slices.Sort(lat)
	q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	l.P50, l.P95, l.Max = q(0.50), q(0.95), lat[len(lat)-1]
	return l
}

// WriteMarkdown writes the report as markdown tables.
func (r *Report) WriteMarkdown(w io.Writer) {
	c := r.Config
	fmt.Fprintf(w, "Sweep of %d files from %s: %d workers, %d bad-file clients, %d normal clients, repeat %d per encoding, job timeout %v, GOMAXPROCS %d.\n\n",
		len(r.Files), c.Dir, c.Workers, c.BadClients, c.NormalClients, c.Repeat, c.JobTimeout, runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "| normal jobs | n | failed | p50 | p95 | max | wall |\n|---|---|---|---|---|---|---|\n")
	for _, row := range []struct {
		name string
		l    Latency
	}{{"baseline (no bad files)", r.Baseline}, {"with bad files", r.Mixed}} {
		fmt.Fprintf(w, "| %s | %d | %d | %v | %v | %v | %v |\n", row.name, row.l.Jobs, row.l.Failed,
			row.l.P50.Round(time.Millisecond), row.l.P95.Round(time.Millisecond), row.l.Max.Round(time.Millisecond), row.l.Wall.Round(time.Second))
	}
	ratio := 0.0
	if r.Baseline.P95 > 0 {
		ratio = float64(r.Mixed.P95) / float64(r.Baseline.P95)
	}
	growth := r.RSSPeakMixed - r.RSSStart
	fmt.Fprintf(w, "\nNormal p95 with bad files / baseline: **%.2f×** (target < 2×).\n", ratio)
	fmt.Fprintf(w, "Service process (API + queue + workers; pdfium runs in children): RSS %d MiB before the mixed phase, peak %d MiB (growth **%d MiB**, target < 64 MiB), %d MiB after it; Go heap in use %d → peak %d → %d MiB.\n",
		r.RSSStart>>20, r.RSSPeakMixed>>20, growth>>20, r.RSSEnd>>20, r.HeapStart>>20, r.HeapPeakMixed>>20, r.HeapEnd>>20)
	fmt.Fprintf(w, "Mixed phase: %v wall, service CPU %.1f s, children CPU %.1f s, largest child RSS %d MiB.\n\n",
		r.MixedWall.Round(time.Second), r.SelfCPUMixed.Seconds(), r.ChildCPUMixed.Seconds(), r.ChildPeakRSS>>20)

	fmt.Fprintf(w, "| file | KiB | expected | alone: outcome | s | child CPU s | child peak RSS MiB | mixed: outcomes (multipart / base64) | max s | verdict |\n")
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|---|\n")
	mismatches := 0
	for _, f := range r.Files {
		var mixed []string
		var slowest time.Duration
		for _, enc := range []Encoding{Multipart, Base64} {
			counts := map[string]int{}
			var order []string
			for _, o := range f.Mixed[enc] {
				k := o.String()
				if counts[k] == 0 {
					order = append(order, k)
				}
				counts[k]++
				slowest = max(slowest, o.Elapsed)
			}
			var parts []string
			for _, k := range order {
				parts = append(parts, fmt.Sprintf("%d× %s", counts[k], k))
			}
			mixed = append(mixed, strings.Join(parts, ", "))
		}
		verdict := "ok"
		if len(f.Mismatches) > 0 {
			verdict = "**MISMATCH**: " + strings.Join(f.Mismatches, "; ")
			mismatches++
		}
		if f.Inconsistent {
			verdict += " (outcome differs between uploads)"
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s | %.2f | %.2f | %d | %s | %.1f | %s |\n",
			f.Name, (f.Size+1023)/1024, strings.ReplaceAll(f.Expected.Class, "|", `\|`), f.Isolated,
			f.Isolated.Elapsed.Seconds(), f.ChildCPU.Seconds(), f.ChildPeakRSS>>20,
			strings.Join(mixed, " / "), slowest.Seconds(), verdict)
	}
	fmt.Fprintf(w, "\n%d of %d files disagree with the README's expected outcome.\n", mismatches, len(r.Files))
}

type craftedFile struct {
	report FileReport
	data   []byte
}

// craftedFiles reads the project's crafted files with their expected
// outcomes in the README's classes.
func craftedFiles() ([]craftedFile, error) {
	dir := hostile.Dir()
	if dir == "" {
		return nil, fmt.Errorf("crafted files: testdata/hostile not found")
	}
	var out []craftedFile
	for _, f := range hostile.Files() {
		b, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil {
			return nil, fmt.Errorf("crafted files: %w", err)
		}
		e := Expectation{Text: f.Why}
		switch f.Want.Outcome {
		case hostile.R422:
			e.Class = ExpectR422
		case hostile.Fail:
			e.Class = ExpectR422Fail
		case hostile.Complete:
			e.Class = ExpectComplete
		default:
			e.Class = ExpectEnd
		}
		if f.Want.Code != "" {
			e.Codes = []string{f.Want.Code}
		}
		path := PathInvoice
		if f.Any {
			path = PathAny
		}
		out = append(out, craftedFile{FileReport{Name: "testdata/" + f.Name, Path: path, Size: len(b), Expected: e,
			Mixed: map[Encoding][]Outcome{}}, b})
	}
	return out, nil
}
