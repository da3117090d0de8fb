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

// credentials is the content of the sign-in and sign-up pages.
type credentials struct {
	Email string
	Token string // the form's CSRF token
}

// refuseForm answers a sign-in or sign-up form without a valid token.
func (d *Dashboard) refuseForm(w http.ResponseWriter, r *http.Request) {
	formToken(w, r)
	d.render(w, r, http.StatusForbidden, "error", page{Title: "error.title", Error: "error.csrf"})
}

func (d *Dashboard) loginPage(w http.ResponseWriter, r *http.Request) {
	if _, ok := d.currentSession(r); ok {
		http.Redirect(w, r, "/jobs", http.StatusSeeOther)
		return
	}
	p := page{Title: "login.title", Content: credentials{Token: formToken(w, r)}}
	if r.URL.Query().Get("signed_out") != "" {
		p.Flash = "login.signedout"
	}
	d.render(w, r, http.StatusOK, "login", p)
}

// login checks the e-mail and password. Too many failures from one address
// or for one e-mail make it refuse for a while without checking.
func (d *Dashboard) login(w http.ResponseWriter, r *http.Request) {
	if !formTokenOK(r) {
		d.refuseForm(w, r)
		return
	}
	email := store.NormalizeEmail(r.PostFormValue("email"))
	password := r.PostFormValue("password")
	ip := clientIP(r)
	p := page{Title: "login.title", Content: credentials{Email: email, Token: formToken(w, r)}}
	if d.loginByIP.blocked(ip) || d.loginByEmail.blocked(email) {
		p.Error = "login.ratelimited"
		w.Header().Set("Retry-After", "600")
		d.render(w, r, http.StatusTooManyRequests, "login", p)
		return
	}
	u, err := d.st.UserByEmail(r.Context(), email)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		d.fail(w, r, "sign in", err)
		return
	}
	hash := dummyHash
	if err == nil {
		hash = []byte(u.PasswordHash)
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil || err != nil {
		d.loginByIP.fail(ip)
		d.loginByEmail.fail(email)
		p.Error = "login.invalid"
		d.render(w, r, http.StatusUnauthorized, "login", p)
		return
	}
	d.loginByEmail.reset(email)
	if err := d.startSession(w, r, u); err != nil {
		d.fail(w, r, "start session", err)
		return
	}
	http.Redirect(w, r, "/jobs", http.StatusSeeOther)
}

func (d *Dashboard) signupPage(w http.ResponseWriter, r *http.Request) {
	if !d.cfg.Signup {
		d.render(w, r, http.StatusForbidden, "error", page{Title: "signup.title", Error: "signup.closed"})
		return
	}
	d.render(w, r, http.StatusOK, "signup", page{Title: "signup.title", Content: credentials{Token: formToken(w, r)}})
}

// signup creates a user and its account, then signs it in. Failed sign-ups
// count against the address like failed sign-ins.
func (d *Dashboard) signup(w http.ResponseWriter, r *http.Request) {
	if !d.cfg.Signup {
		d.render(w, r, http.StatusForbidden, "error", page{Title: "signup.title", Error: "signup.closed"})
		return
	}
	if !formTokenOK(r) {
		d.refuseForm(w, r)
		return
	}
	email := store.NormalizeEmail(r.PostFormValue("email"))
	password := r.PostFormValue("password")
	p := page{Title: "signup.title", Content: credentials{Email: email, Token: formToken(w, r)}}
	ip := clientIP(r)
	if d.loginByIP.blocked(ip) {
		p.Error = "login.ratelimited"
		d.render(w, r, http.StatusTooManyRequests, "signup", p)
		return
	}
	hash, problem := checkSignup(email, password, r.PostFormValue("password2"))
	if problem != "" {
		p.Error = problem
		d.render(w, r, http.StatusUnprocessableEntity, "signup", p)
		return
	}
	u, err := d.st.CreateUser(r.Context(), email, hash, nil)
	if errors.Is(err, store.ErrUserExists) || errors.Is(err, store.ErrAccountExists) {
		d.loginByIP.fail(ip)
		p.Error = "signup.exists"
		d.render(w, r, http.StatusConflict, "signup", p)
		return
	}
	if err != nil {
		d.fail(w, r, "sign up", err)
		return
	}
	if err := d.startSession(w, r, u); err != nil {
		d.fail(w, r, "start session", err)
		return
	}
	http.Redirect(w, r, "/keys", http.StatusSeeOther)
}

// checkSignup checks a sign-up form's fields and returns the password's
// hash, or the message key of what is wrong.
func checkSignup(email, password, password2 string) (hash, problem string) {
	if !validEmail(email) {
		return "", "signup.bademail"
	}
	if password != password2 {
		return "", "password.mismatch"
	}
	hash, err := HashPassword(password)
	if err != nil {
		return "", "password.short"
	}
	return hash, ""
}

// validEmail is a loose check: something@something.something, no spaces.
func validEmail(e string) bool {
	at := strings.LastIndexByte(e, '@')
	return len(e) <= 254 && at > 0 && strings.Contains(e[at:], ".") && !strings.ContainsAny(e, " \t\r\n<>\"") &&
		!strings.HasSuffix(e, ".")
}

func (d *Dashboard) logout(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	if err := d.st.DeleteSession(r.Context(), s.session.TokenHash); err != nil {
		d.fail(w, r, "sign out", err)
		return
	}
	clearCookie(w, r)
	http.Redirect(w, r, "/login?signed_out=1", http.StatusSeeOther)
}

func (d *Dashboard) accountPage(w http.ResponseWriter, r *http.Request) {
	p := page{Title: "account.title", Nav: "account"}
	if r.URL.Query().Get("changed") != "" {
		p.Flash = "password.changed"
	}
	d.render(w, r, http.StatusOK, "account", p)
}

// changePassword needs the current password; it ends the user's other
// sessions.
func (d *Dashboard) changePassword(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	p := page{Title: "account.title", Nav: "account"}
	if bcrypt.CompareHashAndPassword([]byte(s.user.PasswordHash), []byte(r.PostFormValue("current"))) != nil {
		d.loginByEmail.fail(s.user.Email)
		p.Error = "password.wrong"
		d.render(w, r, http.StatusUnprocessableEntity, "account", p)
		return
	}
	if r.PostFormValue("new") != r.PostFormValue("new2") {
		p.Error = "password.mismatch"
		d.render(w, r, http.StatusUnprocessableEntity, "account", p)
		return
	}
	hash, err := HashPassword(r.PostFormValue("new"))
	if err != nil {
		p.Error = "password.short"
		d.render(w, r, http.StatusUnprocessableEntity, "account", p)
		return
	}
	if err := d.st.SetPasswordHash(r.Context(), s.user.ID, hash, s.session.TokenHash); err != nil {
		d.fail(w, r, "change password", err)
		return
	}
	http.Redirect(w, r, "/account?changed=1", http.StatusSeeOther)
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
