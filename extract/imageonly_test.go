package extract_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// imageOnlySeed is the generated invoice TestImageOnlyWritings writes as a
// picture: one page, Italian.
const imageOnlySeed = 1

// pagePicture renders the one page of a PDF at 300 dpi.
func pagePicture(t *testing.T, data []byte) (*image.Gray, float64, float64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	doc, err := scanReader.Read(ctx, data)
	if err != nil {
		t.Fatalf("read pdf to picture: %v", err)
	}
	if len(doc.Pages) != 1 {
		t.Fatalf("the invoice to picture has %d pages, want 1", len(doc.Pages))
	}
	imgs, err := scanReader.Images(ctx, data, []pdf.ImageRequest{{Page: 1}})
	if err != nil {
		t.Fatalf("render page: %v", err)
	}
	g, err := imgs[0].Gray()
	if err != nil {
		t.Fatalf("decode render: %v", err)
	}
	return g, doc.Pages[0].Width, doc.Pages[0].Height
}

// toolWriting writes a page picture into an image-only PDF with a program
// found on Debian; a writing whose program is missing is skipped (.ci/run
// installs them).
type toolWriting struct {
	name  string
	tools []string
	// write turns the picture files in dir (page.png, page.jpg, page.tif
	// in CCITT G4) into dir/out.pdf.
	args func(dir string) [][]string
}

var toolWritings = []toolWriting{
	{"img2pdf-jpeg", []string{"img2pdf"}, func(d string) [][]string {
		return [][]string{{"img2pdf", "--pagesize", "A4", d + "/page.jpg", "-o", d + "/out.pdf"}}
	}},
	{"img2pdf-ccitt-g4", []string{"img2pdf"}, func(d string) [][]string {
		return [][]string{{"img2pdf", "--pagesize", "A4", d + "/page.tif", "-o", d + "/out.pdf"}}
	}},
	{"tiff2pdf-ccitt-g4", []string{"tiff2pdf"}, func(d string) [][]string {
		return [][]string{{"tiff2pdf", "-o", d + "/out.pdf", d + "/page.tif"}}
	}},
	// Debian's ImageMagick policy refuses its PDF coder; EPDF is the same
	// writer under another name.
	{"imagemagick", []string{"convert"}, func(d string) [][]string {
		return [][]string{{"convert", d + "/page.png", "-units", "PixelsPerInch", "-density", "300", "EPDF:" + d + "/out.pdf"}}
	}},
	{"ghostscript", []string{"gs"}, func(d string) [][]string {
		return [][]string{{"gs", "-q", "-dNOSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-sPAPERSIZE=a4",
			"-o", d + "/out.pdf", d + "/draw.ps"}}
	}},
	{"cairo", []string{"pdftocairo", "img2pdf"}, func(d string) [][]string {
		return [][]string{
			{"img2pdf", "--pagesize", "A4", d + "/page.png", "-o", d + "/in.pdf"},
			{"pdftocairo", "-pdf", d + "/in.pdf", d + "/out.pdf"},
		}
	}},
	{"libreoffice", []string{"soffice"}, func(d string) [][]string {
		return [][]string{
			{"soffice", "-env:UserInstallation=file://" + d + "/lo", "--headless", "--convert-to", "pdf", "--outdir", d + "/lo-out", d + "/page.jpg"},
			{"mv", d + "/lo-out/page.pdf", d + "/out.pdf"},
		}
	}},
}

// TestImageOnlyWritings writes the picture of a generated invoice into an
// image-only PDF in every way of testpdf.ImageWritings and with the Debian
// programs that write such files (img2pdf, ImageMagick, Ghostscript,
// cairo, LibreOffice, libtiff's tiff2pdf, in JPEG, Flate and CCITT G4), and
// reads each: each must complete by OCR with the invoice number and the
// total right.
func TestImageOnlyWritings(t *testing.T) {
	needOCR(t)
	if testing.Short() {
		t.Skip("OCR of image-only PDFs takes a while")
	}
	s := testpdf.Generate(imageOnlySeed)
	want := s.Result()
	if want.Invoice.Number == nil || want.Financials.Total == nil {
		t.Fatal("the generated invoice has no number or total")
	}
	g, width, height := pagePicture(t, s.PDF())
	dir := t.TempDir()
	writePictures(t, dir, g)

	type attempt struct {
		name string
		data []byte
	}
	var attempts []attempt
	for _, how := range testpdf.ImageWritings {
		data, err := testpdf.ImagePDF(g, width, height, how)
		if err != nil {
			t.Fatal(err)
		}
		attempts = append(attempts, attempt{string(how), data})
	}
	for _, tw := range toolWritings {
		data, skip := runWriting(t, dir, tw)
		if skip != "" {
			t.Logf("%s: skipped: %s", tw.name, skip)
			continue
		}
		attempts = append(attempts, attempt{tw.name, data})
	}

	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, a := range attempts {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			out, err := engine.Extract(context.Background(), a.data, extract.Options{Locale: s.Lang})
			if err != nil {
				t.Errorf("%s: %v", a.name, err)
				return
			}
			r := out.Result
			if !r.Validation.IsScanned || out.Model != extract.ModelOCR {
				t.Errorf("%s: is_scanned %v, model %q; want OCR", a.name, r.Validation.IsScanned, out.Model)
			}
			if r.Invoice.Number == nil || *r.Invoice.Number != *want.Invoice.Number {
				t.Errorf("%s: invoice number %s, want %q", a.name, strp(r.Invoice.Number), *want.Invoice.Number)
			}
			if r.Financials.Total == nil || math.Abs(*r.Financials.Total-*want.Financials.Total) > 0.005 {
				t.Errorf("%s: total %s, want %.2f", a.name, floatp(r.Financials.Total), *want.Financials.Total)
			}
		})
	}
	wg.Wait()
}

// writePictures writes g into dir as page.png, page.jpg and page.tif (a
// bilevel CCITT G4 TIFF, when ImageMagick is here).
func writePictures(t *testing.T, dir string, g *image.Gray) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, g); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "page.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pngPath := filepath.Join(dir, "page.png")
	b := g.Bounds()
	if err := os.WriteFile(filepath.Join(dir, "draw.ps"), []byte(drawJPEG(dir, b.Dx(), b.Dy())), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("convert"); err != nil {
		return
	}
	for _, args := range [][]string{
		{"convert", pngPath, "-units", "PixelsPerInch", "-density", "300", "-quality", "85", filepath.Join(dir, "page.jpg")},
		{"convert", pngPath, "-units", "PixelsPerInch", "-density", "300", "-threshold", "60%", "-compress", "Group4", filepath.Join(dir, "page.tif")},
	} {
		if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
}

// runWriting runs the programs of tw and returns the PDF they wrote, or
// why the writing was skipped.
func runWriting(t *testing.T, dir string, tw toolWriting) ([]byte, string) {
	t.Helper()
	for _, tool := range append([]string{"convert"}, tw.tools...) {
		if _, err := exec.LookPath(tool); err != nil {
			return nil, tool + " is not installed"
		}
	}
	os.Remove(filepath.Join(dir, "out.pdf"))
	for _, args := range tw.args(dir) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		out, err := exec.CommandContext(ctx, args[0], args[1:]...).CombinedOutput()
		cancel()
		if err != nil {
			t.Fatalf("%s: %v: %v\n%s", tw.name, args, err, out)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "out.pdf"))
	if err != nil {
		t.Fatalf("%s: %v", tw.name, err)
	}
	return data, ""
}

// drawJPEG is a PostScript program that draws the JPEG file page.jpg of
// w × h pixels over an A4 page, as Ghostscript's viewjpeg.ps does: the DCT
// stream goes into the PDF as it is.
func drawJPEG(dir string, w, h int) string {
	return fmt.Sprintf(`/f (%s/page.jpg) (r) file def
595 842 scale
/DeviceGray setcolorspace
<< /ImageType 1 /Width %d /Height %d /BitsPerComponent 8
   /Decode [0 1] /ImageMatrix [%d 0 0 -%d 0 %d]
   /DataSource f /DCTDecode filter >> image
showpage
`, dir, w, h, w, h, h)
}

func strp(s *string) string {
	if s == nil {
		return "null"
	}
	return "\"" + *s + "\""
}

func floatp(f *float64) string {
	if f == nil {
		return "null"
	}
	return fmt.Sprintf("%.2f", *f)
}
