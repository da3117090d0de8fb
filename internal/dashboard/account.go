package dashboard

import (
	"net/http"

	"golang.org/x/crypto/bcrypt"
)

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
