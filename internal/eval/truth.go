package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/invex/invex/invoice"
)

// Kinds of documents a truth file may declare.
const (
	KindDigital  = "digital"
	KindScanned  = "scanned"
	KindEmbedded = "embedded-xml"
)

// TruthSuffix ends the name of a truth file: <name>.pdf goes with
// <name>.truth.json.
const TruthSuffix = ".truth.json"

// Truth is the content of a <name>.truth.json file.
type Truth struct {
	// Locale is the language hint a client would send: it, en, de or fr.
	Locale string `json:"locale"`
	// Source says where the document comes from.
	Source string `json:"source"`
	// Origin is the layout family of the case: the stylesheet, program or
	// issuer that printed it, such as "it-software:danea" or
	// "stylesheet:ade". Cases of one origin look alike; see [Holdout].
	// Empty when the truth does not say.
	Origin string `json:"origin,omitempty"`
	// Kind is one of KindDigital, KindScanned and KindEmbedded.
	Kind string `json:"kind"`
	// Result is what a perfect extraction returns, as a generic JSON tree
	// (objects are map[string]any, arrays []any, numbers float64). Only its
	// keys are scored; a key whose value is nil is a "no invented value"
	// check.
	Result map[string]any `json:"result"`
	// ExpectFlags are validation flag codes that must appear in the job's
	// validation_flags.
	ExpectFlags []string `json:"expect_flags,omitempty"`
}

// Case is one document of a corpus with its truth.
type Case struct {
	// Name identifies the case in reports: the folder's base name and the
	// PDF's name without .pdf, as in "einvoice-embedded/fr-sample-invoice".
	Name string
	// PDF and TruthPath are the paths of the two files.
	PDF       string
	TruthPath string
	Truth     Truth
}

// ParseTruth decodes and checks the content of a truth file.
func ParseTruth(data []byte) (Truth, error) {
	var t Truth
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&t); err != nil {
		return Truth{}, fmt.Errorf("decode truth: %w", err)
	}
	if dec.More() {
		return Truth{}, errors.New("decode truth: data after the JSON object")
	}
	if err := t.check(); err != nil {
		return Truth{}, fmt.Errorf("check truth: %w", err)
	}
	return t, nil
}

// check rejects truth files the scorer could not use.
func (t Truth) check() error {
	if !invoice.ValidLocale(t.Locale) {
		return fmt.Errorf("locale must be one of %s; got %q", strings.Join(invoice.Locales, ", "), t.Locale)
	}
	switch t.Kind {
	case KindDigital, KindScanned, KindEmbedded:
	default:
		return fmt.Errorf("kind must be %s, %s or %s; got %q", KindDigital, KindScanned, KindEmbedded, t.Kind)
	}
	if t.Result == nil {
		return errors.New(`"result" is missing or not an object`)
	}
	for _, code := range t.ExpectFlags {
		if code == "" {
			return errors.New(`"expect_flags" holds an empty code`)
		}
	}
	return nil
}

// LoadCase loads the case of a PDF: the truth file beside it, named after
// it. The PDF itself is not read. A missing truth file gives an error that
// matches fs.ErrNotExist.
func LoadCase(pdfPath string) (Case, error) {
	truthPath := strings.TrimSuffix(pdfPath, filepath.Ext(pdfPath)) + TruthSuffix
	data, err := os.ReadFile(truthPath)
	if err != nil {
		return Case{}, fmt.Errorf("load case %s: %w", pdfPath, err)
	}
	t, err := ParseTruth(data)
	if err != nil {
		return Case{}, fmt.Errorf("load case %s: %w", truthPath, err)
	}
	return Case{Name: caseName(pdfPath), PDF: pdfPath, TruthPath: truthPath, Truth: t}, nil
}

// caseName is the PDF's folder and name without extension.
func caseName(pdfPath string) string {
	abs, err := filepath.Abs(pdfPath)
	if err != nil {
		abs = pdfPath
	}
	base := strings.TrimSuffix(filepath.Base(abs), filepath.Ext(abs))
	return filepath.Base(filepath.Dir(abs)) + "/" + base
}

// LoadDir loads the cases of one folder, not of its subfolders, sorted by
// name. PDFs without a truth file and truth files without a PDF are not
// cases: skipped holds a note for each. A truth file that cannot be read or
// parsed is an error.
func LoadDir(dir string) (cases []Case, skipped []string, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("load cases: %w", err)
	}
	pdfs := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".pdf") {
			pdfs[strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))] = true
		}
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, TruthSuffix) {
			continue
		}
		if !pdfs[strings.TrimSuffix(name, TruthSuffix)] {
			skipped = append(skipped, filepath.Join(dir, name)+": no PDF beside it")
		}
	}
	for _, e := range entries {
		if e.IsDir() || !strings.EqualFold(filepath.Ext(e.Name()), ".pdf") {
			continue
		}
		c, err := LoadCase(filepath.Join(dir, e.Name()))
		if errors.Is(err, fs.ErrNotExist) {
			skipped = append(skipped, filepath.Join(dir, e.Name())+": no truth file")
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		cases = append(cases, c)
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	sort.Strings(skipped)
	return cases, skipped, nil
}

// WriteCase writes a case as LoadCase reads it: the PDF at base+".pdf" and
// its truth, indented, at base+TruthSuffix.
func WriteCase(base string, pdf []byte, t Truth) error {
	js, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return fmt.Errorf("encode truth of %s: %w", base, err)
	}
	if err := os.WriteFile(base+".pdf", pdf, 0o644); err != nil {
		return fmt.Errorf("write case: %w", err)
	}
	if err := os.WriteFile(base+TruthSuffix, append(js, '\n'), 0o644); err != nil {
		return fmt.Errorf("write case: %w", err)
	}
	return nil
}
