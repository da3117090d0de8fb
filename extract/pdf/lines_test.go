package pdf

import (
	"context"
	"strings"
	"testing"
)

func TestLinesOfGeneratedInvoice(t *testing.T) {
	doc, err := shared.Read(context.Background(), invoicePDF(t))
	if err != nil {
		t.Fatal(err)
	}
	text := doc.Text()
	if !strings.Contains(text, "Totale € 1.234,56") {
		t.Errorf("Text() lacks the total line:\n%s", text)
	}
	p := doc.Pages[0]
	seen := map[int]bool{}
	for _, l := range p.Lines {
		for _, wi := range l.Words {
			if seen[wi] {
				t.Errorf("word %d is on two lines", wi)
			}
			seen[wi] = true
		}
	}
	if len(seen) != len(p.Words) {
		t.Errorf("%d of %d words are on a line", len(seen), len(p.Words))
	}
	for i := 1; i < len(p.Lines); i++ {
		if p.Lines[i].Angle == 0 && p.Lines[i-1].Angle == 0 && p.Lines[i].Box.Y0 < p.Lines[i-1].Box.Y0 {
			t.Errorf("line %d is above line %d", i, i-1)
		}
	}
}
