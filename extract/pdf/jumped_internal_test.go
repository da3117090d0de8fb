package pdf

import "testing"

func TestJumped(t *testing.T) {
	// A glyph on the line under a short line, left of where the line's
	// last glyph starts, starts a new word; the next glyph on the same
	// line, or a mark over the glyph before it, does not.
	last := Rect{X0: 18.5, Y0: 337.4, X1: 23.4, Y1: 349.0}
	tests := []struct {
		name string
		next Rect
		want bool
	}{
		{"next line, left", Rect{X0: 13.5, Y0: 348.7, X1: 21, Y1: 360.2}, true},
		{"same line, right", Rect{X0: 23.4, Y0: 337.4, X1: 28, Y1: 349.0}, false},
		{"accent over the glyph", Rect{X0: 19, Y0: 333, X1: 22, Y1: 337}, false},
		{"next line, right", Rect{X0: 30, Y0: 348.7, X1: 36, Y1: 360.2}, false},
	}
	for _, tt := range tests {
		if got := jumped(last, tt.next, 0); got != tt.want {
			t.Errorf("%s: jumped = %v, want %v", tt.name, got, tt.want)
		}
	}
	var b wordBuilder
	b.start(Word{}, paintNormal)
	b.add('U', &last)
	if b.hyphenated() {
		t.Error("a word without a hyphen is hyphenated")
	}
	b.broken = true // pdfium's mark of a word broken over two lines
	if !b.hyphenated() {
		t.Error("a word broken by pdfium's hyphen mark is not hyphenated")
	}
	var code wordBuilder
	code.start(Word{}, paintNormal)
	for _, r := range "-KX" {
		code.add(r, &last)
	}
	code.broken = true
	if code.hyphenated() {
		t.Error(`a code between dashes ("-KX-") at a line's end is hyphenated`)
	}
}
