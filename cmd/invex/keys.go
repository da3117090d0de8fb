package main

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/app"
)

func keysCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	const help = `Usage: invex keys create --account NAME [--quota N] [--name LABEL] [--data DIR | --database URL]

Creates an API key for the account NAME, creating the account first if it
does not exist (with a monthly quota of N, default 1000). When the account
exists, --quota sets its monthly quota. The new key is printed as the last
line of the output; it is shown only this once (only its hash is stored).
It works while a server runs on the same data directory or database.`
	if len(args) == 0 || args[0] != "create" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprintln(stdout, help)
			return nil
		}
		fmt.Fprintln(stderr, help)
		return usageError{"keys: the only subcommand is create"}
	}
	fs := newFlagSet("keys create", help, stderr)
	account := fs.String("account", "", "account `name` (required)")
	quota := fs.String("quota", "", "monthly quota of the account (`N` submissions per calendar month, UTC)")
	name := fs.String("name", "", "a `label` for the key")
	data := fs.String("data", envDefault("INVEX_DATA", "./data"), "data `directory` (env INVEX_DATA)")
	database := fs.String("database", envDefault("INVEX_DATABASE_URL", ""), "PostgreSQL `URL`; empty = the SQLite database in --data (env INVEX_DATABASE_URL)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *account == "" {
		return usageError{"keys create: --account is required"}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("keys create takes no arguments, got %q", fs.Args())}
	}
	var q *int
	if *quota != "" {
		n, err := strconv.Atoi(*quota)
		if err != nil || n < 0 {
			return usageError{fmt.Sprintf("keys create: --quota must be a whole number ≥ 0, got %q", *quota)}
		}
		q = &n
	}

	st, err := app.OpenDatabase(ctx, *database, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	acct, err := st.EnsureAccount(ctx, *account, q)
	if err != nil {
		return err
	}
	k, err := apikey.New()
	if err != nil {
		return err
	}
	info, err := st.CreateKey(ctx, acct.ID, *name, k.Prefix, k.Hash)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "account %s (monthly quota %d)\nkey id %s, prefix %s; store the key now, it is not shown again:\n%s\n",
		acct.Name, acct.MonthlyQuota, info.ID, info.Prefix, k.Plain)
	return nil
}

func migrateCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("migrate", `Usage: invex migrate [--data DIR | --database URL]

Creates the database or upgrades its schema to this version of invex (the
service's tables and the job queue's), then exits. "invex serve" does the
same at start-up; on PostgreSQL an advisory lock makes processes that start
together apply migrations one at a time.`, stderr)
	data := fs.String("data", envDefault("INVEX_DATA", "./data"), "data `directory` (env INVEX_DATA)")
	database := fs.String("database", envDefault("INVEX_DATABASE_URL", ""), "PostgreSQL `URL`; empty = the SQLite database in --data (env INVEX_DATABASE_URL)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("migrate takes no arguments, got %q", fs.Args())}
	}
	st, err := app.OpenDatabase(ctx, *database, *data)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "database schema is up to date")
	return st.Close()
}
