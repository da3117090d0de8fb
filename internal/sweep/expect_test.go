package sweep

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/internal/shared"
)

func TestReadExpectations(t *testing.T) {
	dir := t.TempDir()
	readme := "# x\n\n| file | source | what is wrong | correct service |\n|---|---|---|---|\n" +
		"| a.pdf | s | w | R422\\|FAIL `pdf_encrypted` |\n" +
		"| b.pdf | s | w \\| more | END, no hang |\n" +
		"| c.pdf | s | w | R422 (empty upload; also as base64 `\"\"`) |\n" +
		"| d.pdf | s | w | RES (decoded-size cap) |\n"
	path := filepath.Join(dir, "README.md")
	if err := os.WriteFile(path, []byte(readme), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := ReadExpectations(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Expectation{
		"a.pdf": {Class: ExpectR422Fail, Codes: []string{"pdf_encrypted"}, Text: "R422\\|FAIL `pdf_encrypted`"},
		"b.pdf": {Class: ExpectEnd, Text: "END, no hang"},
		"c.pdf": {Class: ExpectR422, Text: "R422 (empty upload; also as base64 `\"\"`)"},
		"d.pdf": {Class: ExpectRes, Text: "RES (decoded-size cap)"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadExpectations (-want +got):\n%s", diff)
	}
}

// TestSharedREADME checks that every file of the shared bad-input folder
// has an expected outcome the sweep understands.
func TestSharedREADME(t *testing.T) {
	dir := shared.Dir(t, "badinput")
	exp, err := ReadExpectations(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	for _, f := range files {
		if e, ok := exp[filepath.Base(f)]; !ok || e.Class == "" {
			t.Errorf("%s: no expected outcome in the README (%+v)", filepath.Base(f), e)
		}
	}
}

func TestJudge(t *testing.T) {
	enc := Expectation{Class: ExpectR422Fail, Codes: []string{"pdf_encrypted"}}
	end := Expectation{Class: ExpectEnd}
	open := Expectation{Class: ExpectEnd, Codes: []string{"pdf_encrypted"}, Text: "END; must open with the empty password, not report `pdf_encrypted`"}
	res := Expectation{Class: ExpectRes}
	r422 := Expectation{Class: ExpectR422}
	tests := []struct {
		name string
		e    Expectation
		o    Outcome
		ok   bool
	}{
		{"refused as wanted", r422, Outcome{HTTP: 422, Code: "invalid_pdf"}, true},
		{"accepted, want refused", r422, Outcome{HTTP: 202, Status: "completed"}, false},
		{"encrypted fails", enc, Outcome{HTTP: 202, Status: "failed", Code: "pdf_encrypted"}, true},
		{"encrypted, wrong code", enc, Outcome{HTTP: 202, Status: "failed", Code: "pdf_corrupt"}, false},
		{"encrypted completes", enc, Outcome{HTTP: 202, Status: "completed"}, false},
		{"end completed", end, Outcome{HTTP: 202, Status: "completed"}, true},
		{"end completed with values", end, Outcome{HTTP: 202, Status: "completed", Values: 1, Fields: []string{"vendor.name"}}, false},
		{"end failed with a code", end, Outcome{HTTP: 202, Status: "failed", Code: "no_text"}, true},
		{"end failed without a code", end, Outcome{HTTP: 202, Status: "failed"}, false},
		{"end refused", end, Outcome{HTTP: 422, Code: "invalid_pdf"}, false},
		{"end stuck", end, Outcome{HTTP: 202, Status: "stuck"}, false},
		{"must open", open, Outcome{HTTP: 202, Status: "failed", Code: "pdf_encrypted"}, false},
		{"resource limit", res, Outcome{HTTP: 202, Status: "failed", Code: "timeout"}, true},
		{"res, other failure", res, Outcome{HTTP: 202, Status: "failed", Code: "pdf_corrupt"}, false},
		{"server error", end, Outcome{HTTP: 500}, false},
	}
	for _, tt := range tests {
		if why := Judge(tt.e, tt.o); (why == "") != tt.ok {
			t.Errorf("%s: Judge = %q, want ok=%v", tt.name, why, tt.ok)
		}
	}
}
