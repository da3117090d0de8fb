package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/invex/invex/internal/app"
)

func TestAccountsCreate(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	var out, errb bytes.Buffer
	args := []string{"accounts", "create", "--email", "Ops@Example.com", "--password-stdin", "--quota", "5", "--data", dir}
	if err := run(ctx, args, strings.NewReader("a long password\n"), &out, &errb); err != nil {
		t.Fatalf("accounts create: %v\n%s", err, errb.String())
	}
	st, err := app.OpenDatabase(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	u, err := st.UserByEmail(ctx, "ops@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte("a long password")) != nil {
		t.Error("stored hash does not match the password read from stdin")
	}
	if a, err := st.AccountByID(ctx, u.AccountID); err != nil || a.MonthlyQuota != 5 {
		t.Errorf("account = %+v, %v", a, err)
	}

	// A short password, or no --password-stdin, is a usage error.
	for _, tc := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"accounts", "create", "--email", "b@example.com", "--password-stdin", "--data", dir}, "short\n"},
		{[]string{"accounts", "create", "--email", "b@example.com", "--data", dir}, "a long password\n"},
	} {
		err := run(ctx, tc.args, strings.NewReader(tc.stdin), &out, &errb)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%v: err = %v, want a usage error", tc.args, err)
		}
	}
}
