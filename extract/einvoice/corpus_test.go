package einvoice

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/invex/invex/extract/pdf"
)

// corpusDir returns the shared corpus folder, found next to the module
// root (../shared/corpus/<name>), or skips the test.
func corpusDir(t *testing.T, name string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("module root not found; corpus test skipped")
		}
		dir = parent
	}
	c := filepath.Join(dir, "..", "shared", "corpus", name)
	if _, err := os.Stat(c); err != nil {
		t.Skipf("corpus folder %s is absent (it lives beside the module as ../shared/corpus): skipped", c)
	}
	return c
}

// TestCorpusEmbedded reads every Factur-X / ZUGFeRD / XRechnung PDF of the
// shared corpus, parses its e-invoice attachment and scores the result
// against the case's truth by the rules of corpus/FORMAT.md.
func TestCorpusEmbedded(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	dir := corpusDir(t, "einvoice-embedded")
	pdfs, err := filepath.Glob(filepath.Join(dir, "*.pdf"))
	if err != nil || len(pdfs) == 0 {
		t.Skipf("no PDFs in %s", dir)
	}
	r, err := pdf.Open(pdf.Config{Instances: 1, CacheDir: filepath.Join(os.TempDir(), "invex-test-cache")})
	if err != nil {
		t.Fatalf("pdf.Open() error = %v", err)
	}
	defer r.Close()

	sc := newScore()
	for _, path := range pdfs {
		name := strings.TrimSuffix(filepath.Base(path), ".pdf")
		truthData, err := os.ReadFile(strings.TrimSuffix(path, ".pdf") + ".truth.json")
		if err != nil {
			t.Errorf("%s: no truth: %v", name, err)
			continue
		}
		var truth struct {
			Result map[string]any `json:"result"`
		}
		if err := json.Unmarshal(truthData, &truth); err != nil {
			t.Errorf("%s: bad truth: %v", name, err)
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := r.Read(context.Background(), data)
		if err != nil {
			t.Errorf("%s: read pdf: %v", name, err)
			continue
		}
		got, format := parseAttachments(t, doc.Attachments)
		if got == nil {
			t.Errorf("%s: no e-invoice attachment parsed", name)
			sc.compare(t, name, truth.Result, map[string]any{})
			continue
		}
		if format != FormatCII && format != FormatZUGFeRD1 {
			t.Errorf("%s: format = %q, want cii or zugferd1", name, format)
		}
		sc.compare(t, name, truth.Result, got)
	}
	sc.report(t)
	if acc := sc.accuracy(); acc < 0.995 {
		t.Errorf("overall field accuracy = %.2f%%, want >= 99.5%%", 100*acc)
	}
}

// parseAttachments parses the first attachment, in Rank order, that is an
// e-invoice, and returns its result as generic JSON.
func parseAttachments(t *testing.T, atts []pdf.Attachment) (map[string]any, string) {
	t.Helper()
	sort.SliceStable(atts, func(i, j int) bool { return Rank(atts[i].Name) < Rank(atts[j].Name) })
	for _, a := range atts {
		if !Candidate(a.Name) || a.Data == nil {
			continue
		}
		d, err := Parse(a.Data)
		if err != nil {
			t.Logf("attachment %q: %v", a.Name, err)
			continue
		}
		b, err := json.Marshal(d.Result)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m, d.Format
	}
	return nil, ""
}

// score counts per-field results.
type score struct {
	right, total  map[string]int
	extraLines    int
	outsideSchema map[string]int
}

func newScore() *score {
	return &score{right: map[string]int{}, total: map[string]int{}, outsideSchema: map[string]int{}}
}

func (s *score) compare(t *testing.T, name string, truth, got map[string]any) {
	t.Helper()
	for _, sec := range []string{"vendor", "buyer", "invoice", "financials"} {
		tsec, _ := truth[sec].(map[string]any)
		gsec, _ := got[sec].(map[string]any)
		for field, want := range tsec {
			key := sec + "." + field
			if gsec != nil {
				if _, ok := gsec[field]; !ok {
					s.outsideSchema[key]++
					continue
				}
			}
			s.field(t, name, key, field, gsec[field], want)
		}
	}
	tl, _ := truth["line_items"].([]any)
	gl, _ := got["line_items"].([]any)
	for i, ti := range tl {
		tm, _ := ti.(map[string]any)
		var gm map[string]any
		if i < len(gl) {
			gm, _ = gl[i].(map[string]any)
		}
		for field, want := range tm {
			key := "line." + field
			s.field(t, name, fmt.Sprintf("line[%d].%s", i, field), field, gm[field], want)
			_ = key
		}
	}
	if _, ok := truth["line_items"]; ok && len(gl) > len(tl) {
		s.extraLines += len(gl) - len(tl)
		t.Logf("%s line_items: %d extra lines", name, len(gl)-len(tl))
	}
}

func (s *score) field(t *testing.T, name, path, field string, got, want any) {
	t.Helper()
	key := path
	if strings.HasPrefix(path, "line[") {
		key = "line." + field
	}
	s.total[key]++
	if match(field, got, want) {
		s.right[key]++
		return
	}
	t.Logf("%s %s: got %s, want %s", name, path, show(got), show(want))
}

func show(v any) string {
	if v == nil {
		return "null"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func (s *score) accuracy() float64 {
	r, n := 0, 0
	for k := range s.total {
		r += s.right[k]
		n += s.total[k]
	}
	if n == 0 {
		return 0
	}
	return float64(r) / float64(n)
}

func (s *score) report(t *testing.T) {
	t.Helper()
	keys := make([]string, 0, len(s.total))
	for k := range s.total {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "  %-28s %3d/%-3d %6.1f%%\n", k, s.right[k], s.total[k], 100*float64(s.right[k])/float64(s.total[k]))
	}
	for k, n := range s.outsideSchema {
		fmt.Fprintf(&b, "  %-28s %d truth values outside the result schema (not scored)\n", k, n)
	}
	fmt.Fprintf(&b, "  extra line items: %d\n", s.extraLines)
	t.Logf("per-field accuracy:\n%soverall: %.2f%%", b.String(), 100*s.accuracy())
}

// match applies the scoring rules of corpus/FORMAT.md.
func match(field string, got, want any) bool {
	if want == nil {
		return got == nil
	}
	if got == nil {
		return false
	}
	switch w := want.(type) {
	case float64:
		g, ok := got.(float64)
		if !ok {
			return false
		}
		tol := 0.01
		switch field {
		case "tax_rate", "discount_pct", "quantity":
			tol = 0.001
		}
		return math.Abs(g-w) <= tol+1e-9
	case string:
		g, ok := got.(string)
		if !ok {
			return false
		}
		switch field {
		case "vat_number":
			return vatKey(g) == vatKey(w)
		case "iban", "zip_code", "sdi_code", "fiscal_code":
			return codeKey(g) == codeKey(w)
		case "date", "due_date":
			return g == w
		}
		gn, wn := normText(g), normText(w)
		if gn == wn {
			return true
		}
		switch field {
		case "name", "address", "description", "payment_terms":
			short, long := gn, wn
			if len([]rune(short)) > len([]rune(long)) {
				short, long = long, short
			}
			return short != "" && strings.Contains(long, short) &&
				float64(len([]rune(short))) >= 0.6*float64(len([]rune(long)))
		}
		return false
	}
	return false
}

// normText is NFKC, case-folding, white space collapsed and punctuation
// dropped at both ends.
func normText(s string) string {
	s = strings.ToLower(norm.NFKC.String(s))
	s = strings.Join(strings.Fields(s), " ")
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) || unicode.IsSpace(r) })
}

func codeKey(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

func vatKey(s string) string {
	s = strings.ToUpper(strings.NewReplacer(" ", "", ".", "", "-", "").Replace(s))
	if len(s) > 2 && s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'A' && s[1] <= 'Z' {
		s = s[2:]
	}
	return s
}
