package dashboard

import (
	"errors"
	"net/http"
	"strings"

	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/webhook"
)

// webhookContent is the content of the webhook settings page.
type webhookContent struct {
	Endpoint    *store.WebhookEndpoint
	HasSecret   bool
	NewSecret   string
	FirstSecret bool
	OldUntil    string
	URLInput    string
	Deliveries  []store.Delivery
}

func (d *Dashboard) webhookPage(w http.ResponseWriter, r *http.Request) {
	p := page{Title: "webhook.title", Nav: "webhook"}
	switch {
	case r.URL.Query().Get("saved") != "":
		p.Flash = "webhook.saved"
	case r.URL.Query().Get("removed") != "":
		p.Flash = "webhook.removed"
	}
	d.showWebhook(w, r, http.StatusOK, p, webhookContent{})
}

func (d *Dashboard) showWebhook(w http.ResponseWriter, r *http.Request, status int, p page, c webhookContent) {
	s := sessionFrom(r.Context())
	e, err := d.st.WebhookEndpoint(r.Context(), s.user.AccountID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		d.fail(w, r, "get webhook", err)
		return
	}
	if err == nil {
		c.Endpoint = &e
		c.HasSecret = e.Secret != ""
		if c.URLInput == "" {
			c.URLInput = e.URL
		}
	}
	if c.Deliveries, err = d.st.RecentDeliveries(r.Context(), s.user.AccountID, 20); err != nil {
		d.fail(w, r, "list deliveries", err)
		return
	}
	p.Content = c
	d.render(w, r, status, "webhook", p)
}

// saveWebhook sets (or, with action=remove, removes) the account's
// endpoint. A first endpoint gets a secret, shown once.
func (d *Dashboard) saveWebhook(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	ctx := r.Context()
	if r.PostFormValue("action") == "remove" {
		if err := d.st.DeleteWebhookEndpoint(ctx, s.user.AccountID); err != nil && !errors.Is(err, store.ErrNotFound) {
			d.fail(w, r, "delete webhook", err)
			return
		}
		http.Redirect(w, r, "/settings/webhook?removed=1", http.StatusSeeOther)
		return
	}
	url := r.PostFormValue("url")
	p := page{Title: "webhook.title", Nav: "webhook"}
	e, created, fresh, err := webhook.SetEndpoint(ctx, d.st, s.user.AccountID, url, d.cfg.Webhooks.AllowPrivate)
	var bad *webhook.BadURLError
	switch {
	case errors.As(err, &bad):
		p.Error = bad.Msg
		d.showWebhook(w, r, http.StatusUnprocessableEntity, p, webhookContent{URLInput: strings.TrimSpace(url)})
		return
	case err != nil:
		d.fail(w, r, "put webhook", err)
		return
	case created && fresh:
		p.Flash = "webhook.saved"
		d.showWebhook(w, r, http.StatusOK, p, webhookContent{NewSecret: e.Secret, FirstSecret: true})
		return
	}
	http.Redirect(w, r, "/settings/webhook?saved=1", http.StatusSeeOther)
}

// rotateSecret makes a new signing secret and shows it once; the old one
// keeps signing for the rotation overlap.
func (d *Dashboard) rotateSecret(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	secret, err := webhook.NewSecret()
	if err != nil {
		d.fail(w, r, "new secret", err)
		return
	}
	e, err := d.st.RotateWebhookSecret(r.Context(), s.user.AccountID, secret, d.cfg.Webhooks.WithDefaults().RotationOverlap)
	if err != nil {
		d.fail(w, r, "rotate secret", err)
		return
	}
	c := webhookContent{NewSecret: e.Secret, FirstSecret: e.PreviousSecret == ""}
	if e.PreviousUntil != nil {
		c.OldUntil = e.PreviousUntil.UTC().Format("2006-01-02 15:04 UTC")
	}
	d.showWebhook(w, r, http.StatusOK, page{Title: "webhook.title", Nav: "webhook"}, c)
}
