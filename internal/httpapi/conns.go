package httpapi

import (
	"net"
	"strconv"
	"sync"
	"time"
)

// limitListener refuses connections beyond a total and a per-address
// bound: it answers them 503 and closes them at once, so a client that
// opens connections and sends nothing cannot exhaust goroutines or file
// descriptors.
type limitListener struct {
	net.Listener
	max, perIP int

	mu    sync.Mutex
	total int
	byIP  map[string]int
}

func newLimitListener(ln net.Listener, max, perIP int) *limitListener {
	return &limitListener{Listener: ln, max: max, perIP: perIP, byIP: map[string]int{}}
}

// refusal is the whole answer to a connection beyond the limits.
var refusal = func() []byte {
	body := `{"type":"/docs#error-unavailable","title":"Service unavailable","status":503,` +
		`"detail":"too many connections from your address","code":"unavailable"}` + "\n"
	return []byte("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\n" +
		"Retry-After: 1\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)
}()

// Accept implements net.Listener.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := hostOf(c.RemoteAddr().String())
		l.mu.Lock()
		ok := l.total < l.max && l.byIP[ip] < l.perIP
		if ok {
			l.total++
			l.byIP[ip]++
		}
		l.mu.Unlock()
		if ok {
			return &limitConn{Conn: c, release: func() { l.release(ip) }}, nil
		}
		c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
		c.Write(refusal)
		c.Close()
	}
}

func (l *limitListener) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total--
	if l.byIP[ip]--; l.byIP[ip] <= 0 {
		delete(l.byIP, ip)
	}
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close implements net.Conn; the connection's slot is freed once.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// hostOf returns the IP address of a "host:port" remote address.
func hostOf(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return host
}
