package webhook

import (
	"context"
	"fmt"
	"strings"

	"github.com/invex/invex/internal/store"
)

// BadURLError is a receiver URL refused by CheckURL; its message is fit for
// the client.
type BadURLError struct{ Msg string }

func (e *BadURLError) Error() string { return e.Msg }

// SetEndpoint sets the account's receiver URL, for the API and the
// dashboard alike: a URL CheckURL refuses is a *BadURLError. created says
// the account had no endpoint (store.PutWebhookEndpoint); fresh says its
// signing secret was made now (an account that had a secret keeps it).
func SetEndpoint(ctx context.Context, st *store.Store, accountID, rawURL string, allowPrivate bool) (e store.WebhookEndpoint, created, fresh bool, err error) {
	url := strings.TrimSpace(rawURL)
	if err := CheckURL(url, allowPrivate); err != nil {
		return store.WebhookEndpoint{}, false, false, &BadURLError{Msg: err.Error()}
	}
	secret, err := NewSecret()
	if err != nil {
		return store.WebhookEndpoint{}, false, false, fmt.Errorf("new webhook secret: %w", err)
	}
	e, created, err = st.PutWebhookEndpoint(ctx, accountID, url, secret)
	if err != nil {
		return store.WebhookEndpoint{}, false, false, err
	}
	return e, created, e.Secret == secret, nil
}
