package extract_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/shared"
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
	return scanWith(t, data, func(g *image.Gray, i int) *image.Gray {
		return testpdf.Scanlike(halve(g), degrees, uint64(i))
	})
}

// scanWith renders every page of a PDF at 300 dpi, makes each page picture
// with scan (given the render and the page index), and returns the
// image-only PDF.
func scanWith(t testing.TB, data []byte, scan func(*image.Gray, int) *image.Gray) []byte {
	t.Helper()
	pages, w, h := renderPages(t, data)
	for i, g := range pages {
		pages[i] = scan(g, i)
	}
	out, err := testpdf.ScannedPDF(pages, w, h)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// renderPages renders every page of a PDF at 300 dpi and returns the
// pictures with the first page's size in points.
func renderPages(t testing.TB, data []byte) ([]*image.Gray, float64, float64) {
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
		pages = append(pages, g)
	}
	return pages, doc.Pages[0].Width, doc.Pages[0].Height
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

// TestScannedUnlit reads generated invoices photographed in poor light:
// the light falls off toward a corner, a shadow lies across the sheet, the
// print is faded. Tesseract's one threshold for the page loses the dark
// part; the engine flattens the paper first. The same scans are read with
// the pictures kept as they are (ocr.Config.KeepPicture), to show what
// the cleaning gains.
func TestScannedUnlit(t *testing.T) {
	needOCR(t)
	if testing.Short() {
		t.Skip("OCR of generated invoices takes a while")
	}
	raw, err := extract.New(extract.Config{OCR: ocr.Config{KeepPicture: true}})
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	specs := testpdf.Set(4)
	clean, kept := eval.NewReport(), eval.NewReport()
	for i, s := range specs {
		truth := s.Truth()
		scan := scanWith(t, s.PDF(), func(g *image.Gray, p int) *image.Gray {
			g = testpdf.Unlit(halve(g), 0.4, 0.35, uint64(10*i+p))
			return testpdf.Scanlike(g, 0.3, uint64(i))
		})
		for _, run := range []struct {
			eng *extract.Engine
			rep *eval.Report
		}{{engine, clean}, {raw, kept}} {
			out, err := run.eng.Extract(context.Background(), scan, extract.Options{Locale: s.Lang})
			if err != nil {
				run.rep.Add(eval.Failed(truth, err), nil)
				continue
			}
			sc := eval.Score(truth, out.Result, out.Flags)
			sc.Name = s.Name()
			run.rep.Add(sc, nil)
			if run.eng != engine {
				continue
			}
			for _, f := range sc.Fields {
				if (f.Path == "invoice.number" || f.Path == "financials.total") && f.Outcome != eval.Match {
					t.Errorf("%s: %s %v, want %v", s.Name(), f.Path, show(f.Got), show(f.Want))
				}
			}
		}
	}
	ca, _ := clean.FieldAccuracy.Rate()
	ka, _ := kept.FieldAccuracy.Rate()
	t.Logf("unlit scans: field accuracy %.2f%% (%d/%d) flattened, %.2f%% (%d/%d) as they are",
		100*ca, clean.FieldAccuracy.Hit, clean.FieldAccuracy.Total, 100*ka, kept.FieldAccuracy.Hit, kept.FieldAccuracy.Total)
	if clean.Failed > 0 {
		t.Errorf("%d unlit scans failed to extract", clean.Failed)
	}
	if ca <= ka {
		t.Errorf("flattening the paper gains nothing: %.2f%% against %.2f%%", 100*ca, 100*ka)
	}
	if ca < scannedFloor {
		t.Errorf("field accuracy %.2f%% on unlit scans is below the scans' floor %.2f%%", 100*ca, 100*scannedFloor)
	}
}

// TestScannedBands scans the generated families that print the vendor's
// name in light letters on a coloured band across the top, and checks that
// the name is read, with and without the bands' negatives (their bands are
// mid-tone: Tesseract reads them inverted by itself; TestOCRDarkBand has
// one it does not).
func TestScannedBands(t *testing.T) {
	needOCR(t)
	if testing.Short() {
		t.Skip("OCR of generated invoices takes a while")
	}
	cases, why := generatedCases()
	if cases == nil {
		t.Skip(why)
	}
	raw, err := extract.New(extract.Config{OCR: ocr.Config{KeepPicture: true}})
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	bandFamilies := []string{"it-shop-receipt", "de-band", "fr-band-grid", "en-band-grid"}
	type bandCase struct {
		name    string
		data    []byte
		truth   eval.Truth
		scanned bool // data is the scan already
	}
	var todo []bandCase
	for _, c := range cases {
		if !slices.ContainsFunc(bandFamilies, func(f string) bool { return strings.HasSuffix(c.Name, "-"+f) }) {
			continue
		}
		data, err := os.ReadFile(c.PDF)
		if err != nil {
			t.Fatal(err)
		}
		todo = append(todo, bandCase{c.Name, data, c.Truth, false})
	}
	if len(todo) != len(bandFamilies) {
		t.Fatalf("%d band families among the generated cases, want %d", len(todo), len(bandFamilies))
	}
	clean, kept := eval.NewReport(), eval.NewReport()
	for _, c := range todo {
		scan := c.data
		if !c.scanned {
			scan = scanWith(t, c.data, func(g *image.Gray, p int) *image.Gray {
				return testpdf.Scanlike(halve(g), 0.3, uint64(p))
			})
		}
		for _, run := range []struct {
			eng *extract.Engine
			rep *eval.Report
		}{{engine, clean}, {raw, kept}} {
			out, err := run.eng.Extract(context.Background(), scan, extract.Options{Locale: c.truth.Locale})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			sc := eval.Score(c.truth, out.Result, out.Flags)
			sc.Name = c.name
			run.rep.Add(sc, nil)
			for _, f := range sc.Fields {
				if f.Path != "vendor.name" {
					continue
				}
				if run.eng == engine && f.Outcome != eval.Match {
					t.Errorf("%s: vendor name %v, want %v", c.name, show(f.Got), show(f.Want))
				}
				if run.eng == raw {
					t.Logf("%s: vendor name without the bands' negatives: %s", c.name, f.Outcome)
				}
			}
		}
	}
	ca, _ := clean.FieldAccuracy.Rate()
	ka, _ := kept.FieldAccuracy.Rate()
	t.Logf("band families scanned: field accuracy %.2f%% (%d/%d) with the bands' negatives read, %.2f%% (%d/%d) without",
		100*ca, clean.FieldAccuracy.Hit, clean.FieldAccuracy.Total, 100*ka, kept.FieldAccuracy.Hit, kept.FieldAccuracy.Total)
}

// TestOCRDarkBand reads a scanned letterhead whose name is printed in grey
// on a black band, as low-contrast as a soft phone scan makes it:
// Tesseract's first reading takes the band for a blot of ink, and the
// band's negative is read on a strip.
func TestOCRDarkBand(t *testing.T) {
	needOCR(t)
	f := fpdf.New("P", "pt", "A4", "")
	f.AddPage()
	f.SetFillColor(20, 20, 20)
	f.Rect(40, 40, 515, 44, "F")
	f.SetFont("Helvetica", "B", 18)
	f.SetTextColor(70, 70, 70)
	f.Text(56, 68, "Officine Esempio S.p.A.")
	f.SetTextColor(0, 0, 0)
	f.SetFont("Helvetica", "", 11)
	for i, l := range []string{"Fattura n. 42 del 03/02/2025", "Spett.le Cliente Prova S.r.l.", "Via Roma 1, 20100 Milano",
		"Consulenza tecnica 1.200,00", "IVA 22% 264,00", "Totale documento 1.464,00"} {
		f.Text(56, 130+float64(i)*22, l)
	}
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	pages, _, _ := renderPages(t, b.Bytes())
	g := testpdf.Scanlike(halve(pages[0]), 0.4, 1)
	img := pdf.Image{Page: 1, Box: layout.Rect{X1: 595.28, Y1: 841.89}, Width: g.Bounds().Dx(), Height: g.Bounds().Dy(),
		Format: pdf.FormatPGM, Data: pgmData(g)}
	read := func(keep bool) string {
		e, err := ocr.New(ocr.Config{KeepPicture: keep})
		if err != nil {
			t.Fatal(err)
		}
		res, err := e.Read(context.Background(), img, "it")
		if err != nil {
			t.Fatal(err)
		}
		var words []string
		for _, w := range res.Words {
			words = append(words, w.Text)
		}
		return strings.Join(words, " ")
	}
	with, without := read(false), read(true)
	if !strings.Contains(with, "Esempio") {
		t.Errorf("the band's name is not read: %q", with)
	}
	t.Logf("without the band's negative the name is read: %v", strings.Contains(without, "Esempio"))
	if !strings.Contains(with, "1.464,00") {
		t.Errorf("the page's text is not read: %q", with)
	}
}

// pgmData encodes a grey picture as a binary PGM file.
func pgmData(g *image.Gray) []byte {
	b := g.Bounds()
	out := []byte(fmt.Sprintf("P5\n%d %d\n255\n", b.Dx(), b.Dy()))
	for y := range b.Dy() {
		out = append(out, g.Pix[y*g.Stride:y*g.Stride+b.Dx()]...)
	}
	return out
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

// letterheadPDF is an Italian invoice whose vendor name, address and VAT
// number are printed only in a picture at the top of the page (a logo
// image), the rest being a text layer.
func letterheadPDF(t *testing.T) []byte {
	t.Helper()
	// The letterhead: text drawn on its own page, rendered to a picture.
	head := fpdf.New("P", "pt", "A4", "")
	tr := head.UnicodeTranslatorFromDescriptor("cp1252")
	head.AddPage()
	head.SetFont("Helvetica", "B", 18)
	head.Text(40, 40, tr("Ferramenta Gialli S.r.l."))
	head.SetFont("Helvetica", "", 10)
	head.Text(40, 58, tr("Via Po 5 - 10123 Torino (TO)"))
	head.Text(40, 72, tr("P.IVA IT02468135799"))
	var hb bytes.Buffer
	if err := head.Output(&hb); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	imgs, err := scanReader.Images(ctx, hb.Bytes(), []pdf.ImageRequest{{Page: 1, Region: layout.Rect{X0: 30, Y0: 20, X1: 330, Y1: 80}}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := imgs[0].Gray()
	if err != nil {
		t.Fatal(err)
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, g, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}

	f := fpdf.New("P", "pt", "A4", "")
	tr = f.UnicodeTranslatorFromDescriptor("cp1252")
	f.AddPage()
	opt := fpdf.ImageOptions{ImageType: "JPG"}
	f.RegisterImageOptionsReader("head", opt, &jb)
	f.ImageOptions("head", 30, 20, 300, 60, false, opt, 0, "")
	f.SetFont("Helvetica", "", 10)
	lines := []struct {
		x, y float64
		s    string
	}{
		{330, 120, "Spett.le"}, {330, 134, "Verdi Costruzioni S.p.A."}, {330, 148, "Corso Francia 20"},
		{330, 162, "10143 Torino (TO)"}, {330, 176, "P.IVA IT01357924685"},
		{40, 220, "Fattura n. 2026/118"}, {40, 234, "Data: 12/05/2026"},
		{40, 280, "Descrizione"}, {300, 280, "Q.tà"}, {360, 280, "Prezzo"}, {480, 280, "Importo"},
		{40, 300, "Viti inox 6x40"}, {300, 300, "10"}, {360, 300, "12,00"}, {480, 300, "120,00"},
		{360, 360, "Imponibile"}, {480, 360, "120,00"},
		{360, 374, "IVA 22%"}, {480, 374, "26,40"},
		{360, 388, "Totale fattura"}, {480, 388, "146,40"},
	}
	for _, l := range lines {
		f.Text(l.x, l.y, tr(l.s))
	}
	var out bytes.Buffer
	if err := f.Output(&out); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestLetterheadImage(t *testing.T) {
	needOCR(t)
	out, err := engine.Extract(context.Background(), letterheadPDF(t), extract.Options{Locale: "it"})
	if err != nil {
		t.Fatal(err)
	}
	r := out.Result
	if r.Validation.IsScanned || out.Model != extract.ModelText {
		t.Errorf("is_scanned = %v, model %q: a digital page with a picture letterhead is not a scan", r.Validation.IsScanned, out.Model)
	}
	if r.Vendor.VATNumber == nil || strings.TrimPrefix(*r.Vendor.VATNumber, "IT") != "02468135799" {
		t.Errorf("vendor VAT = %v, want the one in the letterhead picture", show(r.Vendor.VATNumber))
	}
	if r.Buyer.VATNumber == nil || strings.TrimPrefix(*r.Buyer.VATNumber, "IT") != "01357924685" {
		t.Errorf("buyer VAT = %v, want the text layer's", show(r.Buyer.VATNumber))
	}
	if r.Financials.Total == nil || *r.Financials.Total != 146.40 {
		t.Errorf("total = %v", show(r.Financials.Total))
	}
	var noted bool
	for _, w := range r.Validation.Warnings {
		noted = noted || w.Code == extract.CodeOCRImageText && strings.Contains(w.Message, "vendor.vat_number")
	}
	if !noted {
		t.Errorf("no %s warning naming vendor.vat_number: %+v", extract.CodeOCRImageText, r.Validation.Warnings)
	}
	// With DeferOCR the document goes to the OCR workers.
	if _, err := engine.Extract(context.Background(), letterheadPDF(t), extract.Options{Locale: "it", DeferOCR: true}); !errors.Is(err, extract.ErrNeedsOCR) {
		t.Errorf("DeferOCR: err = %v, want ErrNeedsOCR", err)
	}
}

// TestScannedTurned reads sheets scanned turned by a quarter (the page is
// landscape and its text runs up or down) or upside down.
func TestScannedTurned(t *testing.T) {
	needOCR(t)
	s := testpdf.Generate(1)
	ctx := context.Background()
	imgs, err := scanReader.Images(ctx, s.PDF(), []pdf.ImageRequest{{Page: 1}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := imgs[0].Gray()
	if err != nil {
		t.Fatal(err)
	}
	g = halve(g)
	truth := s.Result()
	for _, quarters := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("%d°", 90*quarters), func(t *testing.T) {
			turned := g
			for range quarters {
				turned = quarterTurn(turned)
			}
			w, h := imgs[0].Box.X1, imgs[0].Box.Y1
			if quarters%2 == 1 {
				w, h = h, w
			}
			data, err := testpdf.ScannedPDF([]*image.Gray{turned}, w, h)
			if err != nil {
				t.Fatal(err)
			}
			out, err := engine.Extract(ctx, data, extract.Options{Locale: s.Lang})
			if err != nil {
				t.Fatal(err)
			}
			r := out.Result
			if r.Financials.Total == nil || *r.Financials.Total != *truth.Financials.Total {
				t.Errorf("total = %v, want %v", show(r.Financials.Total), *truth.Financials.Total)
			}
			if r.Invoice.Number == nil || *r.Invoice.Number != *truth.Invoice.Number {
				t.Errorf("number = %v, want %v", show(r.Invoice.Number), *truth.Invoice.Number)
			}
		})
	}
}

// quarterTurn turns a picture a quarter counter-clockwise: the top edge
// ends on the left.
func quarterTurn(g *image.Gray) *image.Gray {
	b := g.Bounds()
	out := image.NewGray(image.Rect(0, 0, b.Dy(), b.Dx()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.Pix[(b.Dx()-1-x)*out.Stride+y] = g.Pix[y*g.Stride+x]
		}
	}
	return out
}

// TestScannedOtherLanguage: a German invoice sent with the Italian hint is
// read again in German, its language.
func TestScannedOtherLanguage(t *testing.T) {
	needOCR(t)
	var s testpdf.Spec
	for seed := uint64(0); ; seed++ {
		if s = testpdf.Generate(seed); s.Lang == "de" {
			break
		}
	}
	out, err := engine.Extract(context.Background(), scanOf(t, s.PDF(), 0.3), extract.Options{Locale: "it"})
	if err != nil {
		t.Fatal(err)
	}
	var lang string
	for _, w := range out.Result.Validation.Warnings {
		if w.Code == extract.CodeOCRUsed {
			lang = w.Message
		}
	}
	if !strings.Contains(lang, "language deu") {
		t.Errorf("OCR_USED warning %q, want the page read in German (deu)", lang)
	}
	if out.Result.Financials.Total == nil || *out.Result.Financials.Total != *s.Result().Financials.Total {
		t.Errorf("total = %v, want %v", show(out.Result.Financials.Total), *s.Result().Financials.Total)
	}
}

// TestScannedPageTimeout: a scan whose only page passes the OCR time limit
// fails with a timeout, which the job retries, not with "no text".
func TestScannedPageTimeout(t *testing.T) {
	needOCR(t)
	eng, err := extract.New(extract.Config{PDF: pdf.Config{Instances: 1, Isolated: true, CacheDir: testCache()},
		OCR: ocr.Config{PageTimeout: time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	_, err = eng.Extract(context.Background(), scanOf(t, testpdf.Generate(4).PDF(), 0), extract.Options{})
	var xe *extract.Error
	if !errors.As(err, &xe) || xe.Code != extract.CodeTimeout || xe.Permanent || !errors.Is(err, ocr.ErrTimeout) {
		t.Errorf("err = %v, want a transient %s", err, extract.CodeTimeout)
	}
}

// TestLastTryGivesUp reads a hostile file from the shared bad input
// (pdf.js's operator-list cycle): its page has no text and shows drawings
// in forms that draw each other, so it is OCR'd as a last try, but pdfium
// never finishes rendering it. The try gives up within its budget and the
// document fails for good as one with no text, not as a timeout to retry.
func TestLastTryGivesUp(t *testing.T) {
	needOCR(t)
	data, err := os.ReadFile(filepath.Join(shared.Dir(t, "badinput"), "pdfjs_operator_list_cycle.pdf"))
	if err != nil {
		t.Skipf("the shared bad input lacks the file: %v", err)
	}
	start := time.Now()
	_, err = engine.Extract(context.Background(), data, extract.Options{})
	var xe *extract.Error
	if !errors.As(err, &xe) || xe.Code != extract.CodeNoText || !xe.Permanent {
		t.Errorf("err = %v, want a permanent %s", err, extract.CodeNoText)
	}
	t.Logf("ended in %v", time.Since(start))
}

// TestOCRModePerPage: Tesseract reads a page in sparse-text mode, and
// reads it again with its automatic layout when sparse text finds little
// it trusts; an invoice page is read once.
func TestOCRModePerPage(t *testing.T) {
	needOCR(t)
	e, err := ocr.New(ocr.Config{})
	if err != nil {
		t.Fatal(err)
	}
	f := fpdf.New("P", "pt", "A4", "")
	f.AddPage()
	f.SetFont("Helvetica", "", 16)
	f.Text(60, 120, "Quittung Nr. 7")
	f.Text(60, 150, "Betrag 12,50 EUR")
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	inv := testpdf.Generate(1)
	for _, tc := range []struct {
		name, locale string
		data         []byte
		reread       bool
		wantInText   string
	}{
		{"a note of a few words", "de", b.Bytes(), true, "Quittung"},
		{"an invoice", inv.Lang, inv.PDF(), false, ""},
	} {
		imgs, err := scanReader.Images(ctx, tc.data, []pdf.ImageRequest{{Page: 1}})
		if err != nil {
			t.Fatal(err)
		}
		res, err := e.Read(ctx, imgs[0], tc.locale)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if reread := res.Passes > 1; reread != tc.reread {
			t.Errorf("%s: read %d times (mode %s kept), want read again in layout mode: %v", tc.name, res.Passes, res.Mode, tc.reread)
		}
		if !tc.reread && res.Mode != "11" {
			t.Errorf("%s: mode %q kept, want sparse text (11)", tc.name, res.Mode)
		}
		var text []string
		for _, w := range res.Words {
			text = append(text, w.Text)
		}
		if !strings.Contains(strings.Join(text, " "), tc.wantInText) {
			t.Errorf("%s: read %q, want %q in it", tc.name, text, tc.wantInText)
		}
	}
}
