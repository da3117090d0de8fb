package pdf

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	sharedfiles "github.com/invex/invex/internal/shared"
)

// Limits of the reader under fuzzing: small, so that one input stays cheap.
const (
	fuzzTimeout  = 10 * time.Second
	fuzzMaxPages = 50
	// fuzzMaxSeed skips bigger files as seeds; mutating them is slow and
	// the corpus's large files are covered by TestBadInput.
	fuzzMaxSeed = 256 << 10
)

// FuzzRead checks the PDF reading boundary: any bytes sent to an isolated
// reader (a pdfium child process) come back as a well-formed Document or as
// an error wrapping one of the package's sentinels, within the time limit;
// a child that crashes or loops is replaced and the next read works.
//
// Seeds are the producers' fixtures, the shared bad-input corpus (read in
// place when ../shared is there), and crafted documents: header only,
// garbage after a valid header, truncated, deeply nested, a flate bomb,
// too many pages.
func FuzzRead(f *testing.F) {
	for _, s := range pdfSeeds(f) {
		f.Add(s)
	}
	r := openIsolated(f, Config{Instances: 1, Timeout: fuzzTimeout, MaxPages: fuzzMaxPages})
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*fuzzTimeout)
		defer cancel()
		doc, err := r.Read(ctx, data)
		if err != nil {
			if ctx.Err() != nil {
				t.Fatalf("read did not end within its own limit of %v: %v", fuzzTimeout, err)
			}
			if errors.Is(err, ErrClosed) || !isSentinel(err) {
				t.Fatalf("Read error wraps no sentinel: %v", err)
			}
			return
		}
		checkDocument(t, doc)
	})
}

// checkDocument fails t when doc breaks an invariant of Document.
func checkDocument(t *testing.T, doc *Document) {
	t.Helper()
	if len(doc.Pages) > fuzzMaxPages {
		t.Fatalf("%d pages, over the limit of %d", len(doc.Pages), fuzzMaxPages)
	}
	finite := func(vs ...float64) bool {
		for _, v := range vs {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return false
			}
		}
		return true
	}
	for i, p := range doc.Pages {
		if p.Number != i+1 {
			t.Fatalf("page %d numbered %d", i+1, p.Number)
		}
		if !finite(p.Width, p.Height) {
			t.Fatalf("page %d size %v×%v", p.Number, p.Width, p.Height)
		}
		for _, w := range p.Words {
			if !utf8.ValidString(w.Text) || !finite(w.Box.X0, w.Box.Y0, w.Box.X1, w.Box.Y1, w.FontSize) {
				t.Fatalf("page %d: bad word %+v", p.Number, w)
			}
		}
		for _, l := range p.Lines {
			p.LineText(l) // must not panic on any line the reader built
		}
	}
}

// pdfSeeds returns the seed documents of FuzzRead.
func pdfSeeds(tb testing.TB) [][]byte {
	tb.Helper()
	var seeds [][]byte
	add := func(pattern string) {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			st, err := os.Stat(file)
			if err != nil || st.Size() > fuzzMaxSeed {
				continue
			}
			b, err := os.ReadFile(file)
			if err != nil {
				tb.Fatalf("read seed: %v", err)
			}
			seeds = append(seeds, b)
		}
	}
	add(filepath.Join("testdata", "producers", "*.pdf"))
	if root := sharedfiles.Root(); root != "" {
		add(filepath.Join(root, "badinput", "*.pdf"))
	}
	return append(seeds, craftedPDFs(tb)...)
}

// craftedPDFs builds small hostile documents.
func craftedPDFs(tb testing.TB) [][]byte {
	tb.Helper()
	good := invoicePDF(tb)
	var bomb bytes.Buffer
	zw := zlib.NewWriter(&bomb)
	zw.Write([]byte("BT /F1 12 Tf 72 700 Td (x) Tj ET\n"))
	zw.Write(make([]byte, 32<<20)) // 32 MiB of zeros in about 32 KiB
	zw.Close()
	return [][]byte{
		[]byte("%PDF-1.7\n"),
		[]byte("%PDF-1.7\n%%EOF\n"),
		append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte{0xde, 0xad, 0xbe, 0xef}, 512)...),
		good[:len(good)/2],
		good[:len(good)-40],
		bytes.Replace(good, []byte("xref"), []byte("xxxx"), 1),
		minimalPDF("BT /F1 12 Tf 72 700 Td (deep) Tj ET", "/Deep "+strings.Repeat("[", 20000)+strings.Repeat("]", 20000)),
		minimalPDF("BT /F1 12 Tf 72 700 Td (deep) Tj ET", "/Deep "+strings.Repeat("<< /A ", 5000)+strings.Repeat(">> ", 5000)),
		streamPDF(bomb.Bytes(), "/Filter /FlateDecode"),
		manyPages(fuzzMaxPages + 1),
		[]byte(fmt.Sprintf("%%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count %d >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%%%EOF\n", math.MaxInt32)),
	}
}

// minimalPDF is a one-page document with content as its content stream and
// extra added to the catalog, with a correct xref table.
func minimalPDF(content, extra string) []byte {
	return streamPDF([]byte(content), "", extra)
}

// streamPDF is a one-page document whose content stream holds data, with
// the stream dictionary entries filter and the catalog entries extra.
func streamPDF(data []byte, filter string, extra ...string) []byte {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R " + strings.Join(extra, " ") + " >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d %s >>\nstream\n%s\nendstream", len(data), filter, data),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	return assemble(objs)
}

// manyPages is a document of n empty pages.
func manyPages(n int) []byte {
	kids := make([]string, n)
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", ""}
	for i := range n {
		kids[i] = fmt.Sprintf("%d 0 R", i+3)
		objs = append(objs, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>")
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n)
	return assemble(objs)
}

// assemble numbers objs from 1 and writes them with an xref table.
func assemble(objs []string) []byte {
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
