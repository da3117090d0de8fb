package pdf

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
)

// TestInvisibleTextIsDropped plants values where no reader sees them:
// outside the page box and in a 0.5 pt font. They must not reach the words.
func TestInvisibleTextIsDropped(t *testing.T) {
	f := newDoc()
	f.AddPage()
	f.SetFont("Helvetica", "", 11)
	f.Text(60, 80, "Fattura n. 12 del 15/03/2026")
	f.Text(60, 100, "Totale documento 122,00")
	f.Text(700, 120, "IBAN IT60X0542811101000000123456") // right of the page
	f.Text(60, -40, "Totale documento 9999,00")          // above the page
	f.SetFontSize(0.5)
	f.Text(60, 140, "Partita IVA 01234567897")
	doc := read(t, render(t, f))
	var text []string
	for _, w := range doc.Pages[0].Words {
		text = append(text, w.Text)
	}
	all := strings.Join(text, " ")
	for _, hidden := range []string{"IT60X0542811101000000123456", "9999,00", "01234567897"} {
		if strings.Contains(all, hidden) {
			t.Errorf("invisible %q was read: %s", hidden, all)
		}
	}
	if !strings.Contains(all, "122,00") {
		t.Errorf("visible text lost: %s", all)
	}
}

// wordsOf reads data and returns the first page's words joined by spaces.
func wordsOf(t *testing.T, r *Reader, data []byte) string {
	t.Helper()
	doc, err := r.Read(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, w := range doc.Pages[0].Words {
		text = append(text, w.Text)
	}
	return strings.Join(text, " ")
}

// TestPaintedInvisibleIsDropped plants values in white on the white page
// and in render mode 3 on a page without images: no reader sees them. White
// text on a dark band is visible and kept, and so is the invisible text
// layer over a searchable scan's picture. The in-process and the isolated
// reader must agree.
func TestPaintedInvisibleIsDropped(t *testing.T) {
	white := newDoc()
	white.AddPage()
	white.SetFont("Helvetica", "", 11)
	white.Text(60, 80, "Totale documento 122,00")
	white.SetTextColor(255, 255, 255)
	white.Text(60, 100, "Totale documento 9999,00")
	white.SetFillColor(30, 40, 90)
	white.Rect(50, 127, 300, 18, "F")
	white.Text(60, 140, "Descrizione Importo")
	white.SetFillColor(250, 250, 250)
	white.Rect(50, 167, 300, 18, "F") // a white band does not make white text visible
	white.Text(60, 180, "IBAN IT60X0542811101000000123456")

	invisible := newDoc()
	invisible.AddPage()
	invisible.SetFont("Helvetica", "", 11)
	invisible.Text(60, 80, "Totale documento 122,00")
	invisible.SetTextRenderingMode(3)
	invisible.Text(60, 100, "Totale documento 9999,00")
	invisible.SetTextRenderingMode(0)
	invisible.SetAlpha(0, "Normal")
	invisible.Text(60, 120, "Partita IVA 09876543217")
	invisible.SetAlpha(1, "Normal")

	scan := newDoc()
	scan.AddPage()
	scan.SetFont("Helvetica", "", 11)
	addGreyImage(t, scan, 0, 0, 595, 842)
	scan.SetTextRenderingMode(3)
	scan.Text(60, 100, "Totale documento 122,00")

	cases := []struct {
		name     string
		data     []byte
		want     []string
		unwanted []string
	}{
		{"white", render(t, white), []string{"122,00", "Descrizione", "Importo"}, []string{"9999,00", "IT60X0542811101000000123456"}},
		{"invisible", render(t, invisible), []string{"122,00"}, []string{"9999,00", "09876543217"}},
		{"searchable scan", render(t, scan), []string{"Totale", "122,00"}, nil},
	}
	readers := map[string]*Reader{"in process": shared, "isolated": openIsolated(t, Config{Instances: 1})}
	for rname, r := range readers {
		for _, tc := range cases {
			all := wordsOf(t, r, tc.data)
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("%s, %s: visible %q lost: %s", rname, tc.name, w, all)
				}
			}
			for _, w := range tc.unwanted {
				if strings.Contains(all, w) {
					t.Errorf("%s, %s: invisible %q was read: %s", rname, tc.name, w, all)
				}
			}
		}
	}
}

// addGreyImage draws a light grey picture over the given box.
func addGreyImage(t *testing.T, f *fpdf.Fpdf, x, y, w, h float64) {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 60, 80))
	for i := range img.Pix {
		img.Pix[i] = 230
	}
	img.SetGray(5, 5, color.Gray{Y: 0})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	f.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, &buf)
	f.ImageOptions("scan", x, y, w, h, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
}

// TestOverprintedIsReadOnce draws a letterhead three times in the same
// place, once shifted by a fraction of a point, as programs embolden text
// or draw a form again: it is read once, and bold. The same words printed
// apart are kept.
func TestOverprintedIsReadOnce(t *testing.T) {
	form := "BT /F1 11 Tf 60 700 Td (Rossi Forniture GmbH 10115 Berlin) Tj ET"
	content := "q /Fm1 Do Q q /Fm1 Do Q q 1 0 0 1 0.3 0 cm /Fm1 Do Q " +
		"BT /F1 11 Tf 60 650 Td (Rossi Forniture GmbH) Tj ET BT /F1 11 Tf 300 650 Td (Rossi Forniture GmbH) Tj ET"
	data := rawPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> /XObject << /Fm1 6 0 R >> >> /Contents 4 0 R >>",
		stream("", []byte(content)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		stream("/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >>", []byte(form)),
	)
	doc := read(t, data)
	count := map[string]int{}
	for _, w := range doc.Pages[0].Words {
		count[w.Text]++
		if w.Text == "Berlin" && !w.Bold {
			t.Errorf("the overprinted word is not bold: %+v", w)
		}
	}
	if count["Berlin"] != 1 || count["10115"] != 1 {
		t.Errorf("overprinted words read %d and %d times, want once", count["Berlin"], count["10115"])
	}
	if count["Rossi"] != 3 {
		t.Errorf("Rossi read %d times, want 3 (once overprinted, twice apart)", count["Rossi"])
	}
}
