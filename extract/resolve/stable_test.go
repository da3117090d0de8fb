package resolve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// crowded makes a document whose invoice number stands after its label
// among many other identifiers, more than a fit keeps of one document.
func crowded(rng *rand.Rand) (*Doc, string) {
	dd, num := labelled(rng)
	p := &dd.Pages[0]
	lines := map[float64][]cell{}
	for k := range 30 {
		lines[300+float64(k)*12] = []cell{{40, fmt.Sprintf("Rif %d/%d", rng.IntN(999), 2020+rng.IntN(7))}, {300, fmt.Sprintf("Art %d-%d", rng.IntN(99999), k)}}
	}
	more := doc(lines).Pages[0].Words
	p.SetWords(append(p.Words, more...))
	return Build(dd, "it"), num
}

// crowdedExamples returns n crowded documents (see crowded) of origins
// origins, each scored on its invoice number.
func crowdedExamples(rng *rand.Rand, n, origins int) []Example {
	var exs []Example
	for i := range n {
		d, num := crowded(rng)
		exs = append(exs, Example{Name: fmt.Sprintf("doc-%d", i), Origin: fmt.Sprintf("o%d", i%origins), Doc: d,
			Right: map[string]func(*Value) bool{"invoice.number": func(v *Value) bool { return v.Norm == num }}, Null: map[string]bool{}})
	}
	return exs
}

// A fit is stable: without one of its documents, or with its documents in
// another order, it gives nearly the same weights, so that a held-out
// figure measures the layouts left out, not a reshuffle of the fit.
func TestFitIsStable(t *testing.T) {
	exs := crowdedExamples(rand.New(rand.NewPCG(4, 5)), 50, 5)
	base := Fit(exs, FitOptions{Seed: 1}).Fields["invoice.number"].Weights
	reversed := make([]Example, len(exs))
	for i, ex := range exs {
		reversed[len(exs)-1-i] = ex
	}
	for name, other := range map[string][]Example{"without the first document": exs[1:], "in reverse order": reversed} {
		w := Fit(other, FitOptions{Seed: 1}).Fields["invoice.number"].Weights
		worst, scale := 0.0, 0.0
		for k, x := range base {
			worst = max(worst, math.Abs(x-w[k]))
			scale = max(scale, math.Abs(x))
		}
		// Before the rows of a document were drawn by its own stream and
		// the epochs averaged, dropping one document of 50 changed a
		// weight by more than the largest weight (3.2 against 2.6).
		if worst > 0.1*scale {
			t.Errorf("%s: a weight changed by %.3f, more than a tenth of the largest weight %.3f", name, worst, scale)
		}
	}
}
