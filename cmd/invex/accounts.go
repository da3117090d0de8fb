package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/dashboard"
)

// accountsCommand creates a dashboard user and its account, for services
// that do not let people sign up themselves.
func accountsCommand(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	const help = `Usage: invex accounts create --email ADDR --password-stdin [--quota N] [--data DIR | --database URL]

Creates a user of the web dashboard and the account it manages (named after
the e-mail address, with a monthly quota of N, default 1000). The password
is read from the first line of standard input, so it stays out of the shell
history and the process list: at least 10 characters.`
	if len(args) == 0 || args[0] != "create" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprintln(stdout, help)
			return nil
		}
		fmt.Fprintln(stderr, help)
		return usageError{"accounts: the only subcommand is create"}
	}
	fs := newFlagSet("accounts create", help, stderr)
	email := fs.String("email", "", "the user's e-mail `address` (required)")
	fromStdin := fs.Bool("password-stdin", false, "read the password from standard input (required)")
	quota := fs.String("quota", "", "monthly quota of the account (`N` submissions per calendar month, UTC)")
	data := fs.String("data", envDefault("INVEX_DATA", "./data"), "data `directory` (env INVEX_DATA)")
	database := fs.String("database", envDefault("INVEX_DATABASE_URL", ""), "PostgreSQL `URL`; empty = the SQLite database in --data (env INVEX_DATABASE_URL)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if strings.TrimSpace(*email) == "" || !*fromStdin {
		return usageError{"accounts create: --email and --password-stdin are required"}
	}
	var q *int
	if *quota != "" {
		n, err := strconv.Atoi(*quota)
		if err != nil || n < 0 {
			return usageError{fmt.Sprintf("accounts create: --quota must be a whole number ≥ 0, got %q", *quota)}
		}
		q = &n
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && err != io.EOF {
		return fmt.Errorf("read password: %w", err)
	}
	hash, err := dashboard.HashPassword(strings.TrimRight(line, "\r\n"))
	if err != nil {
		return usageError{"accounts create: " + err.Error()}
	}
	st, err := app.OpenDatabase(ctx, *database, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	u, err := st.CreateUser(ctx, *email, hash, q)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created user %s (account %s)\n", u.Email, u.AccountID)
	return nil
}
