package pdf

import (
	"bytes"
	"compress/zlib"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
)

// shared is the Reader used by all tests; pool start-up is too slow to repeat.
var shared *Reader

func TestMain(m *testing.M) {
	ServeIfChild() // isolated readers re-execute this test binary
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	r, err := Open(Config{CacheDir: testCacheDir()})
	if err != nil {
		fmt.Fprintln(os.Stderr, "open reader:", err)
		return 1
	}
	shared = r
	defer r.Close()
	return m.Run()
}

func testCacheDir() string {
	return filepath.Join(os.TempDir(), "invex-pdf-wazero-cache")
}

// newDoc returns an fpdf document measured in points, with compression off so
// failures are easy to inspect.
func newDoc() *fpdf.Fpdf {
	f := fpdf.New("P", "pt", "A4", "")
	f.SetCompression(false)
	return f
}

// render finishes f and returns its bytes.
func render(t testing.TB, f *fpdf.Fpdf) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatalf("render pdf: %v", err)
	}
	return buf.Bytes()
}

// invoicePDF is a one-page invoice in core Helvetica with WinAnsi encoding:
// a 16 pt bold heading at y=100 and two 12 pt regular lines below it.
func invoicePDF(t testing.TB) []byte {
	return render(t, invoiceDoc(1))
}

func invoiceDoc(pages int) *fpdf.Fpdf {
	f := newDoc()
	tr := f.UnicodeTranslatorFromDescriptor("cp1252")
	for range pages {
		f.AddPage()
		f.SetFont("Helvetica", "B", 16)
		f.Text(72, 100, tr("Società Caffè Ragù"))
		f.SetFont("Helvetica", "", 12)
		f.Text(72, 160, tr("Fattura n. 12/2026"))
		f.Text(72, 200, tr("Totale € 1.234,56"))
	}
	return f
}

// read reads data with the shared reader and fails the test on error.
func read(t testing.TB, data []byte) *Document {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	doc, err := shared.Read(ctx, data)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return doc
}

// rawPDF assembles a PDF from object bodies (object i+1 is objs[i]) with a
// correct xref table; object 1 must be the catalog.
func rawPDF(objs ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// stream is a PDF stream object holding data, with extra dictionary entries.
func stream(dict string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// onePagePDF is a single page with the given page dictionary entries and
// content stream, using Helvetica as /F1.
func onePagePDF(pageDict, content string) []byte {
	return rawPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R "+pageDict+
			" /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		stream("", []byte(content)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
	)
}

// deflate compresses b for a /FlateDecode stream.
func deflate(b []byte) []byte {
	var buf bytes.Buffer
	z := zlib.NewWriter(&buf)
	z.Write(b)
	z.Close()
	return buf.Bytes()
}

// fanoutPDF is a small page that pdfium needs exponential time for: form
// /X1 draws /X2 twice, /X2 draws /X3 twice, and so on, depth levels deep,
// and the last form shows one character. At depth 12 a read takes ~5 s, at
// 16 more than 20 s; deeper ones exhaust the memory limit.
func fanoutPDF(depth int) []byte {
	res := "<< /Font << /F1 5 0 R >> /XObject <<"
	for i := 1; i <= depth; i++ {
		res += fmt.Sprintf(" /X%d %d 0 R", i, 6+i)
	}
	res += " >> >>"
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources 6 0 R /Contents 4 0 R >>",
		stream("", []byte("/X1 Do")),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		res,
	}
	for i := 1; i <= depth; i++ {
		body := fmt.Sprintf("/X%d Do /X%d Do", i+1, i+1)
		if i == depth {
			body = "BT /F1 1 Tf 10 10 Td (x) Tj ET"
		}
		objs = append(objs, stream("/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources 6 0 R", []byte(body)))
	}
	return rawPDF(objs...)
}
