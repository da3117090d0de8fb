// The invex binary runs the invoice-extraction service and its tools:
//
//	invex serve                      run the HTTP API and workers
//	invex keys create --account NAME create an API key
//	invex extract FILE.pdf           extract one invoice, no server needed
//	invex submit FILE.pdf [--wait]   upload an invoice to a server
//	invex migrate                    create or upgrade the database schema
//	invex eval DIR...                score extraction against truth files
//	invex sweep [-dir DIR]           hostile-input sweep benchmark
//	invex bench-scale                scale-out throughput benchmark
//
// Run "invex COMMAND --help" for a command's flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/invex/invex/extract/pdf"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	pdf.ServeIfChild() // isolated PDF readers re-execute this binary
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return
	}
	fmt.Fprintln(os.Stderr, "invex:", err)
	var ue usageError
	if errors.As(err, &ue) {
		os.Exit(2)
	}
	os.Exit(1)
}

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

const usage = `invex extracts structured data from PDF invoices.

Usage:
  invex <command> [flags]

Commands:
  serve     run the HTTP API (and, by default, the extraction workers)
  keys      manage API keys: invex keys create --account NAME [--quota N]
  accounts  create a dashboard user: invex accounts create --email ADDR --password-stdin
  extract   extract one PDF invoice and print the job record as JSON
  submit    upload a PDF to a server: invex submit FILE.pdf [--wait] [--url URL] [--key KEY]
  eval      score the engine against truth files: invex eval DIR...
  migrate   create or upgrade the database schema and exit
  sweep     upload every bad file while normal invoices flow; report outcomes and costs
  bench-scale  jobs per second with 1, 2, 4 worker processes on PostgreSQL and one on SQLite

Run "invex <command> --help" for the flags of a command.
`

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError{"no command given"}
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "serve":
		return serveCommand(ctx, rest, stdout, stderr)
	case "keys":
		return keysCommand(ctx, rest, stdout, stderr)
	case "accounts":
		return accountsCommand(ctx, rest, stdin, stdout, stderr)
	case "extract":
		return extractCommand(ctx, rest, stdout, stderr)
	case "eval":
		return evalCommand(ctx, rest, stdout, stderr)
	case "migrate":
		return migrateCommand(ctx, rest, stdout, stderr)
	case "sweep":
		return sweepCommand(ctx, rest, stdout, stderr)
	case "bench-scale":
		return benchScaleCommand(ctx, rest, stdout, stderr)
	case "submit":
		return submitCommand(ctx, rest, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	case "version", "--version":
		fmt.Fprintln(stdout, "invex", version)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return usageError{fmt.Sprintf("unknown command %q", cmd)}
	}
}

// newFlagSet returns a flag set whose --help prints the command's summary.
func newFlagSet(name, summary string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "%s\n\nFlags:\n", summary)
		fs.PrintDefaults()
	}
	return fs
}

// envDefault returns the environment variable's value, or def.
func envDefault(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}
