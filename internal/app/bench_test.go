package app_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testpdf"
)

// load runs b.N calls of fn spread over conc goroutines and reports
// throughput and latency percentiles.
func load(b *testing.B, conc int, fn func(i int) error) {
	b.Helper()
	var (
		next    atomic.Int64
		mu      sync.Mutex
		lat     = make([]time.Duration, 0, b.N)
		wg      sync.WaitGroup
		errOnce sync.Once
		failure error
	)
	b.ResetTimer()
	start := time.Now()
	for g := 0; g < conc; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]time.Duration, 0, b.N/conc+1)
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					break
				}
				t0 := time.Now()
				if err := fn(i); err != nil {
					errOnce.Do(func() { failure = err })
					break
				}
				local = append(local, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, local...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if failure != nil {
		b.Fatal(failure)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(0, "ns/op")
}

func benchClient(conns int) *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
}

func drain(resp *http.Response, err error, want int) error {
	if err != nil {
		return err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != want {
		return fmt.Errorf("status %d, want %d", resp.StatusCode, want)
	}
	return nil
}

// BenchmarkPoll measures GET /v1/jobs/{id} of a completed job under 64
// concurrent keep-alive connections.
func BenchmarkPoll(b *testing.B) {
	t := &testing.T{}
	s := startServer(t, b.TempDir(), app.Config{})
	defer s.stop()
	key := s.key("bench", 1_000_000)
	id := s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), ""))
	s.wait(key, id)
	c := benchClient(64)
	url := s.URL + "/v1/jobs/" + id
	load(b, 64, func(int) error {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("X-API-Key", key)
		resp, err := c.Do(req)
		return drain(resp, err, http.StatusOK)
	})
}

// padded returns a valid invoice PDF grown to about n bytes with comment
// lines after its end-of-file marker, which readers ignore.
func padded(n int) []byte {
	pdf := testpdf.Italian().PDF()
	var buf bytes.Buffer
	buf.Write(pdf)
	for buf.Len() < n {
		buf.WriteString("% padding to make a 100 KB upload ..........................................\n")
	}
	return buf.Bytes()
}

// BenchmarkSubmit measures durable submissions of a 100 KB PDF (file synced,
// row committed with synchronous=FULL before the 202) at 1 and 16 concurrent
// clients. No workers run, so only the API's cost is measured.
func BenchmarkSubmit(b *testing.B) {
	pdf := padded(100 << 10)
	for _, conc := range []int{1, 16} {
		b.Run(fmt.Sprintf("conc=%d", conc), func(b *testing.B) {
			t := &testing.T{}
			s := startServer(t, b.TempDir(), app.Config{Workers: -1})
			defer s.stop()
			key := s.key("bench", 1_000_000_000)
			body, ct := multipartBody("invoice.pdf", pdf, map[string]string{"locale": "it"})
			raw, _ := io.ReadAll(body)
			c := benchClient(conc)
			b.SetBytes(int64(len(pdf)))
			load(b, conc, func(int) error {
				req, _ := http.NewRequest(http.MethodPost, s.URL+"/v1/extract/invoice", bytes.NewReader(raw))
				req.Header.Set("Content-Type", ct)
				req.Header.Set("X-API-Key", key)
				resp, err := c.Do(req)
				return drain(resp, err, http.StatusAccepted)
			})
		})
	}
}
