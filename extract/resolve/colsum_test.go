package resolve

import (
	"slices"
	"strings"
	"testing"
)

// TestRateGridSumsRow reads a grid of totals per VAT rate whose columns
// print each rate's goods value, discount, net, tax, rate and gross, and
// under them, set apart by a blank line, a row of their sums: the
// invoice's figures. The sums are marked as column sums and the rates'
// figures as their parts; the sums row takes the labels over its columns
// as the rows above take them, however far apart it is set; and the VAT
// summary reads each rate's net, the base in the column the other rate's
// only base stands in, not the goods value that gives the same tax to the
// cent.
func TestRateGridSumsRow(t *testing.T) {
	for _, tt := range []struct {
		locale string
		head   []string // goods, discount, net, tax, rate, gross
		rows   [][]string
		sums   []string
	}{
		{"de", []string{"Warenwert", "Rabatt", "Nettobetrag", "MwSt-Betrag", "MwSt-Satz", "Endbetrag"},
			[][]string{{"413,50", "-8,50", "405,00", "76,95", "19%", "481,95"}, {"133,05", "-0,05", "133,00", "9,31", "7%", "142,31"}},
			[]string{"546,55", "-8,55", "538,00", "86,26", "EUR", "624,26"}},
		{"it", []string{"Valore merce", "Sconto", "Imponibile", "Imposta", "Aliquota", "Totale"},
			[][]string{{"413,50", "-8,50", "405,00", "89,10", "22%", "494,10"}, {"133,05", "-0,05", "133,00", "13,30", "10%", "146,30"}},
			[]string{"546,55", "-8,55", "538,00", "102,40", "EUR", "640,40"}},
		{"en", []string{"Goods", "Discount", "Net amount", "VAT amount", "VAT rate", "Gross"},
			[][]string{{"413.50", "-8.50", "405.00", "81.00", "20%", "486.00"}, {"133.05", "-0.05", "133.00", "6.65", "5%", "139.65"}},
			[]string{"546.55", "-8.55", "538.00", "87.65", "GBP", "625.65"}},
		{"fr", []string{"Marchandises", "Remise", "Montant HT", "Montant TVA", "Taux TVA", "Montant TTC"},
			[][]string{{"413,50", "-8,50", "405,00", "81,00", "20%", "486,00"}, {"133,05", "-0,05", "133,00", "7,32", "5,5%", "140,32"}},
			[]string{"546,55", "-8,55", "538,00", "88,32", "EUR", "626,32"}},
	} {
		edges := []float64{140, 200, 300, 380, 430, 520}
		row := func(s []string) []cell {
			var out []cell
			for i, edge := range edges {
				out = append(out, cell{edge - 5*float64(len([]rune(s[i]))), s[i]})
			}
			return out
		}
		lines := map[float64][]cell{60: {{40, "Invoice 4471"}}, 100: row(tt.head), 112: row(tt.rows[0]), 124: row(tt.rows[1]), 152: row(tt.sums)}
		d := Build(doc(lines), tt.locale)
		// find returns the amount read from text (with the currency
		// beside it, as a sum may be read).
		find := func(text string) *Value {
			t.Helper()
			for i := range d.Values {
				if v := &d.Values[i]; v.Type == TAmount && slices.Contains(strings.Fields(v.Text), text) {
					return v
				}
			}
			t.Fatalf("%s: no amount %q", tt.locale, text)
			return nil
		}
		for _, c := range []int{0, 2, 3, 5} {
			if f := featureList(find(tt.sums[c])); !slices.Contains(f, "col.sum") {
				t.Errorf("%s: the sum %s is not marked a column sum: %v", tt.locale, tt.sums[c], f)
			}
			for _, r := range tt.rows {
				if f := featureList(find(r[c])); !slices.Contains(f, "col.part") || slices.Contains(f, "col.sum") {
					t.Errorf("%s: the rate's %s is not marked a part only: %v", tt.locale, r[c], f)
				}
			}
			// The labels over the column: those its first row takes (the
			// net's and the tax's are labels of their kinds).
			above := func(v *Value) []string {
				var out []string
				for _, f := range featureList(v) {
					if strings.HasPrefix(f, dirAbove+":") {
						out = append(out, f)
					}
				}
				return out
			}
			first, sum := above(find(tt.rows[0][c])), above(find(tt.sums[c]))
			if (c == 2 || c == 3) && len(first) == 0 || !slices.Equal(first, sum) {
				t.Errorf("%s: the sum %s is labelled %v above, its column's first row %v", tt.locale, tt.sums[c], sum, first)
			}
		}
		if got, want := d.summary.baseSum, cents(538); got != want {
			t.Errorf("%s: the rates' bases add up to %d cents, want the nets' %d", tt.locale, got, want)
		}
		if f := featureList(find(tt.sums[2])); !slices.Contains(f, "col.rlsum") {
			t.Errorf("%s: the net sum %s is not marked the rates' sum in their column: %v", tt.locale, tt.sums[2], f)
		}
	}
}
