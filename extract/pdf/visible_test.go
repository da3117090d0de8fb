package pdf

import (
	"strings"
	"testing"
)

// TestInvisibleTextIsDropped plants values where no reader sees them:
// outside the page box and in a 0.5 pt font. They must not reach the words.
func TestInvisibleTextIsDropped(t *testing.T) {
	f := newDoc()
	f.AddPage()
	f.SetFont("Helvetica", "", 11)
	f.Text(60, 80, "Fattura n. 12 del 15/03/2026")
	f.Text(60, 100, "Totale documento 122,00")
	f.Text(700, 120, "IBAN IT60X0542811101000000123456") // right of the page
	f.Text(60, -40, "Totale documento 9999,00")          // above the page
	f.SetFontSize(0.5)
	f.Text(60, 140, "Partita IVA 01234567897")
	doc := read(t, render(t, f))
	var text []string
	for _, w := range doc.Pages[0].Words {
		text = append(text, w.Text)
	}
	all := strings.Join(text, " ")
	for _, hidden := range []string{"IT60X0542811101000000123456", "9999,00", "01234567897"} {
		if strings.Contains(all, hidden) {
			t.Errorf("invisible %q was read: %s", hidden, all)
		}
	}
	if !strings.Contains(all, "122,00") {
		t.Errorf("visible text lost: %s", all)
	}
}
