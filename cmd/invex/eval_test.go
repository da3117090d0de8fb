package main

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/invex/invex/internal/testpdf"
)

// evalTruth is the truth of testpdf.Italian() limited to what does not
// depend on extraction quality: values the document does not print (null)
// and is_scanned, which the engine reports for every digital PDF.
const evalTruth = `{
  "locale": "it",
  "source": "internal/testpdf Italian()",
  "kind": "digital",
  "result": {
    "vendor": {"email": null, "phone": null, "iban": null, "sdi_code": null},
    "invoice": {"due_date": null, "po_number": null},
    "financials": {"discount": null, "stamp_duty": null, "withholding_tax": null},
    "validation": {"is_scanned": false}
  }
}`

// evalDir writes a folder with one case, a blank page with truth (a failed
// extraction) and a PDF without truth.
func evalDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{
		"italian.pdf":        testpdf.Italian().PDF(),
		"italian.truth.json": []byte(evalTruth),
		"blank.pdf":          testpdf.Blank(),
		"blank.truth.json":   []byte(evalTruth),
		"untruthed.pdf":      testpdf.Italian().PDF(),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestEval(t *testing.T) {
	if testing.Short() {
		t.Skip("starts pdfium")
	}
	dir := evalDir(t)
	out, stderr, err := runCmd(t, "eval", "--workers", "2", dir)
	if err != nil {
		t.Fatalf("eval: %v\n%s", err, stderr)
	}
	for _, want := range []string{
		"(1 failed)",
		"field accuracy ",
		"no invented value ",
		"ms per document",
		"validation.is_scanned",
		"extraction failed, all 10 fields missed: no_text",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(stderr, "untruthed.pdf: no truth file") {
		t.Errorf("the PDF without truth is not noted: %q", stderr)
	}

	_, _, err = runCmd(t, "eval", "--min-accuracy", "1.01", dir)
	if err == nil || !strings.Contains(err.Error(), "below --min-accuracy 1.01") {
		t.Errorf("--min-accuracy 1.01: err %v", err)
	}

	// One PDF as the argument, JSON output.
	out, _, err = runCmd(t, "eval", "--json", filepath.Join(dir, "italian.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Cases         int            `json:"cases"`
		FieldAccuracy map[string]any `json:"field_accuracy"`
		Scores        []struct {
			Name   string `json:"name"`
			Fields []any  `json:"fields"`
		} `json:"case_scores"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	if rep.Cases != 1 || rep.FieldAccuracy["total"] != 1.0 || len(rep.Scores) != 1 || len(rep.Scores[0].Fields) != 10 {
		t.Errorf("--json report: %s", out)
	}
}

func TestEvalUsage(t *testing.T) {
	_, stderr, err := runCmd(t, "eval", "--help")
	if !errors.Is(err, flag.ErrHelp) || !strings.Contains(stderr, "Usage: invex eval") {
		t.Errorf("eval --help: err %v, output %q", err, stderr)
	}
	empty := t.TempDir()
	for _, args := range [][]string{
		{"eval"},
		{"eval", "--workers", "0", empty},
		{"eval", "--min-accuracy", "-1", empty},
		{"eval", filepath.Join(empty, "missing")},
		{"eval", empty},                      // no cases
		{"eval", filepath.Join(empty, "..")}, // a folder of folders: no cases
	} {
		if _, _, err := runCmd(t, args...); err == nil {
			t.Errorf("invex %s succeeded", strings.Join(args, " "))
		}
	}
	var ue usageError
	if _, _, err := runCmd(t, "eval", "--workers", "0", empty); !errors.As(err, &ue) {
		t.Errorf("--workers 0: err %v, want a usage error", err)
	}
}
