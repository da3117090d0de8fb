package layout

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func word(text string, x0, y0, x1, y1 float64, angle int) Word {
	return Word{Text: text, Box: Rect{x0, y0, x1, y1}, FontSize: y1 - y0, Angle: angle}
}

func lineTexts(words []Word) []string {
	p := Page{Words: words, Lines: BuildLines(words)}
	var out []string
	for _, l := range p.Lines {
		out = append(out, p.LineText(l))
	}
	return out
}

func TestBuildLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		words []Word
		want  []string
	}{
		{
			name: "content order differs from visual order",
			words: []Word{
				word("Totale", 300, 500, 340, 510, 0),
				word("Fattura", 50, 100, 90, 110, 0),
				word("1.220,00", 480, 501, 520, 511, 0), // baseline a point lower
				word("n.", 95, 100, 105, 110, 0),
				word("12", 110, 100, 120, 110, 0),
			},
			want: []string{"Fattura n. 12", "Totale 1.220,00"},
		},
		{
			name: "two columns on one row stay one line",
			words: []Word{
				word("Venditore", 50, 50, 100, 60, 0),
				word("Spett.le", 350, 50, 390, 60, 0),
				word("Rossi", 50, 62, 80, 72, 0),
				word("Bianchi", 350, 62, 390, 72, 0),
			},
			want: []string{"Venditore Spett.le", "Rossi Bianchi"},
		},
		{
			name: "vertical text in the margin",
			words: []Word{
				word("Body", 100, 100, 130, 110, 0),
				// bottom to top: "Soc." is lower on the page than "Rossi"
				word("Rossi", 10, 300, 20, 340, 90),
				word("Soc.", 10, 350, 20, 380, 90),
			},
			want: []string{"Body", "Soc. Rossi"},
		},
		{
			name: "overprinted words are not merged",
			words: []Word{
				word("AAA", 50, 50, 80, 60, 0),
				word("BBB", 51, 50, 81, 60, 0),
			},
			want: []string{"AAA", "BBB"},
		},
		{name: "no words", words: nil, want: nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, lineTexts(tt.words)); diff != "" {
			t.Errorf("%s: lines (-want +got):\n%s", tt.name, diff)
		}
	}
}
