package fields

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/invex/invex/extract/pdf"
)

func TestZZTables(t *testing.T) {
	f := os.Getenv("ZZFILE")
	if f == "" {
		t.Skip()
	}
	r, _ := pdf.Open(pdf.Config{Instances: 1, CacheDir: filepath.Join(os.TempDir(), "invex-test-cache")})
	data, _ := os.ReadFile(f)
	doc, err := r.Read(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	x := &extractor{m: newModel(doc), locale: "de"}
	for _, tb := range x.findTables() {
		fmt.Printf("table p%d header %q\n", tb.page.num, tb.header.text)
		for _, c := range tb.cols {
			fmt.Printf("  %s [%.0f-%.0f] band [%.0f-%.0f]\n", c.kind, c.x0, c.x1, c.lo, c.hi)
		}
	}
	if os.Getenv("ZZLINES") != "" {
		for _, p := range x.m.pages {
			for _, l := range p.lines {
				fmt.Printf("p%d y%.0f %q %v\n", p.num, l.box.Y0, l.text, l.hits)
			}
		}
	}
}
