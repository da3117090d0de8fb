package storetest

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/invex/invex/internal/store"
)

// userTests are the behaviours behind the web dashboard: users, sessions,
// key listing and usage by day.
var userTests = []struct {
	name string
	fn   func(t *testing.T, st *store.Store)
}{
	{"Users", testUsers},
	{"Sessions", testSessions},
	{"ListKeys", testListKeys},
}

func testUsers(t *testing.T, st *store.Store) {
	ctx := context.Background()
	q := 7
	u := must[store.User](t)(st.CreateUser(ctx, "  Ada@Example.COM ", "hash1", &q))
	if u.Email != "ada@example.com" {
		t.Errorf("email = %q, want it normalised", u.Email)
	}
	acct := must[store.Account](t)(st.AccountByID(ctx, u.AccountID))
	if acct.MonthlyQuota != 7 || acct.Name != "ada@example.com" {
		t.Errorf("account = %+v", acct)
	}
	if _, err := st.CreateUser(ctx, "ADA@example.com", "hash2", nil); !errors.Is(err, store.ErrUserExists) {
		t.Errorf("second sign-up with the same address: err = %v, want ErrUserExists", err)
	}
	got := must[store.User](t)(st.UserByEmail(ctx, "ada@EXAMPLE.com"))
	if got.ID != u.ID || got.PasswordHash != "hash1" {
		t.Errorf("UserByEmail = %+v", got)
	}
	if _, err := st.UserByEmail(ctx, "nobody@example.com"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown user: err = %v", err)
	}
	if err := st.SetPasswordHash(ctx, u.ID, "hash3", nil); err != nil {
		t.Fatal(err)
	}
	if got := must[store.User](t)(st.UserByEmail(ctx, u.Email)); got.PasswordHash != "hash3" {
		t.Errorf("hash after change = %q", got.PasswordHash)
	}
}

func testSessions(t *testing.T, st *store.Store) {
	ctx := context.Background()
	u := must[store.User](t)(st.CreateUser(ctx, "sess@example.com", "h", nil))
	now := st.Now()
	a := store.Session{TokenHash: []byte("aaaa"), UserID: u.ID, CSRFToken: "c1", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	b := store.Session{TokenHash: []byte("bbbb"), UserID: u.ID, CSRFToken: "c2", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	for _, s := range []store.Session{a, b} {
		if err := st.CreateSession(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	se, su, err := st.SessionUser(ctx, a.TokenHash, now)
	if err != nil || su.ID != u.ID || se.CSRFToken != "c1" || !bytes.Equal(se.TokenHash, a.TokenHash) {
		t.Fatalf("SessionUser = %+v, %+v, %v", se, su, err)
	}
	if _, _, err := st.SessionUser(ctx, a.TokenHash, now.Add(2*time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("expired session: err = %v, want ErrNotFound", err)
	}
	// A password change ends the other sessions and keeps this one.
	if err := st.SetPasswordHash(ctx, u.ID, "h2", a.TokenHash); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.SessionUser(ctx, b.TokenHash, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("other session after password change: err = %v, want ErrNotFound", err)
	}
	if err := st.DeleteSession(ctx, a.TokenHash); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.SessionUser(ctx, a.TokenHash, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("session after log-out: err = %v, want ErrNotFound", err)
	}
}

func testListKeys(t *testing.T, st *store.Store) {
	ctx := context.Background()
	acct := must[store.Account](t)(st.EnsureAccount(ctx, "keys-list", nil))
	k1 := must[store.KeyInfo](t)(st.CreateKey(ctx, acct.ID, "first", "inv_aaaa", []byte("h-first")))
	must[store.KeyInfo](t)(st.CreateKey(ctx, acct.ID, "second", "inv_bbbb", []byte("h-second")))
	if err := st.RevokeKey(ctx, acct.ID, k1.ID); err != nil {
		t.Fatal(err)
	}
	keys := must[[]store.KeyInfo](t)(st.ListKeys(ctx, acct.ID))
	if len(keys) != 2 {
		t.Fatalf("ListKeys gave %d keys, want 2", len(keys))
	}
	for _, k := range keys {
		if (k.Name == "first") != (k.RevokedAt != nil) {
			t.Errorf("key %q revoked_at = %v", k.Name, k.RevokedAt)
		}
	}
	other := must[store.Account](t)(st.EnsureAccount(ctx, "keys-other", nil))
	if keys := must[[]store.KeyInfo](t)(st.ListKeys(ctx, other.ID)); len(keys) != 0 {
		t.Errorf("another account sees %d keys", len(keys))
	}
}
