package webhook_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/invex/invex/internal/webhook"
)

// specVerify is a receiver's check written from the Standard Webhooks
// specification alone (1.0.0, "Verifying signatures"), sharing no code
// with the package: the signed content is "{id}.{timestamp}.{body}", the
// key is the base64 part of the secret after "whsec_", the header holds
// space-separated "v1,<base64 HMAC-SHA256>" entries, any one of which may
// match.
func specVerify(secret string, h http.Header, body []byte) bool {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return false
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(h.Get("webhook-id") + "." + h.Get("webhook-timestamp") + "." + string(body)))
	want := "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
	for _, s := range strings.Split(h.Get("webhook-signature"), " ") {
		if hmac.Equal([]byte(s), []byte(want)) {
			return true
		}
	}
	return false
}

// The specification's published test vector.
func TestSignSpecVector(t *testing.T) {
	t.Parallel()
	got, err := webhook.Sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
		time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; got != want {
		t.Errorf("Sign = %s, want %s", got, want)
	}
}

func TestHeadersVerify(t *testing.T) {
	t.Parallel()
	s1, _ := webhook.NewSecret()
	s2, _ := webhook.NewSecret()
	if !strings.HasPrefix(s1, "whsec_") || s1 == s2 {
		t.Fatalf("secrets %q %q", s1, s2)
	}
	body := []byte(`{"type":"job.completed","data":{}}`)
	now := time.Now()
	h, err := webhook.Headers([]string{s2, s1}, "msg_abc", now, body)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(strings.Fields(h.Get("webhook-signature"))); n != 2 {
		t.Errorf("%d signatures, want 2 during a rotation", n)
	}
	for _, s := range []string{s1, s2} {
		if !specVerify(s, h, body) {
			t.Errorf("independent verifier refuses a signature with one of the secrets")
		}
		if err := webhook.Verify(s, h, body, now, 0); err != nil {
			t.Errorf("Verify: %v", err)
		}
	}
	other, _ := webhook.NewSecret()
	if specVerify(other, h, body) || webhook.Verify(other, h, body, now, 0) == nil {
		t.Error("a foreign secret verifies")
	}
	// Tampering with any signed part fails.
	tampered := append([]byte{}, body...)
	tampered[3] ^= 1
	if specVerify(s1, h, tampered) || !errors.Is(webhook.Verify(s1, h, tampered, now, 0), webhook.ErrNoValidSignature) {
		t.Error("a tampered body verifies")
	}
	for _, k := range []string{"webhook-id", "webhook-timestamp"} {
		h2 := h.Clone()
		h2.Set(k, h.Get(k)+"1")
		if specVerify(s1, h2, body) {
			t.Errorf("a tampered %s verifies", k)
		}
	}
	if err := webhook.Verify(s1, h, body, now.Add(10*time.Minute), 0); !errors.Is(err, webhook.ErrTimestamp) {
		t.Errorf("stale message: err = %v, want ErrTimestamp", err)
	}
	if err := webhook.Verify(s1, http.Header{}, body, now, 0); !errors.Is(err, webhook.ErrMissingHeaders) {
		t.Errorf("no headers: err = %v, want ErrMissingHeaders", err)
	}
}

func TestForbidden(t *testing.T) {
	t.Parallel()
	for _, a := range []string{"127.0.0.1", "127.9.9.9", "::1", "10.1.2.3", "172.16.0.1", "172.31.255.255",
		"192.168.1.1", "169.254.169.254", "fe80::1", "fc00::1", "fd00:ec2::254", "0.0.0.0", "::", "100.64.0.1",
		"::ffff:127.0.0.1", "::ffff:169.254.169.254", "224.0.0.1", "255.255.255.255", "64:ff9b::a00:1"} {
		if !webhook.Forbidden(netip.MustParseAddr(a)) {
			t.Errorf("Forbidden(%s) = false, want true", a)
		}
	}
	for _, a := range []string{"93.184.216.34", "8.8.8.8", "2606:4700::1111", "172.32.0.1"} {
		if webhook.Forbidden(netip.MustParseAddr(a)) {
			t.Errorf("Forbidden(%s) = true, want false", a)
		}
	}
}

func TestCheckURL(t *testing.T) {
	t.Parallel()
	bad := []string{"", "ftp://a.example/", "/relative", "https://", "https://u:p@a.example/",
		"http://127.0.0.1:8080/", "http://[::1]/", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/",
		"http://172.16.0.1/", "http://192.168.0.1/", "http://0.0.0.0/", "http://localhost/", "http://LOCALHOST./",
		"http://a.localhost/", "https://a.example/#frag", "https://a.example/" + strings.Repeat("a", 2048)}
	for _, u := range bad {
		if webhook.CheckURL(u, false) == nil {
			t.Errorf("CheckURL(%q) accepted", u)
		}
	}
	for _, u := range []string{"https://hooks.example.com/invex", "http://93.184.216.34:8080/x?y=1"} {
		if err := webhook.CheckURL(u, false); err != nil {
			t.Errorf("CheckURL(%q): %v", u, err)
		}
	}
	if err := webhook.CheckURL("http://127.0.0.1:8080/", true); err != nil {
		t.Errorf("loopback with private destinations allowed: %v", err)
	}
}

// canary counts the connections a loopback listener receives.
func canary(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var conns atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &conns
}

// The guard judges the address connected to, after resolution: a name
// leading to loopback is refused and the listener sees no connection.
func TestGuardAtConnect(t *testing.T) {
	t.Parallel()
	srv, conns := canary(t)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	c := webhook.NewClient(webhook.Config{Timeout: 2 * time.Second})
	for _, u := range []string{"http://localhost:" + port + "/", srv.URL + "/"} {
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			t.Errorf("GET %s: connected", u)
		} else if !errors.Is(err, webhook.ErrForbiddenDestination) {
			t.Errorf("GET %s: err = %v, want ErrForbiddenDestination", u, err)
		}
	}
	if n := conns.Load(); n != 0 {
		t.Errorf("canary received %d connections, want 0", n)
	}
	allowed := webhook.NewClient(webhook.Config{Timeout: 2 * time.Second, AllowPrivate: true})
	resp, err := allowed.Get(srv.URL)
	if err != nil {
		t.Fatalf("with private destinations allowed: %v", err)
	}
	resp.Body.Close()
}

func TestNoRedirects(t *testing.T) {
	t.Parallel()
	var followed atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/hook", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/elsewhere", http.StatusTemporaryRedirect)
	})
	mux.HandleFunc("/elsewhere", func(w http.ResponseWriter, r *http.Request) { followed.Add(1) })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	resp, err := webhook.NewClient(webhook.Config{AllowPrivate: true}).Post(srv.URL+"/hook", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTemporaryRedirect || followed.Load() != 0 {
		t.Errorf("status %d, followed %d: the redirect must not be followed", resp.StatusCode, followed.Load())
	}
}

// The default schedule retries for more than a day, with growing delays.
func TestSchedule(t *testing.T) {
	t.Parallel()
	c := webhook.Config{}.WithDefaults()
	if c.Delay(1) != 5*time.Second || c.Delay(2) != 10*time.Second || c.Delay(40) != 6*time.Hour {
		t.Errorf("delays %s %s %s", c.Delay(1), c.Delay(2), c.Delay(40))
	}
	for n := 2; n < c.MaxAttempts; n++ {
		if c.Delay(n) < c.Delay(n-1) {
			t.Errorf("delay %d (%s) < delay %d (%s)", n, c.Delay(n), n-1, c.Delay(n-1))
		}
	}
	if s := c.Span(); s < 24*time.Hour {
		t.Errorf("deliveries are retried for %s, want at least 24h", s)
	}
	if c.Timeout != 10*time.Second {
		t.Errorf("default timeout %s, want 10s", c.Timeout)
	}
}

func TestMessageID(t *testing.T) {
	t.Parallel()
	a, b := webhook.NewMessageID(), webhook.NewMessageID()
	if a == b || !strings.HasPrefix(a, "msg_") || strings.Contains(a, ".") || len(a) != 28 {
		t.Errorf("message ids %q %q", a, b)
	}
}
