package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testpdf"
)

// startSubmitServer runs a real invex server on loopback for invex submit
// and returns its URL and a key.
func startSubmitServer(t *testing.T) (string, string) {
	t.Helper()
	a, err := app.Open(context.Background(), app.Config{
		Addr: "127.0.0.1:0", DataDir: t.TempDir(), Workers: 1, ShutdownGrace: 5 * time.Second,
		CacheDir: filepath.Join(os.TempDir(), "invex-test-cache"),
		Logger:   slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := a.Listen()
	if err != nil {
		a.Close()
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
		a.Close()
	})
	q := 10
	acct, err := a.Store().EnsureAccount(context.Background(), "cli", &q)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := apikey.New()
	if _, err := a.Store().CreateKey(context.Background(), acct.ID, "cli", k.Prefix, k.Hash); err != nil {
		t.Fatal(err)
	}
	return "http://" + ln.Addr().String(), k.Plain
}

func TestSubmit(t *testing.T) {
	url, key := startSubmitServer(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "fattura.pdf")
	if err := os.WriteFile(file, testpdf.Italian().PDF(), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("accepted", func(t *testing.T) {
		out, _, err := runCmd(t, "submit", file, "--url", url, "--key", key, "--locale", "it")
		if err != nil {
			t.Fatal(err)
		}
		var acc map[string]any
		if err := json.Unmarshal([]byte(out), &acc); err != nil || acc["status"] != "pending" || acc["job_id"] == "" {
			t.Errorf("output %q (%v), want the 202 record", out, err)
		}
	})
	t.Run("wait, flags first, server from the environment", func(t *testing.T) {
		t.Setenv("INVEX_URL", url)
		t.Setenv("INVEX_API_KEY", key)
		out, stderr, err := runCmd(t, "submit", "--wait", file)
		if err != nil {
			t.Fatalf("%v: %s", err, stderr)
		}
		var job struct {
			Status string `json:"status"`
			Result struct {
				Invoice struct {
					Number string `json:"number"`
				} `json:"invoice"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(out), &job); err != nil || job.Status != "completed" || job.Result.Invoice.Number != "2026/0042" {
			t.Errorf("output %q (%v), want the completed record", out, err)
		}
	})
	t.Run("e-invoice batch", func(t *testing.T) {
		var specs []testpdf.Spec
		for seed := uint64(0); len(specs) < 2; seed++ {
			if s := testpdf.Generate(seed); s.Plain(testpdf.FormatFatturaPA) {
				specs = append(specs, s)
			}
		}
		xml, truth := testpdf.EInvoice(testpdf.FormatFatturaPA, specs...)
		// The name says PDF; the bytes say XML, and they decide.
		f := filepath.Join(dir, "lotto.pdf")
		os.WriteFile(f, xml, 0o644)
		out, stderr, err := runCmd(t, "submit", "--wait", f, "--url", url, "--key", key)
		if err != nil {
			t.Fatalf("%v: %s", err, stderr)
		}
		var job struct {
			Status       string `json:"status"`
			DocumentKind string `json:"document_kind"`
			Documents    []struct {
				Result struct {
					Invoice struct {
						Number string `json:"number"`
					} `json:"invoice"`
				} `json:"result"`
			} `json:"documents"`
		}
		if err := json.Unmarshal([]byte(out), &job); err != nil || job.Status != "completed" || job.DocumentKind != "xml" ||
			len(job.Documents) != 2 || job.Documents[1].Result.Invoice.Number != *truth[1].Invoice.Number {
			t.Errorf("output %q (%v), want a completed batch of two", out, err)
		}
	})
	t.Run("refused", func(t *testing.T) {
		bad := filepath.Join(dir, "bad.pdf")
		os.WriteFile(bad, []byte("<html>no</html>"), 0o644)
		_, _, err := runCmd(t, "submit", bad, "--url", url, "--key", key)
		if err == nil || !strings.Contains(err.Error(), "not_an_invoice") {
			t.Errorf("err = %v, want not_an_invoice", err)
		}
		notPDF := filepath.Join(dir, "text.pdf")
		os.WriteFile(notPDF, []byte("just text"), 0o644)
		_, _, err = runCmd(t, "submit", notPDF, "--url", url, "--key", key)
		if err == nil || !strings.Contains(err.Error(), "invalid_pdf") {
			t.Errorf("err = %v, want invalid_pdf", err)
		}
		_, _, err = runCmd(t, "submit", file, "--url", url, "--key", "inv_wrong")
		if err == nil || !strings.Contains(err.Error(), "unauthorized") {
			t.Errorf("err = %v, want unauthorized", err)
		}
	})
	t.Run("usage", func(t *testing.T) {
		t.Setenv("INVEX_API_KEY", "")
		var ue usageError
		if _, _, err := runCmd(t, "submit", file); !errors.As(err, &ue) {
			t.Errorf("no key: err = %v, want a usage error", err)
		}
		if _, _, err := runCmd(t, "submit", "--key", key); !errors.As(err, &ue) {
			t.Errorf("no file: err = %v, want a usage error", err)
		}
		if _, _, err := runCmd(t, "submit", file, file, "--key", key); !errors.As(err, &ue) {
			t.Errorf("two files: err = %v, want a usage error", err)
		}
		if _, stderr, err := runCmd(t, "submit", "--help"); !errors.Is(err, flag.ErrHelp) || !strings.Contains(stderr, "Usage: invex submit") {
			t.Errorf("--help: %v %q", err, stderr)
		}
	})
}
