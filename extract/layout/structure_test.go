package layout

import "testing"

// TestGridAbove reads a row of keys over a row of values whose boxes do not
// overlap (keys aligned on the left of their columns, values on the right),
// as totals are often printed at the foot of an invoice.
func TestGridAbove(t *testing.T) {
	p := &Page{Width: 595, Height: 842}
	p.SetWords([]Word{
		// keys
		word("Net", 50, 700, 70, 710, 0), word("total", 72, 700, 95, 710, 0),
		word("VAT", 200, 700, 220, 710, 0),
		word("Total", 350, 700, 375, 710, 0), word("due", 377, 700, 395, 710, 0),
		// values, right of their keys
		word("1.000,00", 110, 714, 150, 724, 0),
		word("220,00", 255, 714, 285, 724, 0),
		word("1.220,00", 410, 714, 450, 724, 0),
		// a lone value far below: no key over it
		word("99,00", 410, 800, 440, 810, 0),
	})
	s := Analyze(p)
	if len(s.Cells[0]) != 3 || len(s.Cells[1]) != 3 {
		t.Fatalf("cells %d and %d, want 3 and 3", len(s.Cells[0]), len(s.Cells[1]))
	}
	for i := range 3 {
		r := CellRef{Line: 1, Index: i}
		if got := s.Above(r, 3, 3.5); len(got) != 0 {
			t.Errorf("value %d overlaps %v: the test needs keys that do not overlap", i, got)
		}
		up, ok := s.GridAbove(r, 3.5)
		if !ok || up != (CellRef{Line: 0, Index: i}) {
			t.Errorf("GridAbove(value %d) = %v, %v, want key %d", i, up, ok, i)
		}
	}
	if up, ok := s.GridAbove(CellRef{Line: 2, Index: 0}, 3.5); ok {
		t.Errorf("a value alone on its line has key %v", up)
	}
}
