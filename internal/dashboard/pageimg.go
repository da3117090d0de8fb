package dashboard

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
)

// Blobs is where the dashboard reads page images.
type Blobs interface {
	Get(ctx context.Context, key string) ([]byte, error)
}

// errNoPages is returned for page images when the dashboard cannot ask for
// them (no RequestPages).
var errNoPages = errors.New("page images are not drawn by this service")

// errPagesDrawing is returned while a worker draws a job's pages.
var errPagesDrawing = errors.New("the page images are being drawn")

// errUndrawable is returned for a document whose pages could not be drawn.
var errUndrawable = errors.New("the pages could not be drawn")

// pageCache keeps the page images of the latest jobs shown in memory.
// Results never change, so a job's pages are read once.
type pageCache struct {
	max int

	mu    sync.Mutex
	pages map[string]blob.Pages // by job id
	order []string              // keys of pages, oldest first
}

func newPageCache(max int) *pageCache {
	return &pageCache{max: max, pages: map[string]blob.Pages{}}
}

func (p *pageCache) get(id string) (blob.Pages, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	ps, ok := p.pages[id]
	return ps, ok
}

func (p *pageCache) put(id string, ps blob.Pages) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.pages[id]; ok {
		return
	}
	p.pages[id] = ps
	p.order = append(p.order, id)
	for len(p.order) > p.max {
		delete(p.pages, p.order[0])
		p.order = p.order[1:]
	}
}

// pageImages returns the page images of a job's document. The dashboard never
// reads a PDF: the first time, it asks a worker to draw them
// (Config.RequestPages) and waits for them, at most Config.PagesWait.
func (d *Dashboard) pageImages(ctx context.Context, j store.Job) (blob.Pages, error) {
	if ps, ok := d.images.get(j.ID); ok {
		return ps, undrawable(ps)
	}
	if j.BlobKey == "" {
		return blob.Pages{}, blob.ErrNotFound
	}
	key := blob.PagesKey(j.BlobKey)
	b, err := d.cfg.Blobs.Get(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		b, err = d.drawn(ctx, j.ID, key)
	}
	if err != nil {
		return blob.Pages{}, err
	}
	ps, err := blob.DecodePages(b)
	if err != nil {
		return blob.Pages{}, err
	}
	d.images.put(j.ID, ps)
	return ps, undrawable(ps)
}

func undrawable(ps blob.Pages) error {
	if ps.Failed != "" {
		return errUndrawable
	}
	return nil
}

// pagesReady reports whether a job's page images are stored (drawn, or
// found undrawable), or will never be (no document).
func (d *Dashboard) pagesReady(ctx context.Context, j store.Job) bool {
	if _, ok := d.images.get(j.ID); ok || j.BlobKey == "" {
		return true
	}
	b, err := d.cfg.Blobs.Get(ctx, blob.PagesKey(j.BlobKey))
	if err == nil {
		// Read once: the page that reloads now finds them in memory.
		if ps, err := blob.DecodePages(b); err == nil {
			d.images.put(j.ID, ps)
		}
	}
	return !errors.Is(err, blob.ErrNotFound)
}

// drawn asks for a job's pages and waits until they are stored under key,
// at most Config.PagesWait.
func (d *Dashboard) drawn(ctx context.Context, id, key string) ([]byte, error) {
	if d.cfg.RequestPages == nil {
		return nil, errNoPages
	}
	if err := d.cfg.RequestPages(ctx, id); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, d.cfg.PagesWait)
	defer cancel()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil, errPagesDrawing
		case <-tick.C:
		}
		b, err := d.cfg.Blobs.Get(ctx, key)
		if !errors.Is(err, blob.ErrNotFound) {
			return b, err
		}
	}
}

// pageImage serves page n of a job's document as a PNG.
func (d *Dashboard) pageImage(w http.ResponseWriter, r *http.Request) {
	j, ok := d.jobFor(w, r)
	if !ok {
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		d.notFound(w, r)
		return
	}
	ps, err := d.pageImages(r.Context(), j)
	if errors.Is(err, blob.ErrNotFound) || errors.Is(err, errUndrawable) || (err == nil && n > len(ps.Pages)) {
		d.notFound(w, r)
		return
	}
	if err != nil {
		d.log.Warn("dashboard: page image", "job_id", j.ID, "page", n, "err", err)
		http.Error(w, "the page could not be drawn", http.StatusUnprocessableEntity)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=86400")
	w.Write(ps.Pages[n-1].PNG)
}
