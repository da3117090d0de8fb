package resolve

import "testing"

// checkMarks checks that each text of marked is a candidate some reading
// of which marks holds for, and each of unmarked a candidate no reading
// of which it holds for; match tells a candidate giving a text, what
// names the mark in messages.
func checkMarks(t *testing.T, d *Doc, what string, match func(v *Value, text string) bool, marks func(*Value) bool, marked, unmarked []string) {
	t.Helper()
	check := func(text string) (found, mark bool) {
		for i := range d.Values {
			if v := &d.Values[i]; match(v, text) {
				found = true
				mark = mark || marks(v)
			}
		}
		return found, mark
	}
	for _, s := range marked {
		if found, mark := check(s); !found || !mark {
			t.Errorf("%q is a candidate %v, %s %v; want both", s, found, what, mark)
		}
	}
	for _, s := range unmarked {
		if found, mark := check(s); !found || mark {
			t.Errorf("%q is a candidate %v, %s %v; want a candidate, not so", s, found, what, mark)
		}
	}
}
