package resolve

import (
	"math/rand/v2"
	"testing"
)

// TestPenaltyOfRareFeatures checks that the L2 penalty weighs on every
// weight at every step of the fit, not only on the steps whose row holds
// its feature: a feature that marks the right candidate on one document
// gets about the same weight whether the fit holds 20 other documents or
// 2,000, not more (penalized only where it is active, it would grow with the documents it
// is absent from, and one layout family's quirk would weigh as much as
// what many families show).
func TestPenaltyOfRareFeatures(t *testing.T) {
	bias, rare, common := fid("bias"), fid("zone.head"), fid("blk.postal")
	weight := func(others int, lw bool) float64 {
		var rows []row
		var groups [][]row
		one := func(g []row) {
			groups = append(groups, g)
			rows = append(rows, g...)
		}
		one([]row{{f: []fv{{bias, 1}, {rare, 1}}, y: 1, w: 1, dw: 1}, {f: []fv{{bias, 1}}, w: 1, dw: 1}})
		for i := range others {
			right, wrong := []fv{{bias, 1}, {common, 1}}, []fv{{bias, 1}}
			if i%4 == 0 { // the common feature is no sure sign
				right, wrong = wrong, right
			}
			one([]row{{f: right, y: 1, w: 1, dw: 1}, {f: wrong, w: 1, dw: 1}})
		}
		opts := FitOptions{Seed: 1, Listwise: lw}.withDefaults()
		rng := rand.New(rand.NewPCG(1, 2))
		if lw {
			return listwise(groups, len(featureNames), opts, rng)[rare]
		}
		return logistic(rows, len(featureNames), opts, rng)[rare]
	}
	for _, lw := range []bool{false, true} {
		few, many := weight(20, lw), weight(2000, lw)
		t.Logf("listwise %v: the rare feature weighs %.3f among 20 documents, %.3f among 2,000", lw, few, many)
		if few <= 0 || many > 1.5*few {
			t.Errorf("listwise %v: the rare feature weighs %.3f among 20 documents and %.3f among 2,000: want no more, above 0", lw, few, many)
		}
	}
}
