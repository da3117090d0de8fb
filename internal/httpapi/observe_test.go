package httpapi

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// A handler that panics gives a bare 500 problem: the panic's value, stack
// and the server's paths stay in the log.
func TestPanicIsNotLeaked(t *testing.T) {
	var logs bytes.Buffer
	s := &Server{log: slog.New(slog.NewJSONHandler(&logs, nil)), metrics: newHTTPMetrics(prometheus.NewRegistry())}
	srv := httptest.NewServer(s.observe(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("SELECT secret FROM /work/data/invex.db")
	})))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/v1/jobs/x")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusInternalServerError || !strings.Contains(string(body), `"code":"internal"`) {
		t.Errorf("status %d, body %s; want a 500 internal problem", resp.StatusCode, body)
	}
	for _, leak := range []string{"goroutine", ".go:", "/work", "SELECT", "secret", "panic"} {
		if strings.Contains(string(body), leak) {
			t.Errorf("body leaks %q: %s", leak, body)
		}
	}
	if !strings.Contains(logs.String(), "SELECT secret") {
		t.Error("the panic is not logged")
	}
}
