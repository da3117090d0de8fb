package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/google/go-cmp/cmp"
)

func wordTexts(words []Word) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w.Text
	}
	return out
}

func TestReadInvoice(t *testing.T) {
	doc := read(t, invoicePDF(t))
	if len(doc.Pages) != 1 {
		t.Fatalf("got %d pages, want 1", len(doc.Pages))
	}
	p := doc.Pages[0]
	if p.Number != 1 || p.Rotation != 0 || math.Abs(p.Width-595.28) > 0.1 || math.Abs(p.Height-841.89) > 0.1 {
		t.Errorf("page = %d %.2fx%.2f rot %d, want 1 595.28x841.89 rot 0", p.Number, p.Width, p.Height, p.Rotation)
	}
	want := []string{"Società", "Caffè", "Ragù", "Fattura", "n.", "12/2026", "Totale", "€", "1.234,56"}
	if diff := cmp.Diff(want, wordTexts(p.Words)); diff != "" {
		t.Fatalf("words (-want +got):\n%s", diff)
	}
	lines := [][]Word{p.Words[0:3], p.Words[3:6], p.Words[6:9]}
	baselines := []float64{100, 160, 200} // fpdf Text y is the baseline, from the top
	sizes := []float64{16, 12, 12}
	for i, line := range lines {
		for j, w := range line {
			if w.Box.X0 >= w.Box.X1 || w.Box.Y0 >= w.Box.Y1 {
				t.Errorf("%q: empty box %+v", w.Text, w.Box)
			}
			if w.Box.Y0 >= baselines[i] || w.Box.Y1 <= baselines[i] {
				t.Errorf("%q: box %+v does not straddle baseline y=%v", w.Text, w.Box, baselines[i])
			}
			if j > 0 && w.Box.X0 <= line[j-1].Box.X1 {
				t.Errorf("%q starts at x=%.1f, not right of %q ending at %.1f", w.Text, w.Box.X0, line[j-1].Text, line[j-1].Box.X1)
			}
			if math.Abs(w.FontSize-sizes[i]) > 0.5 {
				t.Errorf("%q: font size %.2f, want %v", w.Text, w.FontSize, sizes[i])
			}
			if w.Bold != (i == 0) {
				t.Errorf("%q: bold = %v, want %v", w.Text, w.Bold, i == 0)
			}
			if w.Angle != 0 {
				t.Errorf("%q: angle %d, want 0", w.Text, w.Angle)
			}
		}
		if i > 0 && line[0].Box.Y0 <= lines[i-1][0].Box.Y0 {
			t.Errorf("line %d (y=%.1f) is not below line %d (y=%.1f)", i, line[0].Box.Y0, i-1, lines[i-1][0].Box.Y0)
		}
	}
	if got := lines[0][0].Box.X0; math.Abs(got-72) > 0.5 {
		t.Errorf("first word starts at x=%.2f, want 72", got)
	}
	wantText := "Società Caffè Ragù\nFattura n. 12/2026\nTotale € 1.234,56"
	if got := doc.Text(); got != wantText {
		t.Errorf("Text() = %q, want %q", got, wantText)
	}
}

func TestReadVerticalText(t *testing.T) {
	f := newDoc()
	f.AddPage()
	f.SetFont("Helvetica", "", 12)
	f.Text(72, 100, "Across")
	f.TransformBegin()
	f.TransformRotate(90, 200, 400) // counter-clockwise: reads bottom to top
	f.Text(200, 400, "Vertical words here")
	f.TransformEnd()
	f.TransformBegin()
	f.TransformRotate(270, 300, 400)
	f.Text(300, 400, "Going down")
	f.TransformEnd()
	p := read(t, render(t, f)).Pages[0]

	type word struct {
		Text  string
		Angle int
	}
	var got []word
	for _, w := range p.Words {
		got = append(got, word{w.Text, w.Angle})
	}
	want := []word{{"Across", 0}, {"Vertical", 90}, {"words", 90}, {"here", 90}, {"Going", 270}, {"down", 270}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("words (-want +got):\n%s", diff)
	}
	for _, w := range p.Words[1:] {
		if h, wd := w.Box.Y1-w.Box.Y0, w.Box.X1-w.Box.X0; h <= wd {
			t.Errorf("%q: box %+v is not taller than wide", w.Text, w.Box)
		}
		if math.Abs(w.FontSize-12) > 0.5 {
			t.Errorf("%q: font size %.2f, want 12", w.Text, w.FontSize)
		}
	}
	up, down := p.Words[1:4], p.Words[4:6]
	for i := 1; i < len(up); i++ {
		if up[i].Box.Y1 > up[i-1].Box.Y0 {
			t.Errorf("%q (y1=%.1f) is not above %q (y0=%.1f)", up[i].Text, up[i].Box.Y1, up[i-1].Text, up[i-1].Box.Y0)
		}
	}
	if down[1].Box.Y0 < down[0].Box.Y1 {
		t.Errorf("%q (y0=%.1f) is not below %q (y1=%.1f)", down[1].Text, down[1].Box.Y0, down[0].Text, down[0].Box.Y1)
	}
}

// TestReadDirectionChange checks that a word is split where the text turns,
// even where pdfium generates no space: a run "DEF" rotated by each angle
// abuts the horizontal "ABC", before or after it.
func TestReadDirectionChange(t *testing.T) {
	const abc, def = 24.672, 24.0 // widths in 12 pt Helvetica
	for _, angle := range []int{90, 180, 270, 45, 10} {
		for _, rotatedFirst := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d/%v", angle, rotatedFirst), func(t *testing.T) {
				rad := float64(angle) * math.Pi / 180
				c, s := math.Cos(rad), math.Sin(rad)
				horizontal := "BT /F1 12 Tf 72 700 Td (ABC) Tj ET\n"
				rotated := fmt.Sprintf("BT /F1 12 Tf %.4f %.4f %.4f %.4f %.3f 700 Tm (DEF) Tj ET\n", c, s, -s, c, 72+abc)
				content := horizontal + rotated
				if rotatedFirst {
					horizontal = fmt.Sprintf("BT /F1 12 Tf %.3f %.3f Td (ABC) Tj ET\n", 72+abc+def*c, 700+def*s)
					content = rotated + horizontal
				}
				p := read(t, onePagePDF("/MediaBox [0 0 600 800]", content)).Pages[0]
				var got []string
				for _, w := range p.Words {
					got = append(got, fmt.Sprintf("%s@%d", w.Text, w.Angle))
				}
				slices.Sort(got)
				want := []string{"ABC@0", fmt.Sprintf("DEF@%d", angle)}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("words (-want +got):\n%s", diff)
				}
			})
		}
	}
}

// TestReadRotatedPage checks that boxes, sizes and angles are given on the
// page as displayed, for every /Rotate value.
func TestReadRotatedPage(t *testing.T) {
	// User space: a 200x100 landscape box; "Hi" starts at (10, 20).
	tests := []struct {
		rotate        int
		width, height float64
		x, y          float64 // displayed position of the text origin (10, 20)
		angle         int
	}{
		{0, 200, 100, 10, 80, 0},
		{90, 100, 200, 20, 10, 270},
		{180, 200, 100, 190, 20, 180},
		{270, 100, 200, 80, 190, 90},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.rotate), func(t *testing.T) {
			data := onePagePDF(fmt.Sprintf("/MediaBox [0 0 200 100] /Rotate %d", tc.rotate),
				"BT /F1 10 Tf 10 20 Td (Hi) Tj ET")
			p := read(t, data).Pages[0]
			if p.Rotation != tc.rotate || p.Width != tc.width || p.Height != tc.height {
				t.Errorf("page %vx%v rot %d, want %vx%v rot %d", p.Width, p.Height, p.Rotation, tc.width, tc.height, tc.rotate)
			}
			if len(p.Words) != 1 || p.Words[0].Text != "Hi" {
				t.Fatalf("words = %+v, want one word Hi", p.Words)
			}
			w := p.Words[0]
			if w.Angle != tc.angle {
				t.Errorf("angle %d, want %d", w.Angle, tc.angle)
			}
			// The text origin is a corner-ish point of the box: on its
			// leading edge, between its top and bottom.
			b := w.Box
			if tc.x < b.X0-0.5 || tc.x > b.X1+0.5 || tc.y < b.Y0-0.5 || tc.y > b.Y1+0.5 {
				t.Errorf("box %+v does not contain the text origin (%v, %v)", b, tc.x, tc.y)
			}
		})
	}
}

func TestReadBlankPage(t *testing.T) {
	f := newDoc()
	f.AddPage()
	p := read(t, render(t, f)).Pages[0]
	if p.Chars != 0 || len(p.Words) != 0 {
		t.Errorf("blank page: chars %d, words %v; want none", p.Chars, p.Words)
	}
}

func TestReadTwoPages(t *testing.T) {
	f := newDoc()
	f.SetFont("Helvetica", "", 12)
	for _, s := range []string{"first", "second"} {
		f.AddPage()
		f.Text(72, 72, s)
	}
	doc := read(t, render(t, f))
	type page struct {
		Number int
		Words  []string
	}
	var got []page
	for _, p := range doc.Pages {
		got = append(got, page{p.Number, wordTexts(p.Words)})
	}
	want := []page{{1, []string{"first"}}, {2, []string{"second"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
	if got, want := doc.Text(), "first\n\nsecond"; got != want {
		t.Errorf("Text() = %q, want %q", got, want)
	}
}

func TestReadAttachment(t *testing.T) {
	xml := []byte(`<?xml version="1.0"?><rsm:CrossIndustryInvoice/>`)
	f := newDoc()
	f.SetAttachments([]fpdf.Attachment{{Filename: "factur-x.xml", Content: xml, Description: "Factur-X"}})
	f.AddPage()
	data := render(t, f)

	// fpdf writes /F () /UF (name) /EF << /F stream >>. pdfium looks for the
	// stream under the first non-empty name key, /UF, and finds none: the
	// attachment is listed without data.
	doc := read(t, data)
	if diff := cmp.Diff([]Attachment{{Name: "factur-x.xml"}}, doc.Attachments); diff != "" {
		t.Errorf("fpdf attachment (-want +got):\n%s", diff)
	}

	// Filed under /EF /UF, as other producers do, the data is found. The
	// patch keeps the length, so the xref offsets stay valid.
	patched := bytes.Replace(data, []byte("/EF << /F "), []byte("/EF <</UF "), 1)
	doc = read(t, patched)
	if diff := cmp.Diff([]Attachment{{Name: "factur-x.xml", Data: xml}}, doc.Attachments); diff != "" {
		t.Errorf("patched attachment (-want +got):\n%s", diff)
	}

	if doc := read(t, invoicePDF(t)); len(doc.Attachments) != 0 {
		t.Errorf("invoice without attachments: got %+v", doc.Attachments)
	}
}

// TestReadTextCleanup checks ligature decomposition and the removal of bidi
// formatting characters, using a ToUnicode map that yields them.
func TestReadTextCleanup(t *testing.T) {
	cmap := `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CMapName /Test def /CMapType 2 def
1 begincodespacerange <00> <FF> endcodespacerange
4 beginbfchar <01> <FB03> <02> <200E> <03> <202E> <04> <FB02> endbfchar
endcmap CMapName currentdict /CMap defineresource pop end end`
	data := rawPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		stream("", []byte(`BT /F1 12 Tf 20 200 Td (o\001ce\002 \003\004at) Tj ET`)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 1 /LastChar 4 /Widths [800 0 0 600] /ToUnicode 6 0 R >>",
		stream("", []byte(cmap)),
	)
	got := wordTexts(read(t, data).Pages[0].Words)
	if diff := cmp.Diff([]string{"office", "flat"}, got); diff != "" {
		t.Errorf("words (-want +got):\n%s", diff)
	}
}

func TestReadErrors(t *testing.T) {
	userPass := newDoc()
	userPass.SetProtection(fpdf.CnProtectPrint, "secret", "owner")
	userPass.AddPage()
	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrCorrupt},
		{"garbage after header", append([]byte("%PDF-1.4\n"), []byte(strings.Repeat("\x00\xffgarbage\x13", 200))...), ErrCorrupt},
		{"not a pdf", []byte("hello, world"), ErrCorrupt},
		{"truncated", invoicePDF(t)[:200], ErrCorrupt},
		{"user password", render(t, userPass), ErrEncrypted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := shared.Read(context.Background(), tc.data)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Read = %v, %v; want error %v", doc, err, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "read pdf: ") {
				t.Errorf("error %q lacks the read pdf: prefix", err)
			}
		})
	}
	// The reader keeps working after errors.
	if got := read(t, invoicePDF(t)).Text(); !strings.Contains(got, "Totale € 1.234,56") {
		t.Errorf("after errors: text %q", got)
	}
}

func TestReadOwnerPasswordOnly(t *testing.T) {
	f := invoiceDoc(1)
	f.SetProtection(fpdf.CnProtectPrint, "", "owner")
	doc := read(t, render(t, f))
	if got := doc.Text(); !strings.Contains(got, "Fattura n. 12/2026") {
		t.Errorf("text %q lacks the invoice number", got)
	}
}

// openReader opens a Reader with a test-specific config and closes it at the
// end of the test.
func openReader(t *testing.T, cfg Config) *Reader {
	t.Helper()
	cfg.CacheDir = testCacheDir()
	r, err := Open(cfg)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func TestReadTooManyPages(t *testing.T) {
	r := openReader(t, Config{Instances: 1, MaxPages: 2})
	if _, err := r.Read(context.Background(), render(t, invoiceDoc(3))); !errors.Is(err, ErrTooManyPages) {
		t.Errorf("3 pages with MaxPages 2: err = %v, want ErrTooManyPages", err)
	}
	doc, err := r.Read(context.Background(), render(t, invoiceDoc(2)))
	if err != nil || len(doc.Pages) != 2 {
		t.Errorf("2 pages with MaxPages 2: %v, %v", doc, err)
	}
}

func TestReadConcurrent(t *testing.T) {
	data := render(t, invoiceDoc(3))
	want := read(t, data)
	const n = 8
	docs := make([]*Document, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { docs[i], errs[i] = shared.Read(context.Background(), data) })
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Errorf("goroutine %d: %v", i, errs[i])
			continue
		}
		if diff := cmp.Diff(want, docs[i]); diff != "" {
			t.Errorf("goroutine %d (-want +got):\n%s", i, diff)
		}
	}
}

func TestReadClosed(t *testing.T) {
	r := openReader(t, Config{Instances: 1})
	if err := r.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := r.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := r.Read(context.Background(), invoicePDF(t)); !errors.Is(err, ErrClosed) {
		t.Errorf("Read after Close: err = %v, want ErrClosed", err)
	}
}

func TestReadCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := shared.Read(ctx, invoicePDF(t)); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestDropped(t *testing.T) {
	for _, r := range []rune{0x02, 0x7f, 0x200b, 0x200e, 0x200f, 0x202a, 0x202e, 0x2066, 0x2069, 0xad, 0xfeff, 0xfffe} {
		if !dropped(r) {
			t.Errorf("dropped(%U) = false", r)
		}
	}
	for _, r := range []rune{'a', 'é', '€', 0xfffd, 0xfb01} {
		if dropped(r) {
			t.Errorf("dropped(%U) = true", r)
		}
	}
}

// checkElapsed fails the test if d exceeds limit.
func checkElapsed(t *testing.T, what string, d, limit time.Duration) {
	t.Helper()
	if d > limit {
		t.Errorf("%s took %v, want at most %v", what, d, limit)
	}
}

func TestContinues(t *testing.T) {
	row := Rect{X0: 10, Y0: 10, X1: 18, Y1: 24}    // a char of a horizontal word
	column := Rect{X0: 10, Y0: 10, X1: 24, Y1: 18} // a char of a vertical word
	tests := []struct {
		name       string
		prev, next Rect
		angle      int
		want       bool
	}{
		{"next char right", row, Rect{X0: 18, Y0: 10, X1: 25, Y1: 24}, 0, true},
		{"kerned overlap", row, Rect{X0: 17, Y0: 10, X1: 25, Y1: 24}, 0, true},
		{"no advance", row, row, 0, false},
		{"other baseline", row, Rect{X0: 18, Y0: 12, X1: 25, Y1: 26}, 0, false},
		{"turned up", row, Rect{X0: 16, Y0: 4, X1: 30, Y1: 12}, 0, false},
		{"upside down", row, Rect{X0: 2, Y0: 10, X1: 10, Y1: 24}, 180, true},
		{"upward", column, Rect{X0: 10, Y0: 2, X1: 24, Y1: 10}, 90, true},
		{"downward", column, Rect{X0: 10, Y0: 18, X1: 24, Y1: 26}, 270, true},
		{"downward but up", column, Rect{X0: 10, Y0: 2, X1: 24, Y1: 10}, 270, false},
		{"oblique", row, Rect{X0: 18, Y0: 10, X1: 25, Y1: 24}, 45, false},
	}
	for _, tc := range tests {
		if got := continues(tc.prev, tc.next, tc.angle); got != tc.want {
			t.Errorf("%s: continues = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestLigature(t *testing.T) {
	var got []string
	for _, r := range "\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06a" {
		got = append(got, ligature(r))
	}
	want := []string{"ff", "fi", "fl", "ffi", "ffl", "st", "st", ""}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ligatures (-want +got):\n%s", diff)
	}
}

// TestReadHyphenBrokenWord checks that a word broken over two lines after
// a hyphen is one word standing on the line it ends on: the line it goes
// on starts at the column's edge, as it would unbroken ("FORNITURA DI
// CARTA" under "1 CONSEGNA DELLA"), and the line it began on
// ends before it.
func TestReadHyphenBrokenWord(t *testing.T) {
	for _, tc := range []struct {
		first, second, word string
	}{
		{"Bestellung der Ersatz-", "teile laut Angebot", "Ersatz-teile"},
		{"CONSEGNA DELLA FORNI-", "TURA DI CARTA A4", "FORNI-TURA"},
		{"Remplacement des pi-", "eces du moteur", "pi-eces"},
	} {
		f := newDoc()
		f.AddPage()
		f.SetFont("Helvetica", "", 10)
		f.Text(40, 100, "1")
		f.Text(72, 100, tc.first)
		f.Text(72, 112, tc.second)
		f.Text(300, 100, "2,00") // a wrapped cell is drawn whole, then the next
		p := read(t, render(t, f)).Pages[0]
		var got *Word
		for i, w := range p.Words {
			// pdfium may drop the hyphen it takes for a line break's.
			if w.Text == tc.word || w.Text == strings.ReplaceAll(tc.word, "-", "") {
				got = &p.Words[i]
			}
		}
		if got == nil {
			t.Errorf("%q / %q: no word %q in %q", tc.first, tc.second, tc.word, wordTexts(p.Words))
			continue
		}
		if got.Box.Y0 >= 112 || got.Box.Y1 <= 112 || got.Box.Y0 < 101 {
			t.Errorf("%q: box %+v is not on the second line (baseline y=112) alone", got.Text, got.Box)
		}
		if math.Abs(got.Box.X0-72) > 1 {
			t.Errorf("%q starts at x=%.1f, want the second line's start 72", got.Text, got.Box.X0)
		}
	}
}

// TestReadDashedCodeAtLineEnd checks that a code between dashes ending a
// line ("-KX-", a department's) keeps its dashes and its line: it is no
// word broken over two lines, though pdfium marks its last dash as one.
func TestReadDashedCodeAtLineEnd(t *testing.T) {
	f := newDoc()
	f.AddPage()
	f.SetFont("Helvetica", "", 10)
	f.Text(72, 100, "Sportverein Nord -KX-")
	f.Text(72, 112, "Herrn Max Muster")
	p := read(t, render(t, f)).Pages[0]
	want := []string{"Sportverein", "Nord", "-KX-", "Herrn", "Max", "Muster"}
	if diff := cmp.Diff(want, wordTexts(p.Words)); diff != "" {
		t.Fatalf("words (-want +got):\n%s", diff)
	}
	if w := p.Words[2]; w.Box.Y1 > 105 {
		t.Errorf("%q: box %+v is not on the first line", w.Text, w.Box)
	}
}
