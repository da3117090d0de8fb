package httpapi

import (
	"bufio"
	"net"
	"net/http"
	"testing"
	"time"
)

func TestLimitListener(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := newLimitListener(inner, 3, 2)
	defer ln.Close()
	accepted := make(chan net.Conn, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()
	dial := func(from string) net.Conn {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Skipf("cannot dial from %s: %v", from, err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// refused reports whether c was answered 503 and closed.
	refused := func(c net.Conn) bool {
		c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != ""
	}
	a1, a2 := dial("127.0.0.1"), dial("127.0.0.1")
	if refused(a1) || refused(a2) {
		t.Fatal("refused within the per-address bound")
	}
	if !refused(dial("127.0.0.1")) {
		t.Error("third connection from one address accepted, want 503")
	}
	b1 := dial("127.0.0.2")
	if refused(b1) {
		t.Error("another address refused")
	}
	if !refused(dial("127.0.0.3")) {
		t.Error("connection beyond the total accepted, want 503")
	}
	// Closing a connection on the server side frees its slot.
	srv := <-accepted
	srv.Close()
	srv.Close() // twice is harmless
	ln.mu.Lock()
	freed := ln.total == 2
	ln.mu.Unlock()
	if !freed {
		t.Error("closing a connection did not free its slot at once")
	}
	if refused(dial("127.0.0.3")) {
		t.Error("refused after a slot was freed")
	}
	ln.mu.Lock()
	defer ln.mu.Unlock()
	if ln.total != 3 {
		t.Errorf("total = %d, want 3", ln.total)
	}
}
