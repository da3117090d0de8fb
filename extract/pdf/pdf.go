// Package pdf reads PDF documents with pdfium compiled to WebAssembly: the
// words of every page with their boxes, font sizes, weight and orientation,
// plus the files embedded in the document (e.g. a Factur-X XML).
//
// pdfium runs inside wazero, so there is no cgo and a crash inside pdfium
// cannot take down the process. The sandbox has no access to the host
// filesystem; documents are passed as bytes. A Reader keeps a small pool of
// pdfium instances. A read that exceeds its time limit is interrupted by
// closing the wasm module of its instance, which is then discarded; instances
// are also discarded after any error and recycled after a number of documents
// because wasm memory never shrinks.
package pdf

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/tetratelabs/wazero"
)

// Sentinel errors returned (wrapped) by Reader.Read; test them with errors.Is.
var (
	// ErrEncrypted means the document needs a user password to be opened.
	// Documents protected only by an owner password open normally.
	ErrEncrypted = errors.New("pdf is encrypted")
	// ErrCorrupt means pdfium could not parse the document.
	ErrCorrupt = errors.New("pdf is corrupt")
	// ErrTimeout means the read exceeded Config.Timeout or the deadline of
	// its context.
	ErrTimeout = errors.New("pdf read timed out")
	// ErrTooManyPages means the document has more than Config.MaxPages pages.
	ErrTooManyPages = errors.New("pdf has too many pages")
	// ErrDecompressedSize means the document's streams inflate to more than
	// Config.MaxDecompressedBytes (a decompression bomb).
	ErrDecompressedSize = errors.New("pdf streams inflate beyond the decompressed size limit")
	// ErrRenderSize means a picture asked for OCR holds an image larger
	// than Config.MaxImagePixels.
	ErrRenderSize = errors.New("pdf image is larger than the render size limit")
	// ErrMemoryLimit means pdfium ran out of its Config.MemoryLimit while
	// reading the document.
	ErrMemoryLimit = errors.New("pdf reader reached its memory limit")
	// ErrCrashed means the child process reading the document died (isolated
	// readers only). It may be the document's doing or the machine's (e.g.
	// the kernel's out-of-memory killer), so trying again can make sense.
	ErrCrashed = errors.New("pdf reader process crashed")
	// ErrClosed means the Reader was closed.
	ErrClosed = errors.New("pdf reader is closed")
)

// Config configures a Reader. The zero value gives the defaults.
type Config struct {
	// Instances is the number of pdfium instances, i.e. how many documents
	// are read in parallel. Default runtime.NumCPU().
	Instances int
	// CacheDir is the directory of wazero's compilation cache. Empty means an
	// in-memory cache only, so every process start compiles pdfium (~1.3 s);
	// with a directory later starts take ~50 ms.
	CacheDir string
	// MemoryLimit is the maximum wasm linear memory of one instance, in
	// bytes. Default 512 MiB; at most 4 GiB.
	MemoryLimit uint64
	// Timeout is the wall-clock limit to read one document, counted from the
	// moment an instance is available. Default 30 s.
	Timeout time.Duration
	// MaxPages is the largest page count accepted; documents with more pages
	// fail with ErrTooManyPages before any page is loaded. Default 1000.
	MaxPages int
	// MaxDecompressedBytes bounds what the document's streams may inflate
	// to, in all. Before pdfium sees a document, its Flate, ASCIIHex and
	// ASCII85 streams (and chains of them) are measured in Go, without
	// keeping the output, and a document over the budget fails with
	// ErrDecompressedSize. The measure is skipped when even the largest
	// possible inflation of the streams (1032:1 per Flate layer) stays
	// within the budget, as for ordinary invoices. Other filters (LZW,
	// image codecs) are bounded by MemoryLimit and MaxImagePixels. Default
	// 256 MiB; negative means no check.
	MaxDecompressedBytes int64
	// MaxImagePixels bounds the images decoded or rendered for OCR: a
	// requested picture that would decode an image of more pixels (width ×
	// height as the image declares them) fails with ErrRenderSize before
	// pdfium decodes it. Renders of whole pages are scaled down to at most
	// 40 million pixels regardless. Default 64 million pixels.
	MaxImagePixels int64
	// CrashMarker is a test hook of isolated readers: a child process given
	// a document that contains it exits at once, as if pdfium had crashed.
	// Empty (the default) disables it.
	CrashMarker string
	// Isolated reads documents in child processes, one per instance, instead
	// of in this process: a child is killed when a read passes its deadline
	// and replaced, a crash stays in the child, and pdfium runs about 3×
	// faster because it needs no interruption checks. The program must call
	// ServeIfChild at the start of main (and of TestMain).
	Isolated bool
}

// Default budgets of one document; see Config.
const (
	DefaultMaxDecompressedBytes = 256 << 20
	DefaultMaxImagePixels       = 64_000_000
)

const (
	wasmPageSize   = 64 << 10
	maxMemoryLimit = 4 << 30
	// recycleAfter is the number of documents an instance reads before it is
	// replaced by a fresh one.
	recycleAfter = 100
)

func (c Config) withDefaults() Config {
	if c.Instances <= 0 {
		c.Instances = runtime.NumCPU()
	}
	if c.MemoryLimit == 0 {
		c.MemoryLimit = 512 << 20
	}
	c.MemoryLimit = min(c.MemoryLimit, maxMemoryLimit)
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Second
	}
	if c.MaxPages <= 0 {
		c.MaxPages = 1000
	}
	if c.MaxDecompressedBytes == 0 {
		c.MaxDecompressedBytes = DefaultMaxDecompressedBytes
	}
	if c.MaxImagePixels <= 0 {
		c.MaxImagePixels = DefaultMaxImagePixels
	}
	return c
}

// Reader reads PDF documents. It is safe for concurrent use; at most
// Config.Instances documents are read at the same time and further calls to
// Read wait for a free instance.
type Reader struct {
	cfg      Config
	children *childPool // set for isolated readers, which use nothing else
	cache    wazero.CompilationCache
	pool     pdfium.Pool
	// slots holds one entry per instance; nil means "not started".
	slots chan *worker
	// life is canceled by Close.
	life      context.Context
	stop      context.CancelFunc
	closeOnce sync.Once
}

// Open starts a Reader. Starting is costly (compiling pdfium, unless CacheDir
// holds a cached compilation), so open one Reader per process and share it.
// One instance is started immediately; the others start on demand.
func Open(cfg Config) (*Reader, error) {
	return open(cfg, true)
}

// open starts a Reader; interruptible compiles pdfium with the checks that let
// a deadline stop it in the middle of a call, needed unless a child process
// that can be killed runs it.
func open(cfg Config, interruptible bool) (*Reader, error) {
	cfg = cfg.withDefaults()
	if cfg.Isolated {
		children, err := newChildPool(cfg)
		if err != nil {
			return nil, fmt.Errorf("open pdf reader: %w", err)
		}
		r := &Reader{cfg: cfg, children: children}
		r.life, r.stop = context.WithCancel(context.Background())
		return r, nil
	}
	cache, err := newCache(cfg.CacheDir)
	if err != nil {
		return nil, fmt.Errorf("open pdf reader: %w", err)
	}
	pool, err := webassembly.Init(webassembly.Config{
		MaxIdle:  cfg.Instances,
		MaxTotal: cfg.Instances,
		FSConfig: wazero.NewFSConfig(), // no host filesystem in the sandbox
		RuntimeConfig: wazero.NewRuntimeConfig().
			WithCompilationCache(cache).
			WithCloseOnContextDone(interruptible). // lets Module.Close interrupt running code
			WithMemoryLimitPages(uint32(cfg.MemoryLimit / wasmPageSize)),
		Stdout: io.Discard,
		Stderr: io.Discard,
	})
	if err != nil {
		cache.Close(context.Background())
		return nil, fmt.Errorf("open pdf reader: init pdfium: %w", err)
	}
	w, err := startWorker(pool) // fail early if pdfium cannot start
	if err != nil {
		pool.Close()
		cache.Close(context.Background())
		return nil, fmt.Errorf("open pdf reader: %w", err)
	}
	r := &Reader{cfg: cfg, cache: cache, pool: pool, slots: make(chan *worker, cfg.Instances)}
	r.life, r.stop = context.WithCancel(context.Background())
	r.slots <- w
	for range cfg.Instances - 1 {
		r.slots <- nil
	}
	return r, nil
}

func newCache(dir string) (wazero.CompilationCache, error) {
	if dir == "" {
		return wazero.NewCompilationCache(), nil
	}
	cache, err := wazero.NewCompilationCacheWithDir(dir)
	if err != nil {
		return nil, fmt.Errorf("open compilation cache: %w", err)
	}
	return cache, nil
}

// Close interrupts reads in progress, waits for them to return and releases
// all instances. Reads after Close fail with ErrClosed. Close is idempotent.
func (r *Reader) Close() error {
	var err error
	r.closeOnce.Do(func() {
		r.stop()
		if r.children != nil {
			r.children.close()
			return
		}
		for range cap(r.slots) {
			if w := <-r.slots; w != nil {
				w.close()
			}
		}
		err = r.pool.Close()
		if cerr := r.cache.Close(context.Background()); err == nil {
			err = cerr
		}
	})
	if err != nil {
		return fmt.Errorf("close pdf reader: %w", err)
	}
	return nil
}

// Read parses a PDF document held in data. It returns within Config.Timeout
// (plus the wait for a free instance, bounded by ctx) even if pdfium loops.
// Errors wrap ErrEncrypted, ErrCorrupt, ErrTimeout, ErrTooManyPages,
// ErrDecompressedSize, ErrMemoryLimit, ErrCrashed, ErrClosed, or the error
// of ctx when ctx is canceled.
func (r *Reader) Read(ctx context.Context, data []byte) (*Document, error) {
	rep, err := r.do(ctx, request{Data: data})
	if err != nil {
		return nil, fmt.Errorf("read pdf: %w", err)
	}
	return rep.Doc, nil
}

// Images returns the pictures of pages of the PDF document held in data
// that reqs ask for, in the order of reqs, for OCR: a page that is one
// upright embedded image gives that image as stored (a scan's JPEG needs no
// decoding), anything else is rendered in greyscale at RenderDPI. Time
// limits and errors are those of Read.
func (r *Reader) Images(ctx context.Context, data []byte, reqs []ImageRequest) ([]Image, error) {
	if len(reqs) == 0 {
		return nil, nil
	}
	rep, err := r.do(ctx, request{Data: data, Images: reqs})
	if err != nil {
		return nil, fmt.Errorf("page images: %w", err)
	}
	return rep.Images, nil
}

// do runs one request on a free instance or child.
func (r *Reader) do(ctx context.Context, req request) (reply, error) {
	if len(req.Data) == 0 {
		return reply{}, fmt.Errorf("empty input: %w", ErrCorrupt)
	}
	if r.children != nil {
		return r.doIsolated(ctx, req)
	}
	w, err := r.acquire(ctx)
	if err != nil {
		return reply{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, r.cfg.Timeout)
	defer cancel()
	defer context.AfterFunc(r.life, cancel)()
	return r.run(ctx, w, req)
}

// doIsolated runs req in a child process. The deadline counts the wait for a
// free child too.
func (r *Reader) doIsolated(ctx context.Context, req request) (reply, error) {
	ctx, cancel := context.WithTimeout(ctx, r.cfg.Timeout)
	defer cancel()
	defer context.AfterFunc(r.life, cancel)()
	rep, err := r.children.do(ctx, r.life, req)
	if err != nil {
		if ctx.Err() != nil {
			err = r.ctxError(ctx)
		}
		return reply{}, err
	}
	return rep, nil
}

// run serves req on w and gives w back to the pool, or discards it when the
// request failed or was interrupted.
func (r *Reader) run(ctx context.Context, w *worker, req request) (reply, error) {
	if ctx.Err() != nil {
		r.release(w, true)
		return reply{}, r.ctxError(ctx)
	}
	stop := context.AfterFunc(ctx, w.kill)
	rep, err := w.serve(ctx, req, r.cfg)
	interrupted := !stop()
	exhausted := err != nil && !interrupted && w.memory() >= r.cfg.MemoryLimit*9/10
	r.release(w, err == nil && !interrupted)
	switch {
	case interrupted || ctx.Err() != nil:
		return reply{}, r.ctxError(ctx)
	case err == nil:
		return rep, nil
	case isSentinel(err):
		return reply{}, err
	case exhausted:
		return reply{}, fmt.Errorf("%w: limit %d MiB: %s", ErrMemoryLimit, r.cfg.MemoryLimit>>20, firstLine(err))
	default:
		return reply{}, fmt.Errorf("%w: %s", ErrCorrupt, firstLine(err))
	}
}

// firstLine is the first line of an error message; wasm errors carry a
// multi-line stack trace.
func firstLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// acquire takes an instance from the pool, starting it if needed.
func (r *Reader) acquire(ctx context.Context) (*worker, error) {
	select {
	case <-r.life.Done():
		return nil, ErrClosed
	case <-ctx.Done():
		return nil, r.ctxError(ctx)
	case w := <-r.slots:
		if r.life.Err() != nil {
			r.slots <- w
			return nil, ErrClosed
		}
		if w != nil {
			return w, nil
		}
		w, err := startWorker(r.pool)
		if err != nil {
			r.slots <- nil
			return nil, err
		}
		return w, nil
	}
}

// release returns w to the pool if it is healthy and not due for recycling;
// otherwise it closes w and frees its slot for a fresh instance.
func (r *Reader) release(w *worker, healthy bool) {
	w.docs++
	if !healthy || w.docs >= recycleAfter || w.memory() > r.cfg.MemoryLimit/2 {
		w.close()
		w = nil
	}
	r.slots <- w
}

func (r *Reader) ctxError(ctx context.Context) error {
	switch {
	case r.life.Err() != nil:
		return ErrClosed
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("%w: %w", ErrTimeout, ctx.Err())
	default:
		return ctx.Err()
	}
}

func isSentinel(err error) bool {
	for _, s := range childErrors {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}
