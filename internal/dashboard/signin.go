package dashboard

import (
	"errors"
	"net/http"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"github.com/invex/invex/internal/store"
)

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
