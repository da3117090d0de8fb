package dashboard

import (
	"errors"
	"net/http"
	"strings"

	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/store"
)

// keysContent is the content of the keys page.
type keysContent struct {
	Keys   []store.KeyInfo
	NewKey string // the full key just created, shown once
}

func (d *Dashboard) keysPage(w http.ResponseWriter, r *http.Request) {
	p := page{Title: "keys.title", Nav: "keys"}
	if r.URL.Query().Get("revoked") != "" {
		p.Flash = "keys.revokedflash"
	}
	d.showKeys(w, r, p, "")
}

func (d *Dashboard) showKeys(w http.ResponseWriter, r *http.Request, p page, newKey string) {
	s := sessionFrom(r.Context())
	keys, err := d.st.ListKeys(r.Context(), s.user.AccountID)
	if err != nil {
		d.fail(w, r, "list keys", err)
		return
	}
	p.Content = keysContent{Keys: keys, NewKey: newKey}
	d.render(w, r, http.StatusOK, "keys", p)
}

// createKey makes a key and shows it in full, this once.
func (d *Dashboard) createKey(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	name := strings.TrimSpace(r.PostFormValue("name"))
	if len(name) > 100 {
		name = name[:100]
	}
	k, err := apikey.New()
	if err != nil {
		d.fail(w, r, "new key", err)
		return
	}
	if _, err := d.st.CreateKey(r.Context(), s.user.AccountID, name, k.Prefix, k.Hash); err != nil {
		d.fail(w, r, "create key", err)
		return
	}
	d.showKeys(w, r, page{Title: "keys.title", Nav: "keys"}, k.Plain)
}

func (d *Dashboard) revokeKey(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	err := d.st.RevokeKey(r.Context(), s.user.AccountID, r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		d.notFound(w, r)
		return
	}
	if err != nil {
		d.fail(w, r, "revoke key", err)
		return
	}
	http.Redirect(w, r, "/keys?revoked=1", http.StatusSeeOther)
}
