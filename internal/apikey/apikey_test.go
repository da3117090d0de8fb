package apikey

import (
	"bytes"
	"testing"
)

func TestNew(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		k, err := New()
		if err != nil {
			t.Fatal(err)
		}
		if !WellFormed(k.Plain) {
			t.Fatalf("New() = %q, not well formed", k.Plain)
		}
		if seen[k.Plain] {
			t.Fatalf("New() repeated %q", k.Plain)
		}
		seen[k.Plain] = true
		if !bytes.Equal(k.Hash, Hash(k.Plain)) {
			t.Errorf("Hash of %q differs from Key.Hash", k.Plain)
		}
		if got := k.Prefix; got != k.Plain[:10] {
			t.Errorf("Prefix = %q, want %q", got, k.Plain[:10])
		}
	}
}

func TestWellFormed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want bool
	}{
		{"", false},
		{"inv_", false},
		{"inv_0123456789012345678901234567890123456789", true},
		{"inv_012345678901234567890123456789012345678", false},
		{"inv_01234567890123456789012345678901234567890", false},
		{"abc_0123456789012345678901234567890123456789", false},
		{"inv_012345678901234567890123456789012345678-", false},
		{"inv_01234567890123456789012345678901234567\u00e9", false},
	}
	for _, tt := range tests {
		if got := WellFormed(tt.in); got != tt.want {
			t.Errorf("WellFormed(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
