package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/invex/invex/internal/store"
)

// testWebhookEndpoint covers an account's webhook settings: creation shows
// the secret once, a new URL keeps it, rotation signs with both secrets
// until the overlap ends, 410 disables only the URL it came from, and
// delete keeps the secret.
func testWebhookEndpoint(t *testing.T, st *store.Store) {
	ctx := context.Background()
	now := time.UnixMilli(1_760_000_000_000).UTC()
	st.Now = func() time.Time { return now }
	a := must[store.Account](t)(st.EnsureAccount(ctx, "hooks", nil))
	b := must[store.Account](t)(st.EnsureAccount(ctx, "other", nil))

	if _, err := st.WebhookEndpoint(ctx, a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("endpoint before any: err = %v, want ErrNotFound", err)
	}
	e, created, err := st.PutWebhookEndpoint(ctx, a.ID, "https://a.example/hook", "whsec_first")
	if err != nil || !created || e.Secret != "whsec_first" || e.URL != "https://a.example/hook" || !e.Active() {
		t.Fatalf("first put = %+v, created %v, %v", e, created, err)
	}
	e, created, err = st.PutWebhookEndpoint(ctx, a.ID, "https://a.example/v2", "whsec_unused")
	if err != nil || created || e.Secret != "whsec_first" || e.URL != "https://a.example/v2" {
		t.Fatalf("second put = %+v, created %v, %v; want the same secret and the new URL", e, created, err)
	}
	if _, err := st.WebhookEndpoint(ctx, b.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another account sees an endpoint: %v", err)
	}

	// Rotation: both secrets sign until the overlap ends.
	e = must[store.WebhookEndpoint](t)(st.RotateWebhookSecret(ctx, a.ID, "whsec_second", time.Hour))
	if diff := cmp.Diff([]string{"whsec_second", "whsec_first"}, e.Secrets(now)); diff != "" {
		t.Errorf("secrets during rotation (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"whsec_second"}, e.Secrets(now.Add(time.Hour))); diff != "" {
		t.Errorf("secrets after rotation (-want +got):\n%s", diff)
	}

	// 410 from an old URL does not disable the current one.
	if ok := must[bool](t)(st.DisableWebhookEndpoint(ctx, a.ID, "https://a.example/hook", "gone")); ok {
		t.Error("a 410 from a previous URL disabled the endpoint")
	}
	if ok := must[bool](t)(st.DisableWebhookEndpoint(ctx, a.ID, "https://a.example/v2", "gone")); !ok {
		t.Error("a 410 from the current URL did not disable the endpoint")
	}
	e = must[store.WebhookEndpoint](t)(st.WebhookEndpoint(ctx, a.ID))
	if e.Active() || e.DisabledAt == nil || e.DisabledReason != "gone" {
		t.Errorf("after 410: %+v, want disabled", e)
	}
	e, _, _ = st.PutWebhookEndpoint(ctx, a.ID, "https://a.example/v2", "whsec_unused")
	if !e.Active() {
		t.Errorf("PUT did not enable the endpoint again: %+v", e)
	}

	if err := st.DeleteWebhookEndpoint(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := st.DeleteWebhookEndpoint(ctx, a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("second delete: err = %v, want ErrNotFound", err)
	}
	e = must[store.WebhookEndpoint](t)(st.WebhookEndpoint(ctx, a.ID))
	if e.URL != "" || e.Secret != "whsec_second" {
		t.Errorf("after delete: %+v, want no URL and the secret kept", e)
	}
	// An account without settings gets a first secret by rotation.
	e = must[store.WebhookEndpoint](t)(st.RotateWebhookSecret(ctx, b.ID, "whsec_b", time.Hour))
	if e.Secret != "whsec_b" || e.URL != "" || len(e.Secrets(now)) != 1 {
		t.Errorf("first secret by rotation: %+v", e)
	}
}

// testWebhookDeliveries covers the outbox: where a job's events go, one
// delivery per job and event, the attempt log, and that other accounts see
// none of it.
func testWebhookDeliveries(t *testing.T, st *store.Store) {
	ctx := context.Background()
	now := time.UnixMilli(1_760_000_000_000).UTC()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "hooks", nil))
	b := must[store.Account](t)(st.EnsureAccount(ctx, "other", nil))
	plain, hooked := newJob(a.ID, uuid.NewString(), "k1", now), newJob(a.ID, uuid.NewString(), "k2", now)
	insertJob(t, st, &plain)
	if err := st.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.InsertJob(ctx, &hooked); err != nil {
			return err
		}
		return tx.SetJobWebhook(ctx, hooked.ID, "https://job.example/hook")
	}); err != nil {
		t.Fatal(err)
	}
	target := func(jobID string) (string, string) {
		var url, tg string
		if err := st.InTx(ctx, func(tx *store.Tx) error {
			var err error
			url, tg, err = tx.WebhookTarget(ctx, a.ID, jobID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return url, tg
	}
	if url, tg := target(plain.ID); url != "" || tg != "" {
		t.Errorf("target without endpoint = %q %q, want none", url, tg)
	}
	must[store.WebhookEndpoint](t)(func() (store.WebhookEndpoint, error) {
		e, _, err := st.PutWebhookEndpoint(ctx, a.ID, "https://acct.example/hook", "whsec_x")
		return e, err
	}())
	if url, tg := target(plain.ID); url != "https://acct.example/hook" || tg != "account" {
		t.Errorf("target = %q %q, want the account's endpoint", url, tg)
	}
	if url, tg := target(hooked.ID); url != "https://job.example/hook" || tg != "job" {
		t.Errorf("target = %q %q, want the job's URL", url, tg)
	}

	d := store.Delivery{ID: "msg_1", JobID: hooked.ID, AccountID: a.ID, Event: "job.completed", Target: "job",
		URL: "https://job.example/hook", Payload: []byte(`{"type":"job.completed"}`), CreatedAt: now}
	for i, want := range []bool{true, false} {
		dup := d
		dup.ID = "msg_" + string(rune('1'+i))
		var added bool
		if err := st.InTx(ctx, func(tx *store.Tx) error {
			var err error
			added, err = tx.InsertDelivery(ctx, dup)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if added != want {
			t.Errorf("insert #%d of the same event: added %v, want %v", i+1, added, want)
		}
	}
	next := now.Add(time.Second)
	steps := []struct {
		a      store.DeliveryAttempt
		status string
		next   *time.Time
	}{
		{store.DeliveryAttempt{Attempt: 1, At: now, Duration: 12 * time.Millisecond, StatusCode: 500, Error: "the receiver answered 500"}, store.DeliveryPending, &next},
		{store.DeliveryAttempt{Attempt: 2, At: next, Duration: 10 * time.Second, Error: "no answer within 10s"}, store.DeliveryPending, &next},
		{store.DeliveryAttempt{Attempt: 3, At: next, Duration: 3 * time.Millisecond, StatusCode: 204}, store.DeliveryDelivered, nil},
		// A late duplicate of a finished delivery changes nothing.
		{store.DeliveryAttempt{Attempt: 3, At: next, Duration: time.Millisecond, StatusCode: 500}, store.DeliveryPending, &next},
	}
	for _, s := range steps {
		if err := st.RecordDeliveryAttempt(ctx, d.ID, s.a, s.status, s.next); err != nil {
			t.Fatal(err)
		}
	}
	got := must[[]store.Delivery](t)(st.JobDeliveries(ctx, a.ID, hooked.ID))
	if len(got) != 1 {
		t.Fatalf("deliveries = %d, want 1", len(got))
	}
	g := got[0]
	if g.ID != "msg_1" || g.Status != store.DeliveryDelivered || g.Attempts != 3 || string(g.Payload) != string(d.Payload) ||
		g.FinishedAt == nil || g.NextAttemptAt != nil {
		t.Errorf("delivery = %+v", g)
	}
	var codes []int
	for _, l := range g.Log {
		codes = append(codes, l.StatusCode)
	}
	if diff := cmp.Diff([]int{500, 0, 204}, codes); diff != "" {
		t.Errorf("attempt status codes (-want +got):\n%s", diff)
	}
	if g.Log[1].Duration != 10*time.Second || g.Log[1].Error == "" {
		t.Errorf("attempt 2 = %+v", g.Log[1])
	}
	if other := must[[]store.Delivery](t)(st.JobDeliveries(ctx, b.ID, hooked.ID)); len(other) != 0 {
		t.Errorf("another account sees %d deliveries", len(other))
	}
	if one, err := st.Delivery(ctx, "msg_1"); err != nil || one.Status != store.DeliveryDelivered {
		t.Errorf("Delivery = %+v, %v", one, err)
	}
	if _, err := st.Delivery(ctx, "msg_none"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown delivery: err = %v, want ErrNotFound", err)
	}
}
