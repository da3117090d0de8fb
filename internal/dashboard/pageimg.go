package dashboard

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
)

// pageScale is the render's downscale: pdf renders at 300 dpi, page images
// are shown at 100 dpi.
const pageScale = 3

// maxImagePages is the number of pages of one document shown as images.
const maxImagePages = 20

// pageSize is a page's displayed size in points.
type pageSize struct{ W, H float64 }

// pageImages draws the pages of jobs' documents as PNG files, through a
// pdfium reader started on first use, and keeps the latest ones in memory.
// Results never change, so a job's pages are drawn once.
type pageImages struct {
	cfg pdf.Config
	max int

	openOnce sync.Once
	reader   *pdf.Reader
	openErr  error

	mu    sync.Mutex
	sizes map[string][]pageSize // by job id
	pngs  map[string][]byte     // by job id + "/" + page
	order []string              // keys of pngs, oldest first
}

func newPageImages(cfg pdf.Config, max int) *pageImages {
	if cfg.Instances <= 0 {
		cfg.Instances = 1
	}
	return &pageImages{cfg: cfg, max: max, sizes: map[string][]pageSize{}, pngs: map[string][]byte{}}
}

func (p *pageImages) open() (*pdf.Reader, error) {
	p.openOnce.Do(func() { p.reader, p.openErr = pdf.Open(p.cfg) })
	return p.reader, p.openErr
}

func (p *pageImages) close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.reader != nil {
		return p.reader.Close()
	}
	return nil
}

// document returns the bytes of a job's document.
func (d *Dashboard) document(ctx context.Context, j store.Job) ([]byte, error) {
	if j.BlobKey == "" {
		return nil, blob.ErrNotFound
	}
	return d.cfg.Submitter.Blobs.Get(ctx, j.BlobKey)
}

// pageSizes returns the sizes of the job's pages (at most maxImagePages).
func (d *Dashboard) pageSizes(r *http.Request, j store.Job) ([]pageSize, error) {
	p := d.images
	p.mu.Lock()
	s, ok := p.sizes[j.ID]
	p.mu.Unlock()
	if ok {
		return s, nil
	}
	data, err := d.document(r.Context(), j)
	if err != nil {
		return nil, err
	}
	rd, err := p.open()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	doc, err := rd.Read(ctx, data)
	if err != nil {
		return nil, err
	}
	for i, pg := range doc.Pages {
		if i == maxImagePages {
			break
		}
		s = append(s, pageSize{W: pg.Width, H: pg.Height})
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
	data, err := d.document(ctx, j)
	if err != nil {
		return nil, err
	}
	rd, err := p.open()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	// A region larger than any page asks for a render of the whole page
	// (never the embedded scan as stored), so the picture is upright and
	// its pixels map to points.
	ims, err := rd.Images(ctx, data, []pdf.ImageRequest{{Page: n, Region: layout.Rect{X1: 1e6, Y1: 1e6}}})
	if err != nil {
		return nil, err
	}
	if len(ims) != 1 || ims[0].Format != pdf.FormatPGM {
		return nil, fmt.Errorf("unexpected page image")
	}
	g, err := decodePGM(ims[0].Data)
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

// decodePGM reads a binary 8-bit PGM (P5) file as written by package pdf.
func decodePGM(b []byte) (*image.Gray, error) {
	var w, h, maxv int
	var magic string
	r := bytes.NewReader(b)
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxv); err != nil || magic != "P5" || maxv != 255 {
		return nil, fmt.Errorf("not an 8-bit PGM")
	}
	r.ReadByte() // the single whitespace after the header
	off := len(b) - r.Len()
	if w <= 0 || h <= 0 || len(b)-off < w*h {
		return nil, fmt.Errorf("truncated PGM")
	}
	return &image.Gray{Pix: b[off : off+w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}, nil
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
