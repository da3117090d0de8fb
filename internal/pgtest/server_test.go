package pgtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/invex/invex/internal/pgtest"
)

// TestServer starts a server of the test's own, stops it (connections are
// refused) and starts it again (they are accepted).
func TestServer(t *testing.T) {
	s := pgtest.NewServer(t)
	ping := func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, s.URL)
		if err != nil {
			return err
		}
		defer c.Close(ctx)
		return c.Ping(ctx)
	}
	if err := ping(); err != nil {
		t.Fatalf("fresh server: %v", err)
	}
	s.Stop()
	if err := ping(); err == nil {
		t.Fatal("stopped server answered")
	}
	s.Start()
	if err := ping(); err != nil {
		t.Fatalf("restarted server: %v", err)
	}
}
