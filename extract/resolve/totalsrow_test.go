package resolve

import (
	"slices"
	"testing"
)

// TestTotalsRowSumsCounts checks a table's totals row that sums its
// quantity column too ("Total 20.50 1,110.00" under Hours and Amount):
// the label at the row's start is the amount's, as far left as a count
// stands between; the count keeps its own label, the nearer one, and a
// money amount between still stops the label (a "Total" over a rate
// column labels the rate's sum, not the amount after it).
func TestTotalsRowSumsCounts(t *testing.T) {
	for _, tt := range []struct {
		locale              string
		head                []string // description, count, price, amount
		rows                [][]string
		total, count, price string
		sum                 string
	}{
		{"en", []string{"Service", "Hours", "Rate", "Amount"},
			[][]string{{"Garden design", "12.50", "60.00", "750.00"}, {"Planting", "8.00", "45.00", "360.00"}},
			"TOTAL", "20.50", "105.00", "1,110.00"},
		{"it", []string{"Descrizione", "Quantità", "Prezzo", "Importo"},
			[][]string{{"Progetto giardino", "12,50", "60,00", "750,00"}, {"Piantumazione", "8,00", "45,00", "360,00"}},
			"Totale", "20,50", "105,00", "1.110,00"},
		{"de", []string{"Leistung", "Stunden", "Satz", "Betrag"},
			[][]string{{"Gartenplanung", "12,50", "60,00", "750,00"}, {"Bepflanzung", "8,00", "45,00", "360,00"}},
			"Gesamtbetrag", "20,50", "105,00", "1.110,00"},
		{"fr", []string{"Désignation", "Quantité", "Prix unitaire", "Montant"},
			[][]string{{"Plan du jardin", "12,50", "60,00", "750,00"}, {"Plantation", "8,00", "45,00", "360,00"}},
			"Total TTC", "20,50", "105,00", "1 110,00"},
	} {
		right := func(edge float64, s string) cell { return cell{edge - 5*float64(len([]rune(s))), s} }
		row := func(s []string) []cell {
			out := []cell{{40, s[0]}}
			for i, edge := range []float64{280, 360, 480} {
				if s[i+1] != "" {
					out = append(out, right(edge, s[i+1]))
				}
			}
			return out
		}
		totalLabel := func(d *Doc, text string) float64 {
			t.Helper()
			for i := range d.Values {
				if v := &d.Values[i]; v.Type == TAmount && v.Text == text {
					return v.featureValue(fid("L:financials.total"))
				}
			}
			t.Fatalf("%s: no amount %q", tt.locale, text)
			return 0
		}
		lines := map[float64][]cell{100: row(tt.head)}
		y := 116.0
		for _, r := range tt.rows {
			lines[y] = row(r)
			y += 16
		}
		// The totals row sums the counts and the amounts.
		lines[y] = row([]string{tt.total, tt.count, "", tt.sum})
		d := Build(doc(lines), tt.locale)
		if got := totalLabel(d, tt.sum); got == 0 {
			t.Errorf("%s: the amount's sum %s has no total label to its left", tt.locale, tt.sum)
		}
		if got := totalLabel(d, tt.count); got == 0 {
			t.Errorf("%s: the count's sum %s lost its total label", tt.locale, tt.count)
		}
		// The sums row is no item.
		var got []string
		for _, it := range ReadItems(d).Items {
			got = append(got, it.Description)
		}
		if want := []string{tt.rows[0][0], tt.rows[1][0]}; !slices.Equal(got, want) {
			t.Errorf("%s: items %q, want %q", tt.locale, got, want)
		}
		// A sum of money between the label and the amount keeps the
		// label: it is that sum's.
		lines[y] = row([]string{tt.total, "", tt.price, tt.sum})
		d = Build(doc(lines), tt.locale)
		if got := totalLabel(d, tt.sum); got != 0 {
			t.Errorf("%s: the amount %s after a price's sum took the total label (%.2f)", tt.locale, tt.sum, got)
		}
	}
}
