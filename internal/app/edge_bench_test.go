package app_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testpdf"
)

// slowloris keeps n connections open against addr from the given local
// addresses, each trickling one byte a second: half never finish their
// headers, half send an upload with a valid key whose body never comes.
// Connections the server closes are opened again, until ctx ends.
func slowloris(ctx context.Context, addr, key string, n int, from []string) *sync.WaitGroup {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from[i%len(from)])}, Timeout: 5 * time.Second}
			for ctx.Err() == nil {
				c, err := d.DialContext(ctx, "tcp", addr)
				if err != nil {
					time.Sleep(100 * time.Millisecond)
					continue
				}
				head := "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "
				if i%2 == 1 {
					head = "POST /v1/extract/invoice HTTP/1.1\r\nHost: x\r\nX-API-Key: " + key +
						"\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{\"file_base64\":\""
				}
				_, err = io.WriteString(c, head)
				for err == nil && ctx.Err() == nil {
					select {
					case <-ctx.Done():
					case <-time.After(time.Second):
						_, err = c.Write([]byte("A"))
					}
				}
				c.Close()
			}
		}(i)
	}
	return &wg
}

func openFDs() int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(ents)
}

// BenchmarkSlowClients measures polls and submissions of a normal client
// from 127.0.0.1 while slow=N connections from addrs addresses (127.0.0.2
// on) trickle their headers and bodies (see slowloris), and reports the
// goroutines, open file descriptors and heap of the test process at the
// end; the attacking side, in the same process, holds one goroutine and one
// descriptor per connection. Compare slow=0 with the others:
//
//	go test ./internal/app -run '^$' -bench BenchmarkSlowClients -benchtime 2000x
func BenchmarkSlowClients(b *testing.B) {
	for _, tc := range []struct{ slow, addrs int }{{0, 1}, {1000, 1}, {1000, 8}} {
		slow := tc.slow
		b.Run(fmt.Sprintf("slow=%d/addrs=%d", tc.slow, tc.addrs), func(b *testing.B) {
			t := &testing.T{}
			s := startServer(t, b.TempDir(), app.Config{Workers: -1})
			defer s.stop()
			key := s.key("bench", 1_000_000)
			attacker := s.key("attacker", 1_000_000)
			id := s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), ""))
			ctx, cancel := context.WithCancel(context.Background())
			var from []string
			for i := 2; i < 2+tc.addrs; i++ {
				from = append(from, fmt.Sprintf("127.0.0.%d", i))
			}
			wg := slowloris(ctx, s.hostAddr(), attacker, slow, from)
			time.Sleep(2 * time.Second) // let the connections pile up
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)

			c := benchClient(16)
			pdf := testpdf.Italian().PDF()
			poll := s.URL + "/v1/jobs/" + id
			load(b, 16, func(i int) error {
				if i%10 == 0 {
					body, ct := multipartBody("a.pdf", pdf, nil)
					req, _ := http.NewRequest(http.MethodPost, s.URL+"/v1/extract/invoice", body)
					req.Header.Set("Content-Type", ct)
					req.Header.Set("X-API-Key", key)
					resp, err := c.Do(req)
					return drain(resp, err, http.StatusAccepted)
				}
				req, _ := http.NewRequest(http.MethodGet, poll, nil)
				req.Header.Set("X-API-Key", key)
				resp, err := c.Do(req)
				return drain(resp, err, http.StatusOK)
			})
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(runtime.NumGoroutine()), "goroutines")
			b.ReportMetric(float64(openFDs()), "fds")
			b.ReportMetric(float64(after.HeapInuse)/(1<<20), "heap-MiB")
			cancel()
			wg.Wait()
		})
	}
}
