package resolve

import (
	"math"
)

// The item table has two readings: the rules' (package fields: header
// labels and their columns) and the arithmetic one (ReadItems). Which is
// right is decided by a logistic model over what each reading shows of
// itself: how many rows, how many of them add up, whether the amounts add
// up to the subtotal, how many have a description.

// itemFeatures are the features of the choice between the two readings.
var itemFeatures = []string{"bias", "old.none", "new.consistent", "old.consistent", "new.sum", "old.sum", "header", "header.agree", "new.short"}

// ItemsModel is the fitted model of the choice.
type ItemsModel struct {
	Weights map[string]float64 `json:"weights"`
}

// prob is the probability that the arithmetic reading is the better.
func (m *ItemsModel) prob(x map[string]float64) float64 {
	if m == nil {
		return 0
	}
	// The sum runs in the fixed order of itemFeatures (the features the
	// fit weighs), not in a map's order, which changes from run to run:
	// the same document gets the same probability to the last bit.
	z := 0.0
	for _, k := range itemFeatures {
		z += m.Weights[k] * x[k]
	}
	return sigmoid(z)
}

// itemChoiceFeatures describes the two readings of a document's items;
// sums are the subtotals and totals the page prints (the resolver's
// choices), which the amounts of a right reading add up to.
func itemChoiceFeatures(rules []Item, t Table, sums []float64) map[string]float64 {
	x := map[string]float64{"bias": 1}
	x["new.none"] = flag(len(t.Items) == 0)
	x["old.none"] = flag(len(rules) == 0)
	x["new.consistent"] = consistentShare(t.Items)
	x["old.consistent"] = consistentShare(rules)
	x["new.sum"] = flag(sumsTo(t.Items, sums))
	x["old.sum"] = flag(sumsTo(rules, sums))
	x["header"] = flag(t.Header)
	x["header.agree"] = flag(t.Header) * agreement(t.Items, rules)
	x["new.desc"] = descShare(t.Items)
	x["old.desc"] = descShare(rules)
	x["more.new"] = flag(len(t.Items) > len(rules))
	x["more.old"] = flag(len(rules) > len(t.Items))
	x["same.count"] = flag(len(rules) == len(t.Items))
	// The share of the rules' rows the arithmetic reading falls short of:
	// a table whose prices are printed rounded adds up in few rows.
	if len(rules) > len(t.Items) {
		x["new.short"] = float64(len(rules)-len(t.Items)) / float64(len(rules))
	}
	if len(t.Items) > 0 {
		x["new.aligned"] = float64(t.Aligned) / float64(len(t.Items))
	}
	x["agree"] = agreement(t.Items, rules)
	x["new.qty"] = share(t.Items, func(it Item) bool { return it.Quantity != nil })
	x["old.qty"] = share(rules, func(it Item) bool { return it.Quantity != nil })
	x["new.rate"] = share(t.Items, func(it Item) bool { return it.TaxRate != nil })
	x["old.rate"] = share(rules, func(it Item) bool { return it.TaxRate != nil })
	x["new.unit"] = share(t.Items, func(it Item) bool { return it.Unit != "" })
	x["old.unit"] = share(rules, func(it Item) bool { return it.Unit != "" })
	return x
}

// share is the share of items that pass test.
func share(items []Item, test func(Item) bool) float64 {
	if len(items) == 0 {
		return 0
	}
	n := 0
	for _, it := range items {
		if test(it) {
			n++
		}
	}
	return float64(n) / float64(len(items))
}

// agreement is the share of the two readings' rows, taken together, whose
// amount the other reading has too.
func agreement(a, b []Item) float64 {
	if len(a)+len(b) == 0 {
		return 0
	}
	has := func(items []Item, x *float64) bool {
		for _, it := range items {
			if x != nil && it.Amount != nil && math.Abs(*it.Amount-*x) < 0.005 {
				return true
			}
		}
		return false
	}
	n := 0
	for _, it := range a {
		if has(b, it.Amount) {
			n++
		}
	}
	for _, it := range b {
		if has(a, it.Amount) {
			n++
		}
	}
	return float64(n) / float64(len(a)+len(b))
}

// consistentShare is the share of items whose quantity × price (less the
// discount) is their amount.
func consistentShare(items []Item) float64 {
	if len(items) == 0 {
		return 0
	}
	n := 0
	for _, it := range items {
		if it.Quantity == nil || it.UnitPrice == nil || it.Amount == nil {
			continue
		}
		d := 0.0
		if it.DiscountPct != nil {
			d = *it.DiscountPct
		}
		if math.Abs(*it.Quantity**it.UnitPrice*(1-d/100)-*it.Amount) <= tol+*it.Quantity*0.005 {
			n++
		}
	}
	return float64(n) / float64(len(items))
}

// descShare is the share of items with a description.
func descShare(items []Item) float64 {
	if len(items) == 0 {
		return 0
	}
	n := 0
	for _, it := range items {
		if it.Description != "" {
			n++
		}
	}
	return float64(n) / float64(len(items))
}

// sumsTo reports whether the items' amounts add up to one of sums.
func sumsTo(items []Item, sums []float64) bool {
	if len(items) == 0 {
		return false
	}
	total := 0.0
	for _, it := range items {
		if it.Amount != nil {
			total += *it.Amount
		}
	}
	for _, s := range sums {
		if s > 0 && math.Abs(total-s) <= 0.011*float64(len(items)) {
			return true
		}
	}
	return false
}

// ChooseItems tells whether the arithmetic reading t should replace the
// rules' items, and how sure the model is of it.
func (m *Model) ChooseItems(rules []Item, t Table, choices map[string]Choice) (bool, float64) {
	if len(t.Items) == 0 || m.Items == nil {
		return false, 0
	}
	p := m.Items.prob(itemChoiceFeatures(rules, t, printedSums(choices)))
	return p > 0.5, p
}

// printedSums are the subtotal and total chosen for a document.
func printedSums(ch map[string]Choice) []float64 {
	var out []float64
	for _, n := range []string{"financials.subtotal", "financials.total"} {
		if c, ok := ch[n]; ok && c.Value != nil {
			out = append(out, c.Number())
		}
	}
	return out
}

// Merge completes the arithmetic reading's rows with what the rules read of
// the same rows (same amount, in order) and the arithmetic left out: a VAT
// rate printed as a code or without a sign, a unit, a discount, the
// description.
func Merge(t Table, rules []Item) []Item {
	out := append([]Item(nil), t.Items...)
	for i, j := range pairRows(out, rules) {
		if j >= 0 {
			completeRow(&out[i], rules[j])
		}
	}
	return out
}

// completeRow fills in what the arithmetic reading of a row left out from
// the rules' reading r of the same row.
func completeRow(it *Item, r Item) {
	if it.TaxRate == nil {
		it.TaxRate = r.TaxRate
	}
	if it.Unit == "" {
		it.Unit = r.Unit
	}
	if it.DiscountPct == nil {
		it.DiscountPct = r.DiscountPct
	}
	if it.Description == "" {
		it.Description = r.Description
	}
}

// pairRows pairs the arithmetic reading's rows with the rules' rows of the
// same amount, in order: pair[i] is the rules' row of arithmetic row i, or
// -1.
func pairRows(items, rules []Item) []int {
	pair := make([]int, len(items))
	used := make([]bool, len(rules))
	for i, it := range items {
		pair[i] = -1
		if it.Amount == nil {
			continue
		}
		for j, r := range rules {
			if !used[j] && r.Amount != nil && math.Abs(*r.Amount-*it.Amount) <= 0.005 {
				used[j], pair[i] = true, j
				break
			}
		}
	}
	return pair
}

// ItemChoiceFeatures are the features the choice between the two readings
// sees, for tools that explain it.
func ItemChoiceFeatures(rules []Item, t Table, choices map[string]Choice) map[string]float64 {
	return itemChoiceFeatures(rules, t, printedSums(choices))
}
