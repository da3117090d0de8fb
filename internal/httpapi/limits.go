package httpapi

import (
	"log"
	"net"
	"net/http"
	"time"
)

// Limits bound what clients can make the server hold: time, bytes,
// connections, uploads in flight and attempts with invalid keys. Zero fields
// take the defaults named on each; they are documented in the README.
type Limits struct {
	// ReadHeaderTimeout bounds the time to receive a request's line and
	// headers. Default 10 s.
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds the time to receive a whole request other than an
	// upload, whose body follows UploadTimeout and MinUploadRate instead.
	// Default 30 s.
	ReadTimeout time.Duration
	// WriteTimeout bounds the time to write a response once the request is
	// read. Default 1 min.
	WriteTimeout time.Duration
	// IdleTimeout closes keep-alive connections idle this long. Default 2 min.
	IdleTimeout time.Duration
	// MaxHeaderBytes bounds a request's line and headers; a larger request
	// gets 431. Default 64 KiB.
	MaxHeaderBytes int
	// UploadTimeout bounds the time to receive one upload's body. Default
	// 5 min.
	UploadTimeout time.Duration
	// UploadGrace and MinUploadRate set the slowest upload accepted: t after
	// the body starts, at least (t - UploadGrace) × MinUploadRate bytes must
	// have arrived, or the request ends with 408. Defaults 10 s and 8 KiB/s.
	UploadGrace   time.Duration
	MinUploadRate int64 // bytes per second
	// MaxUploads bounds the uploads received at once by the process, and
	// MaxUploadsPerAccount one account's. A submission beyond them waits
	// for a slot, before its body is read, at most UploadSlotWait; then it
	// gets 429 (its account's bound) or 503 (the process's). Defaults 128,
	// 16 and 10 s.
	MaxUploads           int
	MaxUploadsPerAccount int           // see MaxUploads
	UploadSlotWait       time.Duration // see MaxUploads
	// MaxConns bounds the open connections; a connection beyond it is
	// answered 503 and closed. Default 4096.
	MaxConns int
	// MaxConnsPerIP bounds the open connections from one IP address; a
	// connection beyond it is answered 503 and closed. Default 128.
	MaxConnsPerIP int
	// AuthFailures is how many requests with an invalid API key one IP
	// address may send in a burst; it regains one every
	// AuthFailureInterval. Beyond, every request of that address that needs
	// a key gets 429 with Retry-After, without its key being looked up.
	// Defaults 20 and 3 s (20 a minute).
	AuthFailures        int
	AuthFailureInterval time.Duration // see AuthFailures
	// RateLimit bounds the requests of one API key (see RateLimit).
	RateLimit RateLimit
}

// Defaults of Limits.
const (
	DefaultReadHeaderTimeout    = 10 * time.Second
	DefaultReadTimeout          = 30 * time.Second
	DefaultWriteTimeout         = time.Minute
	DefaultIdleTimeout          = 2 * time.Minute
	DefaultMaxHeaderBytes       = 64 << 10
	DefaultUploadTimeout        = 5 * time.Minute
	DefaultUploadGrace          = 10 * time.Second
	DefaultMinUploadRate        = 8 << 10
	DefaultMaxUploads           = 128
	DefaultMaxUploadsPerAccount = 16
	DefaultUploadSlotWait       = 10 * time.Second
	DefaultMaxConns             = 4096
	DefaultMaxConnsPerIP        = 128
	DefaultAuthFailures         = 20
	DefaultAuthFailureInterval  = 3 * time.Second
)

// WithDefaults returns l with every zero field set to its default.
func (l Limits) WithDefaults() Limits {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	defInt := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	def(&l.ReadTimeout, DefaultReadTimeout)
	def(&l.WriteTimeout, DefaultWriteTimeout)
	def(&l.IdleTimeout, DefaultIdleTimeout)
	def(&l.UploadTimeout, DefaultUploadTimeout)
	def(&l.UploadGrace, DefaultUploadGrace)
	def(&l.AuthFailureInterval, DefaultAuthFailureInterval)
	def(&l.UploadSlotWait, DefaultUploadSlotWait)
	defInt(&l.MaxHeaderBytes, DefaultMaxHeaderBytes)
	defInt(&l.MaxUploads, DefaultMaxUploads)
	defInt(&l.MaxUploadsPerAccount, DefaultMaxUploadsPerAccount)
	defInt(&l.MaxConns, DefaultMaxConns)
	defInt(&l.MaxConnsPerIP, DefaultMaxConnsPerIP)
	defInt(&l.AuthFailures, DefaultAuthFailures)
	l.RateLimit = l.RateLimit.WithDefaults()
	if l.MinUploadRate <= 0 {
		l.MinUploadRate = DefaultMinUploadRate
	}
	return l
}

// NewHTTPServer returns an http.Server for h with l's timeouts and header
// limit. Serve it on l.Listener's wrapping of the listener, so that the
// connection limits apply too.
func (l Limits) NewHTTPServer(h http.Handler, errorLog *log.Logger) *http.Server {
	l = l.WithDefaults()
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		ErrorLog:          errorLog,
	}
}

// Listener wraps ln so that it holds at most MaxConns connections, and at
// most MaxConnsPerIP from one IP address.
func (l Limits) Listener(ln net.Listener) net.Listener {
	l = l.WithDefaults()
	return newLimitListener(ln, l.MaxConns, l.MaxConnsPerIP)
}
