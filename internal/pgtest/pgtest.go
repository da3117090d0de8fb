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
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
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
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		if required {
			t.Fatalf("pgtest: %s is set but PostgreSQL does not answer: %v", EnvVar, err)
		}
		t.Skipf("pgtest: no PostgreSQL at %s (%v); start one or set %s to run the PostgreSQL tests", redact(admin), err, EnvVar)
	}
	defer conn.Close(context.Background())

	var b [6]byte
	rand.Read(b[:])
	name := "invex_test_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Errorf("pgtest: drop database %s: %v", name, err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil || u.Scheme == "" {
		t.Fatalf("pgtest: %s must be a postgres:// URL, got %q", EnvVar, redact(admin))
	}
	u.Path = "/" + name
	return u.String()
}

// redact hides a password in a URL for messages.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}
