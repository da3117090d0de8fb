package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/invex/invex/internal/store"
)

// NewHealth returns the handler of a process that serves no API (a worker
// of a scale-out deployment): /healthz, /readyz and /metrics only, answering
// as the API's own endpoints do, and a problem 404 for everything else.
func NewHealth(st *store.Store, blobs Blobs, log *slog.Logger, reg *prometheus.Registry) http.Handler {
	s := &Server{store: st, blobs: blobs, log: log}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, problem(http.StatusNotFound, CodeNotFound,
			"this is an invex worker: it serves only /healthz, /readyz and /metrics"))
	})
	return mux
}
