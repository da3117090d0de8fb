package resolve

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestThresholdOnUnseenScores checks that each field's null threshold is
// the best on the scores its candidates get from models fitted without
// their document's origin — the scores an unseen layout gets — rather
// than on those of the fit itself, which has learned the very documents
// the threshold is chosen on (their right values score near 1, and a
// threshold so chosen turned the lower-scored right values of unseen
// layouts to null). It checks the choice is made on those scores; the
// held-out figures of docs/performance.md show what it changes.
func TestThresholdOnUnseenScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	var exs []Example
	for i := range 48 {
		d, num := crowded(rng)
		right := func(v *Value) bool { return v.Norm == num }
		null := map[string]bool{}
		if i%4 == 1 { // the number printed is another document's
			right = func(*Value) bool { return false }
			null["invoice.number"] = true
		}
		exs = append(exs, Example{Name: fmt.Sprintf("doc-%d", i), Origin: fmt.Sprintf("o%d", i%8), Doc: d,
			Right: map[string]func(*Value) bool{"invoice.number": right}, Null: null})
	}
	opts := FitOptions{Seed: 1}
	m := Fit(exs, opts)
	f := Field{"invoice.number", TID}
	want := fitThreshold(exs, crossOptions(exs, m, opts.withDefaults()), f)
	if seen := fitThreshold(exs, seenOptions(exs, m), f); seen == want {
		t.Fatalf("the fit's own scores and the unseen ones give one threshold, %.2f: the documents do not tell them apart", want)
	}
	if got := m.Fields[f.Name].Threshold; got != want {
		t.Errorf("threshold %.2f; want %.2f, the best on the scores of models fitted without each document's origin", got, want)
	}
}
