package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"

	"github.com/jackc/pgx/v5"
)

// ErrServerUnreachable is returned by CreateDatabase when the server does
// not answer.
var ErrServerUnreachable = errors.New("the PostgreSQL server does not answer")

// CreateDatabase creates an empty database with a random name starting with
// prefix on the PostgreSQL server of admin (a postgres:// URL of a database
// there, whose user may create databases), and returns its URL and a
// function that drops it, closing any connection left open. Tests and
// benchmarks use it for throw-away databases.
func CreateDatabase(ctx context.Context, admin, prefix string) (dbURL string, drop func(context.Context) error, err error) {
	u, err := url.Parse(admin)
	if err != nil || u.Scheme == "" {
		return "", nil, fmt.Errorf("create database: the admin URL is not a postgres:// URL")
	}
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", nil, fmt.Errorf("create database: %w: %w", ErrServerUnreachable, err)
	}
	defer conn.Close(context.Background())
	var b [6]byte
	rand.Read(b[:])
	name := prefix + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", nil, fmt.Errorf("create database: %w", err)
	}
	drop = func(ctx context.Context) error {
		c, err := pgx.Connect(ctx, admin)
		if err != nil {
			return fmt.Errorf("drop database %s: %w", name, err)
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			return fmt.Errorf("drop database %s: %w", name, err)
		}
		return nil
	}
	u.Path = "/" + name
	return u.String(), drop, nil
}
