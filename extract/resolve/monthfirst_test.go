package resolve

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// numericDate is a date printed as numbers, month or day first.
var numericDate = regexp.MustCompile(`^(\d{1,2})/(\d{1,2})/\d{4}$`)

// TestMonthFirstGenerated reads generated English invoices printed on A4
// by a program that writes dates month first, as the United States do:
// one of the issue and due dates can only be month first (03/15/2026),
// the other reads both ways (04/05/2026), and both must be read month
// first, the second by the first.
func TestMonthFirstGenerated(t *testing.T) {
	g := printer(t)
	// kinds says how the dates printed for the issue and due dates read:
	// only month first, or both ways.
	kinds := func(c testpdf.Case) (only, both int) {
		printed, _ := c.Printed()
		for _, f := range []string{"invoice.date", "invoice.due_date"} {
			m := numericDate.FindStringSubmatch(printed[f])
			if m == nil {
				continue
			}
			a, _ := strconv.Atoi(m[1])
			b, _ := strconv.Atoi(m[2])
			switch {
			case b > 12:
				only++
			case a != b:
				both++
			}
		}
		return only, both
	}
	g.sample(17, 4000, coverage{"dates printed month first", 4, 3, 1}, func(c testpdf.Case) bool {
		only, both := kinds(c)
		return c.MonthFirst() && !c.Family.Letter && only > 0 && both > 0
	}, func(c testpdf.Case, doc *pdf.Document) bool {
		d := Build(doc, c.Lang())
		res := c.Truth().Result
		for _, f := range []string{"date", "due_date"} {
			want, _ := res["invoice"].(map[string]any)[f].(string)
			found := false
			for _, v := range d.Values {
				found = found || v.Type == TDate && v.Norm == want
			}
			if !found {
				t.Errorf("%s: invoice.%s %s not read", c.Name, f, want)
			}
		}
		return true
	})
}
