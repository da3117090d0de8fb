package resolve

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// cell is a run of words printed at x on a line.
type cell struct {
	x    float64
	text string
}

// doc builds a one-page document: each line is a y and its cells; words
// are 5 points wide per character and 10 high.
func doc(lines map[float64][]cell) *layout.Document {
	p := layout.Page{Number: 1, Width: 595, Height: 842}
	for y, cells := range lines {
		for _, c := range cells {
			x := c.x
			for _, w := range strings.Fields(c.text) {
				width := 5 * float64(len([]rune(w)))
				p.Words = append(p.Words, layout.Word{Text: w, Box: layout.Rect{X0: x, Y0: y, X1: x + width, Y1: y + 10}, FontSize: 9})
				x += width + 3
			}
		}
	}
	p.SetWords(p.Words)
	return &layout.Document{Pages: []layout.Page{p}}
}

func values(d *Doc, t Type) []string {
	var out []string
	for _, v := range d.Values {
		if v.Type == t {
			out = append(out, v.Text)
		}
	}
	slices.Sort(out)
	return out
}

func TestIdentifiers(t *testing.T) {
	var got []string
	for _, m := range identifiers(`Fattura n. FT 123/2024 del 12/03/2024 (#A-77) N°456, Nr.9 Totale ID: 2024-X7`) {
		got = append(got, m.Text)
	}
	want := []string{"FT 123/2024", "123/2024", "12/03/2024", "A-77", "456", "9", "2024-X7"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("identifiers (-want +got):\n%s", diff)
	}
	// A number printed in groups of digits is read whole too, two or
	// three neighbouring groups, unless they are a thousands separator's
	// (findValues keeps those of one cell that no other group adjoins).
	got = nil
	for _, m := range identifiers(`Doc. 017 04288 del 21/03/26 importo 12 500 cod 47 0815 2204`) {
		got = append(got, m.Text)
	}
	want = []string{"017", "04288", "21/03/26", "12", "500", "47", "0815", "2204", "017 04288", "47 0815", "47 0815 2204", "0815 2204"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("identifiers of groups (-want +got):\n%s", diff)
	}
}

// TestSpacedNumberInOneCell: a document number printed in groups of
// digits is a candidate whole, and resolves under its label; groups of
// neighbouring cells are not joined.
func TestSpacedNumberInOneCell(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "N. documento"}, {160, "Data"}},
		112: {{40, "017 04288"}, {160, "21/03/26"}},
		200: {{40, "Colli"}, {160, "12"}, {260, "34"}},
		220: {{40, "Carta n."}, {160, "4711 0815 2204 9901"}},
	}), "it")
	ids := values(d, TID)
	if !slices.Contains(ids, "017 04288") || slices.ContainsFunc(ids, func(s string) bool {
		return s == "12 34" || strings.HasPrefix(s, "4711 ") || strings.HasSuffix(s, " 9901")
	}) {
		t.Errorf("identifiers %q: want the grouped number whole, no groups of two cells and no part of a longer run", ids)
	}
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Resolve(d)["invoice.number"]; got.Value == nil || got.Value.Text != "017 04288" {
		t.Errorf("invoice number %+v, want 017 04288", got.Value)
	}
}

// TestPersonalFiscalCode: of a sole trader's two codes on one line, only
// the personal codice fiscale bears fc.person; the company's 11 digits
// are its VAT number too, and the fit weighs the two.
func TestPersonalFiscalCode(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Partita IVA: 02730250426 - Codice Fiscale: CRNGRG62H01G803Y"}},
	}), "it")
	got := map[string]bool{}
	for _, v := range d.Values {
		if v.Type == TFiscal {
			got[v.Norm] = slices.Contains(featureList(&v), "fc.person")
		}
	}
	want := map[string]bool{"02730250426": false, "CRNGRG62H01G803Y": true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("codici fiscali and fc.person (-want +got):\n%s", diff)
	}
}

func TestArithmetic(t *testing.T) {
	roles := arithmetic(distinctDesc([]float64{1220, 1000, 220, 50, 7.5, 1220}))
	want := map[int64]int{100000: roleSub, 22000: roleTax, 122000: roleTotal}
	if diff := cmp.Diff(want, roles); diff != "" {
		t.Errorf("roles (-want +got):\n%s", diff)
	}
	// A tax that is no VAT rate of the base makes no sum.
	if r := arithmetic(distinctDesc([]float64{1000, 333, 1333})); len(r) != 0 {
		t.Errorf("1000 + 333 = 1333 taken for base, tax and total: %v", r)
	}
}

func TestBuildFindsValuesAndLabels(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{50, "Fattura n. 2024/17"}, {300, "Data 15/03/2024"}},
		500: {{300, "Imponibile"}, {450, "1.000,00"}},
		515: {{300, "IVA 22%"}, {450, "220,00"}},
		530: {{300, "Totale documento"}, {450, "€ 1.220,00"}},
		600: {{50, "IBAN IT60 X054 2811 1010 0000 0123 456"}},
	}), "it")
	if diff := cmp.Diff([]string{"1.000,00", "220,00", "€ 1.220,00"}, values(d, TAmount)); diff != "" {
		t.Errorf("amounts (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"15/03/2024"}, values(d, TDate)); diff != "" {
		t.Errorf("dates (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"IT60 X054 2811 1010 0000 0123 456"}, values(d, TIBAN)); diff != "" {
		t.Errorf("IBANs (-want +got):\n%s", diff)
	}
	feats := func(text string) []string {
		for _, v := range d.Values {
			if v.Text == text {
				var out []string
				for _, f := range v.feats {
					out = append(out, featureNames[f.id])
				}
				return out
			}
		}
		t.Fatalf("no value %q", text)
		return nil
	}
	for text, want := range map[string][]string{
		"€ 1.220,00": {"L:financials.total", "ar.total", "amt.rank1", "amt.cur"},
		"220,00":     {"L:financials.tax_amount", "ar.tax"},
		"1.000,00":   {"L:financials.subtotal", "ar.sub"},
		"2024/17":    {"S:invoice.number"},
		"22%":        {"S:financials.tax_amount", "pct.vat", "pct.only"},
	} {
		got := feats(text)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no feature %s among %v", text, w, got)
			}
		}
	}
}

// labelled makes a document where the invoice number stands after its
// label at a random place, among other numbers.
func labelled(rng *rand.Rand) (*layout.Document, string) {
	num := fmt.Sprintf("%d/%d", 1+rng.IntN(900), 2020+rng.IntN(7))
	y := 80 + float64(rng.IntN(30))*20
	x := 40 + float64(rng.IntN(4))*100
	lines := map[float64][]cell{
		y: {{x, "Numero " + num}},
	}
	for k := range 6 {
		yy := 700 + float64(k)*14
		lines[yy] = []cell{{40, fmt.Sprintf("Codice %d-%d", rng.IntN(9999), k)}, {300, fmt.Sprintf("Qta %d", 1+rng.IntN(50))}}
	}
	return doc(lines), num
}

func TestFitLearnsALabel(t *testing.T) {
	for _, listwise := range []bool{false, true} {
		t.Run(fmt.Sprintf("listwise=%v", listwise), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			var exs []Example
			for range 60 {
				dd, num := labelled(rng)
				d := Build(dd, "it")
				exs = append(exs, Example{Doc: d, Right: map[string]func(*Value) bool{
					"invoice.number": func(v *Value) bool { return v.Norm == num },
				}, Null: map[string]bool{}})
			}
			m := Fit(exs, FitOptions{Seed: 3, Listwise: listwise})
			again := Fit(exs, FitOptions{Seed: 3, Listwise: listwise})
			a, _ := m.JSON()
			b, _ := again.JSON()
			if string(a) != string(b) {
				t.Error("the same examples and seed gave different models")
			}
			right := 0
			for range 40 {
				dd, num := labelled(rng)
				c := m.Resolve(Build(dd, "it"))["invoice.number"]
				if c.Value != nil && c.Value.Norm == num {
					right++
				}
			}
			if right < 38 {
				t.Errorf("fitted model read %d of 40 new documents' numbers, want ≥ 38", right)
			}
			parsed, err := Parse(a)
			if err != nil {
				t.Fatal(err)
			}
			c, _ := parsed.JSON()
			if string(c) != string(a) {
				t.Error("model JSON does not survive a round trip")
			}
		})
	}
}

// unlabelled makes a document as labelled does, with a word that labels
// no number where the number's label stands: its truth is null.
func unlabelled(rng *rand.Rand) *layout.Document {
	dd, _ := labelled(rng)
	p := &dd.Pages[0]
	for _, l := range p.Lines {
		for _, wi := range l.Words {
			if p.Words[wi].Text == "Numero" {
				p.Words[wi].Text = "Pagina"
			}
		}
	}
	return dd
}

// TestListwiseNullDocuments checks that the conditional logit learns null
// from documents whose truth is not on the page: with the number's label
// printed on half of the documents only, a document without it reads no
// number, and one with it reads the labelled one.
func TestListwiseNullDocuments(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var exs []Example
	for i := range 80 {
		dd, num := labelled(rng)
		if i%2 == 1 {
			dd, num = unlabelled(rng), ""
		}
		d := Build(dd, "it")
		ex := Example{Doc: d, Right: map[string]func(*Value) bool{
			"invoice.number": func(v *Value) bool { return num != "" && v.Norm == num },
		}, Null: map[string]bool{"invoice.number": num == ""}}
		exs = append(exs, ex)
	}
	m := Fit(exs, FitOptions{Seed: 1, Listwise: true})
	dd, num := labelled(rng)
	if c := m.Resolve(Build(dd, "it"))["invoice.number"]; c.Value == nil || c.Value.Norm != num {
		t.Errorf("labelled document: got %+v, want %s", c.Value, num)
	}
	nulls := 0
	for range 20 {
		if c := m.Resolve(Build(unlabelled(rng), "it"))["invoice.number"]; c.Value == nil {
			nulls++
		}
	}
	if nulls < 18 {
		t.Errorf("%d of 20 documents without the label read no number, want ≥ 18", nulls)
	}
}

// labelModel is a model of the named fields that weighs only a label of
// the field's own kind left of the value.
func labelModel(fields ...string) *Model {
	m := &Model{Fields: map[string]*FieldModel{}}
	for _, f := range fields {
		fm := &FieldModel{Threshold: 0.5, Weights: map[string]float64{"bias": -1, "L:" + f: 2}}
		fm.compile()
		m.Fields[f] = fm
	}
	return m
}

func TestJointTotalsPreferSums(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		500: {{300, "Imponibile"}, {450, "1.000,00"}},
		515: {{300, "IVA"}, {450, "220,00"}},
		530: {{300, "Totale"}, {450, "1.220,00"}},
		545: {{300, "Totale"}, {450, "1.250,00"}},
	}), "it")
	m := labelModel("financials.subtotal", "financials.tax_amount", "financials.total")
	// Both totals score alike: without the bonus the lower key wins the
	// tie; with it, the one that adds up.
	m.ArithBonus = 3
	ch := m.Resolve(d)
	if got := ch["financials.total"].Number(); got != 1220 {
		t.Errorf("total %v, want the 1220 that adds up", got)
	}
	if ch["financials.subtotal"].Number() != 1000 || ch["financials.tax_amount"].Number() != 220 {
		t.Errorf("subtotal %v, tax %v", ch["financials.subtotal"].Number(), ch["financials.tax_amount"].Number())
	}
}

// TestJointTotalsPlausibleTax: no VAT rate is above 27 %, so a tax as
// large as its subtotal (the subtotal read again, near a tax label) is
// never chosen with it, however well its label carries it; the subtotal
// and the total stand.
func TestJointTotalsPlausibleTax(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		500: {{300, "Total HT"}, {450, "900,00"}},
		515: {{300, "TVA non applicable"}},
		530: {{300, "TVA"}, {450, "900,00"}},
		545: {{300, "Total TTC"}, {450, "900,00"}},
	}), "fr")
	m := labelModel("financials.subtotal", "financials.tax_amount", "financials.total")
	m.ArithBonus = 3
	ch := m.Resolve(d)
	if v := ch["financials.tax_amount"].Value; v != nil {
		t.Errorf("tax %q, want none", v.Text)
	}
	if ch["financials.subtotal"].Number() != 900 || ch["financials.total"].Number() != 900 {
		t.Errorf("subtotal %v, total %v; want both 900", ch["financials.subtotal"].Number(), ch["financials.total"].Number())
	}
}

// TestJointTotalsRate: of two taxes that score alike, the one that is the
// chosen rate of the subtotal stands when the fitted RateBonus is set,
// though no total adds up with either (a discount comes off after tax).
func TestJointTotalsRate(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		500: {{300, "Imponibile"}, {450, "1.000,00"}},
		515: {{300, "Aliquota IVA"}, {450, "22%"}},
		530: {{300, "IVA"}, {450, "100,00"}},
		545: {{300, "IVA"}, {450, "220,00"}},
		560: {{300, "Totale documento"}, {450, "1.150,00"}},
	}), "it")
	m := labelModel("financials.subtotal", "financials.tax_amount", "financials.total", "financials.tax_rate")
	for _, c := range []struct {
		bonus float64
		want  float64
	}{{0, 100}, {2, 220}} {
		m.RateBonus = c.bonus
		ch := m.Resolve(d)
		if got := ch["financials.tax_amount"].Number(); got != c.want {
			t.Errorf("rate bonus %v: tax %v, want %v", c.bonus, got, c.want)
		}
		if ch["financials.subtotal"].Number() != 1000 || ch["financials.tax_rate"].Number() != 22 || ch["financials.total"].Number() != 1150 {
			t.Errorf("rate bonus %v: subtotal %v, rate %v, total %v", c.bonus, ch["financials.subtotal"].Number(), ch["financials.tax_rate"].Number(), ch["financials.total"].Number())
		}
	}
	// A rate the field would not choose alone (an invoice of several
	// rates prints each beside its base and tax) earns the tax no bonus
	// and stays null.
	m.Fields["financials.tax_rate"].Threshold = 0.95
	ch := m.Resolve(d)
	if got := ch["financials.tax_amount"].Number(); got != 100 || ch["financials.tax_rate"].Value != nil {
		t.Errorf("rate under its threshold: tax %v, rate %+v; want 100 and none", got, ch["financials.tax_rate"].Value)
	}
}

// TestOneDecimalMark: an Italian document that prints its amounts with a
// decimal dot ("18.75") reads "3.125" and "6.000" as decimals, not as
// thousands; one that prints a decimal comma keeps the dot as thousands.
func TestOneDecimalMark(t *testing.T) {
	amounts := func(d *Doc) []float64 {
		var out []float64
		for _, v := range d.Values {
			if v.Type == TAmount {
				out = append(out, v.Num)
			}
		}
		slices.Sort(out)
		return out
	}
	dot := Build(doc(map[float64][]cell{
		300: {{40, "Bulloni"}, {300, "6.000"}, {360, "3.125"}, {420, "18.75"}},
		320: {{40, "Totale imponibile"}, {420, "18.75"}},
		340: {{40, "Totale documento"}, {420, "22.88"}},
		360: {{40, "IVA"}, {420, "4.13"}},
		800: {{40, "Capitale sociale € 10.000,00"}},
	}), "it")
	if diff := cmp.Diff([]float64{3.125, 4.13, 6, 18.75, 18.75, 22.88, 10000}, amounts(dot)); diff != "" {
		t.Errorf("decimal dot document (-want +got):\n%s", diff)
	}
	comma := Build(doc(map[float64][]cell{
		300: {{40, "Bulloni"}, {300, "12"}, {360, "1.250"}, {420, "15.000,00"}},
		320: {{40, "Totale documento"}, {420, "18.300,00"}},
	}), "it")
	if diff := cmp.Diff([]float64{12, 1250, 15000, 18300}, amounts(comma)); diff != "" {
		t.Errorf("decimal comma document (-want +got):\n%s", diff)
	}
}

func TestRulesMarkCandidates(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{50, "Numero 77/2024"}},
	}), "it")
	d.SetRules(map[string]Rule{
		"invoice.number":    {Text: "77/2024", Conf: 0.9, Page: 1},
		"invoice.po_number": {Text: "PO-1", Conf: 0.5, Page: 1}, // on no candidate
	})
	var marked, added int
	for _, v := range d.Values {
		if _, ok := v.rule["invoice.number"]; ok && v.Norm == "77/2024" {
			marked++
		}
		if _, ok := v.rule["invoice.po_number"]; ok && v.Line < 0 {
			added++
		}
	}
	if marked != 1 || added != 1 {
		t.Errorf("%d candidates marked for the number, %d added for the PO number; want 1 and 1", marked, added)
	}
	// A name the rules read that is a date or a period is no candidate:
	// the other candidates decide the field.
	for _, bad := range []string{"August 28, 2025", "April 2015", "marzo 2024"} {
		d.SetRules(map[string]Rule{"vendor.name": {Text: bad, Conf: 0.8, Page: 1}})
		for _, v := range d.Values {
			if v.Type == TName && v.Text == bad {
				t.Errorf("the rules' vendor name %q is a candidate", bad)
			}
		}
	}
	d.SetRules(map[string]Rule{"vendor.name": {Text: "Sample Builder", Conf: 0.8, Page: 1}})
	if !slices.Contains(values(d, TName), "Sample Builder") {
		t.Error("the rules' vendor name on no candidate is not added")
	}
}

// TestRuleOnlyValueStaysWithItsField: a value the rules give that no
// candidate prints (a subtotal they computed from the VAT lines) is a
// candidate of the field they chose it for, never of the other fields of
// its type, however low their thresholds: it carries nothing else.
func TestRuleOnlyValueStaysWithItsField(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		500: {{300, "Imponibile"}, {450, "700,00"}},
		515: {{300, "Imponibile"}, {450, "300,00"}},
		530: {{300, "Totale"}, {450, "1.220,00"}},
	}), "it")
	d.SetRules(map[string]Rule{"financials.subtotal": {Num: 1000, Conf: 0.9, Page: 1}})
	// A bias alone puts every candidate above each threshold.
	fm := func() *FieldModel {
		fm := &FieldModel{Threshold: 0.1, Weights: map[string]float64{"bias": 1, "rule": 2}}
		fm.compile()
		return fm
	}
	m := &Model{Fields: map[string]*FieldModel{}}
	for _, f := range []string{"financials.subtotal", "financials.discount", "financials.stamp_duty", "financials.withholding_tax"} {
		m.Fields[f] = fm()
	}
	ch := m.Resolve(d)
	if got := ch["financials.subtotal"].Number(); got != 1000 {
		t.Errorf("subtotal %v, want the rules' 1000", got)
	}
	for _, f := range []string{"financials.discount", "financials.stamp_duty", "financials.withholding_tax"} {
		if c := ch[f]; c.Value != nil && c.Number() == 1000 {
			t.Errorf("%s is the subtotal only the rules give", f)
		}
	}
}

// TestAdjustmentsStandByTheirLabel: a discount, a stamp duty or a
// withholding is an amount by a label of its kind; an item's price or any
// other amount is no candidate of theirs, however low their thresholds.
func TestAdjustmentsStandByTheirLabel(t *testing.T) {
	for _, tc := range []struct {
		lang  string
		lines map[float64][]cell
		field string
		want  float64
	}{
		{"it", map[float64][]cell{
			300: {{50, "Cancelleria"}, {300, "5,50"}, {450, "11,00"}},
			500: {{300, "Imponibile"}, {450, "11,00"}},
			515: {{300, "Bollo"}, {450, "2,00"}},
		}, "financials.stamp_duty", 2},
		{"de", map[float64][]cell{
			300: {{50, "Schrauben"}, {300, "5,50"}, {450, "11,00"}},
			500: {{300, "Rabatt"}, {450, "1,10"}},
		}, "financials.discount", 1.1},
		{"en", map[float64][]cell{
			300: {{50, "Consulting"}, {300, "5.50"}, {450, "11.00"}},
			500: {{300, "Withholding tax"}, {450, "2.20"}},
		}, "financials.withholding_tax", 2.2},
	} {
		d := Build(doc(tc.lines), tc.lang)
		for _, f := range Fields {
			if f.Name != tc.field {
				continue
			}
			var got []float64
			for i := range d.Values {
				if f.Admits(&d.Values[i]) && f.Chooses(&d.Values[i]) {
					got = append(got, d.Values[i].Num)
				}
			}
			if !slices.Equal(got, []float64{tc.want}) {
				t.Errorf("%s: candidates %v, want only the labelled %v", tc.field, got, tc.want)
			}
		}
	}
}

// TestStreetAfterItsName: a party's name and its street printed on one
// line are two fields; of the street candidates, the one that starts with
// the chosen name is no address, the street alone is.
func TestStreetAfterItsName(t *testing.T) {
	for _, tc := range []struct{ lang, name, line, street string }{
		{"de", "Max Muster", "Max Muster Hauptstraße 4 12345 Berlin", "Hauptstraße 4"},
		{"it", "Rossi S.r.l.", "Rossi S.r.l. Via Roma 12 00100 Roma", "Via Roma 12"},
		{"fr", "Jean Dupont", "Jean Dupont 8 rue des Lilas 69003 Lyon", "8 rue des Lilas"},
	} {
		d := Build(doc(map[float64][]cell{100: {{300, tc.line}}}), tc.lang)
		var name *Value
		var streets []*option
		for i := range d.Values {
			v := &d.Values[i]
			if v.Type == TName && v.Text == tc.name {
				name = v
			}
			if v.Type == TStreet {
				streets = append(streets, &option{key: Key(v), v: v})
			}
		}
		if name == nil {
			name = &Value{Type: TName, Text: tc.name}
		}
		var got []string
		for _, o := range withoutName(streets, Choice{Value: name}) {
			got = append(got, o.v.Text)
		}
		if !slices.Contains(got, tc.street) {
			t.Errorf("%q: streets %v, want %q among them", tc.line, got, tc.street)
		}
		for _, g := range got {
			if strings.HasPrefix(g, tc.name) {
				t.Errorf("%q: street %q starts with the name", tc.line, g)
			}
		}
	}
}

// TestIdentifierIsNoPhone: a phone number printed under the
// letterhead is the vendor's phone, not the invoice number too, however
// much the number's weights like its dashes; the labelled number stands.
func TestIdentifierIsNoPhone(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		60:  {{50, "Harbor Electric Co"}},
		75:  {{50, "48 Pine Street, Portland, OR 97204"}},
		90:  {{50, "503-555-0147"}},
		150: {{50, "BILL TO"}, {350, "Invoice No:"}, {450, "#HE22070"}},
		165: {{50, "Dana Whitfield"}, {350, "Invoice Date:"}, {450, "04/09/26"}},
	}), "en")
	w := func(ws map[string]float64) *FieldModel {
		fm := &FieldModel{Threshold: 0.1, Weights: ws}
		fm.compile()
		return fm
	}
	m := &Model{Fields: map[string]*FieldModel{
		"invoice.number": w(map[string]float64{"bias": -1, "id.dash": 3, "L:invoice.number": 1}),
		"vendor.phone":   w(map[string]float64{"bias": 2}),
	}}
	ch := m.Resolve(d)
	if got := ch["vendor.phone"]; got.Value == nil || got.Value.Text != "503-555-0147" {
		t.Fatalf("vendor phone %+v, want 503-555-0147", got.Value)
	}
	if got := ch["invoice.number"]; got.Value == nil || got.Value.Norm != "HE22070" {
		t.Errorf("invoice number %+v, want HE22070", got.Value)
	}
}

// TestAmountPerUnitIsNoSum: an amount per unit of something is a price
// or a tariff, a candidate of none of the document's sums.
func TestAmountPerUnitIsNoSum(t *testing.T) {
	for _, tc := range []struct {
		lang, line string
		want       []float64
	}{
		{"it", "Importo sconto 4,80 €/mese", nil},
		{"it", "Prezzo energia 0,15 €/kWh", nil},
		{"de", "Rabatt 2,50 EUR / Stk", nil},
		{"it", "Importo sconto 6,60 €", []float64{6.6}},
		{"de", "Rabatt 2,50 EUR", []float64{2.5}},
	} {
		d := Build(doc(map[float64][]cell{100: {{50, tc.line}}}), tc.lang)
		for _, f := range Fields {
			if f.Type != TAmount {
				continue
			}
			var got []float64
			for i := range d.Values {
				if f.Admits(&d.Values[i]) {
					got = append(got, d.Values[i].Num)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%q: %s candidates %v, want %v", tc.line, f.Name, got, tc.want)
			}
		}
	}
}

func TestDefaultModel(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Fields {
		fm := m.Fields[f.Name]
		if fm == nil || len(fm.Weights) == 0 {
			t.Errorf("the stored model has no weights for %s (refit with go run ./internal/fit/fitweights)", f.Name)
		}
	}
	if m.Fitted == "" {
		t.Error("the stored model does not say how it was fitted")
	}
	if m.Items == nil || len(m.Items.Weights) == 0 {
		t.Error("the stored model has no weights for the choice of item readings")
	}
}

func TestReadItemsByArithmetic(t *testing.T) {
	// No header row, a code column, a unit beside the quantity, a
	// discount, a wrapped description and a totals line under the table.
	d := Build(doc(map[float64][]cell{
		200: {{40, "1"}, {60, "AB1234"}, {130, "Cavo elettrico 3G2,5"}, {330, "12"}, {350, "m"}, {420, "1,50"}, {470, "10%"}, {520, "16,20"}},
		214: {{40, "2"}, {60, "XY0042"}, {130, "Installazione e collaudo"}, {330, "3,5"}, {350, "h"}, {420, "45,00"}, {520, "157,50"}},
		226: {{130, "presso la sede del cliente"}},
		240: {{40, "3"}, {60, "ZZ0001"}, {130, "Trasporto"}, {330, "1"}, {350, "NR"}, {420, "25,00"}, {520, "25,00"}},
		300: {{380, "Imponibile"}, {520, "198,70"}},
	}), "it")
	tb := ReadItems(d)
	type row struct {
		Desc, Unit    string
		Q, P, A, Disc float64
		Consistent    bool
	}
	var got []row
	for _, it := range Merge(tb, nil) {
		r := row{Desc: it.Description, Unit: it.Unit, Consistent: it.Consistent}
		for _, x := range []struct {
			p   *float64
			dst *float64
		}{{it.Quantity, &r.Q}, {it.UnitPrice, &r.P}, {it.Amount, &r.A}, {it.DiscountPct, &r.Disc}} {
			if x.p != nil {
				*x.dst = *x.p
			}
		}
		got = append(got, r)
	}
	want := []row{
		{"Cavo elettrico 3G2,5", "m", 12, 1.5, 16.2, 10, true},
		{"Installazione e collaudo presso la sede del cliente", "h", 3.5, 45, 157.5, 0, true},
		{"Trasporto", "NR", 1, 25, 25, 0, true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
}

func TestChooseItemsPrefersRowsThatAddUp(t *testing.T) {
	f := func(x float64) *float64 { return &x }
	good := Table{Items: []Item{{Description: "a", Quantity: f(2), UnitPrice: f(5), Amount: f(10), Consistent: true},
		{Description: "b", Quantity: f(1), UnitPrice: f(7), Amount: f(7), Consistent: true}}, Rows: 2}
	bad := []Item{{Description: "a b", Amount: f(10)}}
	x := itemChoiceFeatures(bad, good, []float64{17})
	if x["new.sum"] != 1 || x["old.sum"] != 0 || x["new.consistent"] != 1 || x["old.consistent"] != 0 || x["more.new"] != 1 {
		t.Errorf("features %v", x)
	}
}

func TestPartySegmentsAndBlocks(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		40:  {{150, "Rossi Impianti S.r.l."}},
		52:  {{100, "Via Torino 12 - 20121 Milano (MI) - P.IVA IT01234567897"}},
		120: {{320, "Spett.le"}},
		132: {{320, "Bianchi Caffè S.p.A."}},
		144: {{320, "Corso Italia 10"}},
		156: {{320, "00184 Roma (RM)"}},
		168: {{320, "PEC: amministrazione@pec.bianchi.it"}},
	}), "it")
	if diff := cmp.Diff([]string{"Corso Italia 10", "Via Torino 12"}, values(d, TStreet)); diff != "" {
		t.Errorf("streets (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"00184 Roma (RM)", "20121 Milano (MI)"}, values(d, TPostal)); diff != "" {
		t.Errorf("postal lines (-want +got):\n%s", diff)
	}
	names := values(d, TName)
	for _, want := range []string{"Rossi Impianti S.r.l.", "Bianchi Caffè S.p.A."} {
		if !slices.Contains(names, want) {
			t.Errorf("no name candidate %q among %v", want, names)
		}
	}
	if slices.Contains(names, "Spett.le") {
		t.Error("a party heading alone is a name candidate")
	}
	if got := values(d, TEmail); len(got) != 1 {
		t.Errorf("e-mails %v", got)
	}
	// The buyer's name opens a block under its heading, over a street and
	// a postal line.
	for _, v := range d.Values {
		if v.Type != TName || v.Text != "Bianchi Caffè S.p.A." {
			continue
		}
		var got []string
		for _, f := range v.feats {
			got = append(got, featureNames[f.id])
		}
		for _, want := range []string{"B:buyer", "under.street", "under.postal", "blk.postal", "name.legal"} {
			if !slices.Contains(got, want) {
				t.Errorf("buyer name lacks %s among %v", want, got)
			}
		}
	}
}

func TestPartyFieldsFollowTheNamesBlock(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Fornitore"}, {320, "Cliente"}},
		114: {{40, "Alfa Srl"}, {320, "Beta Spa"}},
		128: {{40, "Via Roma 1"}, {320, "Via Milano 2"}},
		142: {{40, "20100 Milano"}, {320, "00100 Roma"}},
		156: {{40, "zeta@alfa.it"}, {320, "aaa@beta.it"}},
	}), "it")
	w := func(weights map[string]float64) *FieldModel {
		fm := &FieldModel{Threshold: 0.5, Weights: weights}
		fm.compile()
		return fm
	}
	// The names are told apart by their headings; the e-mails score
	// alike, so that only their blocks can tell whose each is.
	m := &Model{Fields: map[string]*FieldModel{
		"vendor.name":  w(map[string]float64{"bias": -1, "B:vendor": 3}),
		"buyer.name":   w(map[string]float64{"bias": -1, "B:buyer": 3}),
		"vendor.email": w(map[string]float64{"bias": 1}),
		"buyer.email":  w(map[string]float64{"bias": 1}),
	}}
	for _, bonus := range []float64{0, 2} {
		m.BlockBonus = bonus
		ch := m.Resolve(d)
		if ch["vendor.name"].Value == nil || ch["vendor.name"].Value.Text != "Alfa Srl" || ch["buyer.name"].Value == nil || ch["buyer.name"].Value.Text != "Beta Spa" {
			t.Fatalf("names %+v, %+v", ch["vendor.name"].Value, ch["buyer.name"].Value)
		}
		ve, be := ch["vendor.email"].Value, ch["buyer.email"].Value
		if ve == nil || be == nil {
			t.Fatalf("bonus %v: e-mails %v, %v", bonus, ve, be)
		}
		right := ve.Norm == "zeta@alfa.it" && be.Norm == "aaa@beta.it"
		if bonus > 0 && !right {
			t.Errorf("bonus %v: vendor e-mail %s, buyer e-mail %s: want each in its name's block", bonus, ve.Norm, be.Norm)
		}
		if bonus == 0 && right {
			t.Fatalf("without the bonus the tie fell right: the test cannot tell that the bonus works")
		}
	}
}

// TestStreetIsNotThePostalLine: a line chosen as a party's street is not
// its postal line too, however the postal model scores it ("2558 Michael
// Mills", a house number and a street, reads as a four-digit code and a
// city); the postal line is the next best, under it.
func TestStreetIsNotThePostalLine(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "BILL TO"}},
		114: {{40, "Christopher Rodriguez"}},
		128: {{40, "2558 Michael Mills"}},
		142: {{40, "East Steven, MI 89330"}},
	}), "en")
	w := func(weights map[string]float64) *FieldModel {
		fm := &FieldModel{Threshold: 0.5, Weights: weights}
		fm.compile()
		return fm
	}
	// A postal model that prefers a line with another postal line under
	// it: alone it would choose the street.
	m := &Model{Fields: map[string]*FieldModel{
		"buyer.address": w(map[string]float64{"bias": 1}),
		"buyer.postal":  w(map[string]float64{"bias": 1, "under.postal": 2}),
	}}
	ch := m.Resolve(d)
	street, postal := ch["buyer.address"].Value, ch["buyer.postal"].Value
	if street == nil || street.Text != "2558 Michael Mills" || postal == nil || postal.Text != "East Steven, MI 89330" {
		t.Errorf("street %v, postal line %v; want 2558 Michael Mills and East Steven, MI 89330", street, postal)
	}
}

func TestNameLike(t *testing.T) {
	for seg, want := range map[string]bool{
		"Bianchi Caffè S.p.A.":       true,
		"Mario Rossi":                true,
		"Dott.":                      false, // a title alone
		"Frau Dr.":                   false,
		"Mme":                        false,
		"Dott. Mario Rossi":          true,
		"September 2024":             false,
		"Jan. – Mar. 2026":           false,
		"marzo 2026":                 false,
		"Partita IVA":                false,
		"info@example.com":           false,
		"GmbH":                       false, // a legal form alone
		"S.r.l.":                     false,
		"(Copy for your records)":    false, // a remark
		"Rossi (Milano)":             true,
		"Österreich":                 false, // a country alone
		"- Deutschland":              false,
		"IT":                         false, // a code
		"http://tinyurl.com/fattura": false,
		"www.rossi.it":               false,
		"Intestatario:":              false,
		"3M Italia":                  true,
		"EUR":                        false, // a currency alone
		"Euro":                       false,
		"Euro Servizi S.r.l.":        true,
		"31 Tage":                    false, // a quantity
		"6 kW":                       false,
		"2 Fratelli S.n.c.":          true,
		// A legal line, and keys alone, are no names.
		"SAS au capital de 10 000 €":    false,
		"Amtsgericht München HRB 12345": false,
		"Registro Imprese di Milano":    false,
		"Adresse":                       false,
		"Contact details":               false,
		"Handelsregistereintragung":     false,
		"Capital Services Ltd":          true,
		"RSSMRA80A01H501U":              false, // a codice fiscale
		"- IT":                          false, // a country code after a dash
		"Für":                           false, // a preposition alone
		"RSSMRA80A01H501X":              true,  // letters and digits with no valid check letter
		"Comune di Sesto":               true,
		// Keys of a name alone, in each language, name nobody.
		"Nom commercial":          false,
		"Acheteur Nom commercial": false,
		"Nom du titulaire":        false,
		"Supplier trade name":     false,
		"Customer name":           false,
		"Kundenname":              false,
		"Nome commerciale":        false,
	} {
		if got := nameLike(seg); got != want {
			t.Errorf("nameLike(%q) = %v, want %v", seg, got, want)
		}
	}
}

// TestNameBeforeItsLegalLine checks that a name printed with its legal
// line in one cell ("Rossi S.r.l. Cap. soc. € 10.000 i.v.") is a name
// candidate without the legal line, and the legal line is none.
func TestNameBeforeItsLegalLine(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		30:  {{40, "Tessiture Rossi S.r.l. Cap. soc. € 10.000,00 i.v."}},
		800: {{40, "Lumière Conseil SARL au capital de 8 000 €"}},
		812: {{40, "SAS au capital de 10 000 €"}},
	}), "it")
	got := values(d, TName)
	for _, want := range []string{"Tessiture Rossi S.r.l.", "Lumière Conseil SARL"} {
		if !slices.Contains(got, want) {
			t.Errorf("no name %q among %q", want, got)
		}
	}
	for _, n := range got {
		if strings.Contains(n, "capital") || strings.Contains(n, "soc.") || n == "SAS" {
			t.Errorf("legal line %q is a name candidate", n)
		}
	}
}

func TestReadItemsSeesTheHeaderRow(t *testing.T) {
	rows := map[float64][]cell{
		200: {{60, "Consulenza"}, {330, "2"}, {420, "80,00"}, {520, "160,00"}},
		214: {{60, "Licenza"}, {330, "1"}, {420, "450,00"}, {520, "450,00"}},
	}
	if tb := ReadItems(Build(doc(rows), "it")); tb.Header || len(tb.Items) != 2 {
		t.Errorf("without a header row: header %v, %d rows", tb.Header, len(tb.Items))
	}
	rows[186] = []cell{{60, "Descrizione"}, {310, "Quantità"}, {410, "Prezzo"}, {510, "Importo"}}
	if tb := ReadItems(Build(doc(rows), "it")); !tb.Header || len(tb.Items) != 2 {
		t.Errorf("under a header row: header %v, %d rows", tb.Header, len(tb.Items))
	}
}

// TestKeyedPartyData checks the party data printed as keys and values:
// the value after a key is the candidate, the key its label; a street and
// its house number, a postal code and its city, printed under keys of
// their own on lines of their own, are one street and one postal line.
func TestKeyedPartyData(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		40:  {{40, "Dati del cedente / prestatore"}},
		60:  {{60, "Denominazione: Verdi Costruzioni S.r.l."}},
		72:  {{60, "Indirizzo: Via dei Platani"}},
		84:  {{60, "Numero civico: 21"}},
		96:  {{60, "CAP: 40121"}},
		108: {{60, "Comune: BOLOGNA"}, {300, "Provincia: BO"}},
	}), "it")
	names := values(d, TName)
	if !slices.Contains(names, "Verdi Costruzioni S.r.l.") {
		t.Errorf("no name after its key among %v", names)
	}
	for _, n := range names {
		if strings.Contains(n, "Denominazione") {
			t.Errorf("name candidate %q keeps its key", n)
		}
	}
	if got := values(d, TStreet); !slices.Contains(got, "Via dei Platani 21") {
		t.Errorf("streets %v: want the keyed street with its house number", got)
	}
	var postal *Value
	for i := range d.Values {
		if v := &d.Values[i]; v.Type == TPostal && v.Zip == "40121" {
			postal = v
		}
	}
	if postal == nil || postal.City != "BOLOGNA" {
		t.Fatalf("postal line %+v: want 40121 BOLOGNA from the keyed code and city", postal)
	}
	for _, v := range d.Values {
		if v.Type == TName && v.Text == "Verdi Costruzioni S.r.l." && !slices.Contains(featureList(&v), "S:party.name") {
			t.Errorf("the name's key is not its label: %v", featureList(&v))
		}
	}
}

// TestKeyedPostalPacked checks keyed postal data packed two keys to a
// line, the city over the postal code, as the SdI stylesheet prints them:
// a key's value ends at the next key, whatever its kind.
func TestKeyedPostalPacked(t *testing.T) {
	for _, rows := range []map[float64][]cell{
		{
			60: {{60, "Indirizzo: VIA DEI PLATANI 21"}},
			72: {{60, "Comune: BOLOGNA Provincia: BO"}},
			84: {{60, "Cap: 40121 Nazione: IT"}},
		},
		{
			60: {{60, "Street: 4 Mill Lane"}},
			72: {{60, "Postcode: 90210 Country: US"}},
			84: {{60, "City: Springfield State: CA"}},
		},
	} {
		d := Build(doc(rows), "it")
		var got []string
		for _, v := range d.Values {
			if v.Type == TPostal {
				got = append(got, v.Zip+" "+v.City)
			}
		}
		if !slices.Contains(got, "40121 BOLOGNA") && !slices.Contains(got, "90210 Springfield") {
			t.Errorf("postal lines %q: want the keyed code with the keyed city", got)
		}
		for _, g := range got {
			if strings.Contains(g, ":") {
				t.Errorf("postal line %q keeps another key", g)
			}
		}
	}
}

// TestUnknownKeys checks that the value after a key the lexicon does not
// know is the name candidate, never the key with it.
func TestUnknownKeys(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		60: {{60, "Name: Clara Holm"}},
		72: {{60, "Nome reparto: Acquisti"}},
	}), "en")
	got := values(d, TName)
	if !slices.Contains(got, "Clara Holm") {
		t.Errorf("names %q: want the value after its key", got)
	}
	for _, n := range got {
		if strings.Contains(n, ":") {
			t.Errorf("name %q keeps its key", n)
		}
	}
}

// TestKeyAloneIsNoName checks that a key whose value stands in the cell
// to its right is no name candidate, whatever its word.
func TestKeyAloneIsNoName(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		60: {{60, "Verkäufer"}},
		72: {{60, "Nummer:"}, {300, "549910"}},
		84: {{60, "Name:"}, {300, "Kessler Bau GmbH"}},
		96: {{60, "Ansprechpartner :"}, {300, "Olga Brandt"}},
	}), "de")
	got := values(d, TName)
	for _, want := range []string{"Kessler Bau GmbH", "Olga Brandt"} {
		if !slices.Contains(got, want) {
			t.Errorf("names %q: want %q", got, want)
		}
	}
	for _, key := range []string{"Nummer", "Name", "Ansprechpartner"} {
		if slices.Contains(got, key) {
			t.Errorf("names %q: the key %q alone is a name candidate", got, key)
		}
	}
}

// TestKeyedPersonName checks that a person's given and family names,
// printed under keys of their own, are one name candidate.
func TestKeyedPersonName(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		60: {{60, "Partita IVA: IT01234567897"}},
		72: {{60, "Nome: ANNA MARIA"}},
		84: {{60, "Cognome: BELLINI"}},
		96: {{60, "Regime fiscale: ordinario"}},
	}), "it")
	if got := values(d, TName); !slices.Contains(got, "ANNA MARIA BELLINI") {
		t.Errorf("names %q: want the given names with the family name", got)
	}
}

// TestNameInProse checks that the company name a legal footer starts with
// is a name candidate, up to its legal form, and that prose without one
// gives none.
func TestNameInProse(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		700: {{40, "Rossi Energia Srl, società soggetta a direzione e coordinamento di Rossi Holding, capitale sociale 10.000 euro"}},
		712: {{40, "Verdi SAS au capital de 3.000 Euros RCS Paris Siège social rue de la Paix"}},
		724: {{40, "Per informazioni sulla fattura chiamare il servizio clienti dal lunedì al venerdì"}},
	}), "it")
	got := values(d, TName)
	for _, want := range []string{"Rossi Energia Srl", "Verdi SAS"} {
		if !slices.Contains(got, want) {
			t.Errorf("names %q: want %q", got, want)
		}
	}
	for _, n := range got {
		if strings.HasPrefix(n, "Per informazioni") {
			t.Errorf("prose without a legal form gave the name %q", n)
		}
	}
}

// TestStreetsAfterOtherWords checks a street printed after a name or a
// key on the same segment, a postal code set apart from its city, and a
// postal line followed by its street.
func TestStreetsAfterOtherWords(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		40:  {{40, "Neri Trasporti SpA Via Emilia 250"}},
		60:  {{40, "Sede legale e amministrativa via Po 7"}},
		80:  {{40, "47921 - Rimini (RN)"}},
		100: {{40, "00187 Roma, Via del Corso 101"}},
		120: {{300, "Spett.le Gialli Arredi S.n.c."}},
	}), "it")
	streets := values(d, TStreet)
	for _, want := range []string{"Via Emilia 250", "via Po 7", "Via del Corso 101"} {
		if !slices.Contains(streets, want) {
			t.Errorf("no street %q among %v", want, streets)
		}
	}
	names := values(d, TName)
	for _, want := range []string{"Neri Trasporti SpA", "Gialli Arredi S.n.c."} {
		if !slices.Contains(names, want) {
			t.Errorf("no name %q among %v", want, names)
		}
	}
	zips := map[string]string{}
	for _, v := range d.Values {
		if v.Type == TPostal {
			zips[v.Zip] = v.City
		}
	}
	if zips["47921"] != "Rimini" || zips["00187"] != "Roma" {
		t.Errorf("postal lines %v: want 47921 Rimini and 00187 Roma", zips)
	}
}

// TestNameFeatures checks the features that set a name among the
// document's others: its words in a web domain, other lines naming it,
// the topmost and the largest on the first page, words of the label
// lexicon in it.
func TestNameFeatures(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		30:  {{40, "Kestrel Roofing"}},
		50:  {{40, "www.kestrelroofing.com"}},
		300: {{40, "Contact details"}},
		700: {{40, "Please pay Kestrel Roofing within 30 days"}},
	}), "en")
	feats := map[string][]string{}
	for _, v := range d.Values {
		if v.Type == TName {
			feats[v.Text] = featureList(&v)
		}
	}
	sp := feats["Kestrel Roofing"]
	for _, want := range []string{"name.domain", "name.mentions", "name.top"} {
		if !slices.Contains(sp, want) {
			t.Errorf("Kestrel Roofing lacks %s among %v", want, sp)
		}
	}
	if cd, ok := feats["Contact details"]; ok && (!slices.Contains(cd, "name.lex") || slices.Contains(cd, "name.top")) {
		t.Errorf("Contact details: %v: want name.lex and not name.top", cd)
	}
}

// TestRatesWithTheirTax checks that a summary of several VAT rates, each
// on a line with its base and its tax, marks the rates (feature
// pct.split), and that one rate, or rates on item rows, do not.
func TestRatesWithTheirTax(t *testing.T) {
	split := func(rows map[float64][]cell) bool {
		d := Build(doc(rows), "en")
		for _, v := range d.Values {
			if v.Type == TPercent && slices.Contains(featureList(&v), "pct.split") {
				return true
			}
		}
		return false
	}
	items := map[float64][]cell{
		100: {{40, "Website maintenance"}, {300, "105.00"}, {380, "23%"}, {480, "105.00"}},
		112: {{40, "Office chair"}, {300, "277.00"}, {380, "13.5%"}, {480, "2,216.00"}},
	}
	if split(items) {
		t.Errorf("rates on item rows marked as a summary per rate")
	}
	one := map[float64][]cell{
		200: {{40, "VAT rate"}, {150, "Net"}, {250, "VAT"}},
		212: {{40, "23%"}, {150, "105.00"}, {250, "24.15"}},
	}
	if split(one) {
		t.Errorf("one rate with its tax marked as several")
	}
	two := map[float64][]cell{
		200: {{40, "VAT rate"}, {150, "Net"}, {250, "VAT"}},
		212: {{40, "23%"}, {150, "105.00"}, {250, "24.15"}},
		224: {{40, "13.5%"}, {150, "2,216.00"}, {250, "299.16"}},
	}
	if !split(two) {
		t.Errorf("two rates each with its base and tax not marked")
	}
}

// TestMeasureIsNoIdentifier checks that a quantity with its unit or an
// amount with its currency is marked (feature id.measure) and a document
// number is not.
func TestMeasureIsNoIdentifier(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"~500ml", true}, {"40€", true}, {"$120", true}, {"3,5kg", true}, {"12x", true},
		{"2024/0042", false}, {"FT123", false}, {"123", false}, {"RE-2019-507", false}, {"A12B", false},
	} {
		if got := measure.MatchString(tc.text); got != tc.want {
			t.Errorf("measure(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestDateAfterAWordIsADate checks that an identifier made of a short
// capital word and a date ("IL 25/05/2026") is marked as a date (feature
// id.date), like the bare date, while a numbered series with a prefix
// ("FT 123/2024") is not.
func TestDateAfterAWordIsADate(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Fattura N. FT 123/2024 IL 25/05/2026"}},
	}), "it")
	got := map[string]bool{}
	for _, v := range d.Values {
		if v.Type == TID {
			got[v.Text] = slices.Contains(featureList(&v), "id.date")
		}
	}
	want := map[string]bool{"FT 123/2024": false, "123/2024": false, "IL 25/05/2026": true, "25/05/2026": true}
	for text, date := range want {
		if g, ok := got[text]; !ok {
			t.Errorf("no identifier %q among %v", text, got)
		} else if g != date {
			t.Errorf("%q: id.date = %v, want %v", text, g, date)
		}
	}
}

// TestItemHeadingsAreColumns checks that "Total" heading an item table's
// column of line amounts is read as the column's heading, not as the
// total's label, while the same word over a foot grid of totals, or
// beside its amount, stays the total's label.
func TestItemHeadingsAreColumns(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Description"}, {250, "Qty"}, {330, "Unit price"}, {450, "Total"}},
		112: {{40, "Garden hose"}, {250, "2"}, {330, "10.00"}, {450, "20.00"}},
		124: {{40, "Watering can"}, {250, "1"}, {330, "15.00"}, {450, "15.00"}},
		300: {{250, "Subtotal"}, {350, "VAT"}, {450, "Total"}},
		312: {{250, "35.00"}, {350, "7.70"}, {450, "42.70"}},
		340: {{350, "Total:"}, {450, "42.70"}},
	}), "en")
	feats := map[float64][]string{}
	for _, v := range d.Values {
		if v.Type == TAmount {
			y := d.Pages[v.Page].S.Page.Words[d.Pages[v.Page].S.Page.Lines[v.Line].Words[v.First]].Box.Y0
			feats[y] = append(feats[y], featureList(&v)...)
		}
	}
	for _, y := range []float64{112, 124} {
		for _, f := range feats[y] {
			if strings.HasSuffix(f, ":financials.total") {
				t.Errorf("line amount at y %v has %s: %v", y, f, feats[y])
			}
		}
	}
	if !slices.Contains(feats[112], "A:col.amount") {
		t.Errorf("line amount at y 112 lacks A:col.amount: %v", feats[112])
	}
	for _, y := range []float64{312, 340} {
		if !slices.ContainsFunc(feats[y], func(f string) bool { return strings.HasSuffix(f, ":financials.total") }) {
			t.Errorf("total at y %v lost its label: %v", y, feats[y])
		}
	}
}

// TestLabelledPhones checks that a number right after a phone label is a
// phone candidate even when it does not look like a phone number on its
// own, and that other numbers after other labels are not.
func TestLabelledPhones(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		60: {{60, "Telefono: 555123456"}},
		72: {{60, "Mobile: +00 1111 222333"}},
		84: {{60, "Codice cliente: 123456789"}},
		96: {{60, "Tel."}, {120, "0612 345"}},
	}), "it")
	got := values(d, TPhone)
	for _, want := range []string{"555123456", "+00 1111 222333"} {
		if !slices.Contains(got, want) {
			t.Errorf("phones %q: want %q", got, want)
		}
	}
	if slices.Contains(got, "123456789") {
		t.Errorf("phones %q: a customer number taken for a phone", got)
	}
}

// TestColonApart checks that a colon set apart after a label ("IBAN :",
// "Telefon :", French typography and many generators) is the label's: the
// IBAN or phone number after it, in the next cell, is a candidate, also an
// IBAN whose check digits fail (the validation flags say so).
func TestColonApart(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		60: {{40, "IBAN :"}, {300, "DE12345678901234567890"}},
		72: {{40, "Telefon :"}, {300, "0612 345"}},
	}), "de")
	if got := values(d, TIBAN); !slices.Contains(got, "DE12345678901234567890") {
		t.Errorf("IBANs %q: want the one after \"IBAN :\"", got)
	}
	if got := values(d, TPhone); !slices.Contains(got, "0612 345") {
		t.Errorf("phones %q: want the one after \"Telefon :\"", got)
	}
}

// featureList names a value's features.
func featureList(v *Value) []string {
	var out []string
	for _, f := range v.feats {
		out = append(out, featureNames[f.id])
	}
	return out
}

// TestBareRates checks that a VAT rate printed without its sign is a
// percentage candidate under or after a rate's label, and only there.
func TestBareRates(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "IVA (%): 22.00"}},
		140: {{40, "Descrizione"}, {300, "Quantità"}, {400, "Aliquota IVA"}},
		160: {{40, "Consulenza"}, {300, "10"}, {400, "10"}},
		200: {{40, "Ordine n. 4 del 12/03/2024"}, {300, "Colli 22"}},
	}), "it")
	var got []string
	for _, v := range d.Values {
		if v.Type == TPercent {
			got = append(got, fmt.Sprintf("%s@%d", v.Text, int(v.Box.Y0)))
		}
	}
	slices.Sort(got)
	if diff := cmp.Diff([]string{"10@160", "22.00@100"}, got); diff != "" {
		t.Errorf("bare rates (-want +got):\n%s", diff)
	}
}

// TestAddressesInProse checks the streets and postal lines read inside a
// legal footer's sentence, and the streets that name no kind of street
// over a postal line.
func TestAddressesInProse(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		40:  {{40, "Lindenhof 13"}},
		52:  {{40, "97080 Würzburg"}},
		800: {{20, "Verdi Energia Srl, società soggetta a direzione e coordinamento, con sede legale in Via dei Tigli 9, 40121 Bologna (BO), capitale sociale 10.000 euro"}},
		815: {{20, "Sede Legale 20121 Milano, Viale Aurelio 125 - Reg. Imprese di Milano 0123456789"}},
		// A bullet ends the cell of a letterhead's postal line.
		64: {{40, "Eichweg 7 ● 12345 Tannenfeld ●"}, {300, "Germany"}},
		// The city ends before a label and at the end of its sentence.
		825: {{20, "Lupi Gas S.p.A. Sede Legale Corso Po 4 10121 Torino Tel. 011 555 1234 Fax 011 555 1235"}},
		835: {{20, "Il titolare del trattamento ha sede legale in Via Dante 3, 50123 Firenze. Informativa completa sul sito"}},
	}), "it")
	streets := values(d, TStreet)
	for _, want := range []string{"Lindenhof 13", "Via dei Tigli 9", "Viale Aurelio 125"} {
		if !slices.Contains(streets, want) {
			t.Errorf("no street %q among %v", want, streets)
		}
	}
	zips := map[string]string{}
	for _, v := range d.Values {
		if v.Type == TPostal {
			zips[v.Zip] = v.City
		}
	}
	for zip, city := range map[string]string{"97080": "Würzburg", "40121": "Bologna", "20121": "Milano", "10121": "Torino", "50123": "Firenze", "12345": "Tannenfeld"} {
		if zips[zip] != city {
			t.Errorf("postal %s: %q, want %q (all: %v)", zip, zips[zip], city, zips)
		}
	}
	for _, v := range d.Values {
		fs := featureList(&v)
		if v.Type != TStreet {
			continue
		}
		switch v.Text {
		case "Via dei Tigli 9":
			if !slices.Contains(fs, "emb") {
				t.Errorf("%s lacks emb: %v", v.Text, fs)
			}
		case "Lindenhof 13":
			if !slices.Contains(fs, "street.weak") {
				t.Errorf("%s lacks street.weak: %v", v.Text, fs)
			}
		}
	}
}

// TestPairOfNames checks that the names are chosen as a pair: when each
// name's own score cannot tell the parties apart, the pair model's
// features (here: the vendor's name printed above the buyer's) can, and
// FitPairs learns them from documents where they hold.
func TestPairOfNames(t *testing.T) {
	page := func(vendor, buyer string, vendorFirst bool) *Doc {
		vy, by := 40.0, 200.0
		if !vendorFirst {
			vy, by = by, vy
		}
		return Build(doc(map[float64][]cell{
			vy: {{40, vendor}},
			by: {{40, buyer}},
		}), "it")
	}
	fm := func() *FieldModel {
		f := &FieldModel{Threshold: 0.5, Weights: map[string]float64{"bias": 1}}
		f.compile()
		return f
	}
	m := &Model{Fields: map[string]*FieldModel{"vendor.name": fm(), "buyer.name": fm()}}
	d := page("Alfa Impianti Srl", "Beta Servizi Spa", true)
	m.Pairs = &PairModel{Weights: map[string]float64{"u.v": 1, "u.b": 1, "v.above": 2}}
	m.Pairs.compile()
	ch := m.Resolve(d)
	if v, b := ch["vendor.name"].Value, ch["buyer.name"].Value; v == nil || b == nil || v.Text != "Alfa Impianti Srl" || b.Text != "Beta Servizi Spa" {
		t.Fatalf("pair chosen %+v, %+v: want the name above as the vendor's", v, b)
	}

	// Fitted: on documents whose vendor's name is always the upper one,
	// the pair model weighs v.above up.
	var exs []Example
	for i := range 40 {
		vendor := fmt.Sprintf("Alfa%d Impianti Srl", i)
		buyer := fmt.Sprintf("Beta%d Servizi Spa", i)
		d := page(vendor, buyer, true)
		exs = append(exs, Example{Doc: d, Origin: fmt.Sprint("o", i%5), Right: map[string]func(*Value) bool{
			"vendor.name": func(v *Value) bool { return v.Text == vendor },
			"buyer.name":  func(v *Value) bool { return v.Text == buyer },
		}, Null: map[string]bool{}})
	}
	pm := FitPairs(exs, seenOptions(exs, m), m, FitOptions{Seed: 1})
	if pm.Weights["v.above"] <= 0.1 || pm.Weights["v.above"] <= pm.Weights["v.left"] {
		t.Errorf("v.above weighs %v after fitting on documents whose vendor's name is the upper one", pm.Weights["v.above"])
	}
}

// TestCalibration checks that a field whose values reported at a
// probability of 0.95 are right 70 % of the time, held out, reports them
// at a confidence near 0.7, and that too few documents give no
// calibration.
func TestCalibration(t *testing.T) {
	f := Field{"invoice.number", TID}
	var exs []Example
	var cross []map[string][]option
	for i := range 100 {
		norm := "right"
		if i%10 >= 7 {
			norm = "wrong"
		}
		v := &Value{Type: TID, Norm: norm}
		exs = append(exs, Example{Right: map[string]func(*Value) bool{f.Name: func(v *Value) bool { return v.Norm == "right" }}})
		cross = append(cross, map[string][]option{f.Name: {{v: v, prob: 0.95}}})
	}
	c := fitCalibration(exs, cross, f, 0.5)
	if c == nil {
		t.Fatal("no calibration fitted on 100 documents")
	}
	fm := &FieldModel{Calibration: c}
	if got := fm.Confidence(0.95); math.Abs(got-0.7) > 0.05 {
		t.Errorf("confidence at 0.95 = %.3f, want about 0.70 (calibration %v)", got, *c)
	}
	if c := fitCalibration(exs[:10], cross[:10], f, 0.5); c != nil {
		t.Errorf("calibration %v fitted on 10 documents", *c)
	}
	if got := (*FieldModel)(nil).Confidence(0.8); got != 0.8 {
		t.Errorf("without a calibration the confidence is %v, want the probability", got)
	}
}

// TestAboveKeyWithItsValue checks that a key over a value counts as its
// label only when the key stands alone: a key followed by its own value
// ("Partita IVA: …" over "Denominazione: …") labels nothing below it.
func TestAboveKeyWithItsValue(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{60, "Partita IVA: IT01234567897"}, {300, "Numero fattura"}},
		112: {{60, "Denominazione: Bianchi Arredi"}, {300, "A-118"}},
	}), "it")
	seen := map[string]bool{}
	for _, v := range d.Values {
		fs := featureList(&v)
		seen[v.Text] = true
		switch v.Text {
		case "Bianchi Arredi":
			if slices.ContainsFunc(fs, func(f string) bool { return strings.HasPrefix(f, "A:") }) {
				t.Errorf("Bianchi Arredi has a key above it: %v", fs)
			}
		case "A-118":
			if !slices.Contains(fs, "A:invoice.number") {
				t.Errorf("A-118 lacks the key above it: %v", fs)
			}
		}
	}
	if !seen["Bianchi Arredi"] || !seen["A-118"] {
		t.Errorf("values %v: want Bianchi Arredi and A-118", seen)
	}
}

func TestCodeWord(t *testing.T) {
	for w, want := range map[string]bool{"RF01": true, "TD04": true, "N2.2": true, "FPR12": true, "Rossi": false, "3M": false, "Büro2000": false, "2024": false} {
		if got := codeWord(w); got != want {
			t.Errorf("codeWord(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestLegalWord(t *testing.T) {
	for w, want := range map[string]bool{"Società": true, "RESPONSABILITA'": true, "Limitée": true, "GmbH": true, "S.r.l.": true, "Rossi": false, "Arredi": false} {
		if got := legalWord(w); got != want {
			t.Errorf("legalWord(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestNameShapes checks the features that tell a name from what only
// looks like one: a code with its meaning, a piece of a legal form, and a
// person's name joined from its keys, whose given and family names alone
// are no names; nor is a city or a province after its key.
func TestNameShapes(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		60:  {{60, "Bianchi Arredi Società a responsabilità"}},
		72:  {{60, "limitata semplificata"}},
		100: {{60, "Regime fiscale: RF19 (forfettario)"}},
		140: {{60, "Nome: ANNA MARIA"}},
		152: {{60, "Cognome: BELLINI"}},
		180: {{60, "Comune: FABRIANO"}},
		192: {{60, "Provincia: ANCONA"}},
	}), "it")
	feats := map[string][]string{}
	for _, v := range d.Values {
		if v.Type == TName {
			feats[v.Text] = featureList(&v)
			if v.Text == "FABRIANO" || v.Text == "ANCONA" {
				if (Field{"vendor.name", TName}).Admits(&v) || (Field{"buyer.name", TName}).Admits(&v) {
					t.Errorf("%q, printed after a city's or a province's key, is admitted as a party's name", v.Text)
				}
			}
		}
	}
	for _, part := range []string{"ANNA MARIA", "BELLINI"} {
		if _, ok := feats[part]; ok {
			t.Errorf("%q, a part of a joined name, is a name candidate", part)
		}
	}
	for name, c := range map[string]struct{ want, not []string }{
		"limitata semplificata":                   {want: []string{"name.formonly"}},
		"RF19 (forfettario)":                      {want: []string{"name.code"}, not: []string{"name.formonly"}},
		"ANNA MARIA BELLINI":                      {want: []string{"name.joined"}, not: []string{"name.code"}},
		"Bianchi Arredi Società a responsabilità": {not: []string{"name.formonly", "name.code", "name.joined"}},
	} {
		fs, ok := feats[name]
		if !ok {
			t.Errorf("no name %q among %v", name, slices.Collect(maps.Keys(feats)))
			continue
		}
		for _, f := range c.want {
			if !slices.Contains(fs, f) {
				t.Errorf("%s lacks %s among %v", name, f, fs)
			}
		}
		for _, f := range c.not {
			if slices.Contains(fs, f) {
				t.Errorf("%s has %s: %v", name, f, fs)
			}
		}
	}
}

// A postal line with its code last, set apart by a comma, a region or the
// code's form, is a postal candidate with its city and code, and the name
// over it heads a block that holds a postal line; so in every layout
// family that prints addresses this way.
func TestCodeLastPostalLines(t *testing.T) {
	for _, tt := range []struct {
		locale, street, postal, zip, city string
	}{
		{"en", "45 Orchard Lane", "Bay City, BC 12345", "12345", "Bay City"},
		{"en", "Sakura Bldg 301", "Osaka, Japan, 530-0001", "530-0001", "Osaka"},
		{"it", "VIA GIOVANNI PASCOLI 14", "RIETI, RIETI, 02100", "02100", "RIETI"},
		{"en", "Rua Augusta 1200", "São Paulo 01310-100", "01310-100", "São Paulo"},
		{"en", "14 Park Road", "Pune, 411001", "411001", "Pune"},
	} {
		d := Build(doc(map[float64][]cell{
			40:  {{320, "Invoice"}},
			100: {{40, "Bill To:"}},
			112: {{40, "Harbour Supplies Ltd"}},
			124: {{40, tt.street}},
			136: {{40, tt.postal}},
		}), tt.locale)
		found := false
		for _, v := range d.Values {
			if v.Type == TPostal {
				found = found || v.Zip == tt.zip && v.City == tt.city
			}
			if v.Type == TName && v.Text == "Harbour Supplies Ltd" && !slices.Contains(featureList(&v), "blk.postal") {
				t.Errorf("%s: the name's block holds no postal line: %v", tt.postal, featureList(&v))
			}
		}
		if !found {
			t.Errorf("%s: no postal candidate %s %s among %v", tt.postal, tt.zip, tt.city, values(d, TPostal))
		}
	}
}

// English invoices name the vendor's block "Biller", "Pay to" or "Invoiced
// by": the name under such a heading has the vendor heading as a feature,
// and the one under "Recipient" or "Bill to" the buyer's.
func TestVendorHeadings(t *testing.T) {
	for _, heading := range []string{"Biller", "Pay To:", "Invoiced by"} {
		d := Build(doc(map[float64][]cell{
			40:  {{300, "Invoice"}},
			100: {{40, "Recipient"}, {320, heading}},
			112: {{40, "Harbour Supplies Ltd"}, {320, "Nova Inventions"}},
			124: {{40, "12 Orchard Lane"}, {320, "23 Foundry Road"}},
			136: {{40, "Bay City, BC 12345"}, {320, "Lake Town, LT 67890"}},
		}), "en")
		for _, v := range d.Values {
			if v.Type != TName {
				continue
			}
			feats := featureList(&v)
			switch v.Text {
			case "Nova Inventions":
				if !slices.Contains(feats, "B:vendor") {
					t.Errorf("%s: the name under it lacks B:vendor: %v", heading, feats)
				}
			case "Harbour Supplies Ltd":
				if !slices.Contains(feats, "B:buyer") {
					t.Errorf("%s: the name under Recipient lacks B:buyer: %v", heading, feats)
				}
			}
		}
	}
}

// Vendor and buyer in one city print the same postal line in their two
// blocks. Each party takes the one in its own block, on the layouts of
// several families (side by side under headings, letterhead over an
// address window, buyer first), with the shipped weights.
func TestPartiesShareACity(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, locale string
		page         map[float64][]cell
		zip, city    string
	}{
		{"side by side", "it", map[float64][]cell{
			40:  {{320, "FATTURA N. 7/2026"}},
			100: {{40, "Fornitore"}, {320, "Cliente"}},
			114: {{40, "Alfa Costruzioni Srl"}, {320, "Beta Servizi Spa"}},
			128: {{40, "Via Roma 1"}, {320, "Via Po 22"}},
			142: {{40, "20100 Milano (MI)"}, {320, "20100 Milano (MI)"}},
			156: {{40, "P.IVA 01234567897"}, {320, "P.IVA 09876543217"}},
		}, "20100", "Milano"},
		{"letterhead over a window", "de", map[float64][]cell{
			40:  {{40, "Gamma Werkzeuge GmbH"}},
			52:  {{40, "Hauptstraße 5"}},
			64:  {{40, "80331 München"}},
			140: {{320, "Delta Bau AG"}},
			152: {{320, "Bahnhofstraße 17"}},
			164: {{320, "80331 München"}},
			220: {{40, "Rechnung Nr. 2026-118"}},
			232: {{40, "Rechnungsdatum: 12.03.2026"}},
		}, "80331", "München"},
		{"buyer first", "en", map[float64][]cell{
			40:  {{40, "Bill to:"}, {380, "INVOICE"}},
			52:  {{40, "Epsilon Trading Ltd"}},
			64:  {{40, "12 Harbour Road"}},
			76:  {{40, "Springfield, XY 12345"}},
			130: {{320, "Bill from:"}},
			142: {{320, "Zeta Supplies Inc."}},
			154: {{320, "400 Mill Lane"}},
			166: {{320, "Springfield, XY 12345"}},
		}, "12345", "Springfield"},
		{"letterhead apart from its address", "it", map[float64][]cell{
			40:  {{40, "Alfa Costruzioni Srl"}},
			52:  {{40, "Impresa edile"}},
			84:  {{40, "Via Roma, 1"}, {400, "FATTURA N. 7/2026"}},
			96:  {{40, "20100, Milano"}, {400, "DATA: 12/03/2026"}},
			108: {{40, "Telefono: 02 1234567"}},
			160: {{40, "A:"}},
			172: {{40, "Beta Servizi Spa"}},
			184: {{40, "Via Po, 22"}},
			196: {{40, "20100, Milano"}},
		}, "20100", "Milano"},
		// A sender line just over the address window joins the buyer's
		// block: the names' sections tell the two printings apart.
		{"sender line over a window", "de", map[float64][]cell{
			100: {{40, "Gamma Werkzeuge GmbH · Hauptstraße 5 · 80331 München"}},
			114: {{40, "Delta Bau AG"}},
			126: {{40, "Bahnhofstraße 17"}},
			138: {{40, "80331 München"}},
			220: {{40, "Rechnung Nr. 2026-118"}},
			232: {{40, "Rechnungsdatum: 12.03.2026"}},
		}, "80331", "München"},
		{"sender line over a window, English", "en", map[float64][]cell{
			100: {{40, "Epsilon Trading Ltd • 12 Harbour Road • Springfield, XY 12345"}},
			114: {{40, "Zeta Supplies Inc."}},
			126: {{40, "400 Mill Lane"}},
			138: {{40, "Springfield, XY 12345"}},
			220: {{40, "Invoice No. 2026-118"}},
			232: {{40, "Invoice date: 12/03/2026"}},
		}, "12345", "Springfield"},
	} {
		ch := m.Resolve(Build(doc(tt.page), tt.locale))
		for _, party := range []string{"vendor", "buyer"} {
			v := ch[party+".postal"].Value
			if v == nil || v.Zip != tt.zip || v.City != tt.city {
				t.Errorf("%s: %s postal line %+v, want %s %s", tt.name, party, v, tt.zip, tt.city)
			}
		}
		if v, b := ch["vendor.postal"].Value, ch["buyer.postal"].Value; v != nil && b != nil && v == b {
			t.Errorf("%s: both parties took one printing of the postal line", tt.name)
		}
	}

	// The vendor's sender line over the buyer's address window (DIN 5008)
	// is in the buyer's block: the buyer keeps its own city, also when the
	// rules read the vendor's with its city repeated.
	for _, rules := range []map[string]Rule{nil, {"vendor.postal": {Text: PostalKey("80331", "München München"), Conf: 0.9, Page: 1}}} {
		d := Build(doc(map[float64][]cell{
			40:  {{380, "Gamma Werkzeuge GmbH"}},
			52:  {{380, "Hauptstraße 5"}},
			64:  {{380, "80331 München"}},
			130: {{40, "Gamma Werkzeuge GmbH · Hauptstraße 5 · 80331 München"}},
			142: {{40, "Delta Bau AG"}},
			154: {{40, "Bahnhofstraße 17"}},
			166: {{40, "97299 Lindenau"}},
			220: {{40, "Rechnung Nr. 2026-118"}},
		}), "de")
		d.SetRules(rules)
		ch := m.Resolve(d)
		if b := ch["buyer.postal"].Value; b != nil && b.Zip != "97299" {
			t.Errorf("sender line (rules %v): the buyer took %s %s", rules != nil, b.Zip, b.City)
		}
	}

	// The same place read twice, once with its city repeated: one place,
	// which the two parties do not share unless each prints it alone.
	x := Value{Type: TPostal, Zip: "80331", City: "München"}
	y := Value{Type: TPostal, Norm: PostalKey("80331", "München München")}
	z := Value{Type: TPostal, Zip: "80335", City: "München"}
	if !samePlace(&x, &y) || samePlace(&x, &z) {
		t.Errorf("samePlace: %v for a repeated city, %v for another code", samePlace(&x, &y), samePlace(&x, &z))
	}
}

// A program or an agent credits itself on many invoices, often with its
// company's legal form ("powered by Fatturix S.r.l."): such a line is no
// party's name, in any language, nor when the rules choose it; names that
// only start like one stay names.
func TestCreditLines(t *testing.T) {
	for _, tt := range []struct {
		text   string
		credit bool
	}{
		{"powered by Fatturix S.r.l.", true},
		{"Powered by Billwise Ltd", true},
		{"Erstellt mit Rechnungsprofi GmbH", true},
		{"Réalisé avec Facturo SAS", true},
		{"Generato da Contaplus S.p.A.", true},
		{"Generated with Invoicely Inc.", true},
		{"Issued by Platform Inc. on behalf of Harbour Supplies Ltd", true},
		{"Rechnung im Auftrag von Gamma Werkzeuge GmbH", true},
		{"Invoiced by Harbour Supplies Ltd", false},
		{"Rechnung von Gamma Werkzeuge GmbH", false},
		{"Creato Design S.r.l.", false},
		{"Da Vinci Costruzioni S.r.l.", false},
		{"Made in Italy Srl", false},
	} {
		if got := creditLine(tt.text); got != tt.credit {
			t.Errorf("creditLine(%q) = %v, want %v", tt.text, got, tt.credit)
		}
	}

	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, credit := range []string{"powered by Fatturix S.r.l.", "Erstellt mit Rechnungsprofi GmbH", "Issued by Platform Inc. on behalf of Alfa Costruzioni Srl"} {
		d := Build(doc(map[float64][]cell{
			20:  {{300, credit}},
			50:  {{40, "Alfa Costruzioni Srl"}},
			62:  {{40, "Via Roma 1"}},
			74:  {{40, "20100 Milano (MI)"}},
			86:  {{40, "P.IVA 01234567897"}},
			140: {{320, "Spett.le"}},
			152: {{320, "Beta Servizi Spa"}},
			164: {{320, "Via Po 22"}},
			176: {{320, "00100 Roma (RM)"}},
			220: {{40, "FATTURA N. 7/2026 del 12/03/2026"}},
		}), "it")
		// The old rules' choice of the credit line adds no candidate.
		d.SetRules(map[string]Rule{"vendor.name": {Text: credit, Conf: 0.9, Page: 1}})
		for _, v := range d.Values {
			if v.Type == TName && strings.Contains(v.Text, credit) {
				t.Errorf("%q: a name candidate %q", credit, v.Text)
			}
		}
		if v := m.Resolve(d)["vendor.name"].Value; v == nil || v.Text != "Alfa Costruzioni Srl" {
			t.Errorf("%q: vendor name %+v, want the letterhead's", credit, v)
		}
	}
}

// A letter dates itself after its place ("Milano, 12/03/2026", "Berlin,
// den 5. März 2026"): such a date has the feature d.place, in the four
// languages; a labelled date or one after a street has not, and a place
// with its date is no name.
func TestPlaceAndDate(t *testing.T) {
	for _, tt := range []struct {
		locale, line string
		place        bool
	}{
		{"it", "Milano, 12/03/2026", true},
		{"it", "Reggio Emilia, lì 12/03/2026", true},
		{"de", "Berlin, den 5. März 2026", true},
		{"de", "Frankfurt am Main, 05.03.2026", true},
		{"fr", "Paris, le 3 mars 2026", true},
		{"en", "Springfield, November 2, 2015", true},
		{"de", "Rechnungsdatum: 05.03.2026", false},
		{"it", "Data fattura, 12/03/2026", false},
		{"it", "Via Roma 1, 12/03/2026", false},
		{"en", "Due 12/03/2026", false},
	} {
		d := Build(doc(map[float64][]cell{
			40:  {{40, "Harbour Supplies Ltd"}},
			100: {{300, tt.line}},
		}), tt.locale)
		found := false
		for _, v := range d.Values {
			if v.Type == TDate {
				found = true
				if got := slices.Contains(featureList(&v), "d.place"); got != tt.place {
					t.Errorf("%q: d.place %v, want %v", tt.line, got, tt.place)
				}
			}
			if v.Type == TName && strings.Contains(v.Text, ",") && tt.place {
				t.Errorf("%q: name candidate %q", tt.line, v.Text)
			}
		}
		if !found {
			t.Errorf("%q: no date", tt.line)
		}
	}
}

// TestRolesShareWeights checks that a party field of the vendor and the
// same field of the buyer are fitted together: a feature that marks the
// buyer's e-mail on many documents marks the vendor's, seen on few, as
// well; one that marks a value of one role and not the other keeps
// weights of opposite signs.
func TestRolesShareWeights(t *testing.T) {
	shared, own := fid("blk.postal"), fid("zone.head")
	email := func(fs ...int32) Value {
		v := Value{Type: TEmail, Norm: fmt.Sprint(fs)}
		for _, f := range fs {
			v.feats = append(v.feats, fv{f, 1})
		}
		return v
	}
	var exs []Example
	add := func(role string, n int, right, wrong Value) {
		for i := range n {
			d := &Doc{Values: []Value{right, wrong}}
			want := right.Norm
			exs = append(exs, Example{Name: fmt.Sprintf("%s%d", role, i), Doc: d, Null: map[string]bool{},
				Right: map[string]func(*Value) bool{role + ".email": func(v *Value) bool { return v.Norm == want }}})
		}
	}
	// The buyer's e-mail is the one in a block with a postal line on 60
	// documents, the vendor's on 3; the vendor's is the one at the head
	// of the page on 30, the buyer's never.
	add("buyer", 60, email(shared), email())
	add("vendor", 3, email(shared), email())
	add("vendor", 30, email(own), email())
	add("buyer", 30, email(), email(own))
	m, _ := fitFields(exs, FitOptions{Seed: 1, Listwise: true}.withDefaults())
	vw, bw := m.Fields["vendor.email"].Weights, m.Fields["buyer.email"].Weights
	// Fitted on the vendor's documents alone, its three say less.
	alone, _ := fitFields(slices.DeleteFunc(slices.Clone(exs), func(e Example) bool { return strings.HasPrefix(e.Name, "buyer") }),
		FitOptions{Seed: 1, Listwise: true}.withDefaults())
	aw := alone.Fields["vendor.email"].Weights
	t.Logf("blk.postal: vendor %.2f (alone %.2f), buyer %.2f", vw["blk.postal"], aw["blk.postal"], bw["blk.postal"])
	if vw["blk.postal"] < 0.6*bw["blk.postal"] || vw["blk.postal"] < 1.3*aw["blk.postal"] {
		t.Errorf("vendor's blk.postal weighs %.2f (%.2f fitted on its own documents alone), the buyer's %.2f: the vendor's should learn from the buyer's documents",
			vw["blk.postal"], aw["blk.postal"], bw["blk.postal"])
	}
	if !(vw["zone.head"] > 0 && bw["zone.head"] < 0) {
		t.Errorf("zone.head weighs %.2f for the vendor and %.2f for the buyer, want + and −", vw["zone.head"], bw["zone.head"])
	}
}

// TestPaymentAndCurrency checks the candidates of the payment method and
// the currency: a word naming a way to pay, marked when the document names
// several; an amount's sign or code, and a code printed alone; and that a
// model weighing the currency an amount carries reads it.
func TestPaymentAndCurrency(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		80:  {{40, "Rechnung Nr. 2024-17"}},
		100: {{40, "Beträge in EUR"}},
		120: {{40, "Gesamt"}, {300, "100,00 €"}},
		140: {{40, "Zahlungsart: Überweisung"}},
	}), "de")
	methods := map[string][]string{}
	currencies := map[string][]string{}
	for _, v := range d.Values {
		switch v.Type {
		case TPayMethod:
			methods[v.Text] = append(featureList(&v), v.Norm)
		case TCurrency:
			currencies[v.Text] = append(featureList(&v), v.Norm)
		}
	}
	if want := []string{"bank_transfer", "pm.bank_transfer"}; !containsAll(methods["Überweisung"], want) || slices.Contains(methods["Überweisung"], "pm.several") {
		t.Errorf("payment candidates %v, want Überweisung with %v and not pm.several", methods, want)
	}
	for text, want := range map[string][]string{"EUR": {"EUR"}, "100,00 €": {"EUR", "cur.amount"}} {
		if !containsAll(currencies[text], want) {
			t.Errorf("currency candidate %q: %v, want %v", text, currencies[text], want)
		}
	}
	if len(currencies) != 2 {
		t.Errorf("currency candidates %v, want 2", currencies)
	}

	two := Build(doc(map[float64][]cell{
		100: {{40, "Pagamento: bonifico bancario"}},
		120: {{40, "oppure carta di credito"}},
	}), "it")
	if n := two.distinctMethods(); n != 2 {
		t.Errorf("a document naming bank transfer and card names %d ways to pay, want 2", n)
	}
	for _, v := range two.Values {
		if v.Type == TPayMethod && !slices.Contains(featureList(&v), "pm.several") {
			t.Errorf("payment candidate %q of a document naming two ways to pay lacks pm.several: %v", v.Text, featureList(&v))
		}
	}

	fm := &FieldModel{Threshold: 0.5, Weights: map[string]float64{"cur.amount": 4, "bias": -1}}
	fm.compile()
	m := &Model{Fields: map[string]*FieldModel{"invoice.currency": fm}}
	if c := m.Resolve(d)["invoice.currency"]; c.Value == nil || c.Value.Norm != "EUR" || c.Value.Text != "100,00 €" {
		t.Errorf("currency chosen %+v, want EUR of the amount 100,00 €", c.Value)
	}
}

// containsAll reports whether have holds every one of want.
func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// TestPartyCountry checks that a party's country comes from its own block:
// the country its postal line names, a country's name alone under the
// postal line, the VAT id's prefix; and a country only guessed from the
// postal code's form when nothing states one.
func TestPartyCountry(t *testing.T) {
	postalOf := func(d *Doc, zip string) *Value {
		for i := range d.Values {
			if v := &d.Values[i]; v.Type == TPostal && v.Zip == zip {
				return v
			}
		}
		t.Fatalf("no postal line with code %s", zip)
		return nil
	}
	vatOf := func(d *Doc) *Value {
		for i := range d.Values {
			if v := &d.Values[i]; v.Type == TVAT {
				return v
			}
		}
		t.Fatal("no VAT id")
		return nil
	}
	d := Build(doc(map[float64][]cell{
		100: {{40, "Rossi S.r.l."}, {340, "Dupont SARL"}},
		112: {{40, "Via Roma 1"}, {340, "12 rue de la Paix"}},
		124: {{40, "20121 Milano"}, {340, "75002 Paris"}},
		136: {{40, "Deutschland / Germany"}, {340, "P.IVA IT01234567897"}},
	}), "it")
	for _, tc := range []struct {
		name        string
		postal, vat *Value
		want        string
		stated      bool
	}{
		{"a country in the postal line's block", postalOf(d, "20121"), nil, "DE", true},
		{"the VAT id's prefix", postalOf(d, "75002"), vatOf(d), "IT", true},
		{"guessed from the code", postalOf(d, "75002"), nil, "IT", false},
		{"the VAT id alone", nil, vatOf(d), "IT", true},
	} {
		c, ok := d.PartyCountry(PartyValues{Postal: tc.postal, VAT: tc.vat})
		if !ok || c.Code != tc.want || c.Stated != tc.stated {
			t.Errorf("%s: %+v %v, want %s stated %v", tc.name, c, ok, tc.want, tc.stated)
		}
	}
	if _, ok := d.PartyCountry(PartyValues{}); ok {
		t.Error("no postal line and no VAT id: a country")
	}
	named := Build(doc(map[float64][]cell{100: {{40, "F-75002 Paris"}}}), "it")
	if c, ok := named.PartyCountry(PartyValues{Postal: postalOf(named, "75002")}); !ok || c.Code != "FR" || !c.Stated {
		t.Errorf("a postal line naming its country: %+v %v, want FR stated", c, ok)
	}
	after := Build(doc(map[float64][]cell{100: {{40, "Via Marsala 40"}}, 112: {{40, "60015 Ancona - AT"}}}), "it")
	if c, ok := after.PartyCountry(PartyValues{Postal: postalOf(after, "60015")}); !ok || c.Code != "AT" || !c.Stated {
		t.Errorf("a country code after the postal line: %+v %v, want AT stated", c, ok)
	}
}

// TestSDICode checks that the recipient code is read after its label, in
// its cell or the next, only in the block of one of the party's values:
// printed elsewhere it is the buyer's; a label naming the recipient
// ("Codice destinatario") marks the code the recipient's.
func TestSDICode(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Rossi S.r.l."}, {340, "Spett.le Cliente S.p.A."}},
		112: {{40, "Codice SDI"}, {150, "AAAAAA2"}, {340, "Codice destinatario: BBBBBB1"}},
	}), "it")
	names := map[string]*Value{}
	for i := range d.Values {
		if v := &d.Values[i]; v.Type == TName {
			names[v.Norm] = v
		}
	}
	vendor, buyer := names["Rossi S.r.l."], names["Spett.le Cliente S.p.A."]
	if vendor == nil || buyer == nil {
		t.Fatalf("names %v, want the vendor's and the buyer's", slices.Collect(maps.Keys(names)))
	}
	if c, ok := d.SDICode([]*Value{vendor}, []*Value{buyer}); !ok || c.Code != "AAAAAA2" {
		t.Errorf("the vendor's SDI code %+v %v, want AAAAAA2", c, ok)
	}
	if c, ok := d.SDICode([]*Value{buyer}, []*Value{vendor}); !ok || c.Code != "BBBBBB1" {
		t.Errorf("the buyer's SDI code %+v %v, want BBBBBB1", c, ok)
	}
	if c, ok := d.SDICode([]*Value{vendor}, []*Value{vendor}); ok {
		t.Errorf("a block both parties' values stand in: SDI code %+v", c)
	}
	if c, ok := d.SDICode(nil, nil); ok {
		t.Errorf("no party: SDI code %+v", c)
	}
	if c, _ := d.SDICode([]*Value{vendor}, []*Value{buyer}); c.Recipient {
		t.Errorf("the vendor's own code (\"Codice SDI\") read as the recipient's")
	}
	if c, _ := d.SDICode([]*Value{buyer}, []*Value{vendor}); !c.Recipient {
		t.Errorf("a code under \"Codice destinatario\" not marked the recipient's")
	}
}

// TestPartyFieldsFollowTheNamesSection reads two parties printed flush
// left one under the other, keyed lines between them, as one run of
// lines: the layout's blocks chain across both, and each party's street is
// the one in the section its name opens, not the other's.
func TestPartyFieldsFollowTheNamesSection(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Verkäufer:"}},
		112: {{40, "Nummer"}, {120, ": 4711"}},
		124: {{40, "Alfa GmbH"}},
		136: {{40, "Birkenweg 7"}},
		148: {{40, "80333 München"}},
		172: {{40, "Käufer:"}},
		184: {{40, "Nummer"}, {120, ": 0815"}},
		196: {{40, "Beta AG"}},
		208: {{40, "Ahornweg 5"}},
		220: {{40, "69876 Frankfurt"}},
	}), "de")
	w := func(weights map[string]float64) *FieldModel {
		fm := &FieldModel{Threshold: 0.5, Weights: weights}
		fm.compile()
		return fm
	}
	// The names are told apart by their headings; the streets score
	// alike, under the threshold, so that only where they stand can make
	// each its party's (the buyer's street comes first in the order that
	// breaks ties).
	m := &Model{BlockBonus: 2, Fields: map[string]*FieldModel{
		"vendor.name":    w(map[string]float64{"bias": -1, "A:vendor": 3, "B:vendor": 3}),
		"buyer.name":     w(map[string]float64{"bias": -1, "A:buyer": 3, "B:buyer": 3}),
		"vendor.address": w(map[string]float64{"bias": -1}),
		"buyer.address":  w(map[string]float64{"bias": -1}),
	}}
	ch := m.Resolve(d)
	for field, want := range map[string]string{"vendor.name": "Alfa GmbH", "buyer.name": "Beta AG", "vendor.address": "Birkenweg 7", "buyer.address": "Ahornweg 5"} {
		got := ""
		if v := ch[field].Value; v != nil {
			got = v.Text
		}
		if got != want {
			t.Errorf("%s = %q, want %q", field, got, want)
		}
	}
}

// TestRateSums checks that the lines of a VAT summary per rate mark their
// bases and taxes, that the sums of several mark the amounts printing them
// or, printed nowhere, are candidates of their own, and that a model
// weighing those features reads the subtotal and the tax of an invoice that
// prints them only per rate.
func TestRateSums(t *testing.T) {
	feats := func(d *Doc, num float64) []string {
		for _, v := range d.Values {
			if v.Type == TAmount && cents(v.Num) == cents(num) {
				return featureList(&v)
			}
		}
		return nil
	}
	perRate := map[float64][]cell{
		200: {{40, "Aliquota"}, {150, "Imponibile"}, {250, "Imposta"}},
		212: {{40, "22%"}, {150, "1.000,00"}, {250, "220,00"}},
		224: {{40, "10%"}, {150, "500,00"}, {250, "50,00"}},
		250: {{40, "Totale documento"}, {250, "1.770,00"}},
	}
	d := Build(doc(perRate), "it")
	for num, want := range map[float64][]string{
		1000: {"rl.part"}, 220: {"rl.part"}, 1500: {"rl.basesum", "rl.unprinted"}, 270: {"rl.taxsum", "rl.unprinted"},
	} {
		got := feats(d, num)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%v: features %v, want %s", num, got, w)
			}
		}
	}
	w := func(feature string) *FieldModel {
		fm := &FieldModel{Threshold: 0.5, Weights: map[string]float64{"bias": -1, feature: 3}}
		fm.compile()
		return fm
	}
	m := &Model{Fields: map[string]*FieldModel{
		"financials.subtotal":   w("rl.basesum"),
		"financials.tax_amount": w("rl.taxsum"),
	}}
	ch := m.Resolve(d)
	if ch["financials.subtotal"].Number() != 1500 || ch["financials.tax_amount"].Number() != 270 {
		t.Errorf("subtotal %v, tax %v; want 1500 and 270", ch["financials.subtotal"].Number(), ch["financials.tax_amount"].Number())
	}
	if c := ch["financials.tax_amount"]; c.Value != nil && c.Value.Box.Y0 != 212 {
		t.Errorf("the tax's box %+v, want the taxes' lines", c.Value.Box)
	}

	// A sum printed is no candidate of its own; one line's tax is its sum,
	// and no candidate is added.
	perRate[262] = []cell{{40, "Totale imposta"}, {250, "270,00"}}
	d = Build(doc(perRate), "it")
	if got := feats(d, 270); !slices.Contains(got, "rl.taxsum") || slices.Contains(got, "rl.unprinted") {
		t.Errorf("printed sum of the taxes: features %v, want rl.taxsum and not rl.unprinted", got)
	}
	one := Build(doc(map[float64][]cell{
		212: {{40, "22%"}, {150, "1.000,00"}, {250, "220,00"}},
	}), "it")
	if got := feats(one, 220); !slices.Contains(got, "rl.taxsum") || slices.Contains(got, "rl.part") {
		t.Errorf("one line's tax: features %v, want rl.taxsum and not rl.part", got)
	}
	for _, v := range one.Values {
		if slices.Contains(featureList(&v), "rl.unprinted") {
			t.Errorf("one line: candidate %q added", v.Text)
		}
	}
}

// TestKeyedRowsTakeTheirHeading reads a party printed as key–value rows
// under its heading, the values in a column far right of the keys (as
// e-invoice visualisations print them): each value takes the heading over
// its key as its block's, and a date in such a row takes none.
func TestKeyedRowsTakeTheirHeading(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Verkäufer"}},
		112: {{50, "Name:"}, {400, "Alfa GmbH"}},
		124: {{50, "Anschrift:"}, {400, "Ahornweg 5"}},
		148: {{40, "Käufer"}},
		160: {{50, "Name:"}, {400, "Beta AG"}},
		172: {{50, "Anschrift:"}, {400, "Birkenweg 7"}},
		184: {{50, "Datum:"}, {400, "12.03.2026"}},
	}), "de")
	want := map[string]string{"Alfa GmbH": "B:vendor", "Ahornweg 5": "B:vendor", "Beta AG": "B:buyer", "Birkenweg 7": "B:buyer"}
	for _, v := range d.Values {
		fs := featureList(&v)
		if w, ok := want[v.Text]; ok {
			if !slices.Contains(fs, w) {
				t.Errorf("%s: features %v, want %s", v.Text, fs, w)
			}
			delete(want, v.Text)
		}
		if v.Type == TDate && (slices.Contains(fs, "B:vendor") || slices.Contains(fs, "B:buyer")) {
			t.Errorf("date %s takes a party heading: %v", v.Text, fs)
		}
	}
	for text := range want {
		t.Errorf("no candidate %q", text)
	}
}

func TestNamedInPassing(t *testing.T) {
	for text, want := range map[string]bool{
		"Società con unico socio Rossi Holding S.p.A.":                    true,
		"soggetta a direzione e coordinamento della Bianchi S.r.l.":       true,
		"a subsidiary of Example Holdings Ltd":                            true,
		"Rossi e Bianchi S.r.l.":                                          false,
		"Klein und Fein Bau AG":                                           false,
		"Verdi S.p.A. con socio unico":                                    false,
		"Rossi Energia Srl, società soggetta a direzione e coordinamento": false,
		"Servizio clienti":                                                false,
	} {
		if got := namedInPassing(text); got != want {
			t.Errorf("namedInPassing(%q) = %v, want %v", text, got, want)
		}
	}
}

// rc is a cell of text right-aligned at x1, as numbers in columns are.
func rc(x1 float64, text string) cell {
	w := -3.0
	for _, f := range strings.Fields(text) {
		w += 5*float64(len([]rune(f))) + 3
	}
	return cell{x1 - w, text}
}

// itemRows reads a document's items as rows of their printed fields.
func itemRows(d *Doc) []string {
	var out []string
	for _, it := range ReadItems(d).Items {
		f := func(p *float64) string {
			if p == nil {
				return "-"
			}
			return fmt.Sprint(*p)
		}
		out = append(out, fmt.Sprintf("%s|%s|%s|%s|%s|%s|%s", it.Description, it.Unit, f(it.Quantity), f(it.UnitPrice), f(it.Amount), f(it.TaxRate), f(it.DiscountPct)))
	}
	return out
}

func TestReadItemsTableClasses(t *testing.T) {
	tests := []struct {
		name   string
		locale string
		lines  map[float64][]cell
		want   []string
	}{{
		name:   "a unit column right of the price and a VAT nature code for a rate",
		locale: "it",
		lines: map[float64][]cell{
			180: {{60, "Descrizione"}, {300, "Quantità"}, {360, "Prezzo"}, {420, "UM"}, {460, "%IVA"}, {520, "Totale"}},
			200: {{60, "Manutenzione impianto"}, rc(340, "6,00"), rc(400, "35,00"), {420, "h"}, rc(500, "22,00"), rc(560, "210,00")},
			214: {{60, "Bolli anticipati"}, rc(340, "1,00"), rc(400, "4,00"), {420, "h"}, {460, "N1"}, rc(560, "4,00")},
		},
		want: []string{
			"Manutenzione impianto|h|6|35|210|22|-",
			"Bolli anticipati|h|1|4|4|0|-",
		},
	}, {
		name:   "two code columns before the description and an attribute line under it",
		locale: "de",
		lines: map[float64][]cell{
			200: {{40, "1"}, {60, "QX71"}, {110, "88K02"}, {160, "Gartenschlauch 20m"}, rc(370, "4"), rc(460, "7,25"), rc(560, "29,00")},
			212: {{160, "Verpackung : Karton"}},
			230: {{40, "2"}, {60, "BT20"}, {110, "88K03"}, {160, "Sprühdüse"}, rc(370, "3"), rc(460, "2,10"), rc(560, "6,30")},
			242: {{160, "Farbe: grün"}},
		},
		want: []string{
			"Gartenschlauch 20m||4|7.25|29|-|-",
			"Sprühdüse||3|2.1|6.3|-|-",
		},
	}, {
		name:   "a row printing only its codes has its description on the line under it",
		locale: "de",
		lines: map[float64][]cell{
			200: {{60, "4000000000017"}, {160, "AB12"}, rc(370, "12"), rc(460, "1,50"), rc(560, "18,00")},
			212: {{160, "Bleistift HB"}},
			230: {{60, "4000000000024"}, {160, "AB13"}, rc(370, "2"), rc(460, "3,40"), rc(560, "6,80")},
			242: {{160, "Radiergummi weiß"}},
		},
		want: []string{
			"Bleistift HB||12|1.5|18|-|-",
			"Radiergummi weiß||2|3.4|6.8|-|-",
		},
	}, {
		name:   "a discount line under its row",
		locale: "de",
		lines: map[float64][]cell{
			200: {{60, "Werkzeugkoffer"}, rc(370, "2"), rc(460, "40,00"), rc(560, "80,00")},
			212: {{250, "abzgl."}, {330, "10%"}, {380, "Rabatt"}, rc(560, "-8,00")},
			230: {{60, "Schraubensatz"}, rc(370, "5"), rc(460, "3,00"), rc(560, "15,00")},
		},
		want: []string{
			"Werkzeugkoffer||2|40|72|-|10",
			"Schraubensatz||5|3|15|-|-",
		},
	}, {
		name:   "a column of bare rates right of a column of zero discounts",
		locale: "it",
		lines: map[float64][]cell{
			200: {{60, "Cavo HDMI 2 m"}, rc(330, "2"), rc(400, "7,50"), rc(450, "0,00"), rc(520, "15,00"), rc(560, "22,00")},
			214: {{60, "Adattatore USB-C"}, rc(330, "1"), rc(400, "12,90"), rc(450, "0,00"), rc(520, "12,90"), rc(560, "22,00")},
		},
		want: []string{
			"Cavo HDMI 2 m||2|7.5|15|22|-",
			"Adattatore USB-C||1|12.9|12.9|22|-",
		},
	}, {
		name:   "a flag column without digits that wraps under the row, and a unit after the price",
		locale: "it",
		lines: map[float64][]cell{
			200: {{40, "Z"}, {120, "PANNELLO ISOLANTE 40 MM RIGIDO"}, rc(360, "3,00"), rc(420, "18,00"), {425, "MQ"}, rc(560, "54,00")},
			212: {{40, "(RESO"}},
			224: {{40, "CLIENTE)"}, {120, "LOTTO B"}},
			240: {{40, "Z"}, {120, "COLLA PER PANNELLI"}, rc(360, "2,00"), rc(420, "9,50"), {425, "KG"}, rc(560, "19,00")},
		},
		want: []string{
			"PANNELLO ISOLANTE 40 MM RIGIDO LOTTO B|MQ|3|18|54|-|-",
			"COLLA PER PANNELLI|KG|2|9.5|19|-|-",
		},
	}, {
		name:   "a correction's rows print negative quantities and amounts, a discount as a negative percentage",
		locale: "de",
		lines: map[float64][]cell{
			200: {{60, "Rücknahme Palette"}, rc(370, "-4"), rc(420, "12,00"), {430, "-5%"}, rc(560, "-45,60")},
			214: {{60, "Gutschrift Fracht"}, rc(370, "-1"), rc(420, "30,00"), rc(560, "-30,00")},
		},
		want: []string{
			"Rücknahme Palette||-4|12|-45.6|-|5",
			"Gutschrift Fracht||-1|30|-30|-|-",
		},
	}, {
		name:   "a quantity beside a price grouped by a space",
		locale: "fr",
		lines: map[float64][]cell{
			200: {{60, "Abonnement annuel"}, rc(420, "12"), rc(460, "150,00"), rc(540, "1 800,00")},
			214: {{60, "Mise en service"}, rc(420, "1"), rc(460, "90,00"), rc(540, "90,00")},
		},
		want: []string{
			"Abonnement annuel||12|150|1800|-|-",
			"Mise en service||1|90|90|-|-",
		},
	}, {
		name:   "a first row whose rounded price does not add up, under the header",
		locale: "de",
		lines: map[float64][]cell{
			180: {{60, "Bezeichnung"}, {330, "Menge"}, {420, "Preis"}, {520, "Betrag"}},
			200: {{60, "Arbeitspreis Strom"}, rc(370, "2500"), rc(460, "0,06"), rc(560, "142,50")},
			214: {{60, "Zählermiete"}, rc(370, "1"), rc(460, "12,00"), rc(560, "12,00")},
			228: {{60, "Grundpreis"}, rc(370, "2"), rc(460, "8,50"), rc(560, "17,00")},
		},
		want: []string{
			"Arbeitspreis Strom||2500|0.06|142.5|-|-",
			"Zählermiete||1|12|12|-|-",
			"Grundpreis||2|8.5|17|-|-",
		},
	}, {
		name:   "cells centred in their row: a price stacked as gross, discount and net, a description over the numbers' line",
		locale: "fr",
		lines: map[float64][]cell{
			180: {{40, "#"}, {80, "Code"}, {140, "Désignation"}, {300, "P.U. HT"}, {380, "Qté"}, {480, "Total HT"}, {545, "TVA"}},
			210: {rc(350, "(Brut: 12,50)")},
			216: {{80, "Réf: X-17"}, {140, "Gants de travail - Description"}},
			222: {{40, "1"}, rc(350, "(Remise: 0,00)"), {360, "PCE"}, rc(410, "4,00"), rc(520, "50,00"), rc(560, "20,00%")},
			228: {{80, "EAN:012345"}, {140, "Période du 01/02/2025 au 28/02/2025"}},
			234: {rc(350, "(Net): 12,50")},
			270: {rc(350, "(Brut: 3,20)")},
			276: {{140, "Ruban adhésif"}},
			282: {{40, "2"}, {80, "Réf: K-2"}, rc(350, "(Remise: 0,00)"), {360, "PCE"}, rc(410, "10,00"), rc(520, "32,00"), rc(560, "20,00%")},
			288: {{140, "Date début : 01/02/2025"}},
			294: {rc(350, "(Net): 3,20")},
			330: {{130, "Total HT"}, rc(520, "82,00")},
		},
		want: []string{
			"Gants de travail|PCE|4|12.5|50|20|-",
			"Ruban adhésif|PCE|10|3.2|32|20|-",
		},
	}, {
		name:   "the discount's name under a description is no part of it",
		locale: "it",
		lines: map[float64][]cell{
			180: {{40, "Nr"}, {80, "Descrizione"}, {250, "Quantità"}, {320, "Prezzo"}, {390, "Sconto"}, {460, "Prezzo totale"}, {540, "IVA"}},
			200: {{40, "1"}, {80, "Servizi di consulenza"}, rc(280, "20"), rc(360, "90,00"), rc(430, "10 %"), rc(510, "1.620,00"), rc(560, "22")},
			212: {{80, "SC (Sconto)"}},
			240: {{40, "2"}, {80, "Trasferta"}, rc(280, "1"), rc(360, "100,00"), rc(510, "100,00"), rc(560, "22")},
			270: {{300, "Totale imponibile"}, rc(510, "1.720,00")},
		},
		want: []string{
			"Servizi di consulenza||20|90|1620|22|10",
			"Trasferta||1|100|100|22|-",
		},
	}, {
		name:   "a row's line stating a period between its description and its discount's name",
		locale: "de",
		lines: map[float64][]cell{
			180: {{40, "Art.-Nr."}, {100, "Bezeichnung"}, {330, "Menge"}, {400, "Preis"}, {450, "Rabatt"}, {500, "USt."}, {560, "Betrag"}},
			200: {{100, "Visitenkarten 4/4-farbig"}},
			210: {{40, "54863"}, {100, "Zeitraum vom 2.7.2026 bis 1.8.2026"}, rc(360, "9,000"), rc(430, "40,20"), rc(470, "5 %"), rc(520, "7 %"), rc(580, "343,71")},
			220: {{100, "Rabatt"}},
			240: {{100, "Schrauben verzinkt"}},
			250: {{40, "93465"}, {100, "Zeitraum vom 2.7.2026 bis 1.8.2026"}, rc(360, "1,000"), rc(430, "7,77"), rc(470, "5 %"), rc(520, "7 %"), rc(580, "7,38")},
			260: {{100, "RA (Rabatt)"}},
			290: {{300, "Summe netto"}, rc(580, "351,09")},
		},
		want: []string{
			"Visitenkarten 4/4-farbig||9|40.2|343.71|7|5",
			"Schrauben verzinkt||1|7.77|7.38|7|5",
		},
	}, {
		name:   "a row's line printing only an attribute: the description over it",
		locale: "en",
		lines: map[float64][]cell{
			180: {{40, "#"}, {80, "Ref."}, {160, "Description"}, {360, "Qty"}, {430, "Price"}, {520, "Amount"}},
			191: {{80, "PO line: 1"}},
			202: {{160, "Site survey and report"}},
			213: {{40, "1"}, {80, "AB-778"}, {160, "Period from 01.03.2025 to 31.03.2025"}, rc(380, "2"), rc(460, "150.00"), rc(560, "300.00")},
			224: {{160, "Discount"}},
			235: {{160, "Cable trays, galvanised"}},
			246: {{40, "2"}, {80, "CT-15"}, {160, "PO line: 7"}, rc(380, "12"), rc(460, "8.50"), rc(560, "102.00")},
			257: {{160, "Date: 01.03.2025"}},
			290: {{300, "Subtotal"}, rc(560, "402.00")},
		},
		want: []string{
			"Site survey and report||2|150|300|-|-",
			"Cable trays, galvanised||12|8.5|102|-|-",
		},
	}, {
		name:   "bare numbers under a heading of discount percentages are percentages",
		locale: "it",
		lines: map[float64][]cell{
			180: {{40, "Descrizione"}, {250, "Q.tà"}, {330, "Prezzo"}, {410, "Sc.%"}, {500, "Importo"}},
			200: {{40, "Trapano a percussione"}, rc(280, "2"), rc(370, "80,00"), rc(440, "10,00"), rc(540, "144,00")},
			214: {{40, "Set punte HSS"}, rc(280, "3"), rc(370, "12,00"), rc(440, "0,00"), rc(540, "36,00")},
		},
		want: []string{
			"Trapano a percussione||2|80|144|-|10",
			"Set punte HSS||3|12|36|-|0",
		},
	}, {
		name:   "running numbers that multiply out as prices are no prices",
		locale: "it",
		lines: map[float64][]cell{
			180: {{40, "N."}, {80, "Descrizione"}, {300, "Quantità"}, {400, "Prezzo"}, {500, "Importo"}},
			200: {{40, "1"}, {80, "Cavo di rete"}, rc(340, "5"), rc(440, "1,00"), rc(540, "5,00")},
			214: {{40, "2"}, {80, "Presa schuko"}, rc(340, "10"), rc(440, "2,00"), rc(540, "20,00")},
		},
		want: []string{
			"Cavo di rete||5|1|5|-|-",
			"Presa schuko||10|2|20|-|-",
		},
	}, {
		name:   "a row whose quantity and price stand on the line over its amount",
		locale: "it",
		lines: map[float64][]cell{
			180: {{60, "Descrizione"}, {250, "Quantità"}, {330, "Prezzo"}, {400, "Sconto"}, {480, "Importo"}, {540, "IVA"}},
			200: {{40, "1 Manutenzione caldaia"}, rc(280, "3"), rc(360, "80,00"), rc(440, "-5,00 %")},
			206: {{60, "SC (sconto)"}, rc(440, "-12,00"), rc(520, "228,00"), rc(555, "22")},
			230: {{40, "2 Sopralluogo"}, rc(280, "1"), rc(360, "50,00"), rc(520, "50,00"), rc(555, "22")},
		},
		want: []string{
			"Manutenzione caldaia||3|80|228|22|5",
			"Sopralluogo||1|50|50|22|-",
		},
	}, {
		name:   "a column of bare discount percentages sharing its cell with the VAT rate",
		locale: "en",
		lines: map[float64][]cell{
			300: {{32, "Description"}, {257, "Quantity"}, {332, "Unit Price"}, {402, "Disc.% Taxes"}, {526, "Amount"}},
			320: {{32, "Desk lamp"}, {266, "2.00 pcs"}, rc(380, "15.00"), {412, "0.00 20.00%"}, rc(570, "$ 30.00")},
			340: {{32, "Notebook A5"}, {272, "4.00 pcs"}, rc(380, "2.50"), {406, "10.00 20.00%"}, rc(570, "$ 9.00")},
			360: {{32, "Gift wrapping"}, {266, "1.00 pcs"}, rc(380, "3.00"), {412, "0.00"}, rc(570, "$ 3.00")},
		},
		want: []string{
			"Desk lamp|pcs|2|15|30|20|0",
			"Notebook A5|pcs|4|2.5|9|20|10",
			"Gift wrapping|pcs|1|3|3|-|0",
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := itemRows(Build(doc(tt.lines), tt.locale))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadKeyedItems(t *testing.T) {
	// Items as an e-invoice viewer prints them: a position line, keys
	// indented under it, a discount heading with keys of its own, and a
	// summary block of the rate that is no item.
	d := Build(doc(map[float64][]cell{
		100: {{40, "Nr. linea: 1"}},
		112: {{60, "Descrizione: Noleggio ponteggio"}},
		124: {{60, "Quantità: 3.00"}},
		136: {{60, "Unità di misura: gg"}},
		148: {{60, "Prezzo unitario: 40.00"}},
		160: {{60, "Sconto/Maggiorazione"}},
		172: {{80, "Tipo: SC"}},
		184: {{80, "Percentuale (%): 5.00"}},
		196: {{80, "Importo: 6.00"}},
		208: {{60, "Valore totale: 114.00"}},
		220: {{60, "IVA (%): 22.00"}},
		240: {{40, "Nr. linea: 2"}},
		252: {{60, "Descrizione: Trasporto in cantiere"}},
		264: {{60, "Quantità: 1.00"}},
		276: {{60, "Prezzo unitario: 35.50"}},
		288: {{60, "Valore totale: 35.50"}},
		300: {{60, "IVA (%): 22.00"}},
		330: {{40, "Dati di riepilogo"}},
		342: {{60, "Aliquota IVA (%): 22.00"}},
		354: {{60, "Totale imponibile: 149.50"}},
	}), "it")
	want := []string{
		"Noleggio ponteggio|gg|3|40|114|22|5",
		"Trasporto in cantiere||1|35.5|35.5|22|-",
	}
	if diff := cmp.Diff(want, itemRows(d)); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
}

func TestReadHeadedTable(t *testing.T) {
	// Rows that print no quantity, or a price that is the amount: no row
	// multiplies out, the header row tells the columns. A code column
	// leads; the table ends at the totals.
	d := Build(doc(map[float64][]cell{
		180: {{40, "CODICE"}, {120, "DESCRIZIONE"}, {400, "PREZZO"}, {500, "TOTALE"}},
		192: {{400, "UNITARIO"}},
		210: {{40, "AX100"}, {120, "Consulenza fiscale annuale"}, rc(440, "1500"), rc(540, "1500")},
		224: {{40, "AX200"}, {120, "Tenuta contabilità"}, rc(440, "900"), rc(540, "900")},
		236: {{120, "secondo semestre"}},
		260: {{400, "TOTALE"}, rc(540, "2.400")},
	}), "it")
	want := []string{
		"Consulenza fiscale annuale||-|1500|1500|-|-",
		"Tenuta contabilità secondo semestre||-|900|900|-|-",
	}
	if diff := cmp.Diff(want, itemRows(d)); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	// A unit under the unit's heading is the row's; a unit word inside the
	// description stays in it.
	d = Build(doc(map[float64][]cell{
		180: {{120, "DESCRIZIONE"}, {350, "UM"}, {500, "TOTALE"}},
		210: {{120, "Acqua minerale 0,5 l"}, {350, "CF"}, rc(540, "36,00")},
	}), "it")
	if diff := cmp.Diff([]string{"Acqua minerale 0,5 l|CF|-|-|36|-|-"}, itemRows(d)); diff != "" {
		t.Errorf("items with a unit column (-want +got):\n%s", diff)
	}
	// One column of numbers under a heading of prices is the amounts'; a
	// list of details under a description is no part of it.
	d = Build(doc(map[float64][]cell{
		180: {{40, "Pos."}, {80, "Description"}, {470, "Prices in GBP"}},
		200: {{40, "1"}, {80, "Website redesign"}, rc(540, "1,250.00")},
		214: {{40, "2"}, {80, "Hosting, first year"}, rc(540, "180.00")},
		226: {{90, "• Daily backups"}},
		238: {{90, "• SSL certificate"}},
		260: {{400, "Subtotal:"}, rc(540, "1,430.00")},
	}), "en")
	want = []string{"Website redesign||-|-|1250|-|-", "Hosting, first year||-|-|180|-|-"}
	if diff := cmp.Diff(want, itemRows(d)); diff != "" {
		t.Errorf("items under a heading of prices (-want +got):\n%s", diff)
	}
	// A header of two cells whose second heads the amount: the first heads
	// the descriptions, whatever it calls them.
	d = Build(doc(map[float64][]cell{
		180: {{40, "Summary"}, {500, "Amount"}},
		200: {{40, "Data migration project"}, rc(560, "7,800 USD")},
		220: {{40, "VAT"}, rc(560, "780 USD")},
	}), "en")
	if diff := cmp.Diff([]string{"Data migration project||-|-|7800|-|-"}, itemRows(d)); diff != "" {
		t.Errorf("items under a two-cell header (-want +got):\n%s", diff)
	}
	// Keyed rows after a position line whose description key names no
	// column.
	d = Build(doc(map[float64][]cell{
		100: {{40, "#: 1"}},
		112: {{60, "Details: Annual support plan"}},
		124: {{60, "Qty: 4"}},
		136: {{60, "VAT: 20%"}},
		148: {{60, "Total: 480.00"}},
		172: {{40, "#: 2"}},
		184: {{60, "Details: On-site visit"}},
		196: {{60, "VAT: 20%"}},
		208: {{60, "Total: 95.00"}},
	}), "en")
	want = []string{"Annual support plan||4|-|480|20|-", "On-site visit||-|-|95|20|-"}
	if diff := cmp.Diff(want, itemRows(d)); diff != "" {
		t.Errorf("keyed items (-want +got):\n%s", diff)
	}
}

func TestReadSummedRows(t *testing.T) {
	// Rows of a description and an amount, no header, a breakdown under
	// each (one word over and over), a summary line over them in the same
	// columns: the run whose amounts add up to the printed total is read.
	lines := map[float64][]cell{
		100: {{40, "Overview"}},
		120: {{50, "Platform usage"}, rc(560, "$6.40")},
		150: {{50, "Data transfer"}, rc(560, "$0.40")},
		164: {{60, "Charges"}, rc(560, "$0.40")},
		180: {{50, "Object storage 0.5 TB"}, rc(560, "$3.50")},
		194: {{60, "Charges"}, rc(560, "$3.50")},
		210: {{50, "Support plan"}, {420, "20 %"}, rc(560, "$2.50")},
		224: {{60, "Charges"}, rc(560, "$2.50")},
		250: {{300, "Total for this invoice"}, rc(560, "$6.40")},
	}
	want := []string{"Data transfer||-|-|0.4|-|-", "Object storage 0.5 TB||-|-|3.5|-|-", "Support plan||-|-|2.5|20|-"}
	if diff := cmp.Diff(want, itemRows(Build(doc(lines), "en"))); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	// Amounts that add up to nothing printed are no rows.
	delete(lines, 120)
	delete(lines, 250)
	if got := itemRows(Build(doc(lines), "en")); len(got) != 0 {
		t.Errorf("items of lines that add up to nothing printed: %q", got)
	}
}

func TestUnglueGTIN(t *testing.T) {
	tests := []struct{ in, want string }{
		{"4006381333931Zitronensaft 1 l", "Zitronensaft 1 l"},              // GTIN-13, check digit right
		{"96385074Olio extravergine", "Olio extravergine"},                 // GTIN-8
		{"4006381333932Zitronensaft 1 l", "4006381333932Zitronensaft 1 l"}, // check digit wrong
		{"12345Schrauben", "12345Schrauben"},                               // no GTIN's length
		{"4006381333931 Zitronensaft", "4006381333931 Zitronensaft"},       // a word of its own: the reader's to place
		{"3M Klebeband", "3M Klebeband"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := unglueGTIN(tt.in); got != tt.want {
			t.Errorf("unglueGTIN(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A house number before its street ("3071 Juniper Ridge") has the shape
// of a four-digit postal code before its city ("1010 Wien"): the line is a
// candidate of both, a weak street, and the block's other lines decide,
// in English, French and Austrian blocks, with the shipped weights.
func TestNumberFirstStreets(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, locale   string
		page           map[float64][]cell
		street, postal string
	}{
		{"over a US postal line", "en", map[float64][]cell{
			40:  {{40, "Harbor Glass & Tile"}, {420, "INVOICE"}},
			52:  {{40, "418 Alder Court"}},
			64:  {{40, "Portland, OR 97205"}},
			120: {{40, "BILL TO"}, {380, "Invoice No: 4471"}},
			132: {{40, "Dana Whitfield"}, {380, "Invoice Date: 04/22/2026"}},
			144: {{40, "3071 Juniper Ridge"}},
			156: {{40, "Lakeview, OH 43311"}},
		}, "3071 Juniper Ridge", "43311"},
		{"a four-digit code stays a postal line", "de", map[float64][]cell{
			40:  {{40, "Alpen Handel GmbH"}, {420, "RECHNUNG"}},
			52:  {{40, "Ringstraße 4"}},
			64:  {{40, "6020 Innsbruck"}},
			120: {{40, "Rechnung an"}, {380, "Rechnung Nr. 2026-7"}},
			132: {{40, "Berg Bau KG"}, {380, "Datum: 12.03.2026"}},
			144: {{40, "Hauptplatz 7"}},
			156: {{40, "1010 Wien"}},
		}, "Hauptplatz 7", "1010"},
	} {
		d := Build(doc(tt.page), tt.locale)
		ch := m.Resolve(d)
		if v := ch["buyer.address"].Value; v == nil || v.Text != tt.street {
			t.Errorf("%s: buyer street %+v, want %q", tt.name, v, tt.street)
		}
		if v := ch["buyer.postal"].Value; v == nil || v.Zip != tt.postal {
			t.Errorf("%s: buyer postal line %+v, want %s", tt.name, v, tt.postal)
		}
	}
	if !numberFirstStreet("3071 Juniper Ridge") || numberFirstStreet("12345 Musterstadt") || numberFirstStreet("Via Roma 1") {
		t.Error("numberFirstStreet: a house number and words, not a five-digit code or a street named first")
	}
}

// An invoice charging two rates has a tax no single rate of its subtotal
// gives: the sums of its per-rate lines are its subtotal and tax, and the
// amount they add up to its total, in a grid of total labels over rows per
// rate and their sum (German and Italian layouts), or per-rate lines over
// labelled totals.
func TestMixedRateArithmetic(t *testing.T) {
	feats := func(d *Doc, text string) []string {
		for _, v := range d.Values {
			if v.Type == TAmount && v.Text == text {
				return featureList(&v)
			}
		}
		return nil
	}
	for _, tt := range []struct {
		name, locale    string
		page            map[float64][]cell
		sub, tax, total string
	}{
		{"a grid with a sum row", "de", map[float64][]cell{
			700: {{50, "Warenwert"}, {340, "Nettobetrag"}, {410, "MwSt-Betrag"}, {470, "MwSt-%"}, {525, "Endbetrag"}},
			712: {{60, "336,20"}, {355, "330,00"}, {430, "62,70"}, {472, "19,0"}, {535, "392,70"}},
			724: {{60, "147,10"}, {355, "145,00"}, {430, "10,15"}, {475, "7,0"}, {535, "155,15"}},
			736: {{60, "483,30"}, {355, "475,00"}, {430, "72,85"}, {535, "547,85"}},
		}, "475,00", "72,85", "547,85"},
		{"lines per rate over labelled totals", "it", map[float64][]cell{
			600: {{40, "Aliquota"}, {150, "Imponibile"}, {250, "Imposta"}},
			612: {{40, "22%"}, {150, "1.000,00"}, {250, "220,00"}},
			624: {{40, "4%"}, {150, "250,00"}, {250, "10,00"}},
			660: {{350, "Totale imponibile"}, {480, "1.250,00"}},
			672: {{350, "Totale IVA"}, {480, "230,00"}},
			684: {{350, "Totale fattura"}, {480, "1.480,00"}},
		}, "1.250,00", "230,00", "1.480,00"},
	} {
		d := Build(doc(tt.page), tt.locale)
		for text, want := range map[string]string{tt.sub: "ar.sub", tt.tax: "ar.tax", tt.total: "ar.total"} {
			if got := feats(d, text); !slices.Contains(got, want) {
				t.Errorf("%s: %s has features %v, want %s", tt.name, text, got, want)
			}
		}
	}
}

// A line under a row that prints only a quantity and its unit (a price's
// base quantity, "1 Stk") is an attribute of the item, not its
// description; a bare 0 is no free item's price: anything times 0 is 0
// (the rate of a zero-rate VAT line under its base), where "0,00" is.
func TestRowAttributesAndZeroPrices(t *testing.T) {
	for text, want := range map[string]bool{"1 Stk": true, "2,5 kg": true, "100 Pz.": true, "Kupferrolle": false, "1 Kupferrolle": false, "Preisbasismenge: 1 Stk": true} {
		if got := attributeOnly(text); got != want {
			t.Errorf("attributeOnly(%q) = %v, want %v", text, got, want)
		}
	}
	tok := func(text string, x1 float64) numTok {
		m, _ := parse.Amount(text, "de")
		return numTok{v: &Value{Text: text, Num: m.Number}, x1: x1, val: m.Number}
	}
	if rs := arithmeticRoles([]numTok{tok("2000,00", 370), tok("0", 470), tok("0,00", 520)}); len(rs) != 0 {
		t.Errorf("2000,00 × 0 = 0,00 read as a row: %v", rs)
	}
	if rs := arithmeticRoles([]numTok{tok("3", 370), tok("0,00", 470), tok("0,00", 520)}); len(rs) == 0 {
		t.Error("a free item (3 × 0,00 = 0,00) not read as a row")
	}
}

// TestKeysOverWideCells checks that a row of keys at the left of wide
// cells over amounts at the cells' right gives each amount the key of the
// column it lies in, and that key is its column heading too, not a
// heading further up that happens to overlap it.
func TestKeysOverWideCells(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines map[float64][]cell
		want  map[string]string // value → a feature it must have
		never map[string]string // value → a feature it must not have
	}{{
		name: "it, amounts at the right of the keys' cells",
		lines: map[float64][]cell{
			100: {{40, "Descrizione"}, {300, "Quantità"}, {500, "Importo"}},
			112: {{40, "Consulenza"}, {300, "2"}, {510, "7.420,00"}},
			140: {{60, "Totale imponibile"}, {240, "Totale imposta"}},
			152: {{190, "7.420,00"}, {380, "1.632,40"}},
			170: {{60, "Importo bollo"}, {240, "Arrotondamento"}, {400, "Totale documento"}},
			182: {{130, "2,00"}, {500, "9.054,40"}},
		},
		want: map[string]string{
			"9.054,40": "H:financials.total", "1.632,40": "A:financials.tax_amount", "2,00": "A:financials.stamp_duty",
		},
		never: map[string]string{"9.054,40": "H:col.amount"},
	}, {
		name: "en, a heading's second line between",
		lines: map[float64][]cell{
			100: {{40, "Net amount"}, {200, "VAT amount"}, {360, "Amount due"}},
			110: {{200, "(all rates)"}},
			122: {{120, "318.50"}, {290, "63.70"}, {460, "382.20"}},
		},
		want: map[string]string{"63.70": "A:financials.tax_amount", "382.20": "A:financials.amount_due"},
	}, {
		name: "de, a value left of every key and one under an overlapping cell",
		lines: map[float64][]cell{
			100: {{200, "Nettobetrag"}, {380, "Umsatzsteuer"}},
			112: {{60, "12,00"}, {390, "45,60"}},
		},
		never: map[string]string{"12,00": "A:financials.subtotal"},
		want:  map[string]string{"45,60": "A:financials.tax_amount"},
	}, {
		name: "it, rows of rates under the keys",
		lines: map[float64][]cell{
			100: {{40, "Aliquota"}, {200, "Totale imponibile"}, {380, "Totale imposta"}},
			112: {{60, "22%"}, {310, "1.000,00"}, {470, "220,00"}},
			124: {{60, "10%"}, {315, "500,00"}, {475, "50,00"}},
		},
		// The key over the column is the key of its first rows, the
		// second rate's too (and of a sums row under them).
		want: map[string]string{"220,00": "A:financials.tax_amount", "50,00": "A:financials.tax_amount"},
	}, {
		name: "it, rows of rates under the keys, far down",
		lines: map[float64][]cell{
			100: {{40, "Aliquota"}, {200, "Totale imponibile"}, {380, "Totale imposta"}},
			112: {{60, "22%"}, {310, "1.000,00"}, {470, "220,00"}},
			124: {{60, "10%"}, {315, "500,00"}, {475, "50,00"}},
			136: {{60, "4%"}, {315, "250,00"}, {475, "10,00"}},
			148: {{60, "5%"}, {315, "200,00"}, {475, "10,00"}},
			160: {{60, "0%"}, {315, "100,00"}, {475, "0,00"}},
		},
		want:  map[string]string{"0,00": "H:financials.tax_amount"},
		never: map[string]string{"0,00": "A:financials.tax_amount"},
	}, {
		name: "it, a title beside a cell of data is no row of keys",
		lines: map[float64][]cell{
			100: {{40, "Fattura"}, {300, "Codice SDI: KRRH6B9"}},
			112: {{40, "n. 318"}, {110, "del 02/11/2026"}},
		},
		never: map[string]string{"02/11/2026": "A:invoice.number"},
	}, {
		name: "en, addresses ending in a key's word are no row of keys",
		lines: map[float64][]cell{
			100: {{3, "Unit 13, Harcourt Street"}, {301, "Unit 5, Main Street"}},
			112: {{521, "Cork, 08/09/2024"}},
		},
		never: map[string]string{"08/09/2024": "A:col.unit"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			lang := strings.SplitN(c.name, ",", 2)[0]
			d := Build(doc(c.lines), lang)
			got := map[string][]string{}
			for _, v := range d.Values {
				got[v.Text] = append(got[v.Text], featureList(&v)...)
			}
			for v, f := range c.want {
				if !slices.Contains(got[v], f) {
					t.Errorf("%s lacks %s: %v", v, f, got[v])
				}
			}
			for v, f := range c.never {
				if _, ok := got[v]; !ok {
					t.Errorf("%s is no candidate; values %v", v, slices.Collect(maps.Keys(got)))
				}
				if slices.Contains(got[v], f) {
					t.Errorf("%s has %s: %v", v, f, got[v])
				}
			}
		})
	}
}

// TestProseIsNoName checks that a name candidate cut out of a sentence
// shows it: its words in lower case, its end a preposition, in each
// language; a name with a lower-case particle does not end like prose.
func TestProseIsNoName(t *testing.T) {
	for _, c := range []struct {
		lang, line, name string
		fnend            bool
		lower            float64 // at least
	}{
		{"it", "IMPOSTE: sono i costi pagati al fornitore di", "sono i costi pagati al fornitore di", true, 0.9},
		{"en", "Note: these are the fees charged by the supplier of", "these are the fees charged by the supplier of", true, 0.9},
		{"de", "Hinweis: diese Kosten werden erhoben von", "diese Kosten werden erhoben von", true, 0.5},
		{"fr", "Note : ces frais sont perçus par le fournisseur de", "ces frais sont perçus par le fournisseur de", true, 0.9},
		{"fr", "Client : de Villiers Amandine", "de Villiers Amandine", false, 0},
	} {
		d := Build(doc(map[float64][]cell{100: {{40, c.line}}}), c.lang)
		found := false
		for _, v := range d.Values {
			if v.Type != TName || v.Text != c.name {
				continue
			}
			found = true
			if got := v.featureValue(fid("name.fnend")) == 1; got != c.fnend {
				t.Errorf("%q: name.fnend %v, want %v", c.name, got, c.fnend)
			}
			if got := v.featureValue(fid("name.lower")); got < c.lower || !c.fnend && got > 0.5 {
				t.Errorf("%q: name.lower %.2f, want at least %.2f", c.name, got, c.lower)
			}
		}
		if !found {
			t.Errorf("%q: no name candidate %q among %v", c.line, c.name, values(d, TName))
		}
	}
}

// TestChargesAddedToTheTotal checks that an amount that is a total plus
// the charges printed under it in its column is marked with that total,
// and that a deduction (an advance, a withholding) or amounts of another
// column are not added.
func TestChargesAddedToTheTotal(t *testing.T) {
	for _, c := range []struct {
		name  string
		lang  string
		lines map[float64][]cell
		want  map[string]string // amount → the total it adds to ("" none)
	}{{
		name: "a utility bill: a licence fee outside the VAT base",
		lang: "it",
		lines: map[float64][]cell{
			100: {{300, "Imponibile"}, {500, "318,40"}},
			112: {{300, "IVA 10%"}, {500, "31,84"}},
			124: {{300, "Totale bolletta"}, {500, "350,24"}},
			136: {{40, "Consumi 1.234,00 kWh"}, {300, "Canone TV"}, {505, "9,00"}},
			148: {{300, "Totale da pagare"}, {500, "359,24"}},
		},
		want: map[string]string{"359,24": "350,24", "350,24": "", "9,00": ""},
	}, {
		name: "stamp duty and a shipping charge under the total",
		lang: "en",
		lines: map[float64][]cell{
			100: {{300, "Net"}, {500, "1,000.00"}},
			112: {{300, "VAT 22%"}, {500, "220.00"}},
			124: {{300, "Total"}, {500, "1,220.00"}},
			136: {{300, "Stamp duty"}, {510, "2.00"}},
			148: {{300, "Shipping (no VAT)"}, {505, "15.50"}},
			160: {{300, "Amount due"}, {500, "1,237.50"}},
		},
		want: map[string]string{"1,237.50": "1,220.00"},
	}, {
		name: "a deduction is no charge",
		lang: "de",
		lines: map[float64][]cell{
			100: {{300, "Netto"}, {500, "500,00"}},
			112: {{300, "MwSt. 19%"}, {500, "95,00"}},
			124: {{300, "Gesamt"}, {500, "595,00"}},
			136: {{300, "Anzahlung"}, {500, "-100,00"}},
			148: {{300, "Zahlbetrag"}, {500, "495,00"}},
		},
		want: map[string]string{"495,00": "", "595,00": ""},
	}, {
		name: "an amount of another column is not added",
		lang: "it",
		lines: map[float64][]cell{
			100: {{300, "Imponibile"}, {500, "200,00"}},
			112: {{300, "IVA 22%"}, {500, "44,00"}},
			124: {{300, "Totale"}, {500, "244,00"}},
			136: {{40, "Acconto versato 6,00"}},
			148: {{300, "Netto a pagare"}, {500, "250,00"}},
		},
		want: map[string]string{"250,00": ""},
	}} {
		t.Run(c.name, func(t *testing.T) {
			d := Build(doc(c.lines), c.lang)
			got := map[string]int64{}
			for _, v := range d.Values {
				if v.Type == TAmount {
					got[v.Text] = v.added
				}
			}
			for text, base := range c.want {
				a, ok := got[text]
				if !ok {
					t.Errorf("%s is no amount; amounts %v", text, got)
					continue
				}
				want := int64(0)
				if base != "" {
					m, _ := parse.Amount(base, c.lang)
					want = cents(m.Number)
				}
				if a != want {
					t.Errorf("%s adds to %d cents, want %d", text, a, want)
				}
			}
		})
	}
}

// TestExemptRateLines checks that a VAT summary's line charging no tax (an
// exemption nature or a 0 % rate before its base and a zero tax) is a
// part of the invoice's sums beside the taxed lines, in each language,
// and that a rate printed bare is never its own line's base.
func TestExemptRateLines(t *testing.T) {
	feats := func(d *Doc, text string) []string {
		for _, v := range d.Values {
			if v.Type == TAmount && v.Text == text {
				return featureList(&v)
			}
		}
		return nil
	}
	for _, tt := range []struct {
		name, locale          string
		page                  map[float64][]cell
		tax, total, zero, sum string
	}{
		{"it, a nature code", "it", map[float64][]cell{
			600: {{40, "Esigibilità"}, {250, "%IVA"}, {330, "Totale imponibile"}, {470, "Totale imposta"}},
			612: {{40, "Immediata"}, {250, "N1"}, {360, "25,20"}, {500, "0"}},
			624: {{40, "Escluse ex art. 15"}},
			636: {{40, "Immediata"}, {250, "10,00"}, {360, "203,07"}, {500, "20,31"}},
			660: {{330, "Totale documento"}, {500, "248,58"}},
		}, "20,31", "248,58", "0", "228.27"},
		{"en, a 0% line after the taxed one", "en", map[float64][]cell{
			500: {{40, "VAT rate"}, {200, "Net"}, {320, "VAT"}},
			512: {{40, "20%"}, {200, "1,000.00"}, {320, "200.00"}},
			524: {{40, "0%"}, {200, "150.00"}, {320, "0.00"}},
			560: {{250, "Total"}, {380, "1,350.00"}},
		}, "200.00", "1,350.00", "0.00", "1150.00"},
		{"de, the sign apart", "de", map[float64][]cell{
			500: {{40, "MwSt-Satz"}, {200, "Netto"}, {320, "MwSt"}},
			512: {{40, "19 %"}, {200, "500,00"}, {320, "95,00"}},
			524: {{40, "0 %"}, {200, "80,00"}, {320, "0,00"}},
			560: {{250, "Gesamtbetrag"}, {380, "675,00"}},
		}, "95,00", "675,00", "0,00", "580.00"},
		{"fr, with a code column", "fr", map[float64][]cell{
			500: {{40, "Taux"}, {120, "Code"}, {200, "Base HT"}, {320, "TVA"}},
			512: {{40, "0,00 %"}, {120, "E"}, {200, "45,00"}, {320, "0,00"}},
			524: {{40, "20,00 %"}, {120, "S"}, {200, "300,00"}, {320, "60,00"}},
			560: {{250, "Total TTC"}, {380, "405,00"}},
		}, "60,00", "405,00", "0,00", "345.00"},
	} {
		d := Build(doc(tt.page), tt.locale)
		for text, want := range map[string][]string{tt.tax: {"ar.tax", "rl.taxsum"}, tt.total: {"ar.total"}, tt.sum: {"rl.basesum"}} {
			got := feats(d, text)
			for _, w := range want {
				if !slices.Contains(got, w) {
					t.Errorf("%s: %s has features %v, want %s", tt.name, text, got, w)
				}
			}
		}
		if got := feats(d, tt.zero); slices.Contains(got, "rl.taxsum") || slices.Contains(got, "ar.tax") {
			t.Errorf("%s: the exempt line's zero tax %s has features %v, want neither rl.taxsum nor ar.tax", tt.name, tt.zero, got)
		}
	}

	for _, tt := range []struct {
		name  string
		page  map[float64][]cell
		lines int
	}{
		{"a quantity of one under a bare rate of ten", map[float64][]cell{
			100: {{40, "Descrizione"}, {200, "Quantità"}, {280, "Prezzo"}, {360, "% IVA"}, {440, "Importo"}},
			112: {{40, "Pulizia finale"}, {200, "1,00"}, {280, "63,64"}, {360, "10,00"}, {440, "63,64"}},
		}, 0},
		{"a row with a nature code far from the summary", map[float64][]cell{
			300: {{40, "Imposta di soggiorno"}, {250, "N1"}, {360, "25,20"}, {500, "0"}},
			600: {{40, "Aliquota"}, {250, "Imponibile"}, {360, "Imposta"}},
			612: {{40, "22%"}, {250, "1.000,00"}, {360, "220,00"}},
		}, 1},
	} {
		d := Build(doc(tt.page), "it")
		if got := len(d.rateLines().lines); got != tt.lines {
			t.Errorf("%s: %d per-rate lines, want %d", tt.name, got, tt.lines)
		}
	}
}

// TestDatedNumber checks the features of a number and a date joined as a
// document states its own ("n. 5531207 del 14/09/2026", "Nr. RE-118 vom
// 03.11.2026", "n° 86 du 12/10/2026", "Invoice 4411 dated 2 March 2026"),
// with no label of the number's own kind; and that a period ("dal
// 01/09/2026 al 30/09/2026", "vom 01.09.2026 bis …") or a page count has
// neither, nor a version and its date ("Version 2.3 vom …").
func TestDatedNumber(t *testing.T) {
	for _, tc := range []struct {
		locale, line string
		want         []string // the values marked, as "type text"
	}{
		{"it", "n. 5531207 del 14/09/2026", []string{"date 14/09/2026", "id 5531207"}},
		{"de", "Nr. RE-118 vom 03.11.2026", []string{"date 03.11.2026", "id RE-118"}},
		{"fr", "n° 86 du 12/10/2026", []string{"date 12/10/2026", "id 86"}},
		{"en", "Invoice 4411 dated 2 March 2026", []string{"date 2 March 2026", "id 4411"}},
		{"it", "Periodo dal 01/09/2026 al 30/09/2026", nil},
		{"de", "Zeitraum vom 01.09.2026 bis 30.09.2026", nil},
		{"en", "Page 1 of 2", nil},
		{"de", "Profil-Version: 2.3 vom 17.06.2024", nil},
	} {
		d := Build(doc(map[float64][]cell{60: {{40, "ACME SRL"}}, 90: {{40, tc.line}}}), tc.locale)
		var got []string
		for _, v := range d.Values {
			for _, f := range featureList(&v) {
				switch {
				case f == "id.dated" && v.Type == TID:
					got = append(got, "id "+v.Text)
				case f == "d.numbered" && v.Type == TDate:
					got = append(got, "date "+v.Text)
				}
			}
		}
		slices.Sort(got)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.line, diff)
		}
	}
}

// TestNumbersOnlyUnderTheRows: a line that prints numbers in the table's
// columns and no text, under the last row that adds up (a line of totals
// per rate set under the table), is no item.
func TestNumbersOnlyUnderTheRows(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Beschreibung"}, {300, "Menge"}, {360, "Preis"}, {450, "Betrag"}},
		115: {{40, "Schrauben M8"}, {300, "2"}, {360, "5,00"}, {450, "10,00"}},
		130: {{40, "Muttern M8"}, {300, "3"}, {360, "1,00"}, {450, "3,00"}},
		150: {{360, "13,00"}, {450, "15,47"}},
	}), "de")
	items := ReadItems(d).Items
	if len(items) != 2 {
		for _, it := range items {
			t.Logf("%q %s × %s = %s", it.Description, num(it.Quantity), num(it.UnitPrice), num(it.Amount))
		}
		t.Fatalf("%d items read, want the 2 rows", len(items))
	}
}

// TestRowSigns: a row adds up only with the sign its product has: a
// returned item's negative quantity gives a negative amount, while a
// positive quantity at a positive price printed beside a negative number
// (a misread line reference) is no row that adds up.
func TestRowSigns(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Descrizione"}, {300, "Quantità"}, {360, "Prezzo"}, {450, "Importo"}},
		115: {{40, "Viti M8 reso"}, {300, "-2"}, {360, "5,00"}, {450, "-10,00"}},
		130: {{40, "Dadi M8"}, {300, "4"}, {360, "1,50"}, {450, "6,00"}},
		145: {{40, "Riga uno"}, {300, "1"}, {360, "1,00"}, {450, "-1"}},
	}), "it")
	var got []string
	for _, it := range ReadItems(d).Items {
		got = append(got, fmt.Sprintf("%s %s×%s=%s %v", it.Description, num(it.Quantity), num(it.UnitPrice), num(it.Amount), it.Consistent))
	}
	want := []string{"Viti M8 reso -2×5=-10 true", "Dadi M8 4×1.5=6 true"}
	if len(got) < 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("rows %q, want %q first", got, want)
	}
	if len(got) > 2 && strings.HasSuffix(got[2], "true") {
		t.Errorf("row %q adds up with the wrong sign", got[2])
	}
}

// TestDiscountWithTotals: a discount on a page without the chosen totals
// (a member's discount among an energy bill's details) is no discount of
// the document; one printed with the totals is.
func TestDiscountWithTotals(t *testing.T) {
	totals := map[float64][]cell{
		500: {{300, "Imponibile"}, {450, "100,00"}},
		515: {{300, "IVA"}, {450, "22,00"}},
		530: {{300, "Totale"}, {450, "122,00"}},
	}
	details := map[float64][]cell{
		300: {{40, "Sconto soci"}, {450, "-5,00"}},
	}
	m := labelModel("financials.subtotal", "financials.tax_amount", "financials.total", "financials.discount")
	// The details on a second page.
	two := doc(totals)
	p2 := doc(details).Pages[0]
	p2.Number = 2
	two.Pages = append(two.Pages, p2)
	if c := m.Resolve(Build(two, "it"))["financials.discount"]; c.Value != nil {
		t.Errorf("a discount on the details' page read as the document's: %q", c.Value.Text)
	}
	// The same line with the totals.
	one := map[float64][]cell{480: details[300]}
	maps.Copy(one, totals)
	if got := m.Resolve(Build(doc(one), "it"))["financials.discount"].Number(); got != 5 && got != -5 {
		t.Errorf("a discount printed with the totals: %v, want 5", got)
	}
}

func TestWrappedName(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		30:  {{300, "Bianchi Trasporti Società a responsabilità"}},
		42:  {{300, "limitata semplificata"}},
		100: {{40, "Spett.le"}},
		112: {{40, "Verdi Mario"}},
		124: {{40, "Via Roma 1"}},
		136: {{40, "Consegna entro il"}},
	}), "it")
	got := values(d, TName)
	if want := "Bianchi Trasporti Società a responsabilità limitata semplificata"; !slices.Contains(got, want) {
		t.Errorf("no name %q among %q", want, got)
	}
	for _, n := range got {
		if strings.HasPrefix(n, "Verdi Mario ") || strings.HasPrefix(n, "Spett.le ") {
			t.Errorf("%q joins a line that is no legal form", n)
		}
	}
}

// TestBlockHeadingOverKeyColumns checks that the values of two parties
// printed side by side as keys and values ("Adresse:  Hauptstraße 5" in
// each half) stand in the block their heading names: the heading stands
// over the keys, not over the values.
func TestBlockHeadingOverKeyColumns(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		40: {{40, "Verkäufer"}, {300, "Kunde"}},
		52: {{40, "Name:"}, {120, "Alfa Werkzeuge GmbH"}, {300, "Name:"}, {380, "Beta Handel AG"}},
		64: {{40, "Adresse:"}, {120, "Lindenweg 4, 10115 Berlin"}, {300, "Adresse:"}, {380, "Hauptstraße 5, 80331 München"}},
	}), "de")
	want := map[string]string{"Lindenweg 4": "B:vendor", "10115 Berlin": "B:vendor", "Hauptstraße 5": "B:buyer", "80331 München": "B:buyer"}
	found := 0
	for i := range d.Values {
		v := &d.Values[i]
		head, ok := want[v.Text]
		if !ok || v.Type != TStreet && v.Type != TPostal {
			continue
		}
		found++
		if fs := featureList(v); !slices.Contains(fs, head) {
			t.Errorf("%q: features %v, want %s", v.Text, fs, head)
		}
	}
	if found != len(want) {
		t.Errorf("found %d of the %d streets and postal lines", found, len(want))
	}
}

// TestAddressWindow checks that the block a window envelope shows (a
// postal address some 35 to 110 mm from the top of the first page) is
// marked, and neither the letterhead above it nor an address further
// down.
func TestAddressWindow(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		30:  {{40, "Alfa Impianti S.r.l."}},
		42:  {{40, "Via Roma 1"}},
		54:  {{40, "20121 Milano MI"}},
		140: {{320, "Beta Costruzioni S.p.A."}},
		152: {{320, "Via Verdi 7"}},
		164: {{320, "10121 Torino TO"}},
		500: {{40, "Cantiere: Gamma Lavori"}},
		512: {{40, "Via Po 3"}},
		524: {{40, "16121 Genova GE"}},
	}), "it")
	want := map[string]bool{"Beta Costruzioni S.p.A.": true, "Via Verdi 7": true, "Alfa Impianti S.r.l.": false, "Via Roma 1": false, "Via Po 3": false}
	for i := range d.Values {
		v := &d.Values[i]
		w, ok := want[v.Text]
		if !ok {
			continue
		}
		delete(want, v.Text)
		if got := slices.Contains(featureList(v), "blk.window"); got != w {
			t.Errorf("%q: blk.window %v, want %v", v.Text, got, w)
		}
	}
	if len(want) > 0 {
		t.Errorf("no candidates %v", slices.Collect(maps.Keys(want)))
	}
}

// TestStreetWithSecondLine checks that a street and house number followed
// by a second address line after a comma is a street candidate alone, and
// that a house number after the comma stays with its street.
func TestStreetWithSecondLine(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		30:  {{40, "12 rue des Lilas, Bâtiment B"}},
		42:  {{40, "75011 Paris"}},
		90:  {{300, "Via Roma, 14"}},
		102: {{300, "20121 Milano"}},
	}), "fr")
	got := values(d, TStreet)
	for _, want := range []string{"12 rue des Lilas", "Via Roma, 14"} {
		if !slices.Contains(got, want) {
			t.Errorf("no street %q among %q", want, got)
		}
	}
	if slices.Contains(got, "Via Roma") {
		t.Errorf("a street lost its house number: %q", got)
	}
}

// TestZeroRateLineWithGross checks that a line of a VAT summary at 0 %
// that prints its base again as its gross is one of the summary's lines:
// the sum of the bases printed under them is marked as such.
func TestZeroRateLineWithGross(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		200: {{40, "Aliquota"}, {150, "Imponibile"}, {250, "IVA"}, {350, "Totale"}},
		212: {{40, "22%"}, {150, "100,00"}, {250, "22,00"}, {350, "122,00"}},
		224: {{40, "0%"}, {150, "50,00"}, {250, "0,00"}, {350, "50,00"}},
		236: {{40, "EUR"}, {150, "150,00"}, {250, "22,00"}, {350, "172,00"}},
	}), "it")
	found := false
	for i := range d.Values {
		v := &d.Values[i]
		if v.Type == TAmount && v.Num == 150 {
			found = true
			if !slices.Contains(featureList(v), "rl.basesum") {
				t.Errorf("the sum of the bases: features %v, want rl.basesum", featureList(v))
			}
		}
	}
	if !found {
		t.Fatal("no candidate 150,00")
	}
}

// TestRowsWithAVATCode checks that rows printing a VAT code after their
// rate ("19 % VAT (S)") are items, not lines of the totals, when their
// numbers do not add up (a price rounded in print) and rows under them
// do: the word of the code names the tax, but beside a rate in a row.
func TestRowsWithAVATCode(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		180: {{40, "Pos"}, {80, "Beschreibung"}, {280, "Nettopreis"}, {350, "Menge"}, {420, "Steuer"}, {520, "Betrag"}},
		200: {{40, "1"}, {80, "Wartung Anlage"}, {290, "0,05"}, {350, "1000 KWH"}, {420, "19 % VAT (S)"}, {520, "52,00"}},
		220: {{40, "2"}, {80, "Kommissionierung"}, {290, "10,50"}, {350, "28 Std"}, {420, "19 % VAT (S)"}, {520, "288,75"}},
		240: {{40, "3"}, {80, "Faltenbeutel"}, {290, "0,01"}, {350, "3500 Stk"}, {420, "19 % VAT (S)"}, {520, "35,00"}},
		260: {{40, "4"}, {80, "Kopierpapier"}, {290, "0,01"}, {350, "1210 Stk"}, {420, "19 % VAT (S)"}, {520, "12,10"}},
		300: {{380, "Summe netto"}, {520, "387,85"}},
	}), "de")
	var got []string
	for _, it := range ReadItems(d).Items {
		got = append(got, it.Description)
	}
	if want := []string{"Wartung Anlage", "Kommissionierung", "Faltenbeutel", "Kopierpapier"}; !slices.Equal(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
}

// TestSummaryLineIsNoRow checks that a line of the VAT summary under the
// table ("10,00 203,07 20,31": a base and its tax at 10 %) is no item,
// though 20,31 × 10 is 203,07 within the slack of a price rounded in
// print, and though the items and that tax add up to the total.
func TestSummaryLineIsNoRow(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		180: {{40, "Descrizione"}, {300, "Quantità"}, {360, "Prezzo"}, {440, "%IVA"}, {520, "Importo"}},
		200: {{40, "Pernottamento camera doppia"}, {300, "2,00"}, {360, "69,7182"}, {440, "10,00"}, {520, "139,4364"}},
		212: {{40, "Pulizie finali"}, {300, "1,00"}, {360, "63,6364"}, {440, "10,00"}, {520, "63,6364"}},
		248: {{40, "Riepilogo IVA"}, {200, "%IVA"}, {340, "Imponibile"}, {520, "Imposta"}},
		260: {{40, "Esigibilità immediata"}, {200, "10,00"}, {340, "203,07"}, {520, "20,31"}},
		280: {{380, "Totale documento"}, {520, "223,38"}},
	}), "it")
	var got []string
	for _, it := range ReadItems(d).Items {
		got = append(got, it.Description)
	}
	if want := []string{"Pernottamento camera doppia", "Pulizie finali"}; !slices.Equal(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
}

// TestRowWithoutAmount checks that a row printing its quantity and price
// and no amount (discounted in full) among rows that add up is a row,
// under a header row even when it comes first; a line of two numbers
// outside the rows is not.
func TestRowWithoutAmount(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		180: {{40, "Descrizione"}, {300, "Quantità"}, {360, "Prezzo"}, {440, "Sconto"}, {520, "Importo"}},
		200: {{40, "Suite omaggio"}, {300, "2,00"}, {360, "76,69"}, {440, "-100%"}},
		212: {{40, "Pernottamento"}, {300, "2,00"}, {360, "69,72"}, {520, "139,44"}},
		224: {{40, "Pulizie omaggio"}, {300, "1,00"}, {360, "70,00"}, {440, "-100%"}},
		236: {{40, "Pulizie"}, {300, "1,00"}, {360, "63,64"}, {520, "63,64"}},
		280: {{40, "Rate"}, {300, "2"}, {360, "101,54"}},
	}), "it")
	var got []string
	for _, it := range ReadItems(d).Items {
		got = append(got, it.Description)
	}
	if want := []string{"Suite omaggio", "Pernottamento", "Pulizie omaggio", "Pulizie"}; !slices.Equal(got, want) {
		t.Errorf("rows %q, want %q", got, want)
	}
}

// TestCreditNoteSummary checks that the lines of a credit note's VAT
// summary, whose bases and taxes are negative, are a summary too: the
// sums under them are marked as the sums of the bases and of the taxes.
func TestCreditNoteSummary(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		200: {{40, "Nettobetrag"}, {150, "MwSt-Betrag"}, {250, "MwSt-%"}, {350, "Endbetrag"}},
		212: {{40, "-6,10"}, {150, "-1,16"}, {250, "19,0"}, {350, "-7,26"}},
		224: {{40, "-3,70"}, {150, "-0,26"}, {250, "7,0"}, {350, "-3,96"}},
		236: {{40, "-9,80"}, {150, "-1,42"}, {250, "EUR"}, {350, "-11,22"}},
	}), "de")
	for want, feat := range map[float64]string{-9.80: "rl.basesum", -1.42: "rl.taxsum"} {
		if !slices.ContainsFunc(d.Values, func(v Value) bool {
			return v.Type == TAmount && v.Num == want && slices.Contains(featureList(&v), feat)
		}) {
			t.Errorf("%v: no candidate marked %s", want, feat)
		}
	}
}

// turned adds to page p a line of text turned a quarter (reading bottom to
// top) at x, starting at the bottom of y.
func turned(p *layout.Page, x, y float64, text string) {
	for _, w := range strings.Fields(text) {
		h := 5 * float64(len([]rune(w)))
		p.Words = append(p.Words, layout.Word{Text: w, Box: layout.Rect{X0: x, Y0: y - h, X1: x + 8, Y1: y}, FontSize: 7, Angle: 90})
		y -= h + 3
	}
}

// TestMarginLine checks that a company's legal data printed up the right
// margin (a utility bill's) are read as a footer's legal line: its name,
// VAT number and registered office are candidates, in a block of their
// own; the same line turned in the middle of the page (a payment slip
// printed sideways) is not read.
func TestMarginLine(t *testing.T) {
	legal := "Energia Nord S.p.A. - Sede Legale Via Po 12, 20121 Milano - P.IVA 12345678903"
	for _, tt := range []struct {
		x    float64
		want bool
	}{{578, true}, {300, false}} {
		d := doc(map[float64][]cell{
			60:  {{40, "Bolletta n. 123 del 10/02/2026"}},
			140: {{320, "Rossi Mario"}},
			152: {{320, "Via Roma 1"}},
			164: {{320, "10121 Torino TO"}},
		})
		turned(&d.Pages[0], tt.x, 800, legal)
		d.Pages[0].SetWords(d.Pages[0].Words)
		rd := Build(d, "it")
		for _, want := range []struct {
			t    Type
			text string
		}{{TName, "Energia Nord S.p.A."}, {TVAT, "12345678903"}, {TStreet, "Via Po 12"}} {
			found := slices.ContainsFunc(rd.Values, func(v Value) bool {
				return v.Type == want.t && strings.Contains(v.Text, want.text) && v.block > 0
			})
			if found != tt.want {
				t.Errorf("turned at x %v: candidate %q in a block %v, want %v", tt.x, want.text, found, tt.want)
			}
		}
	}
}

// TestDueDateIsNotTheIssueDate checks that one printed date is not both
// the issue date and the due date, though a model would take it for both;
// the same day printed twice is.
func TestDueDateIsNotTheIssueDate(t *testing.T) {
	m := &Model{Fields: map[string]*FieldModel{}}
	for f, bias := range map[string]float64{"invoice.date": 3, "invoice.due_date": 2} {
		fm := &FieldModel{Threshold: 0.3, Weights: map[string]float64{"bias": bias}}
		fm.compile()
		m.Fields[f] = fm
	}
	once := Build(doc(map[float64][]cell{
		60: {{40, "Nota di credito n. 12"}, {300, "28/09/2026"}},
	}), "it")
	if c := m.Resolve(once); c["invoice.date"].Value == nil || c["invoice.due_date"].Value != nil {
		t.Errorf("one date: issue %v, due %v; want the issue date alone", c["invoice.date"].Value, c["invoice.due_date"].Value)
	}
	twice := Build(doc(map[float64][]cell{
		60: {{40, "Fattura n. 12"}, {300, "28/09/2026"}},
		72: {{40, "Scadenza"}, {300, "28/09/2026"}},
	}), "it")
	if c := m.Resolve(twice); c["invoice.date"].Value == nil || c["invoice.due_date"].Value == nil {
		t.Errorf("the date printed twice: issue %v, due %v; want both", c["invoice.date"].Value, c["invoice.due_date"].Value)
	}
}

// TestPaymentDatesBeforeTheIssueDate: a document issued after it was paid
// prints its payment dates before its own date. The issue date its label
// gives stands, and those dates make no due date, however well the due
// date's model scores them, in each language.
func TestPaymentDatesBeforeTheIssueDate(t *testing.T) {
	m := labelModel("invoice.date", "invoice.due_date")
	for _, tt := range []struct {
		locale, issue, due string
	}{
		{"it", "Data documento", "Data scadenza"},
		{"en", "Invoice date", "Due date"},
		{"de", "Rechnungsdatum", "Fälligkeitsdatum"},
		{"fr", "Date de facture", "Date d'échéance"},
	} {
		d := Build(doc(map[float64][]cell{
			60:  {{40, tt.issue}, {300, "18/03/2026"}},
			400: {{40, tt.due}, {300, "02/03/2026"}},
			415: {{40, tt.due}, {300, "10/03/2026"}},
		}), tt.locale)
		c := m.Resolve(d)
		if got := c["invoice.date"].Value; got == nil || got.Norm != "2026-03-18" {
			t.Errorf("%s: issue date %+v, want 2026-03-18", tt.locale, got)
		}
		if got := c["invoice.due_date"].Value; got != nil {
			t.Errorf("%s: due date %q, want none (every payment date is before the issue date)", tt.locale, got.Text)
		}
	}
}

// TestHeadingShare: the words heading a section, and the version line an
// e-invoice's rendering prints under its title ("Versione FPA12"), count
// against a name; a company's words do not.
func TestHeadingShare(t *testing.T) {
	for text, want := range map[string]float64{
		"Versione FPA12":         0.5,
		"Version 1.2":            1,
		"Fassung 2":              1,
		"Dettaglio consumi":      1,
		"Hinweise zur Rechnung":  0.5,
		"Bianchi Caffè S.p.A.":   0,
		"Versicherung Müller AG": 0,
		"Notes et remarques":     1,
		"Summary of the account": 0.5,
	} {
		if got := headingShare(strings.Fields(text)); got != want {
			t.Errorf("headingShare(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestItemNumbers: the numbers of a row the table reader reads as an item
// carry item.num, whatever words its description holds (a tourist tax, a
// stamp, a discount are items too), and the sums under the table do not,
// in each language.
func TestItemNumbers(t *testing.T) {
	for _, tt := range []struct {
		locale                       string
		head, taxItem, other, totals []string
	}{
		{"en", []string{"Description", "Qty", "Unit price", "Amount"}, []string{"City tax", "3.00", "2.50", "7.50"},
			[]string{"Double room", "2.00", "70.00", "140.00"}, []string{"Total tax", "14.75", "Total", "162.25"}},
		{"it", []string{"Descrizione", "Quantità", "Prezzo", "Importo"}, []string{"Imposta di soggiorno", "3,00", "2,50", "7,50"},
			[]string{"Camera doppia", "2,00", "70,00", "140,00"}, []string{"Totale IVA", "14,75", "Totale", "162,25"}},
		{"de", []string{"Beschreibung", "Menge", "Einzelpreis", "Betrag"}, []string{"Kurtaxe", "3,00", "2,50", "7,50"},
			[]string{"Doppelzimmer", "2,00", "70,00", "140,00"}, []string{"MwSt.", "14,75", "Gesamtbetrag", "162,25"}},
		{"fr", []string{"Désignation", "Quantité", "Prix unitaire", "Montant"}, []string{"Taxe de séjour", "3,00", "2,50", "7,50"},
			[]string{"Chambre double", "2,00", "70,00", "140,00"}, []string{"Total TVA", "14,75", "Total TTC", "162,25"}},
	} {
		row := func(s []string) []cell {
			return []cell{{40, s[0]}, {250, s[1]}, {330, s[2]}, {450, s[3]}}
		}
		d := Build(doc(map[float64][]cell{
			100: row(tt.head),
			112: row(tt.taxItem),
			124: row(tt.other),
			300: {{250, tt.totals[0]}, {450, tt.totals[1]}},
			312: {{250, tt.totals[2]}, {450, tt.totals[3]}},
		}), tt.locale)
		items := 0
		for _, v := range d.Values {
			if v.Type != TAmount {
				continue
			}
			y := d.Pages[v.Page].S.Page.Lines[v.Line].Box.Y0
			want := y < 200
			if want {
				items++
			}
			if got := slices.Contains(featureList(&v), "item.num"); got != want {
				t.Errorf("%s: %q at y %v: item.num %v, want %v", tt.locale, v.Text, y, got, want)
			}
		}
		if items < 6 {
			t.Errorf("%s: %d amounts read in the item rows, want 6", tt.locale, items)
		}
	}
}

// TestLabelsOnly: a label or key alone, or a numbered heading, is no street
// though its words read as one; a street with a label's word in it is.
func TestLabelsOnly(t *testing.T) {
	for seg, want := range map[string]bool{
		"Käufer:":                 true,
		"Verkäufer":               true,
		"5 IMPORTO DOVUTO":        true,
		"2. Total due":            true,
		"Adresse":                 true,
		"Mainufer 12":             false,
		"Via del Commercio 4":     false,
		"12 rue de la Paix":       false,
		"1200 Total Way":          false,
		"Hauptstraße 5, 2. Stock": false,
	} {
		if got := labelsOnly(seg); got != want {
			t.Errorf("labelsOnly(%q) = %v, want %v", seg, got, want)
		}
	}
}

// TestNANPPhoneIsPhoneShaped: a North American phone number read as an
// identifier candidate carries id.phone, as a European one with its prefix
// does; a document number with dashes does not. (Written with a space,
// "(415) 555-0134", a phone number is no identifier candidate at all.)
func TestNANPPhoneIsPhoneShaped(t *testing.T) {
	for text, want := range map[string]bool{
		"415-555-0134":  true,
		"415.555.0134":  true,
		"+390212345678": true,
		"INV-2026-0134": false,
		"2026-555-01":   false,
		"12-345-6789":   false,
	} {
		d := Build(doc(map[float64][]cell{
			60: {{40, "Acme Plumbing"}},
			72: {{40, text}},
		}), "en")
		found := false
		for _, v := range d.Values {
			if v.Type == TID && v.Text == text {
				found = true
				if got := slices.Contains(featureList(&v), "id.phone"); got != want {
					t.Errorf("%q: id.phone %v, want %v", text, got, want)
				}
			}
		}
		if !found {
			t.Errorf("%q is no identifier candidate", text)
		}
	}
}
