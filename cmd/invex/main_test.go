package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/testpdf"
)

func runCmd(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), err
}

func TestHelp(t *testing.T) {
	out, _, err := runCmd(t, "--help")
	if err != nil || !strings.Contains(out, "serve") || !strings.Contains(out, "extract") || !strings.Contains(out, "keys") {
		t.Errorf("invex --help: err %v, output %q", err, out)
	}
	for _, cmd := range [][]string{{"serve"}, {"extract"}, {"migrate"}, {"keys", "create"}} {
		_, stderr, err := runCmd(t, append(cmd, "--help")...)
		if !errors.Is(err, flag.ErrHelp) || !strings.Contains(stderr, "Usage: invex "+cmd[0]) {
			t.Errorf("invex %s --help: err %v, output %q", strings.Join(cmd, " "), err, stderr)
		}
	}
	if _, _, err := runCmd(t, "frobnicate"); err == nil {
		t.Error("an unknown command succeeded")
	}
}

func TestKeysCreate(t *testing.T) {
	data := t.TempDir()
	out, _, err := runCmd(t, "keys", "create", "--account", "acme", "--quota", "25", "--data", data)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	key := lines[len(lines)-1]
	if !apikey.WellFormed(key) {
		t.Errorf("last line %q is not a key", key)
	}
	if !strings.Contains(out, "monthly quota 25") {
		t.Errorf("output does not state the quota: %q", out)
	}
	// A second key for the same account, quota unchanged.
	out2, _, err := runCmd(t, "keys", "create", "--account", "acme", "--data", data)
	if err != nil || !strings.Contains(out2, "monthly quota 25") {
		t.Errorf("second key: err %v, output %q", err, out2)
	}
	if _, _, err := runCmd(t, "keys", "create", "--data", data); err == nil {
		t.Error("keys create without --account succeeded")
	}
	if _, _, err := runCmd(t, "keys", "create", "--account", "x", "--quota", "-3", "--data", data); err == nil {
		t.Error("a negative quota was accepted")
	}
}

func TestExtract(t *testing.T) {
	if testing.Short() {
		t.Skip("starts pdfium")
	}
	dir := t.TempDir()
	inv := filepath.Join(dir, "invoice.pdf")
	os.WriteFile(inv, testpdf.Italian().PDF(), 0o600)
	out, _, err := runCmd(t, "extract", "--locale", "it", inv)
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if rec["status"] != "completed" || rec["result"] == nil || rec["model"] == nil {
		t.Errorf("record: %s", out)
	}
	for _, k := range []string{"job_id", "queued_at", "started_at", "completed_at"} {
		if _, has := rec[k]; has {
			t.Errorf("the CLI record carries %s", k)
		}
	}

	blank := filepath.Join(dir, "blank.pdf")
	os.WriteFile(blank, testpdf.Blank(), 0o600)
	if _, _, err := runCmd(t, "extract", blank); err == nil || !strings.Contains(err.Error(), "no text could be extracted") {
		t.Errorf("blank page: err %v", err)
	}
	html := filepath.Join(dir, "page.pdf")
	os.WriteFile(html, []byte("<html>hi</html>"), 0o600)
	// Read as what its bytes are (markup), whatever its name says.
	if _, _, err := runCmd(t, "extract", html); err == nil || !strings.Contains(err.Error(), "not_an_invoice") {
		t.Errorf("html: err %v", err)
	}
	text := filepath.Join(dir, "text.pdf")
	os.WriteFile(text, []byte("hello"), 0o600)
	if _, _, err := runCmd(t, "extract", text); err == nil || !strings.Contains(err.Error(), "of no kind invex reads") {
		t.Errorf("text: err %v", err)
	}
	if _, _, err := runCmd(t, "extract", filepath.Join(dir, "missing.pdf")); err == nil {
		t.Error("a missing file succeeded")
	}
	if _, _, err := runCmd(t, "extract", "--locale", "es", inv); err == nil {
		t.Error("an unsupported locale succeeded")
	}
}
