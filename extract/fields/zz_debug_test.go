package fields

import (
	"context"
	"os"
	"strings"
	"testing"
)

func TestZZDebug(t *testing.T) {
	f := os.Getenv("DBG_FILE")
	if f == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(f)
	doc, err := reader.Read(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(doc)
	for _, p := range m.pages {
		for _, l := range p.lines {
			if strings.Contains(l.text, os.Getenv("DBG_GREP")) {
				t.Logf("%q h=%.1f", l.text, l.height)
				for _, h := range l.hits {
					t.Logf("   %s [%d-%d] %.2f %q", h.Kind, h.First, h.Last, h.Score, h.Label)
				}
			}
		}
	}
}
