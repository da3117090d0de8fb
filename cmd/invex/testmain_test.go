package main

import (
	"os"
	"testing"

	"github.com/invex/invex/extract/pdf"
)

// runMainEnv, set to 1, makes the test binary act as the invex binary, so
// that tests can run invex commands as child processes built from this code.
const runMainEnv = "INVEX_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	pdf.ServeIfChild() // isolated PDF readers re-execute this test binary
	if os.Getenv("INVEX_RATE_LIMIT") == "" {
		// Child servers' tests poll fast with one key; rate limits have
		// their own tests.
		os.Setenv("INVEX_RATE_LIMIT", "-1")
	}
	if os.Getenv(runMainEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}
