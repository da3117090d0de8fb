package resolve

import (
	"slices"
	"strings"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestCustomerKeyed checks that the values a supplier prints with its
// customer's or contract number — a row of keys over the buyer's fiscal
// code, VAT number and customer number, the buyer's address block holding
// its customer number — are marked blk.customer, in three languages; the
// supplier's own data in its letterhead or legal line is not.
func TestCustomerKeyed(t *testing.T) {
	for _, tt := range []struct {
		locale   string
		lines    map[float64][]cell
		customer []string // values marked
		others   []string // values not marked
	}{
		{"it", map[float64][]cell{
			40:  {{40, "Luce Nord S.p.A."}},
			52:  {{40, "Via Verdi 8, 20121 Milano"}},
			100: {{240, "Codice Fiscale"}, {340, "Partita IVA"}, {440, "N° Cliente"}},
			112: {{240, "80012345678"}, {340, "01234567897"}, {440, "40917733"}},
			780: {{40, "Luce Nord S.p.A. - Sede legale Via Verdi 8 Milano - P.IVA 12345678903"}},
		}, []string{"80012345678", "01234567897"}, []string{"12345678903"}},
		{"de", map[float64][]cell{
			40:  {{40, "Holzbau Kessler GmbH, Lindenweg 3, 79100 Freiburg"}},
			120: {{40, "Bäckerei Sommer"}},
			132: {{40, "Marktplatz 2"}},
			144: {{40, "79098 Freiburg"}},
			156: {{40, "Kunden-Nr.: 55120"}},
			168: {{40, "USt-IdNr.: DE284751936"}},
			780: {{40, "USt-IdNr. DE319027465"}},
		}, []string{"DE284751936", "Marktplatz 2"}, []string{"DE319027465"}},
		{"fr", map[float64][]cell{
			40:  {{40, "Atelier Morel SARL"}},
			52:  {{40, "12 rue des Tanneurs, 69002 Lyon"}},
			120: {{300, "N° de contrat : 771204"}},
			132: {{300, "Mairie de Vénissieux"}},
			144: {{300, "5 avenue Marcel Houël"}},
			156: {{300, "69200 Vénissieux"}},
		}, []string{"5 avenue Marcel Houël"}, []string{"12 rue des Tanneurs"}},
	} {
		d := Build(doc(tt.lines), tt.locale)
		t.Run(tt.locale, func(t *testing.T) {
			checkMarks(t, d, "marked as the customer's", func(v *Value, text string) bool { return v.Text == text },
				func(v *Value) bool { return slices.Contains(featureList(v), "blk.customer") }, tt.customer, tt.others)
		})
	}
}

// TestCustomerKeyedGenerated reads generated invoices that print the
// buyer's VAT number in the grid of document data beside its customer
// number, in several layout families and languages: the buyer's VAT
// number is marked as the customer's data.
func TestCustomerKeyedGenerated(t *testing.T) {
	g := printer(t)
	g.sample(37, 600, coverage{"buyer VAT numbers beside customer numbers", 4, 3, 3}, testpdf.Case.CustomerGrid,
		func(c testpdf.Case, doc *pdf.Document) bool {
			d := Build(doc, c.Lang())
			want := digitsOf(c.Spec.Buyer.VAT)
			// The number may be printed twice: in the grid, and as the
			// buyer's fiscal code in its address block.
			var read, marked bool
			var seen [][]string
			for i := range d.Values {
				if v := &d.Values[i]; v.Type == TVAT && digitsOf(v.Norm) == want {
					read = true
					marked = marked || slices.Contains(featureList(v), "blk.customer")
					seen = append(seen, featureList(v))
				}
			}
			if read && !marked {
				t.Errorf("%s: the buyer's VAT number is not marked as the customer's where printed (%v)", c.Name, seen)
			}
			return read
		})
}

// digitsOf returns the digits of s.
func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}
