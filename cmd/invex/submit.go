package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/invex/invex/client"
	"github.com/invex/invex/extract/document"
)

// fileKind tells the kind of the file at path from its first bytes.
func fileKind(path string) (document.Kind, error) {
	f, err := os.Open(path)
	if err != nil {
		return document.Unknown, err
	}
	defer f.Close()
	head := make([]byte, document.SniffLen)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return document.Unknown, err
	}
	return document.Detect(head[:n]), nil
}

func submitCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("submit", `Usage: invex submit FILE [--wait] [--url URL] [--key KEY] [flags]

Uploads one invoice document to an invex server and prints the answer as JSON:
a PDF goes to POST /v1/extract/invoice; any other kind the service reads
(e-invoice XML plain, signed .p7m or zipped, JPEG, PNG, TIFF, WebP) to
POST /v1/extract, as does a PDF with --any. The answer is
the new job (202), or with --wait the job's final record once it is
completed or failed (polling with backoff, at most --timeout). Exits 1 when
the server refuses the file, the job fails or the wait times out.

The server and key default to the environment: INVEX_URL and INVEX_API_KEY.`, stderr)
	wait := fs.Bool("wait", false, "wait for the job to end and print its final record")
	url := fs.String("url", envDefault("INVEX_URL", "http://127.0.0.1:8080"), "server `URL` (env INVEX_URL)")
	key := fs.String("key", envDefault("INVEX_API_KEY", ""), "API `key` (env INVEX_API_KEY)")
	locale := fs.String("locale", "", "language hint: it, en, de or fr (server default it)")
	webhook := fs.String("webhook-url", "", "`URL` the server calls when the job ends")
	idem := fs.String("idempotency-key", "", "Idempotency-Key header: a retry with the same key returns the same job")
	timeout := fs.Duration("timeout", client.DefaultWaitTimeout, "with --wait, the longest wait")
	anyKind := fs.Bool("any", false, "send a PDF to POST /v1/extract too (other kinds always go there)")
	// Flags may come before or after the file name.
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(files) != 1 {
		return usageError{fmt.Sprintf("submit takes one file, got %d", len(files))}
	}
	if *key == "" {
		return usageError{"no API key: pass --key or set INVEX_API_KEY"}
	}
	c := client.New(*url, *key)
	kind, err := fileKind(files[0])
	if err != nil {
		return fmt.Errorf("submit %s: %w", files[0], err)
	}
	acc, err := c.SubmitFile(ctx, files[0], client.SubmitOptions{
		Locale: *locale, WebhookURL: *webhook, IdempotencyKey: *idem,
		AnyKind: *anyKind || (kind != document.PDF && kind != document.Unknown),
	})
	if err != nil {
		return fmt.Errorf("submit %s: %w", files[0], err)
	}
	if !*wait {
		return printJSON(stdout, acc.Raw)
	}
	fmt.Fprintf(stderr, "job %s accepted; waiting (about %d s)\n", acc.JobID, acc.EstimatedSeconds)
	job, err := c.Wait(ctx, acc.JobID, client.WaitOptions{Timeout: *timeout})
	if errors.Is(err, client.ErrWaitTimeout) {
		return fmt.Errorf("job %s still %s after %s; poll it later", acc.JobID, job.Status, *timeout)
	}
	if err != nil {
		return fmt.Errorf("wait for job %s: %w", acc.JobID, err)
	}
	if err := printJSON(stdout, job.Raw); err != nil {
		return err
	}
	if job.Status == client.StatusFailed {
		return fmt.Errorf("job %s failed: %s (%s)", job.JobID, job.Error, job.ErrorCode)
	}
	return nil
}

// printJSON prints a JSON document indented.
func printJSON(w io.Writer, raw []byte) error {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return fmt.Errorf("print answer: %w", err)
	}
	buf.WriteByte('\n')
	_, err := w.Write(buf.Bytes())
	return err
}
