package parse

import "testing"

func TestLettersDigits(t *testing.T) {
	t.Parallel()
	for s, want := range map[string][2]int{"": {0, 0}, "Via Roma 12": {7, 2}, "Città 00184": {5, 5}, "—/.": {0, 0}} {
		if l, d := LettersDigits(s); l != want[0] || d != want[1] {
			t.Errorf("LettersDigits(%q) = %d, %d, want %d, %d", s, l, d, want[0], want[1])
		}
	}
}
