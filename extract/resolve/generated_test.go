package resolve

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// generated prints the generated invoices of the tests that read them:
// Chromium for the layout families, and a PDF reader.
type generated struct {
	t *testing.T
	b *testpdf.Browser
	r *pdf.Reader
}

// printer starts what reading generated invoices takes, and skips the
// test without Chromium (.ci/run installs it) or under -short.
func printer(t *testing.T) generated {
	t.Helper()
	if testing.Short() {
		t.Skip("prints generated invoices with Chromium")
	}
	b, err := testpdf.StartBrowser()
	if err != nil {
		t.Skipf("the layout families are printed by Chromium: %v (.ci/run installs it)", err)
	}
	t.Cleanup(b.Close)
	r, err := pdf.Open(pdf.Config{Instances: 1, CacheDir: filepath.Join(os.TempDir(), "invex-test-cache")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return generated{t, b, r}
}

// read prints case c and reads it.
func (g generated) read(c testpdf.Case) *pdf.Document {
	g.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	data, err := c.PDF(ctx, g.b)
	if err != nil {
		g.t.Fatalf("%s: %v", c.Name, err)
	}
	doc, err := g.r.Read(ctx, data)
	if err != nil {
		g.t.Fatalf("%s: %v", c.Name, err)
	}
	return doc
}

// sample reads the cases of seed keep accepts, at most one per layout
// family, among the first limit cases and until want.families families
// count: check checks each one read and reports whether it counts (a case
// printed over two pages may not). The test fails when fewer than
// want.min families of want.langs languages counted.
func (g generated) sample(seed uint64, limit int, want coverage, keep func(testpdf.Case) bool, check func(testpdf.Case, *pdf.Document) bool) {
	g.t.Helper()
	families := map[string]bool{}
	langs := map[string]bool{}
	for i := 0; i < limit && len(families) < want.families; i++ {
		c := testpdf.NewCase(seed, i)
		if families[c.Family.Name] || !keep(c) {
			continue
		}
		if check(c, g.read(c)) {
			families[c.Family.Name], langs[c.Lang()] = true, true
		}
	}
	if len(families) < want.min || len(langs) < want.langs {
		g.t.Fatalf("%s read in %d families of %d languages; want %d of %d", want.what, len(families), len(langs), want.min, want.langs)
	}
}

// coverage is how many layout families and languages a test of generated
// invoices reads: it stops at families, and needs min of them in langs
// languages.
type coverage struct {
	what                 string
	families, min, langs int
}
