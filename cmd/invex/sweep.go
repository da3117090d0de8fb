//go:build devtools

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/invex/invex/internal/shared"
	"github.com/invex/invex/internal/sweep"
)

func sweepCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sweep", `Usage: invex sweep [-dir DIR] [-repeat N] [-workers N] [flags]

Runs the hostile-input sweep: starts the service in this process on a
loopback port with a temporary database and blob directory, then
  1. uploads each bad file of DIR once, alone, measuring the CPU time and
     peak memory of the PDF reader (and OCR) child processes;
  2. measures the latency of normal generated invoices alone (baseline);
  3. uploads every bad file N times as multipart and N times as base64 JSON
     while normal invoices keep flowing.
It prints markdown tables: per file the outcome compared with the expected
outcome column of DIR/README.md, and the normal jobs' p50/p95 latency and
the service's memory with and without bad files. Progress goes to stderr.`, stderr)
	def := ""
	if root := shared.Root(); root != "" {
		def = filepath.Join(root, "badinput")
	}
	dir := fs.String("dir", def, "folder of bad PDF files with its README.md (default ../shared/badinput)")
	repeat := fs.Int("repeat", 3, "uploads of each file per encoding in the mixed phase")
	workers := fs.Int("workers", 2, "extraction workers of the service")
	badClients := fs.Int("bad-clients", 4, "concurrent uploaders of bad files")
	normalClients := fs.Int("normal-clients", 2, "concurrent uploaders of normal invoices")
	normalJobs := fs.Int("normal-jobs", 40, "normal invoices in the baseline (and at least in the mixed phase)")
	jobTimeout := fs.Duration("job-timeout", 2*time.Minute, "time limit of one attempt at one job")
	skipIsolated := fs.Bool("skip-isolated", false, "skip phase 1 (each file alone)")
	crafted := fs.Bool("crafted", false, "also the project's crafted files of testdata/hostile (PDFs, XML, p7m, ZIP, pictures), each to its endpoint")
	jsonOut := fs.String("json", "", "also write the full report as JSON to this `file`")
	quiet := fs.Bool("quiet", false, "no progress lines")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("sweep takes no arguments, got %q", fs.Args())}
	}
	if *dir == "" {
		return usageError{"sweep: no -dir given and ../shared/badinput not found"}
	}
	var progress io.Writer = stderr
	if *quiet {
		progress = nil
	}
	rep, err := sweep.Run(ctx, sweep.Config{
		Dir:           *dir,
		Repeat:        *repeat,
		Crafted:       *crafted,
		Workers:       *workers,
		BadClients:    *badClients,
		NormalClients: *normalClients,
		NormalJobs:    *normalJobs,
		JobTimeout:    *jobTimeout,
		SkipIsolated:  *skipIsolated,
		Progress:      progress,
	})
	if err != nil {
		return err
	}
	rep.WriteMarkdown(stdout)
	if *jsonOut != "" {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return fmt.Errorf("sweep: %w", err)
		}
		if err := os.WriteFile(*jsonOut, b, 0o644); err != nil {
			return fmt.Errorf("sweep: write report: %w", err)
		}
	}
	return nil
}
