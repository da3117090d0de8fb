// Package pgtest gives tests a throw-away PostgreSQL database on a real
// server: each call creates a database with a random name and drops it when
// the test ends.
//
// The server is the one named by INVEX_TEST_POSTGRES (a URL of a database
// the tests may connect to, with the right to create databases), or, when
// that is unset, postgres://postgres@127.0.0.1:5432/postgres. When no server
// answers, tests skip if INVEX_TEST_POSTGRES is unset and fail if it is set,
// so that CI, which sets it, can never pass by skipping.
package pgtest

import (
	"context"
	"errors"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/invex/invex/internal/store"
)

// EnvVar names the variable holding the admin URL of the test server.
const EnvVar = "INVEX_TEST_POSTGRES"

// DefaultAdminURL is tried when EnvVar is unset.
const DefaultAdminURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// NewDatabase creates an empty database and returns its URL; the database
// is dropped (closing any connection left open) when t ends.
func NewDatabase(t testing.TB) string {
	t.Helper()
	admin, required := os.LookupEnv(EnvVar)
	if admin == "" {
		admin, required = DefaultAdminURL, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dbURL, drop, err := store.CreateDatabase(ctx, admin, "invex_test_")
	switch {
	case errors.Is(err, store.ErrServerUnreachable) && !required:
		t.Skipf("pgtest: no PostgreSQL at %s (%v); start one or set %s to run the PostgreSQL tests", redact(admin), err, EnvVar)
	case errors.Is(err, store.ErrServerUnreachable):
		t.Fatalf("pgtest: %s is set but PostgreSQL does not answer: %v", EnvVar, err)
	case err != nil:
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := drop(ctx); err != nil {
			t.Errorf("pgtest: %v", err)
		}
	})
	return dbURL
}

// redact hides a password in a URL for messages.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}
