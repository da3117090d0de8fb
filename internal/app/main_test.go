package app_test

import (
	"os"
	"testing"

	"github.com/invex/invex/extract/pdf"
)

func TestMain(m *testing.M) {
	pdf.ServeIfChild() // the app's isolated PDF readers re-execute this test binary
	if cfg := os.Getenv(serveChildEnv); cfg != "" {
		os.Exit(serveChild(cfg)) // a worker process of a test that kills it
	}
	os.Exit(m.Run())
}
