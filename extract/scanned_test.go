package extract_test

import (
	"context"
	"errors"
	"image"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/testpdf"
)

// scannedCount is the number of generated invoices scanned and read back
// by OCR in TestScannedGeneratedInvoices: seeds 0 to 11 cover the four
// languages and the layouts.
const scannedCount = 12

// scannedFloor is the field accuracy the engine reaches on the scanned
// copies of the generated invoices, rounded down a little. Like
// generatedFloor it is a ratchet.
const scannedFloor = 0.90

// needOCR skips a test when Tesseract is not installed here (.ci/run
// installs it, so CI always runs these tests).
func needOCR(t *testing.T) {
	t.Helper()
	if err := engine.OCRError(); err != nil {
		t.Skipf("Tesseract is not installed, OCR is not tested: %v", err)
	}
}

// scanOf renders every page of a PDF at 200 dpi, as a scanner would,
// turns it by degrees with a light speckle, and returns the image-only PDF.
func scanOf(t testing.TB, data []byte, degrees float64) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	doc, err := scanReader.Read(ctx, data)
	if err != nil {
		t.Fatalf("read pdf to scan: %v", err)
	}
	var reqs []pdf.ImageRequest
	for _, p := range doc.Pages {
		reqs = append(reqs, pdf.ImageRequest{Page: p.Number})
	}
	imgs, err := scanReader.Images(ctx, data, reqs)
	if err != nil {
		t.Fatalf("render pages to scan: %v", err)
	}
	var pages []*image.Gray
	for i, im := range imgs {
		g, err := im.Gray()
		if err != nil {
			t.Fatalf("decode render of page %d: %v", i+1, err)
		}
		pages = append(pages, testpdf.Scanlike(halve(g), degrees, uint64(i)))
	}
	out, err := testpdf.ScannedPDF(pages, doc.Pages[0].Width, doc.Pages[0].Height)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// halve scales a 300-dpi render to 200 dpi, the resolution of most office
// scanners, by averaging.
func halve(src *image.Gray) *image.Gray {
	b := src.Bounds()
	w, h := b.Dx()*2/3, b.Dy()*2/3
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			sx, sy := x*3/2, y*3/2
			sum := 0
			for dy := range 2 {
				for dx := range 2 {
					sum += int(src.GrayAt(b.Min.X+min(sx+dx, b.Dx()-1), b.Min.Y+min(sy+dy, b.Dy()-1)).Y)
				}
			}
			dst.Pix[y*dst.Stride+x] = uint8(sum / 4)
		}
	}
	return dst
}

// TestScannedGeneratedInvoices scans generated invoices (200 dpi, a slight
// turn, speckle, JPEG, no text layer) and reads them back through OCR,
// scoring them against their truth like TestGeneratedInvoices.
func TestScannedGeneratedInvoices(t *testing.T) {
	needOCR(t)
	if testing.Short() {
		t.Skip("OCR of generated invoices takes a while")
	}
	specs := testpdf.Set(scannedCount)
	scores := make([]eval.CaseScore, len(specs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, s := range specs {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			truth := s.Truth()
			turn := []float64{0.4, -0.7, 1.2, 0}[i%4]
			out, err := engine.Extract(context.Background(), scanOf(t, s.PDF(), turn), extract.Options{Locale: s.Lang})
			switch {
			case err != nil:
				scores[i] = eval.Failed(truth, err)
			case !out.Result.Validation.IsScanned || out.Model != extract.ModelOCR:
				t.Errorf("%s: is_scanned %v, model %q", s.Name(), out.Result.Validation.IsScanned, out.Model)
				fallthrough
			default:
				scores[i] = eval.Score(truth, out.Result, out.Flags)
			}
			scores[i].Name = s.Name()
		})
	}
	wg.Wait()
	rep := eval.NewReport()
	for _, sc := range scores {
		rep.Add(sc, nil)
	}
	acc, _ := rep.FieldAccuracy.Rate()
	inv, _ := rep.NoInvented.Rate()
	t.Logf("%d scanned generated invoices: field accuracy %.2f%% (%d/%d), no invented value %.2f%% (%d/%d), exact item rows %d/%d",
		rep.Cases, 100*acc, rep.FieldAccuracy.Hit, rep.FieldAccuracy.Total, 100*inv, rep.NoInvented.Hit, rep.NoInvented.Total,
		rep.ExactRows.Hit, rep.ExactRows.Total)
	t.Logf("per field (matched / null ok):\n%s", perField(rep))
	t.Logf("misses:\n%s", missList(rep))
	if rep.Failed > 0 {
		t.Errorf("%d scanned invoices failed to extract", rep.Failed)
	}
	if acc < scannedFloor {
		t.Errorf("field accuracy %.2f%% on scans is below the floor %.2f%% (run with -v for the misses)", 100*acc, 100*scannedFloor)
	}
	if inv < 0.99 {
		t.Errorf("no-invented-value rate %.2f%% on scans is below 99%%", 100*inv)
	}
}

func TestScannedResult(t *testing.T) {
	needOCR(t)
	s := testpdf.Generate(1)
	out, err := engine.Extract(context.Background(), scanOf(t, s.PDF(), 0.5), extract.Options{Locale: s.Lang})
	if err != nil {
		t.Fatal(err)
	}
	v := out.Result.Validation
	if !v.IsScanned || out.Model != extract.ModelOCR {
		t.Errorf("is_scanned = %v, model = %q; want true, %q", v.IsScanned, out.Model, extract.ModelOCR)
	}
	var used bool
	for _, w := range v.Warnings {
		if w.Code == extract.CodeOCRUsed && strings.Contains(w.Message, "page 1") && strings.Contains(w.Message, "no text layer") {
			used = true
		}
	}
	if !used {
		t.Errorf("no %s warning naming page 1 in %+v", extract.CodeOCRUsed, v.Warnings)
	}
	if out.Result.Financials.Total == nil {
		t.Error("no total read from the scan")
	}

	digital, err := engine.Extract(context.Background(), s.PDF(), extract.Options{Locale: s.Lang})
	if err != nil {
		t.Fatal(err)
	}
	if digital.Result.Validation.IsScanned || digital.Model != extract.ModelText {
		t.Errorf("digital copy: is_scanned = %v, model = %q", digital.Result.Validation.IsScanned, digital.Model)
	}
}

func TestScannedBlankPageHasNoText(t *testing.T) {
	needOCR(t)
	white := image.NewGray(image.Rect(0, 0, 1654, 2339))
	for i := range white.Pix {
		white.Pix[i] = 255
	}
	data, err := testpdf.ScannedPDF([]*image.Gray{white}, 595, 842)
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.Extract(context.Background(), data, extract.Options{})
	var xe *extract.Error
	if !errors.As(err, &xe) || xe.Code != extract.CodeNoText || !xe.Permanent ||
		xe.Message != "no text could be extracted from the document" {
		t.Errorf("blank scan: err = %v, want %s", err, extract.CodeNoText)
	}
}

func TestScannedPageCap(t *testing.T) {
	needOCR(t)
	inv := testpdf.Italian()
	inv.Pages = 2 // a blank second page: its scan needs OCR too
	two := scanOf(t, inv.PDF(), 0)
	eng, err := extract.New(extract.Config{PDF: pdf.Config{Instances: 1, Isolated: true, CacheDir: testCache()}, MaxOCRPages: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	out, err := eng.Extract(context.Background(), two, extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var skipped bool
	for _, w := range out.Result.Validation.Warnings {
		if w.Code == extract.CodeOCRSkipped && strings.Contains(w.Message, "pages 2 and 3 not read") {
			skipped = true
		}
	}
	if !skipped {
		t.Errorf("no %s warning for page 2 with a cap of one page: %+v", extract.CodeOCRSkipped, out.Result.Validation.Warnings)
	}
}

func TestWithoutTesseract(t *testing.T) {
	eng, err := extract.New(extract.Config{PDF: pdf.Config{Instances: 1, Isolated: true, CacheDir: testCache()},
		OCR: ocr.Config{Command: "/nonexistent/tesseract"}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if !errors.Is(eng.OCRError(), ocr.ErrNotInstalled) {
		t.Errorf("OCRError() = %v, want ErrNotInstalled", eng.OCRError())
	}
	white := image.NewGray(image.Rect(0, 0, 200, 300))
	scan, err := testpdf.ScannedPDF([]*image.Gray{white}, 595, 842)
	if err != nil {
		t.Fatal(err)
	}
	_, err = eng.Extract(context.Background(), scan, extract.Options{})
	var xe *extract.Error
	if !errors.As(err, &xe) || xe.Code != extract.CodeOCRMissing || !strings.Contains(xe.Message, "tesseract-ocr") {
		t.Errorf("scan without Tesseract: err = %v, want %s naming the package to install", err, extract.CodeOCRMissing)
	}
	s := testpdf.Generate(3)
	out, err := eng.Extract(context.Background(), s.PDF(), extract.Options{Locale: s.Lang})
	if err != nil || out.Result.Financials.Total == nil {
		t.Errorf("digital document without Tesseract: err = %v", err)
	}
}
