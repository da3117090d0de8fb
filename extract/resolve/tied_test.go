package resolve

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// adjusted builds an invoice whose totals block prints one adjustment of
// the total (kind: "financials.discount", "financials.stamp_duty" or
// "financials.withholding_tax") under its key, at a place of its layout
// family (fam), among item rows and a line of prose with amounts of their
// own. It returns the document and the adjustment's value.
func adjusted(rng *rand.Rand, kind string, fam int) (*Doc, float64) {
	x := 300 + float64(fam%3)*40
	lines := map[float64][]cell{}
	for k := range 5 {
		lines[200+float64(k)*14] = []cell{{40, fmt.Sprintf("Articolo %d-%d", rng.IntN(9999), k)}, {260, fmt.Sprintf("%d", 1+rng.IntN(9))}, {480, fmt.Sprintf("%d,%02d", 10+rng.IntN(400), rng.IntN(100))}}
	}
	lines[300] = []cell{{40, fmt.Sprintf("Spese di incasso %d,%02d addebitate sul conto entro il mese", 1+rng.IntN(9), rng.IntN(100))}}
	y := 560 + float64(fam%4)*20
	sub := float64(200 + rng.IntN(800))
	lines[y] = []cell{{x, "Imponibile"}, {480, euro(sub)}}
	lines[y+14] = []cell{{x, "IVA 22%"}, {480, euro(sub * 0.22)}}
	lines[y+28] = []cell{{x, "Totale documento"}, {480, euro(sub * 1.22)}}
	var val float64
	switch kind {
	case "financials.discount":
		val = float64(5 + rng.IntN(40))
		lines[y-14] = []cell{{x, "Sconto"}, {480, "-" + euro(val)}}
	case "financials.stamp_duty":
		val = 2
		lines[y+42] = []cell{{x, "Bollo"}, {480, "2,00"}}
	case "financials.withholding_tax":
		val = float64(int(sub * 0.2))
		lines[y+42] = []cell{{x, "Ritenuta d'acconto"}, {480, "-" + euro(val)}}
	}
	return Build(doc(lines), "it"), val
}

// euro writes an amount as Italian invoices print it, "12,50".
func euro(x float64) string {
	return strings.Replace(fmt.Sprintf("%.2f", x), ".", ",", 1)
}

// TestAdjustmentsFittedTogether checks that the adjustments of the total
// (discount, stamp duty, withholding) are fitted together: a withholding
// printed under its key on a layout the fit never saw is read, when the
// fit saw few withholdings (two documents of one family) among many
// discounts and stamp duties. Fitted apart, each adjustment learned what
// makes its value (its own key beside it) from its own few documents.
func TestAdjustmentsFittedTogether(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	adjustments := []string{"financials.discount", "financials.stamp_duty", "financials.withholding_tax"}
	var exs []Example
	for i := range 40 {
		kind := adjustments[i%2]
		fam := i % 8
		if i < 2 {
			kind, fam = "financials.withholding_tax", 9
		}
		d, val := adjusted(rng, kind, fam)
		right := map[string]func(*Value) bool{}
		null := map[string]bool{}
		for _, f := range adjustments {
			if f == kind {
				right[f] = func(v *Value) bool { return v.Num == val || v.Num == -val }
			} else {
				right[f] = func(*Value) bool { return false }
				null[f] = true
			}
		}
		exs = append(exs, Example{Name: fmt.Sprintf("doc-%d", i), Origin: fmt.Sprintf("o%d", fam), Doc: d, Right: right, Null: null})
	}
	m := Fit(exs, FitOptions{Seed: 1})
	read := 0
	const n = 10
	for range n {
		d, val := adjusted(rng, "financials.withholding_tax", 11)
		got := m.Resolve(d)["financials.withholding_tax"]
		if got.Value != nil && (got.Value.Num == val || got.Value.Num == -val) {
			read++
		}
	}
	if read < n-1 {
		t.Errorf("the withholding of an unseen layout read on %d of %d documents; want %d or more", read, n, n-1)
	}
}

// TestBonusTiesTakeTheStrongest checks that a joint bonus the training
// documents cannot tell apart (here documents without totals, on which
// every bonus of totals that add up reads the same) is fitted at its
// strongest, not at 0.
func TestBonusTiesTakeTheStrongest(t *testing.T) {
	m := Fit(crowdedExamples(rand.New(rand.NewPCG(25, 26)), 24, 4), FitOptions{Seed: 1})
	if m.ArithBonus != 8 || m.RateBonus != 4 {
		t.Errorf("bonuses of totals that add up %g and of a tax at its rate %g; want 8 and 4, the largest of those that read the same", m.ArithBonus, m.RateBonus)
	}
}
