package httpapi

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/invex/invex/internal/store"
)

type httpMetrics struct {
	gatherer prometheus.Gatherer
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newHTTPMetrics(reg *prometheus.Registry) *httpMetrics {
	m := &httpMetrics{
		gatherer: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "invex_http_requests_total",
			Help: "HTTP requests by method, route pattern and status code.",
		}, []string{"method", "route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "invex_http_request_duration_seconds",
			Help:    "HTTP request latency by method and route pattern.",
			Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10},
		}, []string{"method", "route"}),
	}
	reg.MustRegister(m.requests, m.latency)
	return m
}

func (m *httpMetrics) observe(method, route string, status int, d time.Duration) {
	m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(method, route).Observe(d.Seconds())
}

// jobCollector reports the number of jobs in each state, read from the store
// when metrics are scraped.
type jobCollector struct {
	store *store.Store
	log   *slog.Logger
}

var jobsDesc = prometheus.NewDesc("invex_jobs", "Jobs by state.", []string{"state"}, nil)

func (c *jobCollector) Describe(ch chan<- *prometheus.Desc) { ch <- jobsDesc }

func (c *jobCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	counts, err := c.store.CountByStatus(ctx)
	if err != nil {
		c.log.Warn("collect job metrics", "err", err)
		return
	}
	for state, n := range counts {
		ch <- prometheus.MustNewConstMetric(jobsDesc, prometheus.GaugeValue, float64(n), state)
	}
}
