package resolve

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestUnpricedLastRowAndTableNote checks two classes of item tables: a
// last row that prints its quantity and price in the table's columns and
// words in place of its amount (an hourly rate billed as worked, "on
// request") is an item all the same; and a line of prose running on
// under the row's numbers is a note across the table, not the wrapped
// part of the row's description, which stays in its column.
func TestUnpricedLastRowAndTableNote(t *testing.T) {
	for _, tt := range []struct {
		locale             string
		head               []string
		rows               [][]string // description, quantity, price, amount
		last, wrap, note   string
		lastQty, lastPrice string
		totals             []string
		want               []string
	}{
		{"de", []string{"Bezeichnung", "Menge", "Einzelpreis", "Gesamt"},
			[][]string{{"Schrauben verzinkt", "4,00", "2,50", "10,00"}, {"Dübel Nylon", "10,00", "0,80", "8,00"}},
			"Monteur für mögliche", "Mehrarbeiten", "Mehraufwand wird nach Aufmaß und Stundenzettel gesondert berechnet und ausgewiesen.",
			"1", "48,00", []string{"Summe netto", "18,00"},
			[]string{"Schrauben verzinkt", "Dübel Nylon", "Monteur für mögliche Mehrarbeiten"}},
		{"it", []string{"Descrizione", "Quantità", "Prezzo", "Importo"},
			[][]string{{"Viti zincate", "4,00", "2,50", "10,00"}, {"Tasselli nylon", "10,00", "0,80", "8,00"}},
			"Tecnico per eventuali", "lavori extra", "Le ore eccedenti saranno fatturate a consuntivo secondo il rapportino firmato dal cliente.",
			"1", "48,00", []string{"Totale imponibile", "18,00"},
			[]string{"Viti zincate", "Tasselli nylon", "Tecnico per eventuali lavori extra"}},
		{"en", []string{"Description", "Qty", "Unit price", "Amount"},
			[][]string{{"Galvanized screws", "4.00", "2.50", "10.00"}, {"Nylon anchors", "10.00", "0.80", "8.00"}},
			"Technician for possible", "extra work", "Additional hours are billed as worked according to the timesheet signed by the customer.",
			"1", "48.00", []string{"Subtotal", "18.00"},
			[]string{"Galvanized screws", "Nylon anchors", "Technician for possible extra work"}},
		{"fr", []string{"Désignation", "Quantité", "Prix unitaire", "Montant"},
			[][]string{{"Vis zinguées", "4,00", "2,50", "10,00"}, {"Chevilles nylon", "10,00", "0,80", "8,00"}},
			"Technicien pour travaux", "éventuels", "Les heures supplémentaires seront facturées au réel selon la feuille signée par le client.",
			"1", "48,00", []string{"Total HT", "18,00"},
			[]string{"Vis zinguées", "Chevilles nylon", "Technicien pour travaux éventuels"}},
	} {
		// Numbers right-aligned in their columns, as tables print them.
		right := func(edge float64, s string) cell { return cell{edge - 5*float64(len([]rune(s))), s} }
		row := func(s []string) []cell {
			return []cell{{40, s[0]}, right(280, s[1]), right(360, s[2]), right(480, s[3])}
		}
		lines := map[float64][]cell{100: row(tt.head)}
		y := 116.0
		for _, r := range tt.rows {
			lines[y] = row(r)
			y += 16
		}
		lines[y] = row([]string{tt.last, tt.lastQty, tt.lastPrice, "N.N."})
		lines[y+11] = []cell{{40, tt.wrap}}
		lines[y+22] = []cell{{40, tt.note}}
		lines[y+60] = []cell{{300, tt.totals[0]}, right(480, tt.totals[1])}
		items := ReadItems(Build(doc(lines), tt.locale)).Items
		var got []string
		for _, it := range items {
			got = append(got, it.Description)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: descriptions (-want +got):\n%s", tt.locale, diff)
			continue
		}
		last := items[len(items)-1]
		if last.Quantity == nil || *last.Quantity != 1 || last.UnitPrice == nil || *last.UnitPrice != 48 || last.Amount != nil {
			t.Errorf("%s: last row quantity %v price %v amount %v, want 1, 48 and none", tt.locale, last.Quantity, last.UnitPrice, last.Amount)
		}
	}
}
