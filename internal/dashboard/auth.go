package dashboard

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/invex/invex/internal/store"
)

// cookieName is the session cookie. With Secure set the __Host- prefix
// would be better, but it cannot be used on plain-HTTP development servers.
const cookieName = "invex_session"

// MinPasswordLength is the shortest password accepted.
const MinPasswordLength = 10

// HashPassword returns the bcrypt hash of a password, for storing.
func HashPassword(password string) (string, error) {
	if len(password) < MinPasswordLength {
		return "", errors.New("the password must have at least 10 characters")
	}
	if len(password) > 72 {
		return "", errors.New("the password must have at most 72 bytes")
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	return string(h), err
}

// dummyHash is compared against when no user has the e-mail address, so a
// failed sign-in takes as long whether or not the address is known.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("not-a-password-of-anyone"), bcrypt.DefaultCost)

type sessionKey struct{}

// current is the signed-in session of a request.
type current struct {
	session store.Session
	user    store.User
}

func sessionFrom(ctx context.Context) *current {
	c, _ := ctx.Value(sessionKey{}).(*current)
	return c
}

func hashToken(tok string) []byte {
	h := sha256.Sum256([]byte(tok))
	return h[:]
}

func randomToken() string {
	var b [32]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// currentSession returns the request's valid session, if any.
func (d *Dashboard) currentSession(r *http.Request) (*current, bool) {
	c, err := r.Cookie(cookieName)
	if err != nil || c.Value == "" || len(c.Value) > 100 {
		return nil, false
	}
	se, u, err := d.st.SessionUser(r.Context(), hashToken(c.Value), d.st.Now())
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			d.log.Error("dashboard: read session", "err", err)
		}
		return nil, false
	}
	return &current{session: se, user: u}, true
}

// auth wraps a handler that needs a signed-in user: without a session, GET
// requests go to the sign-in page and others get 403. Every POST must carry
// the session's CSRF token in the csrf form field (or the X-CSRF-Token
// header); uploads are checked by their handler once the form is read.
func (d *Dashboard) auth(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, ok := d.currentSession(r)
		if !ok {
			if r.Method == http.MethodGet {
				http.Redirect(w, r, "/login", http.StatusSeeOther)
				return
			}
			http.Error(w, "sign in first", http.StatusForbidden)
			return
		}
		r = r.WithContext(context.WithValue(r.Context(), sessionKey{}, s))
		// The upload (multipart, POST /jobs) is checked by its handler,
		// which reads the form as a stream; every other POST here.
		upload := r.URL.Path == "/jobs" && isMultipart(r)
		if r.Method == http.MethodPost && !upload && !d.csrfOK(r, s, r.PostFormValue("csrf")) {
			d.render(w, r, http.StatusForbidden, "error", page{Title: "error.title", Error: "error.csrf"})
			return
		}
		next(w, r)
	}
}

func isMultipart(r *http.Request) bool {
	return strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data")
}

// csrfOK checks a form's token against the session's, in constant time.
func (d *Dashboard) csrfOK(r *http.Request, s *current, token string) bool {
	if token == "" {
		token = r.Header.Get("X-CSRF-Token")
	}
	return token != "" && subtle.ConstantTimeCompare([]byte(token), []byte(s.session.CSRFToken)) == 1
}

// secure reports whether the request came over TLS, directly or through a
// proxy that says so.
func secure(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

// startSession creates a session for u and sets its cookie.
func (d *Dashboard) startSession(w http.ResponseWriter, r *http.Request, u store.User) error {
	tok := randomToken()
	now := d.st.Now()
	se := store.Session{TokenHash: hashToken(tok), UserID: u.ID, CSRFToken: randomToken(),
		CreatedAt: now, ExpiresAt: now.Add(d.cfg.SessionTTL)}
	if err := d.st.CreateSession(r.Context(), se); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: tok, Path: "/", HttpOnly: true,
		Secure: secure(r), SameSite: http.SameSiteLaxMode, MaxAge: int(d.cfg.SessionTTL / time.Second)})
	return nil
}

func clearCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", HttpOnly: true,
		Secure: secure(r), SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

// preCookie holds the CSRF token of the sign-in and sign-up forms, which
// are sent before there is a session (double-submit: the form's hidden
// field must match the cookie, which another site can neither read nor set).
const preCookie = "invex_form"

// formToken returns the request's pre-session form token, setting a new
// one in a cookie when it has none.
func formToken(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(preCookie); err == nil && len(c.Value) == 43 {
		return c.Value
	}
	tok := randomToken()
	http.SetCookie(w, &http.Cookie{Name: preCookie, Value: tok, Path: "/", HttpOnly: true,
		Secure: secure(r), SameSite: http.SameSiteStrictMode})
	return tok
}

// formTokenOK checks a pre-session form's token against its cookie.
func formTokenOK(r *http.Request) bool {
	c, err := r.Cookie(preCookie)
	tok := r.PostFormValue("csrf")
	return err == nil && tok != "" && subtle.ConstantTimeCompare([]byte(tok), []byte(c.Value)) == 1
}

// clientIP is the connection's address (a proxy's X-Forwarded-For is not
// trusted, so a client cannot escape the limit by sending one).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// attemptLimiter counts failures per key in a sliding window: a key with
// max failures in the window is blocked until the oldest leaves it.
type attemptLimiter struct {
	mu     sync.Mutex
	max    int
	window time.Duration
	fails  map[string][]time.Time
	now    func() time.Time
}

func newAttemptLimiter(max int, window time.Duration) *attemptLimiter {
	return &attemptLimiter{max: max, window: window, fails: map[string][]time.Time{}, now: time.Now}
}

func (l *attemptLimiter) prune(key string, now time.Time) []time.Time {
	ts := l.fails[key]
	i := 0
	for i < len(ts) && now.Sub(ts[i]) >= l.window {
		i++
	}
	ts = ts[i:]
	if len(ts) == 0 {
		delete(l.fails, key)
	} else {
		l.fails[key] = ts
	}
	return ts
}

func (l *attemptLimiter) blocked(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.prune(key, l.now())) >= l.max
}

func (l *attemptLimiter) fail(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	ts := l.prune(key, now)
	if len(l.fails) > 100_000 { // bound memory under a flood of keys
		clear(l.fails)
	}
	l.fails[key] = append(ts, now)
}

func (l *attemptLimiter) reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.fails, key)
}
