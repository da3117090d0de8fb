// Package hostile builds the project's own broken and hostile documents,
// which complement the public ones in ../shared/badinput: each is made in
// code here, written to testdata/hostile by "go run
// ./internal/hostile/genhostile", and has its expected outcome at the API
// in Files. Tests read the committed files.
package hostile

import (
	"archive/zip"
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// Outcomes at the API, as in ../shared/badinput/README.md.
const (
	// R422: refused at upload with 422 and a machine code.
	R422 = "R422"
	// Fail: accepted, and the job fails with Want.Code.
	Fail = "FAIL"
	// Complete: accepted and completed; Want.Total, when set, is the total
	// the service must read.
	Complete = "COMPLETE"
	// End: accepted and ends, completed with no invented values or failed
	// with a clear code.
	End = "END"
)

// Want is the expected outcome of one file.
type Want struct {
	Outcome string
	// Code is the error code: the problem's code for R422, the job's for
	// Fail.
	Code string
	// Total is the invoice total a completed job must hold (0: none
	// expected); NoTotal means the total must be null.
	Total float64
	// Absent lists strings no value of a completed job may contain: text
	// planted where no reader sees it.
	Absent []string
}

// NoTotal as Want.Total means a completed job must have no total.
const NoTotal = -1

// File is one crafted document.
type File struct {
	Name string
	Why  string
	Want Want
	// Make builds the document.
	Make func() ([]byte, error)
	// Any marks a file of another kind than PDF, uploaded to POST
	// /v1/extract; the others go to POST /v1/extract/invoice.
	Any bool
}

// Files lists the crafted documents with their expected outcomes: PDFs,
// then the other kinds (documents.go).
func Files() []File {
	return append(pdfs(), documents()...)
}

// pdfs are the crafted PDFs, uploaded to POST /v1/extract/invoice.
func pdfs() []File {
	return []File{
		{"header-only.pdf", "nothing but a %PDF- header line: no object, so no document, refused at upload",
			Want{Outcome: R422, Code: "invalid_pdf"}, constant("%PDF-1.7\n"), false},
		{"garbage-after-header.pdf", "a valid header and binary comment followed by 4 KiB of random bytes, without one object",
			Want{Outcome: R422, Code: "invalid_pdf"}, garbage, false},
		{"html.pdf", "an HTML page named .pdf, with %PDF- inside it",
			Want{Outcome: R422, Code: "invalid_pdf"},
			constant("<!DOCTYPE html>\n<html><body><p>%PDF-1.4 Fattura n. 1 Totale 100,00</p></body></html>\n"), false},
		{"zip.pdf", "a ZIP archive (stored, so the inner %PDF- header is in the first 1024 bytes) named .pdf",
			Want{Outcome: R422, Code: "invalid_pdf"}, zipped, false},
		{"jpeg-renamed.pdf", "a JPEG photo renamed .pdf",
			Want{Outcome: R422, Code: "invalid_pdf"}, jpegFile, false},
		{"truncated-xref.pdf", "an invoice cut off in the middle of its xref table, with no trailer: pdfium refuses it",
			Want{Outcome: Fail, Code: "pdf_corrupt"}, truncatedXref, false},
		{"deep-nesting.pdf", "a page dictionary holding 50,000 nested arrays",
			Want{Outcome: End}, deepNesting, false},
		{"flate-bomb.pdf", "a page whose content stream is Flate inside Flate: 5 KiB that inflate to 1 GiB of spaces",
			Want{Outcome: Fail, Code: "decompressed_size_limit"}, flateBomb, false},
		{"image-bomb.pdf", "a page that is one 40000×40000 greyscale image (1.6 gigapixels) in 2 KiB: it needs OCR, and decoding it is refused",
			Want{Outcome: Fail, Code: "render_size_limit"}, imageBomb, false},
		{"pages-10000.pdf", "10,000 empty pages (all in one compressed object stream, so the file is small)",
			Want{Outcome: Fail, Code: "page_limit"}, manyPages, false},
		{"encrypted-user-password.pdf", "an invoice encrypted (RC4) with the user password \"secret\"",
			Want{Outcome: Fail, Code: "pdf_encrypted"}, encrypted("secret"), false},
		{"encrypted-owner-only.pdf", "an invoice encrypted with an owner password only: it opens without a password",
			Want{Outcome: Complete, Total: 122}, encrypted(""), false},
		{"javascript.pdf", "an invoice with document JavaScript, an OpenAction script, a URI and a Launch action",
			Want{Outcome: Complete, Total: 122}, javascript, false},
		{"facturx-xxe.pdf", "an invoice carrying factur-x.xml with an external entity (XXE) and a billion-laughs entity bomb: the XML is refused, the printed page is read",
			Want{Outcome: Complete, Total: 122, Absent: []string{"root:", "lol"}}, facturxXXE, false},
		{"incremental-total.pdf", "an invoice for 100,00 with an appended incremental update whose page shows 999,00: the final revision, what a viewer shows, is read",
			Want{Outcome: Complete, Total: 999}, incrementalTotal, false},
		{"white-text.pdf", "an invoice with a total, IBAN and VAT number in white text on the white page",
			Want{Outcome: Complete, Total: 122, Absent: []string{"9999", "IT60X0542811101000000123456", "09876543217"}}, whiteText, false},
		{"invisible-text.pdf", "an invoice with a total in text render mode 3 (invisible) on a page without any image",
			Want{Outcome: Complete, Total: 122, Absent: []string{"9999"}}, invisibleText, false},
		{"white-on-dark.pdf", "an invoice whose table header and total row are white text on dark filled rectangles (visible)",
			Want{Outcome: Complete, Total: 122}, whiteOnDark, false},
	}
}

// Write writes every file into dir.
func Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write hostile files: %w", err)
	}
	for _, f := range Files() {
		data, err := f.Make()
		if err != nil {
			return fmt.Errorf("make %s: %w", f.Name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), data, 0o644); err != nil {
			return fmt.Errorf("write hostile files: %w", err)
		}
	}
	return nil
}

// Dir returns testdata/hostile of the module that holds the working
// directory, or "" when it is not found.
func Dir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "hostile")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func constant(s string) func() ([]byte, error) {
	return func() ([]byte, error) { return []byte(s), nil }
}

func garbage() ([]byte, error) {
	rng := rand.New(rand.NewPCG(6, 6))
	b := []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	for range 4096 {
		b = append(b, byte(rng.UintN(256)))
	}
	return b, nil
}

func zipped() ([]byte, error) {
	inner, err := invoice(nil)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "invoice.pdf", Method: zip.Store, Modified: fixedTime})
	if err != nil {
		return nil, err
	}
	w.Write(inner)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func jpegFile() ([]byte, error) {
	img := image.NewGray(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			img.SetGray(x, y, color.Gray{Y: uint8(x * 4)})
		}
	}
	var buf bytes.Buffer
	err := jpeg.Encode(&buf, img, nil)
	return buf.Bytes(), err
}

var fixedTime = time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)

// newDoc is an A4 document in points, uncompressed, with fixed dates.
func newDoc() *fpdf.Fpdf {
	f := fpdf.New("P", "pt", "A4", "")
	f.SetCompression(false)
	f.SetCreationDate(fixedTime)
	f.SetModificationDate(fixedTime)
	f.SetCatalogSort(true)
	return f
}

// invoiceLines are the visible lines of the crafted invoice; its total is
// 122,00.
var invoiceLines = []string{
	"Rossi Forniture S.r.l.",
	"Via Roma 1, 20135 Milano (MI)",
	"Partita IVA 01234567897",
	"",
	"Spett.le Bianchi S.p.A.",
	"Via Cernaia 8, 10121 Torino (TO)",
	"P.IVA 12345678903",
	"",
	"FATTURA N. 7 del 15/03/2026",
	"",
	"Descrizione                 Importo",
	"Consulenza tecnica          100,00",
	"",
	"Imponibile 100,00",
	"IVA 22% 22,00",
	"Totale documento EUR 122,00",
}

// invoice draws the crafted invoice; extra, when set, draws more on the
// page afterwards.
func invoice(extra func(f *fpdf.Fpdf)) ([]byte, error) {
	f := newDoc()
	invoicePage(f)
	if extra != nil {
		extra(f)
	}
	return output(f)
}

func invoicePage(f *fpdf.Fpdf) {
	f.AddPage()
	f.SetFont("Helvetica", "", 11)
	for i, l := range invoiceLines {
		if l != "" {
			f.Text(60, 80+float64(i)*18, l)
		}
	}
}

func output(f *fpdf.Fpdf) ([]byte, error) {
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func truncatedXref() ([]byte, error) {
	b, err := invoice(nil)
	if err != nil {
		return nil, err
	}
	i := bytes.LastIndex(b, []byte("\nxref"))
	if i < 0 {
		return nil, fmt.Errorf("no xref")
	}
	return b[:i+40], nil // the header and a couple of entries
}

func deepNesting() ([]byte, error) {
	const depth = 50_000
	nest := strings.Repeat("[", depth) + strings.Repeat("]", depth)
	return (&writer{}).simple(fmt.Sprintf("/Deep %s", nest), "BT /F1 11 Tf 60 760 Td (Nested) Tj ET"), nil
}

func flateBomb() ([]byte, error) {
	var inner bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&inner, zlib.BestSpeed)
	zw.Write([]byte("BT /F1 11 Tf 60 760 Td (Bomb) Tj ET\n"))
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for range 1024 {
		zw.Write(chunk)
	}
	zw.Close()
	var outer bytes.Buffer
	zw, _ = zlib.NewWriterLevel(&outer, zlib.BestCompression)
	io.Copy(zw, &inner)
	zw.Close()
	w := &writer{}
	return w.build([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		streamObj(fmt.Sprintf("/Filter [/FlateDecode /FlateDecode] /Length %d", outer.Len()), outer.Bytes()),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}), nil
}

func imageBomb() ([]byte, error) {
	// A few rows of the image; the stream ends long before the declared
	// size, which pdfium would fill in while decoding.
	img := zlibBytes(make([]byte, 40_000*8))
	w := &writer{}
	return w.build([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
		streamObj("/Length 31", []byte("q 595 0 0 842 0 0 cm /Im1 Do Q")),
		streamObj(fmt.Sprintf("/Type /XObject /Subtype /Image /Width 40000 /Height 40000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length %d", len(img)), img),
	}), nil
}

func manyPages() ([]byte, error) {
	const pages = 10_000
	// Objects: 1 catalog, 2 pages node, 3 object stream, 4 xref stream,
	// 5.. pages (inside the object stream).
	var kids strings.Builder
	var objs []string
	for i := range pages {
		fmt.Fprintf(&kids, "%d 0 R ", 5+i)
		objs = append(objs, "<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>")
	}
	var head, body bytes.Buffer
	for i, o := range objs {
		fmt.Fprintf(&head, "%d %d ", 5+i, body.Len())
		body.WriteString(o)
		body.WriteByte('\n')
	}
	objStm := zlibBytes(append(head.Bytes(), body.Bytes()...))
	w := &writer{}
	w.b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	off := map[int]int{}
	add := func(n int, s string) {
		off[n] = w.b.Len()
		fmt.Fprintf(&w.b, "%d 0 obj\n%s\nendobj\n", n, s)
	}
	add(1, "<< /Type /Catalog /Pages 2 0 R >>")
	add(2, fmt.Sprintf("<< /Type /Pages /Count %d /Kids [%s] >>", pages, kids.String()))
	add(3, streamObj(fmt.Sprintf("/Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d", pages, head.Len(), len(objStm)), objStm))
	// The xref stream: type 1 for objects 0-4, type 2 for the pages.
	var xr bytes.Buffer
	entry := func(t byte, a uint32, b uint16) {
		xr.WriteByte(t)
		xr.Write([]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)})
		xr.Write([]byte{byte(b >> 8), byte(b)})
	}
	xrefOff := w.b.Len()
	entry(0, 0, 65535)
	for n := 1; n <= 3; n++ {
		entry(1, uint32(off[n]), 0)
	}
	entry(1, uint32(xrefOff), 0)
	for i := range pages {
		entry(2, 3, uint16(i))
	}
	xs := zlibBytes(xr.Bytes())
	fmt.Fprintf(&w.b, "4 0 obj\n%s\nendobj\n", streamObj(fmt.Sprintf("/Type /XRef /Size %d /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length %d", 5+pages, len(xs)), xs))
	fmt.Fprintf(&w.b, "startxref\n%d\n%%%%EOF\n", xrefOff)
	return w.b.Bytes(), nil
}

func zlibBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&buf, zlib.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

func streamObj(dict string, data []byte) string {
	return fmt.Sprintf("<< %s >>\nstream\n%s\nendstream", dict, data)
}

func encrypted(user string) func() ([]byte, error) {
	return func() ([]byte, error) {
		f := newDoc()
		f.SetProtection(fpdf.CnProtectPrint, user, "owner-6")
		invoicePage(f)
		return output(f)
	}
}

func javascript() ([]byte, error) {
	return invoice(func(f *fpdf.Fpdf) {
		f.SetJavascript("app.alert('hello'); this.submitForm('http://127.0.0.1:9/leak'); app.launchURL('http://127.0.0.1:9/x', true);")
		f.LinkString(60, 400, 200, 20, "http://127.0.0.1:9/uri-action")
	})
}

// xxeXML is a Factur-X document whose DOCTYPE declares an external entity
// and an exponential entity bomb, both used in values.
const xxeXML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE rsm:CrossIndustryInvoice [
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>&xxe;</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260315</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>&lol9;</ram:Name></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Bianchi S.p.A.</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">22.00</ram:TaxTotalAmount><ram:GrandTotalAmount>122.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount>122.00</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`

func facturxXXE() ([]byte, error) {
	w := &writer{}
	content := invoiceContent()
	return w.build([]string{
		"<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 6 0 R] >> >> /AF [6 0 R] >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		streamObj(fmt.Sprintf("/Length %d", len(content)), []byte(content)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /AFRelationship /Data /EF << /F 7 0 R >> >>",
		streamObj(fmt.Sprintf("/Type /EmbeddedFile /Subtype /text#2Fxml /Length %d", len(xxeXML)), []byte(xxeXML)),
	}), nil
}

// invoiceContent is a content stream showing invoiceLines in Helvetica
// (font /F1).
func invoiceContent() string {
	var b strings.Builder
	b.WriteString("BT /F1 11 Tf 14 TL 60 780 Td\n")
	for _, l := range invoiceLines {
		fmt.Fprintf(&b, "(%s) '\n", strings.NewReplacer("(", "\\(", ")", "\\)").Replace(l))
	}
	b.WriteString("ET")
	return b.String()
}

func incrementalTotal() ([]byte, error) {
	w := &writer{}
	content := func(total string) string {
		return fmt.Sprintf("BT /F1 11 Tf 60 760 Td (Rossi Forniture S.r.l.) Tj 0 -18 Td (Partita IVA 01234567897) Tj "+
			"0 -36 Td (FATTURA N. 7 del 15/03/2026) Tj 0 -36 Td (Totale documento EUR %s) Tj ET", total)
	}
	base := w.simple("", content("100,00"))
	// The update: a new content stream for the page (object 4), appended
	// with its own xref section pointing back at the first.
	prev := bytes.LastIndex(base, []byte("startxref"))
	var prevOff int
	fmt.Sscanf(string(base[prev+len("startxref"):]), "%d", &prevOff)
	var b bytes.Buffer
	b.Write(base)
	off := b.Len()
	c := content("999,00")
	fmt.Fprintf(&b, "4 0 obj\n<< /Length %d >>\nstream\n%s\nendstream\nendobj\n", len(c), c)
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n4 1\n%010d 00000 n \ntrailer\n<< /Size 6 /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n", off, prevOff, xref)
	return b.Bytes(), nil
}

// planted draws values where a reader does not see them, for the rules
// about invisible text.
func whiteText() ([]byte, error) {
	return invoice(func(f *fpdf.Fpdf) {
		f.SetTextColor(255, 255, 255)
		f.Text(60, 420, "Totale documento EUR 9999,00")
		f.Text(60, 440, "IBAN IT60X0542811101000000123456")
		f.Text(300, 116, "Partita IVA 09876543217")
	})
}

func invisibleText() ([]byte, error) {
	return invoice(func(f *fpdf.Fpdf) {
		f.SetTextRenderingMode(3)
		f.Text(60, 420, "Totale documento EUR 9999,00")
		f.SetTextRenderingMode(0)
	})
}

func whiteOnDark() ([]byte, error) {
	f := newDoc()
	f.AddPage()
	f.SetFont("Helvetica", "", 11)
	for i, l := range invoiceLines[:10] {
		if l != "" {
			f.Text(60, 80+float64(i)*18, l)
		}
	}
	dark := func(y float64) {
		f.SetFillColor(30, 40, 90)
		f.Rect(50, y-13, 400, 18, "F")
		f.SetTextColor(255, 255, 255)
	}
	dark(280)
	f.Text(60, 280, "Descrizione")
	f.Text(330, 280, "Importo")
	f.SetTextColor(0, 0, 0)
	f.Text(60, 300, "Consulenza tecnica")
	f.Text(330, 300, "100,00")
	f.Text(60, 330, "Imponibile 100,00")
	f.Text(60, 348, "IVA 22% 22,00")
	dark(372)
	f.Text(60, 372, "Totale documento EUR 122,00")
	return output(f)
}

// writer assembles small PDF files by hand.
type writer struct{ b bytes.Buffer }

// simple is a one-page document whose page dictionary carries extra and
// whose content stream is content.
func (w *writer) simple(extra, content string) []byte {
	return w.build([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R " + extra + " >>",
		streamObj(fmt.Sprintf("/Length %d", len(content)), []byte(content)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
	})
}

// build writes objects 1..n with a classic xref table; object 1 is the
// catalog.
func (w *writer) build(objs []string) []byte {
	w.b.Reset()
	w.b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = w.b.Len()
		fmt.Fprintf(&w.b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := w.b.Len()
	fmt.Fprintf(&w.b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&w.b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&w.b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return bytes.Clone(w.b.Bytes())
}
