package testpdf

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/extract/validate"
	"github.com/invex/invex/internal/eval"
)

// printedCases is the number of cases TestCasesPrinted prints: one of
// every family by default; more with go test -args -printed N.
var printedCases = flag.Int("printed", 0, "cases TestCasesPrinted prints (default: one of every family)")

// corpusSize is the size of the corpus the coverage test draws: the
// documented big set.
const corpusSize = 1000

// TestFamilyCoverage checks that the 1,000 cases of a corpus seed come from
// at least 40 layout families and more than one producer, in all four
// languages, and cover every layout and tax feature the families print.
func TestFamilyCoverage(t *testing.T) {
	fams := map[string]bool{}
	producers := map[string]int{}
	langs := map[string]int{}
	seen := map[string]int{}
	for i := range corpusSize {
		c := NewCase(1, i)
		fams[c.Family.Name] = true
		producers[c.Producer]++
		langs[c.Lang()]++
		s := c.Spec
		t := s.Totals()
		mark := func(ok bool, what string) {
			if ok {
				seen[what]++
			}
		}
		mark(s.Type == "credit_note", "credit note")
		mark(len(t.Groups) > 1, "several VAT rates")
		mark(t.Withholding > 0, "withholding")
		mark(t.Stamp > 0, "stamp duty")
		mark(s.SplitPayment, "split payment")
		mark(s.ReverseCharge, "reverse charge")
		mark(s.Exempt, "no VAT")
		mark(t.Discount > 0, "document discount")
		mark(t.Advance > 0, "advance paid")
		mark(len(s.Items) >= 25, "long table")
		mark(s.Delivery != nil, "delivery address")
		for _, ch := range s.Charges {
			mark(true, "charge "+ch.Kind)
		}
		for _, it := range s.Items {
			mark(it.Decimals() > 2, "prices with 3-5 decimals")
			mark(it.DiscountPct > 0, "line discount")
			mark(it.VATCode != "", "VAT codes")
			mark(it.Detail != "", "two-line descriptions")
			mark(len(it.Code) == 13, "EAN codes")
			mark(it.Unit == "Stk." || it.Unit == "pz" || it.Unit == "BT" || it.Unit == "CT" || it.Unit == "CF" || it.Unit == "NR", "units")
		}
		if c.page != nil {
			mark(len(c.page.pictures) > 0, "pictures")
			mark(c.Family.Second != "", "bilingual labels")
			mark(c.Family.Table == tableNoHeader, "table without header")
			mark(c.Family.Table == tableHeaderPic, "header row as a picture")
			mark(c.Family.Head == headPicture, "letterhead as a picture")
			mark(c.Family.Meta == metaGrid, "labels over values")
			mark(c.Family.Totals == totFootGrid, "totals grid at the foot")
			mark(c.Family.Parties == partyBuyerFirst, "buyer first")
		}
	}
	if len(fams) < 40 {
		t.Errorf("%d layout families, want at least 40", len(fams))
	}
	if len(producers) < 3 {
		t.Errorf("producers %v, want chromium, ghostscript and fpdf", producers)
	}
	for _, l := range []string{"it", "en", "de", "fr"} {
		if langs[l] < corpusSize/10 {
			t.Errorf("%d cases in %s", langs[l], l)
		}
	}
	for _, want := range []string{"credit note", "several VAT rates", "withholding", "stamp duty", "split payment", "reverse charge",
		"no VAT", "document discount", "advance paid", "long table", "delivery address", "charge shipping", "charge cassa",
		"charge packing", "charge collection", "prices with 3-5 decimals", "line discount", "VAT codes", "two-line descriptions",
		"EAN codes", "units", "pictures", "bilingual labels", "table without header", "header row as a picture",
		"letterhead as a picture", "labels over values", "totals grid at the foot", "buyer first"} {
		if seen[want] < 5 {
			t.Errorf("%d cases with %s, want at least 5", seen[want], want)
		}
	}
	t.Logf("%d families, producers %v, languages %v", len(fams), producers, langs)
}

// TestCaseArithmetic checks that every case adds up to the cent, and that
// its truth does too.
func TestCaseArithmetic(t *testing.T) {
	for i := range corpusSize {
		c := NewCase(1, i)
		s, tot := c.Spec, c.Spec.Totals()
		var goods, charges, sub, tax int64
		for _, it := range s.Items {
			goods += it.Amount()
			want := it.Quantity * it.Price() * (1 - it.DiscountPct/100)
			if math.Abs(float64(it.Amount())/100-want) > 0.005+1e-9 {
				t.Fatalf("%s: line amount %d cents, quantity × price × (1 − discount) = %.4f", c.Name, it.Amount(), want)
			}
		}
		for _, ch := range s.Charges {
			charges += ch.Amount
		}
		for _, g := range tot.Groups {
			sub += g.Taxable
			tax += g.Tax
		}
		due := tot.Total - tot.Withholding - tot.Advance
		if s.SplitPayment {
			due -= tot.Tax
		}
		switch {
		case goods != tot.Goods, goods-tot.Discount+charges != tot.Subtotal, sub != tot.Subtotal, tax != tot.Tax,
			tot.Subtotal+tot.Tax+tot.Stamp != tot.Total, due != tot.Due:
			t.Fatalf("%s: totals do not add up: %+v", c.Name, tot)
		}
		if (s.Exempt || s.ReverseCharge) && tot.Tax != 0 {
			t.Errorf("%s: VAT on an invoice without VAT", c.Name)
		}
		fin := c.Truth().Result["financials"].(map[string]any)
		sum, okS := fin["subtotal"].(float64)
		vat, okV := fin["tax_amount"].(float64)
		total, okT := fin["total"].(float64)
		stamp, _ := fin["stamp_duty"].(float64)
		if okS && okV && okT && math.Abs(sum+vat+stamp-total) > 0.001 {
			t.Errorf("%s: truth subtotal %.2f + tax %.2f + stamp %.2f ≠ total %.2f", c.Name, sum, vat, stamp, total)
		}
	}
}

// TestCaseDeterministic checks that a seed and index always give the same
// case.
func TestCaseDeterministic(t *testing.T) {
	for _, i := range []int{0, 5, 47, 300} {
		a, b := NewCase(7, i), NewCase(7, i)
		if a.HTML() != b.HTML() {
			t.Errorf("case %d: pages differ", i)
		}
		if diff := cmp.Diff(a.Truth(), b.Truth()); diff != "" {
			t.Errorf("case %d: truth differs (-first +second):\n%s", i, diff)
		}
	}
	if NewCase(7, 0).HTML() == NewCase(8, 0).HTML() {
		t.Error("seeds 7 and 8 give the same first case")
	}
}

// TestCaseIdentifiers checks that every identifier printed has valid
// check digits.
func TestCaseIdentifiers(t *testing.T) {
	for i := range 300 {
		c := NewCase(3, i)
		for _, p := range []Party{c.Spec.Vendor, c.Spec.Buyer} {
			if p.VAT != "" && validate.VATChecksumKnown(p.VAT[:2]) {
				if _, ok := validate.VATNumber(p.VAT); !ok {
					t.Errorf("%s: VAT number %s is not valid", c.Name, p.VAT)
				}
			}
			if p.Country == "IT" && p.FiscalCode != "" && !validate.CodiceFiscale(p.FiscalCode) && !validate.PartitaIVA(p.FiscalCode) {
				t.Errorf("%s: codice fiscale %s is not valid", c.Name, p.FiscalCode)
			}
		}
		if c.Spec.IBAN != "" && !validate.IBAN(c.Spec.IBAN) {
			t.Errorf("%s: IBAN %s is not valid", c.Name, c.Spec.IBAN)
		}
	}
}

// TestCasesPrinted prints one case of every family with the real
// producers (Chromium, Ghostscript, fpdf), reads the PDFs' text layers
// with the engine's PDF reader, and checks that every value the truth
// gives is printed there (or, for letterheads drawn as pictures, in the
// picture) in a form that reads back as the truth's value.
func TestCasesPrinted(t *testing.T) {
	if testing.Short() {
		t.Skip("printing the families takes a while")
	}
	b, err := StartBrowser()
	if err != nil {
		t.Skipf("the layout families are printed by Chromium: %v (.ci/run installs it)", err)
	}
	defer b.Close()
	reader, err := pdf.Open(pdf.Config{Instances: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	gs := GhostscriptPath() != ""
	var wg sync.WaitGroup
	sem := make(chan struct{}, 3)
	n := len(Families())
	if *printedCases > 0 {
		n = *printedCases
	}
	for i := range n {
		c := NewCase(1, i)
		if c.Producer == ProducerGhostscript && !gs {
			t.Logf("%s: no gs on PATH, printed by Chromium only (.ci/run installs Ghostscript)", c.Name)
			c.Producer = ProducerChromium
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			data, err := c.PDF(ctx, b)
			if err != nil {
				t.Errorf("%s: %v", c.Name, err)
				return
			}
			doc, err := reader.Read(ctx, data)
			if err != nil {
				t.Errorf("%s: read: %v", c.Name, err)
				return
			}
			checkPrinted(t, c, doc)
		})
	}
	wg.Wait()
}

// checkPrinted checks a case's truth against its text layer.
func checkPrinted(t *testing.T, c Case, doc *layout.Document) {
	text := norm(doc.Text())
	if len(doc.Pages) > 1 && c.page != nil && c.Family.Table != tableNoHeader && c.Family.Table != tableHeaderPic {
		// A table running over pages repeats its header row on the
		// second page.
		lastPage := doc.Pages[1]
		var rows []string
		for _, l := range lastPage.Lines {
			rows = append(rows, lastPage.LineText(l))
		}
		last := norm(strings.Join(rows, "\n"))
		if c.page != nil && strings.Contains(c.page.html, "<thead>") && len(c.Spec.Items) >= 25 {
			h := norm(html2text(c.page.html[strings.Index(c.page.html, "<thead>"):strings.Index(c.page.html, "</thead>")]))
			lastItem := norm(c.Spec.Items[len(c.Spec.Items)-1].Description)
			if first := strings.Fields(h); len(first) > 0 && strings.Contains(last, lastItem) && !strings.Contains(last, first[0]) {
				t.Errorf("%s: the second page does not repeat the table header %q", c.Name, h)
			}
		}
	}
	printed, inPicture := c.Printed()
	tr := c.Truth()
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				p := k
				if path != "" {
					p = path + "." + k
				}
				walk(p, e)
			}
			return
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s.%d", path, i), e)
			}
			return
		case nil:
			return
		}
		if c.page == nil {
			return // fpdf cases: checked by TestTruth and TestPDF
		}
		key := path
		if path == "invoice.currency" {
			key = "financials.currency"
		}
		p, ok := printed[key]
		if !ok {
			t.Errorf("%s: truth %s = %v is not recorded as printed", c.Name, path, v)
			return
		}
		if !inPicture[key] && !found(text, p) {
			t.Errorf("%s: %s %q is not in the text layer", c.Name, path, p)
		}
		if err := readsAs(c, path, p, v); err != nil {
			t.Errorf("%s: %s: %v", c.Name, path, err)
		}
	}
	walk("", tr.Result)
	if c.page == nil {
		// fpdf cases: the truth's amounts are in the text.
		fin := tr.Result["financials"].(map[string]any)
		total := fin["total"].(float64)
		if !strings.Contains(strings.NewReplacer(".", "", ",", "", " ", "").Replace(text),
			strings.NewReplacer(".", "", ",", "").Replace(fmt.Sprintf("%.2f", total))) {
			t.Errorf("%s: total %.2f is not in the text layer", c.Name, total)
		}
	}
}

// norm lower-cases text and collapses white space (no-break spaces too).
func norm(s string) string {
	s = strings.ReplaceAll(s, "\u00a0", " ")
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// found reports whether a printed value is in the text: as it is, or,
// when a narrow cell wrapped it, word by word.
func found(text, printed string) bool {
	p := norm(printed)
	if p == "" || strings.Contains(text, p) || strings.Contains(strings.ReplaceAll(text, "- ", "-"), p) {
		return true
	}
	for _, w := range strings.Fields(p) {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return strings.Contains(p, " ")
}

// html2text drops the tags of an HTML fragment.
func html2text(h string) string {
	var b strings.Builder
	in := false
	for _, r := range h {
		switch {
		case r == '<':
			in = true
			b.WriteByte(' ')
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// readsAs checks that the printed text of a field reads as its truth value,
// with a parser written apart from the generator's formatting.
func readsAs(c Case, path, printed string, want any) error {
	field := path[strings.LastIndexByte(path, '.')+1:]
	lang := c.Lang()
	switch w := want.(type) {
	case float64:
		numbers := lang
		if c.DotNumbers() {
			numbers = "en"
		}
		got, err := parseNumber(printed, numbers)
		if err != nil {
			return err
		}
		if math.Abs(got-w) > 1e-6 {
			return fmt.Errorf("printed %q reads %v, truth %v", printed, got, w)
		}
	case string:
		switch field {
		case "date", "due_date":
			d, err := parseDate(printed, lang, c.Family.Letter || c.MonthFirst())
			if err != nil {
				return err
			}
			if d != w {
				return fmt.Errorf("printed %q reads %s, truth %s", printed, d, w)
			}
		case "vat_number":
			if !strings.HasSuffix(w, printed) {
				return fmt.Errorf("printed %q, truth %q", printed, w)
			}
		case "iban":
			if strings.ReplaceAll(printed, " ", "") != w {
				return fmt.Errorf("printed %q, truth %q", printed, w)
			}
		case "type", "currency", "payment_method", "country":
			// Words: the truth is the code of what the word says.
		case "city":
			if !strings.EqualFold(printed, w) {
				return fmt.Errorf("printed %q, truth %q", printed, w)
			}
		default:
			if printed != w {
				return fmt.Errorf("printed %q, truth %q", printed, w)
			}
		}
	}
	return nil
}

// parseNumber reads an amount, a quantity or a percentage printed the way
// lang writes numbers, with any currency sign or code around it.
func parseNumber(s, lang string) (float64, error) {
	t := strings.Map(func(r rune) rune {
		switch {
		case unicode.IsDigit(r), r == '.', r == ',', r == '-':
			return r
		}
		return -1
	}, s)
	if lang == "en" {
		t = strings.ReplaceAll(t, ",", "")
	} else {
		t = strings.ReplaceAll(t, ".", "")
		t = strings.ReplaceAll(t, ",", ".")
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return 0, fmt.Errorf("printed %q is not a number: %w", s, err)
	}
	return v, nil
}

// parseDate reads a date printed in any notation of lang.
func parseDate(s, lang string, us bool) (string, error) {
	layouts := []string{"02/01/2006", "2/1/2006", "02-01-2006", "02.01.2006", "2.1.2006", "02/01/06", "02.01.06", "2006-01-02", "2 Jan 2006"}
	if us {
		layouts = []string{"01/02/2006", "January 2, 2006", "Jan 2, 2006"}
	}
	for _, l := range layouts {
		if d, err := time.Parse(l, s); err == nil {
			return d.Format("2006-01-02"), nil
		}
	}
	// Month names: "2 marzo 2026", "2. März 2026", "02 Mar 2026".
	f := strings.Fields(strings.ReplaceAll(s, ".", " "))
	if len(f) == 3 {
		day, err1 := strconv.Atoi(f[0])
		year, err2 := strconv.Atoi(f[2])
		for m, name := range monthNames[lang] {
			if err1 == nil && err2 == nil && (strings.EqualFold(f[1], name) || len(f[1]) == 3 && strings.EqualFold(f[1], name[:3])) {
				return time.Date(year, time.Month(m+1), day, 0, 0, 0, 0, time.UTC).Format("2006-01-02"), nil
			}
		}
	}
	return "", fmt.Errorf("printed %q is not a date of %s", s, lang)
}

// TestTruthEncodes checks that the cases' truth files encode and parse as
// corpus cases with their origin.
func TestTruthEncodes(t *testing.T) {
	for i := range 96 {
		c := NewCase(2, i)
		tr := c.Truth()
		if tr.Origin != "gen:"+c.Family.Name {
			t.Errorf("%s: origin %q", c.Name, tr.Origin)
		}
		data, err := jsonMarshal(tr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := eval.ParseTruth(data); err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
	}
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }
