package ocr

import (
	"context"
	"errors"
	"image"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/pdf"
)

func TestParseTSV(t *testing.T) {
	tsv := "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
		"1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t\n" +
		"4\t1\t1\t1\t1\t0\t100\t200\t400\t40\t-1\t\n" +
		"5\t1\t1\t1\t1\t1\t100\t200\t150\t40\t95.5\tFattura\n" +
		"5\t1\t1\t1\t1\t2\t270\t205\t60\t35\t88\tn.\n" +
		"5\t1\t1\t1\t1\t3\t340\t200\t10\t40\t12\t \n"
	words, err := parseTSV([]byte(tsv))
	if err != nil {
		t.Fatal(err)
	}
	if len(words) != 2 {
		t.Fatalf("parseTSV gave %d words, want 2: %+v", len(words), words)
	}
	w := words[0]
	if w.text != "Fattura" || w.x0 != 100 || w.y0 != 200 || w.x1 != 250 || w.y1 != 240 || w.conf != 95.5 || w.line != [3]int{1, 1, 1} {
		t.Errorf("first word = %+v", w)
	}
	if _, err := parseTSV([]byte("5\t1\tx\t1\t1\t1\t1\t1\t1\t1\t90\tbad\n")); err == nil {
		t.Error("parseTSV accepted a non-numeric block number")
	}
}

func TestTrimRulesAndNoise(t *testing.T) {
	for in, want := range map[string]string{
		"20,00]":     "20,00",
		"|1.620,00":  "1.620,00",
		"90,00)":     "90,00",
		"-10.00'":    "-10.00",
		"50,00]!":    "50,00",
		"(Net):":     "(Net):",
		"immediata)": "immediata)",
		"[Truffle":   "Truffle",
		"Grazie!":    "Grazie!",
	} {
		if got := trimRules(in); got != want {
			t.Errorf("trimRules(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]bool{
		"":                  true,
		"|":                 true,
		"=_----=>=>=y->-+y": true,
		"—":                 true,
		"€":                 false,
		"%":                 false,
		"(%):":              false,
		"(€)":               false,
		"-":                 false,
		"Totale":            false,
		"1,00":              false,
	} {
		if got := noise(in); got != want {
			t.Errorf("noise(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestFixNumberAndLetters(t *testing.T) {
	for in, want := range map[string]string{
		"1.O26,74":   "1.026,74",
		"l.500,00":   "1.500,00",
		"2O/O3/2026": "20/03/2026",
		"€1O0,00":    "€100,00",
		"O,50":       "0,50",
		"IO":         "IO",   // a word, not a number
		"RFO1":       "RFO1", // a code: R and F are no digits
		"TDO6":       "TDO6",
		"10,00%":     "10,00%",
	} {
		if got := fixNumber(in); got != want {
			t.Errorf("fixNumber(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"1BAN":   "IBAN",
		"1D":     "ID",
		"XIVA":   "%IVA",
		"xTVA":   "%TVA",
		"XL":     "XL",
		"12":     "12",
		"1a":     "1a",
		"Totale": "Totale",
	} {
		if got := fixLetters(in); got != want {
			t.Errorf("fixLetters(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestJoinDecimals(t *testing.T) {
	line := [3]int{1, 1, 1}
	words := []rawWord{
		{text: "Totale", x0: 0, x1: 100, y0: 0, y1: 30, line: line},
		{text: "1.234", x0: 200, x1: 270, y0: 0, y1: 30, line: line},
		{text: ",56", x0: 275, x1: 300, y0: 0, y1: 30, line: line},
		{text: "12,", x0: 400, x1: 430, y0: 0, y1: 30, line: line},
		{text: "00", x0: 434, x1: 450, y0: 0, y1: 30, line: line},
		{text: "7", x0: 600, x1: 610, y0: 0, y1: 30, line: line},
		{text: ",50", x0: 700, x1: 730, y0: 0, y1: 30, line: line}, // too far apart
	}
	got := joinDecimals(words)
	var texts []string
	for _, w := range got {
		texts = append(texts, w.text)
	}
	want := []string{"Totale", "1.234,56", "12,00", "7", ",50"}
	if len(texts) != len(want) {
		t.Fatalf("joinDecimals = %q, want %q", texts, want)
	}
	for i := range want {
		if texts[i] != want[i] {
			t.Fatalf("joinDecimals = %q, want %q", texts, want)
		}
	}
	if got[1].x0 != 200 || got[1].x1 != 300 {
		t.Errorf("joined box = %v..%v, want 200..300", got[1].x0, got[1].x1)
	}
}

func TestRepairIdentifiers(t *testing.T) {
	line := [3]int{1, 1, 1}
	words := []rawWord{
		{text: "1T02468135799", line: line},   // 1 for I
		{text: "IT0246813S799", line: line},   // S for 5
		{text: "IT02468135798", line: line},   // wrong check digit: no reading is valid
		{text: "O1357924685", line: line},     // bare Partita IVA, O for 0
		{text: "FR14", line: [3]int{2, 1, 1}}, // an IBAN in groups, 0 read as O and 1 as I
		{text: "3OOO", line: [3]int{2, 1, 1}},
		{text: "4OI2", line: [3]int{2, 1, 1}},
		{text: "3456", line: [3]int{2, 1, 1}},
		{text: "7890", line: [3]int{2, 1, 1}},
		{text: "1234", line: [3]int{2, 1, 1}},
		{text: "567", line: [3]int{2, 1, 1}},
	}
	repairIdentifiers(words)
	want := []string{"IT02468135799", "IT02468135799", "IT02468135798", "01357924685", "FR14", "3000", "4012", "3456", "7890", "1234", "567"}
	for i, w := range want {
		if words[i].text != w {
			t.Errorf("word %d = %q, want %q", i, words[i].text, w)
		}
	}
}

func TestGuessLanguage(t *testing.T) {
	mk := func(texts ...string) []rawWord {
		var ws []rawWord
		for _, s := range texts {
			ws = append(ws, rawWord{text: s})
		}
		return ws
	}
	de := mk("Rechnung", "Datum", "Menge", "Preis", "Betrag", "Gesamt", "netto", "brutto", "für", "und", "MwSt", "Total")
	if got := guessLanguage(de); got != "deu" {
		t.Errorf("guessLanguage(German words) = %q, want deu", got)
	}
	few := mk("Rechnung", "Datum", "Fattura")
	if got := guessLanguage(few); got != "" {
		t.Errorf("guessLanguage(few markers) = %q, want none", got)
	}
	mixed := mk("Rechnung", "Datum", "Menge", "Preis", "Betrag", "Gesamt", "netto", "brutto",
		"fattura", "totale", "iva", "imponibile", "importo", "prezzo", "scadenza")
	if got := guessLanguage(mixed); got != "" {
		t.Errorf("guessLanguage(mixed) = %q, want none", got)
	}
}

func TestArrangeDeskewsAndSharesLineBands(t *testing.T) {
	// Two lines of three words each, on a page tilted so that lines fall by
	// 2 px every 100 px (about 1.15°), plus one more line for the median.
	var words []rawWord
	for l := range 4 {
		for k := range 4 {
			x := 100 + 500*float64(k)
			y := 300 + 200*float64(l) + 0.02*x
			h := 40.0
			if k == 1 {
				h = 30 // a word without ascenders
			}
			words = append(words, rawWord{text: "word", x0: x, x1: x + 300, y0: y + 40 - h, y1: y + 40, conf: 90, line: [3]int{l + 1, 1, 1}})
		}
	}
	img := pdf.Image{Page: 1, Box: layout.Rect{X1: 595, Y1: 842}, Width: 2480, Height: 3508}
	got, skew := arrange(words, img)
	if math.Abs(skew+math.Atan(0.02)*180/math.Pi) > 0.05 {
		t.Errorf("skew = %.3f°, want %.3f°", skew, -math.Atan(0.02)*180/math.Pi)
	}
	for l := range 4 {
		row := got[4*l : 4*l+4]
		for _, w := range row[1:] {
			if math.Abs(w.Box.Y0-row[0].Box.Y0) > 0.5 || math.Abs(w.Box.Y1-row[0].Box.Y1) > 0.5 {
				t.Errorf("line %d: word box %v not level with %v", l, w.Box, row[0].Box)
			}
		}
		if !row[0].OCR || row[0].FontSize <= 0 {
			t.Errorf("line %d: word %+v not marked OCR or without font size", l, row[0])
		}
	}
	// The first word's centre (250, 342) turned about the picture's centre,
	// then 2480 px across 595 pt.
	th := math.Atan(0.02)
	cx := 1240 + (250-1240)*math.Cos(th) + (342-1754)*math.Sin(th)
	if x := (got[0].Box.X0 + got[0].Box.X1) / 2; math.Abs(x-cx*595.0/2480) > 1 {
		t.Errorf("first word centre x = %.1f pt, want %.1f", x, cx*595.0/2480)
	}
}

func TestSeparate(t *testing.T) {
	words := []layout.Word{
		{Text: "Date", Box: layout.Rect{X0: 10, X1: 40, Y0: 100, Y1: 110}},
		{Text: ":", Box: layout.Rect{X0: 38, X1: 42, Y0: 100, Y1: 110}},
		{Text: "12/03/2026", Box: layout.Rect{X0: 45, X1: 90, Y0: 100, Y1: 110}},
	}
	separate(words)
	if words[1].Box.X0 <= words[0].Box.X1 {
		t.Errorf("colon at %v still overlaps %v", words[1].Box, words[0].Box)
	}
	p := layout.Page{}
	p.SetWords(words)
	if len(p.Lines) != 1 {
		t.Errorf("%d lines, want 1", len(p.Lines))
	}
}

func TestDropTallNoise(t *testing.T) {
	var words []rawWord
	for i := range 12 {
		words = append(words, rawWord{text: "testo", y0: 0, y1: 20, conf: 90, x0: float64(100 * i)})
	}
	words = append(words,
		rawWord{text: "pi", y0: 0, y1: 50, conf: 30},      // box edge read as letters
		rawWord{text: "FATTURA", y0: 0, y1: 60, conf: 95}, // a heading: kept
	)
	got := dropTallNoise(words)
	if len(got) != 13 || got[len(got)-1].text != "FATTURA" {
		t.Errorf("dropTallNoise kept %d words, last %q", len(got), got[len(got)-1].text)
	}
}

func TestJoinAt(t *testing.T) {
	line := [3]int{1, 1, 1}
	words := []rawWord{
		{text: "E-mail:", x0: 0, x1: 60, y0: 0, y1: 20, line: line},
		{text: "conti@", x0: 70, x1: 130, y0: 0, y1: 20, line: line},
		{text: "esempio.it", x0: 136, x1: 220, y0: 0, y1: 20, line: line},
		{text: "info", x0: 300, x1: 340, y0: 0, y1: 20, line: line},
		{text: "@altro.fr", x0: 345, x1: 420, y0: 0, y1: 20, line: line},
		{text: "@", x0: 500, x1: 515, y0: 0, y1: 20, line: line}, // alone
	}
	var texts []string
	for _, w := range joinAt(words) {
		texts = append(texts, w.text)
	}
	want := "E-mail: conti@esempio.it info@altro.fr @"
	if got := strings.Join(texts, " "); got != want {
		t.Errorf("joinAt = %q, want %q", got, want)
	}
}

func TestReadTimeout(t *testing.T) {
	e, err := New(Config{PageTimeout: time.Millisecond})
	if err != nil {
		t.Skipf("Tesseract is not installed, OCR is not tested: %v", err)
	}
	g := image.NewGray(image.Rect(0, 0, 2480, 3508))
	img := pdf.Image{Page: 1, Box: layout.Rect{X1: 595, Y1: 842}, Width: 2480, Height: 3508, Format: pdf.FormatPGM, Data: pgmOf(g)}
	if _, err := e.Read(context.Background(), img, "it"); !errors.Is(err, ErrTimeout) {
		t.Errorf("Read with a 1 ms page limit: err = %v, want ErrTimeout", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Read(ctx, img, "it"); errors.Is(err, ErrTimeout) || !errors.Is(err, context.Canceled) {
		t.Errorf("Read with a canceled context: err = %v, want context.Canceled", err)
	}
}

func TestNewWithoutTesseract(t *testing.T) {
	_, err := New(Config{Command: "/nonexistent/tesseract"})
	if !errors.Is(err, ErrNotInstalled) || !strings.Contains(err.Error(), "tesseract-ocr-ita") {
		t.Errorf("New without the program: err = %v", err)
	}
}

func TestRowBands(t *testing.T) {
	// One table row read as three Tesseract lines: a description with
	// descenders, a quantity and an amount of digits only; then the next
	// row, close below; and a heading twice as tall on the first row's
	// baseline, at the left.
	words := []rawWord{
		{text: "Spaghetti", x0: 300, x1: 400, y0: 100, y1: 140, line: [3]int{1, 1, 1}}, // down to the descenders
		{text: "gialla", x0: 410, x1: 520, y0: 100, y1: 140, line: [3]int{1, 1, 1}},
		{text: "Penne", x0: 530, x1: 640, y0: 100, y1: 130, line: [3]int{1, 1, 1}},
		{text: "12", x0: 900, x1: 940, y0: 101, y1: 131, line: [3]int{2, 1, 1}},
		{text: "1.250,00", x0: 1200, x1: 1350, y0: 102, y1: 132, line: [3]int{3, 1, 1}},
		{text: "Farina", x0: 300, x1: 420, y0: 148, y1: 178, line: [3]int{4, 1, 1}},
		{text: "7", x0: 920, x1: 940, y0: 148, y1: 178, line: [3]int{5, 1, 1}},
		{text: "FATTURA", x0: 20, x1: 260, y0: 50, y1: 130, line: [3]int{6, 1, 1}},
	}
	got := rowBands(words, lineBands(words))
	first := got[[3]int{1, 1, 1}]
	for _, l := range [][3]int{{2, 1, 1}, {3, 1, 1}} {
		if got[l] != first {
			t.Errorf("line %v band %v, want the row's %v", l, got[l], first)
		}
	}
	if first[1] < 139 || first[0] > 100.5 {
		t.Errorf("row band %v does not hold the description's descenders and the amount", first)
	}
	second := got[[3]int{4, 1, 1}]
	if got[[3]int{5, 1, 1}] != second {
		t.Errorf("second row split: %v and %v", second, got[[3]int{5, 1, 1}])
	}
	if second[0] < first[1]-12 {
		t.Errorf("second row %v reaches far into the first %v", second, first)
	}
	if h := got[[3]int{6, 1, 1}]; h[0] > 51 || h == first {
		t.Errorf("heading band %v, want its own", h)
	}
}
