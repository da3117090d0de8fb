// The invex binary runs the invoice-extraction service and its tools:
//
//	invex serve                      run the HTTP API and workers
//	invex keys create --account NAME create an API key
//	invex extract FILE.pdf           extract one invoice, no server needed
//	invex submit FILE.pdf [--wait]   upload an invoice to a server
//	invex migrate                    create or upgrade the database schema
//
// and, built with -tags devtools, the developer commands, which carry the
// project's test tooling:
//
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
	"slices"
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
  migrate   create or upgrade the database schema and exit
`

// devNote closes the usage of a binary built without the developer
// commands.
const devNote = `
Developer commands (eval, sweep, bench-scale) are built in with -tags devtools:
  go run -tags devtools ./cmd/invex eval DIR...

Run "invex <command> --help" for the flags of a command.
`

// devCommand is a developer command: eval, sweep or bench-scale. They
// carry the project's test tooling (the corpus scoring, the generated
// invoices, the hostile-input sweep), so they are built in only with the
// build tag devtools (devtools.go), and the binary users run links none of
// it.
type devCommand struct {
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
	summary string
}

// devCommandNames are the developer commands, built in or not.
var devCommandNames = []string{"eval", "sweep", "bench-scale"}

// printUsage writes the usage, with the developer commands built in.
func printUsage(w io.Writer) {
	fmt.Fprint(w, usage)
	dev := devCommands()
	if len(dev) == 0 {
		fmt.Fprint(w, devNote)
		return
	}
	for _, name := range devCommandNames {
		if c, ok := dev[name]; ok {
			fmt.Fprintf(w, "  %-8s  %s\n", name, c.summary)
		}
	}
	fmt.Fprint(w, "\nRun \"invex <command> --help\" for the flags of a command.\n")
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		printUsage(stderr)
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
	case "migrate":
		return migrateCommand(ctx, rest, stdout, stderr)
	case "submit":
		return submitCommand(ctx, rest, stdout, stderr)
	case "-h", "-help", "--help", "help":
		printUsage(stdout)
		return nil
	case "version", "--version":
		fmt.Fprintln(stdout, "invex", version)
		return nil
	default:
		if c, ok := devCommands()[cmd]; ok {
			return c.run(ctx, rest, stdout, stderr)
		}
		if slices.Contains(devCommandNames, cmd) {
			return usageError{fmt.Sprintf("%q is a developer command, built in with -tags devtools: go run -tags devtools ./cmd/invex %s", cmd, cmd)}
		}
		printUsage(stderr)
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
