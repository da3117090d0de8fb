package eval

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const validTruth = `{
  "locale": "de",
  "source": "made by hand",
  "origin": "issuer:hand",
  "kind": "embedded-xml",
  "result": {"invoice": {"number": "582316"}, "financials": {"discount": null}},
  "expect_flags": ["ARITHMETIC_MISMATCH"]
}`

func TestParseTruth(t *testing.T) {
	got, err := ParseTruth([]byte(validTruth))
	if err != nil {
		t.Fatal(err)
	}
	want := Truth{
		Locale: "de", Source: "made by hand", Origin: "issuer:hand", Kind: KindEmbedded,
		Result: map[string]any{
			"invoice":    map[string]any{"number": "582316"},
			"financials": map[string]any{"discount": nil},
		},
		ExpectFlags: []string{"ARITHMETIC_MISMATCH"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("truth (-want +got):\n%s", diff)
	}
}

func TestParseTruthErrors(t *testing.T) {
	tests := []struct {
		name, data, msg string
	}{
		{"not JSON", `{"locale": `, "decode truth"},
		{"two objects", validTruth + validTruth, "data after"},
		{"bad locale", strings.Replace(validTruth, `"de"`, `"es"`, 1), "locale must be"},
		{"no locale", strings.Replace(validTruth, `"locale": "de",`, ``, 1), "locale must be"},
		{"bad kind", strings.Replace(validTruth, `"embedded-xml"`, `"xml"`, 1), "kind must be"},
		{"no result", `{"locale": "it", "kind": "digital"}`, `"result" is missing`},
		{"result not an object", `{"locale": "it", "kind": "digital", "result": [1]}`, "decode truth"},
		{"empty flag", strings.Replace(validTruth, `"ARITHMETIC_MISMATCH"`, `""`, 1), "empty code"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseTruth([]byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %v, want one containing %q", err, tt.msg)
			}
		})
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestLoadDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "set")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "b.pdf"), "%PDF-")
	writeFile(t, filepath.Join(dir, "b.truth.json"), validTruth)
	writeFile(t, filepath.Join(dir, "a.PDF"), "%PDF-")
	writeFile(t, filepath.Join(dir, "a.truth.json"), validTruth)
	writeFile(t, filepath.Join(dir, "lonely.pdf"), "%PDF-")
	writeFile(t, filepath.Join(dir, "orphan.truth.json"), validTruth)
	writeFile(t, filepath.Join(dir, "notes.txt"), "x")
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "sub", "c.pdf"), "%PDF-")
	writeFile(t, filepath.Join(dir, "sub", "c.truth.json"), validTruth)

	cases, skipped, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cases {
		names = append(names, c.Name)
		if c.Truth.Locale != "de" || !strings.HasSuffix(c.TruthPath, TruthSuffix) {
			t.Errorf("case %s: truth %s, locale %q", c.Name, c.TruthPath, c.Truth.Locale)
		}
	}
	if diff := cmp.Diff([]string{"set/a", "set/b"}, names); diff != "" {
		t.Errorf("cases (-want +got):\n%s", diff)
	}
	wantSkipped := []string{
		filepath.Join(dir, "lonely.pdf") + ": no truth file",
		filepath.Join(dir, "orphan.truth.json") + ": no PDF beside it",
	}
	if diff := cmp.Diff(wantSkipped, skipped); diff != "" {
		t.Errorf("skipped (-want +got):\n%s", diff)
	}

	writeFile(t, filepath.Join(dir, "b.truth.json"), `{"locale": "xx"}`)
	if _, _, err := LoadDir(dir); err == nil || !strings.Contains(err.Error(), "b.truth.json") {
		t.Errorf("a bad truth file: err %v", err)
	}
	if _, _, err := LoadDir(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing folder loaded")
	}
	if _, err := LoadCase(filepath.Join(dir, "lonely.pdf")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadCase without truth: err %v", err)
	}
}

// TestCorpusLoads checks that every truth file of the development corpus
// loads and that every folder has cases.
func TestCorpusLoads(t *testing.T) {
	root := filepath.Join("..", "..", "..", "shared", "corpus")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Skipf("the development corpus is not at %s (it lives beside the module, in ../shared/corpus): %v", root, err)
	}
	total := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		cases, skipped, err := LoadDir(filepath.Join(root, e.Name()))
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		for _, s := range skipped {
			t.Errorf("skipped %s", s)
		}
		if len(cases) == 0 {
			t.Errorf("%s: no cases", e.Name())
		}
		total += len(cases)
	}
	t.Logf("%d cases load", total)
}

func TestWriteCaseReadsBack(t *testing.T) {
	base := filepath.Join(t.TempDir(), "case-1")
	want := Truth{Locale: "de", Source: "generated", Origin: "gen:test", Kind: KindDigital,
		Result: map[string]any{"invoice": map[string]any{"number": "R-1"}}}
	if err := WriteCase(base, []byte("%PDF-1.4\n"), want); err != nil {
		t.Fatal(err)
	}
	c, err := LoadCase(base + ".pdf")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, c.Truth); diff != "" {
		t.Errorf("truth read back (-want +got):\n%s", diff)
	}
}
