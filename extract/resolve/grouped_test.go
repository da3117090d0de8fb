package resolve

import (
	"slices"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestGroupedNumberGenerated reads generated invoices whose document
// number is printed as groups of digits set apart by a space, a till's or
// a branch's code and a sequence (featGroupedNumber): the number whole is
// an identifier candidate, and the shipped model chooses it.
func TestGroupedNumberGenerated(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	g := printer(t)
	g.sample(23, 4000, coverage{"document numbers printed in groups", 4, 4, 4}, func(c testpdf.Case) bool {
		return c.GroupedNumber()
	}, func(c testpdf.Case, doc *pdf.Document) bool {
		d := Build(doc, c.Lang())
		inv := c.Truth().Result["invoice"].(map[string]any)
		want := inv["number"].(string)
		if !slices.Contains(values(d, TID), want) {
			t.Errorf("%s: number %q is no candidate", c.Name, want)
			return true
		}
		if got := m.Resolve(d)["invoice.number"]; got.Value == nil || got.Value.Text != want {
			t.Errorf("%s: number %+v, want %q", c.Name, got.Value, want)
		}
		return true
	})
}
