package resolve

import (
	"slices"
	"strings"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestOfficerNames checks that the people a company names in its legal
// data — managing directors, boards and their chairs, a sole director —
// are marked as its officers (name.officer), in the four languages, after
// their key on the line, under it in a list, or by the function in
// brackets after the name; the company's name and its owner's are not.
func TestOfficerNames(t *testing.T) {
	for _, tt := range []struct {
		locale   string
		lines    map[float64][]cell
		officers []string // names that are officers
		parties  []string // names that are not
	}{
		{"it", map[float64][]cell{
			60:  {{40, "Ferramenta Lodi S.r.l."}},
			72:  {{40, "Via dei Mille 14"}},
			84:  {{40, "20121 Milano"}},
			780: {{40, "Ferramenta Lodi S.r.l. - Cap. soc. 20.000 euro"}},
			792: {{40, "Amministratore unico: Marco Galli"}},
		}, []string{"Marco Galli"}, []string{"Ferramenta Lodi S.r.l."}},
		{"de", map[float64][]cell{
			60:  {{40, "Holzbau Kessler GmbH"}},
			72:  {{40, "Lindenweg 3"}},
			84:  {{40, "79100 Freiburg"}},
			780: {{40, "Amtsgericht Freiburg HRB 4471"}, {260, "Vorstand: Anna Brenner,"}},
			792: {{260, "Jonas Keller"}},
			804: {{260, "Aufsichtsrat: Petra Lang (Vorsitz)"}},
			816: {{40, "Inhaber: Ulrich Kessler"}},
		}, []string{"Anna Brenner", "Jonas Keller", "Petra Lang"}, []string{"Holzbau Kessler GmbH", "Ulrich Kessler"}},
		{"fr", map[float64][]cell{
			60:  {{40, "Atelier Morel SARL"}},
			72:  {{40, "12 rue des Tanneurs"}},
			84:  {{40, "69002 Lyon"}},
			792: {{40, "Gérant : Julien Morel"}},
		}, []string{"Julien Morel"}, []string{"Atelier Morel SARL"}},
		{"en", map[float64][]cell{
			60:  {{40, "Harbour Print Ltd"}},
			72:  {{40, "4 Quay Street"}},
			84:  {{40, "Galway H91 E2K4"}},
			792: {{40, "Directors: Siobhan Walsh"}},
		}, []string{"Siobhan Walsh"}, []string{"Harbour Print Ltd"}},
	} {
		d := Build(doc(tt.lines), tt.locale)
		t.Run(tt.locale, func(t *testing.T) {
			checkMarks(t, d, "marked an officer", func(v *Value, name string) bool { return v.Type == TName && strings.Contains(v.Text, name) },
				func(v *Value) bool { return slices.Contains(featureList(v), "name.officer") }, tt.officers, tt.parties)
		})
	}
}

// TestOfficersGenerated reads generated invoices whose legal footer names
// a company officer (a German managing director, an Irish board, an
// Italian sole director, a French gérant) in several layout families: the
// officer's name, read as a name, is marked as an officer's.
func TestOfficersGenerated(t *testing.T) {
	g := printer(t)
	g.sample(29, 3000, coverage{"officers named in legal footers", 4, 3, 2}, func(c testpdf.Case) bool {
		return c.Officer() != ""
	}, func(c testpdf.Case, doc *pdf.Document) bool {
		d := Build(doc, c.Lang())
		read := false
		for i := range d.Values {
			if v := &d.Values[i]; v.Type == TName && strings.Contains(v.Text, c.Officer()) {
				read = true
				if !slices.Contains(featureList(v), "name.officer") {
					t.Errorf("%s: the officer's name %q is not marked", c.Name, v.Text)
				}
			}
		}
		return read
	})
}
