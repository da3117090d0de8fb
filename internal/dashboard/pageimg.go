package dashboard

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
)

// pageScale is the render's downscale: pages are drawn at 300 dpi and
// shown at 100 dpi.
const pageScale = 3

// maxImagePages is the number of pages of one document shown as images.
const maxImagePages = 20

// PageDrawer draws the pages of PDF documents for the job page; package
// pdf's Drawer is one. The dashboard does not read PDFs itself.
type PageDrawer interface {
	// PageSizes returns the displayed sizes of the first max pages of a
	// document, in points.
	PageSizes(ctx context.Context, data []byte, max int) ([]layout.Size, error)
	// DrawPage draws page n (1-based) whole and upright at 300 dpi.
	DrawPage(ctx context.Context, data []byte, n int) (*image.Gray, error)
	// Close stops the drawer.
	Close() error
}

// Blobs is where the dashboard reads documents.
type Blobs interface {
	Get(ctx context.Context, key string) ([]byte, error)
}

// errNoDrawer is returned for page images when the dashboard has no
// PageDrawer.
var errNoDrawer = errors.New("no page drawer is configured")

// pageImages keeps the latest page images drawn by a PageDrawer in memory.
// Results never change, so a job's pages are drawn once.
type pageImages struct {
	drawer PageDrawer
	max    int

	mu    sync.Mutex
	sizes map[string][]layout.Size // by job id
	pngs  map[string][]byte        // by job id + "/" + page
	order []string                 // keys of pngs, oldest first
}

func newPageImages(drawer PageDrawer, max int) *pageImages {
	return &pageImages{drawer: drawer, max: max, sizes: map[string][]layout.Size{}, pngs: map[string][]byte{}}
}

func (p *pageImages) close() error {
	if p.drawer == nil {
		return nil
	}
	return p.drawer.Close()
}

// document returns the bytes of a job's document.
func (d *Dashboard) document(ctx context.Context, j store.Job) ([]byte, error) {
	if j.BlobKey == "" {
		return nil, blob.ErrNotFound
	}
	return d.cfg.Blobs.Get(ctx, j.BlobKey)
}

// pageSizes returns the sizes of the job's pages (at most maxImagePages).
func (d *Dashboard) pageSizes(r *http.Request, j store.Job) ([]layout.Size, error) {
	p := d.images
	p.mu.Lock()
	s, ok := p.sizes[j.ID]
	p.mu.Unlock()
	if ok {
		return s, nil
	}
	if p.drawer == nil {
		return nil, errNoDrawer
	}
	data, err := d.document(r.Context(), j)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	s, err = p.drawer.PageSizes(ctx, data, maxImagePages)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if len(p.sizes) > 1000 {
		clear(p.sizes)
	}
	p.sizes[j.ID] = s
	p.mu.Unlock()
	return s, nil
}

// pageImage serves page n of a job's document as a PNG.
func (d *Dashboard) pageImage(w http.ResponseWriter, r *http.Request) {
	j, ok := d.jobFor(w, r)
	if !ok {
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 || n > maxImagePages {
		d.notFound(w, r)
		return
	}
	b, err := d.pagePNG(r.Context(), j, n)
	if errors.Is(err, blob.ErrNotFound) {
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
	w.Write(b)
}

func (d *Dashboard) pagePNG(ctx context.Context, j store.Job, n int) ([]byte, error) {
	p := d.images
	key := j.ID + "/" + strconv.Itoa(n)
	p.mu.Lock()
	b, ok := p.pngs[key]
	p.mu.Unlock()
	if ok {
		return b, nil
	}
	if p.drawer == nil {
		return nil, errNoDrawer
	}
	data, err := d.document(ctx, j)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	g, err := p.drawer.DrawPage(ctx, data, n)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, shrink(g, pageScale)); err != nil {
		return nil, err
	}
	b = buf.Bytes()
	p.mu.Lock()
	if _, ok := p.pngs[key]; !ok {
		p.pngs[key] = b
		p.order = append(p.order, key)
		for len(p.order) > p.max {
			delete(p.pngs, p.order[0])
			p.order = p.order[1:]
		}
	}
	p.mu.Unlock()
	return b, nil
}

// shrink scales g down by an integer factor, averaging each f×f block.
func shrink(g *image.Gray, f int) *image.Gray {
	w, h := g.Rect.Dx()/f, g.Rect.Dy()/f
	if w < 1 || h < 1 {
		return g
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			sum := 0
			for dy := range f {
				row := g.Pix[(y*f+dy)*g.Stride+x*f:]
				for dx := range f {
					sum += int(row[dx])
				}
			}
			out.Pix[y*out.Stride+x] = uint8(sum / (f * f))
		}
	}
	return out
}
