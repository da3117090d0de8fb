package jobs_test

import (
	"os"
	"testing"

	"github.com/invex/invex/extract/pdf"
)

func TestMain(m *testing.M) {
	pdf.ServeIfChild() // the real engine's isolated PDF readers re-execute this test binary
	os.Exit(m.Run())
}
