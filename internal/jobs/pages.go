package jobs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"log/slog"
	"math"
	"os"
	"time"

	"github.com/riverqueue/river"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/raster"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
)

// MaxDrawnPages is the number of pages of one document drawn for the
// dashboard.
const MaxDrawnPages = 20

// PageDrawer draws the pages of PDF documents; package pdf's Drawer is one.
type PageDrawer interface {
	// PageSizes returns the displayed sizes of the first max pages of a
	// document, in points.
	PageSizes(ctx context.Context, data []byte, max int) ([]layout.Size, error)
	// DrawPage draws page n (1-based) whole and upright at DrawDPI.
	DrawPage(ctx context.Context, data []byte, n int) (*image.Gray, error)
}

// DrawDPI is the resolution PageDrawer draws at; pages are stored at
// blob.PagesDPI.
const DrawDPI = 300

// PageBlobs is where the worker reads documents and stores page images.
type PageBlobs interface {
	Get(ctx context.Context, key string) ([]byte, error)
	PutFile(ctx context.Context, key, src string) error
}

// PagesWorker draws the pages of a job's document for the dashboard
// (submit.DrawArgs) and stores them beside the document.
type PagesWorker struct {
	river.WorkerDefaults[submit.DrawArgs]

	Store  *store.Store
	Blobs  PageBlobs
	Drawer PageDrawer
	// SpoolDir holds the encoded pictures until the blob store takes them.
	SpoolDir string
	Logger   *slog.Logger
	// Words, when set, reads the pages' words, kept with the pictures so
	// that a reviewer can point at a value.
	Words Layouter
}

// wordsTime bounds the reading of the words (OCR for a scan) within a
// drawing, and storeTime is kept for storing the pictures after it.
const (
	wordsTime = 40 * time.Second
	storeTime = 15 * time.Second
)

// Timeout bounds one drawing.
func (w *PagesWorker) Timeout(*river.Job[submit.DrawArgs]) time.Duration { return time.Minute }

// Work draws the pages of one job's document. A job without a stored
// document (a cached result, or one deleted since) has nothing to draw.
func (w *PagesWorker) Work(ctx context.Context, rj *river.Job[submit.DrawArgs]) error {
	j, err := w.Store.JobByID(ctx, rj.Args.JobID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if j.BlobKey == "" {
		return nil
	}
	data, err := w.Blobs.Get(ctx, j.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("draw pages: %w", err)
	}
	pages, err := DrawPages(ctx, w.Drawer, data)
	if err != nil {
		if ctx.Err() != nil {
			return err // stopped or out of time: drawn again on the next attempt
		}
		// A document the reader cannot draw will not draw next time
		// either: the failure is stored in place of the pictures, so
		// that the dashboard says so and asks no more.
		w.Logger.Warn("draw pages", "job_id", j.ID, "err", err)
		pages = blob.Pages{Failed: err.Error()}
	}
	if w.Words != nil && pages.Failed == "" {
		w.addWords(ctx, j, data, &pages)
	}
	b, err := pages.Encode()
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(w.SpoolDir, "pages-*")
	if err != nil {
		return fmt.Errorf("draw pages: %w", err)
	}
	_, werr := f.Write(b)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(f.Name())
		return fmt.Errorf("draw pages: %w", werr)
	}
	if err := w.Blobs.PutFile(ctx, blob.PagesKey(j.BlobKey), f.Name()); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("store page images: %w", err)
	}
	return nil
}

// DrawPages draws the first MaxDrawnPages pages of a document as PNG
// pictures at blob.PagesDPI.
func DrawPages(ctx context.Context, d PageDrawer, data []byte) (blob.Pages, error) {
	switch kind := document.Detect(data); {
	case kind.Image():
		return drawPictures(kind, data)
	case kind.Structured():
		return blob.Pages{}, errors.New("an e-invoice XML file has no pages to draw")
	}
	sizes, err := d.PageSizes(ctx, data, MaxDrawnPages)
	if err != nil {
		return blob.Pages{}, err
	}
	var out blob.Pages
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	for i, sz := range sizes {
		g, err := d.DrawPage(ctx, data, i+1)
		if err != nil {
			return blob.Pages{}, err
		}
		var buf bytes.Buffer
		if err := enc.Encode(&buf, shrink(g, DrawDPI/blob.PagesDPI)); err != nil {
			return blob.Pages{}, fmt.Errorf("encode page %d: %w", i+1, err)
		}
		out.Pages = append(out.Pages, blob.Page{W: sz.W, H: sz.H, PNG: buf.Bytes()})
	}
	return out, nil
}

// drawPictures draws the pages of a picture file upright, as OCR read
// them, at about blob.PagesDPI.
func drawPictures(kind document.Kind, data []byte) (blob.Pages, error) {
	pages, err := raster.Pages(string(kind), data, raster.Limits{MaxPages: MaxDrawnPages})
	if err != nil {
		return blob.Pages{}, fmt.Errorf("draw picture: %w", err)
	}
	var out blob.Pages
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	for i, p := range pages {
		want := p.Width / 72 * blob.PagesDPI
		f := max(1, int(float64(p.Gray.Rect.Dx())/want))
		var buf bytes.Buffer
		if err := enc.Encode(&buf, shrink(p.Gray, f)); err != nil {
			return blob.Pages{}, fmt.Errorf("encode page %d: %w", i+1, err)
		}
		out.Pages = append(out.Pages, blob.Page{W: p.Width, H: p.Height, PNG: buf.Bytes()})
	}
	return out, nil
}

// shrink scales g down by an integer factor, averaging each f×f block.
func shrink(g *image.Gray, f int) *image.Gray {
	w, h := g.Rect.Dx()/f, g.Rect.Dy()/f
	if f <= 1 || w < 1 || h < 1 {
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

// addWords adds the words of the document's pages to their pictures. A
// page whose size differs from its picture's (a picture OCR had to turn)
// gets none; a failure leaves every page without.
func (w *PagesWorker) addWords(ctx context.Context, j store.Job, data []byte, pages *blob.Pages) {
	// The words are a nicety: they never take the time the pictures need
	// to be stored.
	budget := wordsTime
	if dl, ok := ctx.Deadline(); ok {
		budget = min(budget, time.Until(dl)-storeTime)
	}
	if budget < time.Second {
		w.Logger.Info("draw pages: no time left for the words", "job_id", j.ID)
		return
	}
	wctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	doc, err := w.Words.Layout(wctx, data, extract.Options{Locale: j.Locale})
	if err != nil {
		w.Logger.Info("draw pages: no words", "job_id", j.ID, "err", err)
		return
	}
	for i := range pages.Pages {
		if i >= len(doc.Pages) {
			break
		}
		p, lp := &pages.Pages[i], doc.Pages[i]
		if math.Abs(p.W-lp.Width) > 1 || math.Abs(p.H-lp.Height) > 1 {
			continue
		}
		p.Words = make([]blob.Word, 0, len(lp.Words))
		for _, wd := range lp.Words {
			b := wd.Box
			p.Words = append(p.Words, blob.Word{Text: wd.Text, Box: [4]float64{round2(b.X0), round2(b.Y0), round2(b.X1), round2(b.Y1)}})
		}
	}
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
