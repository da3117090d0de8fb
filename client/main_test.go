package client_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/app"
)

// The examples and tests run against a real invex server: a real SQLite
// file, a real HTTP listener on loopback and real workers, started here. Its
// address and a key are in INVEX_URL and INVEX_API_KEY, as a user's program
// would read them.

func TestMain(m *testing.M) {
	pdf.ServeIfChild() // the server's isolated PDF readers re-execute this binary
	os.Exit(run(m))
}

func run(m *testing.M) int {
	stop, url, err := startServer(app.Config{Workers: 2})
	if err != nil {
		fmt.Fprintln(os.Stderr, "start invex:", err)
		return 1
	}
	defer stop()
	key, err := newKey(url.app, "examples", 1000)
	if err != nil {
		fmt.Fprintln(os.Stderr, "create key:", err)
		return 1
	}
	os.Setenv("INVEX_URL", url.URL)
	os.Setenv("INVEX_API_KEY", key)
	return m.Run()
}

type testServer struct {
	app *app.App
	URL string
}

// startServer starts an invex server on a loopback port with its own data
// directory and returns a function that stops it.
func startServer(cfg app.Config) (func(), *testServer, error) {
	dir, err := os.MkdirTemp("", "invex-client-test-")
	if err != nil {
		return nil, nil, err
	}
	cfg.Addr = "127.0.0.1:0"
	cfg.DataDir = dir
	cfg.CacheDir = filepath.Join(os.TempDir(), "invex-test-cache")
	cfg.ShutdownGrace = 5 * time.Second
	cfg.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
	a, err := app.Open(context.Background(), cfg)
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, err
	}
	ln, err := a.Listen()
	if err != nil {
		a.Close()
		os.RemoveAll(dir)
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx, ln) }()
	stop := func() {
		cancel()
		<-done
		a.Close()
		os.RemoveAll(dir)
	}
	return stop, &testServer{app: a, URL: "http://" + ln.Addr().String()}, nil
}

// newKey creates an account with a monthly quota and returns a new key.
func newKey(a *app.App, account string, quota int) (string, error) {
	ctx := context.Background()
	acct, err := a.Store().EnsureAccount(ctx, account, &quota)
	if err != nil {
		return "", err
	}
	k, err := apikey.New()
	if err != nil {
		return "", err
	}
	if _, err := a.Store().CreateKey(ctx, acct.ID, "test", k.Prefix, k.Hash); err != nil {
		return "", err
	}
	return k.Plain, nil
}
