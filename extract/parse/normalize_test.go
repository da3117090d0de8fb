package parse

import "testing"

func TestNormalize(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"  Totale\u00a0 1\u202f234,56  € ", "Totale 1 234,56 €"},
		{"ﬁne mese", "fine mese"},
		{"１２３", "123"},
		{"−12,00", "-12,00"},
		{"a\n\tb", "a b"},
		{"", ""},
	} {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
