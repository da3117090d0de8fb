package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"sync"

	"github.com/invex/invex/extract/layout"
)

// Drawer draws the pages of documents as grey pictures for people to look
// at (the dashboard's page images), through a reader of its own started on
// the first call. It is safe for concurrent use.
type Drawer struct {
	cfg Config

	mu     sync.Mutex
	r      *Reader
	err    error
	closed bool
}

// NewDrawer returns a drawer that reads documents with cfg; at least one
// instance is used.
func NewDrawer(cfg Config) *Drawer {
	if cfg.Instances <= 0 {
		cfg.Instances = 1
	}
	return &Drawer{cfg: cfg}
}

func (d *Drawer) open() (*Reader, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil, errors.New("the drawer is closed")
	}
	if d.r == nil && d.err == nil {
		d.r, d.err = Open(d.cfg)
	}
	return d.r, d.err
}

// PageSizes returns the displayed sizes of the first max pages of a
// document, in points.
func (d *Drawer) PageSizes(ctx context.Context, data []byte, max int) ([]layout.Size, error) {
	r, err := d.open()
	if err != nil {
		return nil, fmt.Errorf("open pdf reader: %w", err)
	}
	doc, err := r.Read(ctx, data)
	if err != nil {
		return nil, fmt.Errorf("read document: %w", err)
	}
	var out []layout.Size
	for i, p := range doc.Pages {
		if i == max {
			break
		}
		out = append(out, layout.Size{W: p.Width, H: p.Height})
	}
	return out, nil
}

// DrawPage draws page n (1-based) of a document whole and upright, at the
// reader's rendering resolution (RenderDPI): a pixel of the picture is
// 72/RenderDPI points of the displayed page.
func (d *Drawer) DrawPage(ctx context.Context, data []byte, n int) (*image.Gray, error) {
	r, err := d.open()
	if err != nil {
		return nil, fmt.Errorf("open pdf reader: %w", err)
	}
	// A region larger than any page asks for a render of the whole page
	// (never the embedded scan as stored), so the picture is upright and
	// its pixels map to points.
	ims, err := r.Images(ctx, data, []ImageRequest{{Page: n, Region: layout.Rect{X1: 1e6, Y1: 1e6}}})
	if err != nil {
		return nil, fmt.Errorf("draw page %d: %w", n, err)
	}
	if len(ims) != 1 || ims[0].Format != FormatPGM {
		return nil, fmt.Errorf("draw page %d: the reader gave no grey picture", n)
	}
	g, err := decodePGM(ims[0].Data)
	if err != nil {
		return nil, fmt.Errorf("draw page %d: %w", n, err)
	}
	return g, nil
}

// Close stops the drawer's reader, if it was started.
func (d *Drawer) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closed = true
	if d.r != nil {
		return d.r.Close()
	}
	return nil
}

// decodePGM reads a binary 8-bit PGM (P5) picture as the reader writes it.
func decodePGM(b []byte) (*image.Gray, error) {
	var w, h, maxv int
	var magic string
	r := bytes.NewReader(b)
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxv); err != nil || magic != "P5" || maxv != 255 {
		return nil, fmt.Errorf("decode picture: not an 8-bit PGM")
	}
	r.ReadByte() // the single whitespace after the header
	off := len(b) - r.Len()
	if w <= 0 || h <= 0 || len(b)-off < w*h {
		return nil, fmt.Errorf("decode picture: truncated PGM")
	}
	return &image.Gray{Pix: b[off : off+w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}, nil
}
