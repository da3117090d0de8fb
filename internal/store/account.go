package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// DefaultMonthlyQuota is the quota of an account created without one.
const DefaultMonthlyQuota = 1000

// Account is a customer of the service.
type Account struct {
	ID           string
	Name         string
	MonthlyQuota int
	CreatedAt    time.Time
}

// KeyInfo describes a stored API key, never the key itself.
type KeyInfo struct {
	ID         string
	AccountID  string
	Name       string
	Prefix     string
	CreatedAt  time.Time
	LastUsedAt *time.Time
	RevokedAt  *time.Time
}

// Principal is who a valid API key speaks for.
type Principal struct {
	KeyID        string
	AccountID    string
	MonthlyQuota int
}

// AccountByName returns the account called name.
func (s *Store) AccountByName(ctx context.Context, name string) (Account, error) {
	var a Account
	var created int64
	err := s.r.QueryRowContext(ctx,
		`SELECT id, name, monthly_quota, created_at FROM accounts WHERE name = $1`, name,
	).Scan(&a.ID, &a.Name, &a.MonthlyQuota, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, fmt.Errorf("get account %q: %w", name, err)
	}
	a.CreatedAt = time.UnixMilli(created).UTC()
	return a, nil
}

// EnsureAccount returns the account called name, creating it with the given
// quota (DefaultMonthlyQuota when quota is nil) if it does not exist. When the
// account exists and quota is not nil, its quota is set to *quota.
func (s *Store) EnsureAccount(ctx context.Context, name string, quota *int) (Account, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return Account{}, errors.New("ensure account: empty name")
	}
	if quota != nil && *quota < 0 {
		return Account{}, fmt.Errorf("ensure account: negative quota %d", *quota)
	}
	var a Account
	err := s.InTx(ctx, func(tx *Tx) error {
		q := DefaultMonthlyQuota
		if quota != nil {
			q = *quota
		}
		// Create the account unless it exists; of two processes creating the
		// same name at once, one inserts and the other finds its row.
		_, err := tx.tx.ExecContext(ctx,
			`INSERT INTO accounts (id, name, monthly_quota, created_at) VALUES ($1, $2, $3, $4)
			 ON CONFLICT (name) DO NOTHING`,
			uuid.NewString(), name, q, millis(s.Now()))
		if err != nil {
			return err
		}
		var created int64
		err = tx.tx.QueryRowContext(ctx,
			`SELECT id, name, monthly_quota, created_at FROM accounts WHERE name = $1`, name,
		).Scan(&a.ID, &a.Name, &a.MonthlyQuota, &created)
		if err != nil {
			return err
		}
		a.CreatedAt = time.UnixMilli(created).UTC()
		if quota != nil && *quota != a.MonthlyQuota {
			a.MonthlyQuota = *quota
			_, err = tx.tx.ExecContext(ctx, `UPDATE accounts SET monthly_quota = $1 WHERE id = $2`, a.MonthlyQuota, a.ID)
		}
		return err
	})
	if err != nil {
		return Account{}, fmt.Errorf("ensure account %q: %w", name, err)
	}
	return a, nil
}

// CreateKey stores a new API key of the account, given its hash and display
// prefix (see package apikey).
func (s *Store) CreateKey(ctx context.Context, accountID, name, prefix string, hash []byte) (KeyInfo, error) {
	k := KeyInfo{ID: uuid.NewString(), AccountID: accountID, Name: name, Prefix: prefix, CreatedAt: s.Now()}
	_, err := s.w.ExecContext(ctx,
		`INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		k.ID, k.AccountID, k.Name, k.Prefix, hash, millis(k.CreatedAt))
	if err != nil {
		return KeyInfo{}, fmt.Errorf("create key: %w", err)
	}
	return k, nil
}

// RevokeKey revokes a key of the account. Revoking a revoked key is not an
// error; an unknown key is ErrNotFound.
func (s *Store) RevokeKey(ctx context.Context, accountID, keyID string) error {
	res, err := s.w.ExecContext(ctx,
		`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 AND account_id = $3`,
		millis(s.Now()), keyID, accountID)
	if err != nil {
		return fmt.Errorf("revoke key: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// Authenticate returns the principal of the unrevoked key whose hash is given,
// or ErrNotFound.
func (s *Store) Authenticate(ctx context.Context, hash []byte) (Principal, error) {
	var p Principal
	err := s.r.QueryRowContext(ctx,
		`SELECT k.id, k.account_id, a.monthly_quota
		   FROM api_keys k JOIN accounts a ON a.id = k.account_id
		  WHERE k.hash = $1 AND k.revoked_at IS NULL`, hash,
	).Scan(&p.KeyID, &p.AccountID, &p.MonthlyQuota)
	if errors.Is(err, sql.ErrNoRows) {
		return Principal{}, ErrNotFound
	}
	if err != nil {
		return Principal{}, fmt.Errorf("authenticate: %w", err)
	}
	return p, nil
}

// TouchKey records that the key was used at t.
func (s *Store) TouchKey(ctx context.Context, keyID string, t time.Time) error {
	_, err := s.w.ExecContext(ctx,
		`UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $1)`,
		millis(t), keyID)
	if err != nil {
		return fmt.Errorf("touch key: %w", err)
	}
	return nil
}

// Period returns the quota period of t: its calendar month in UTC, "2026-03".
func Period(t time.Time) string { return t.UTC().Format("2006-01") }

// NextPeriod returns the start of the month after t's, in UTC.
func NextPeriod(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month()+1, 1, 0, 0, 0, 0, time.UTC)
}

// QuotaUsed returns how many submissions the account made in period.
func (s *Store) QuotaUsed(ctx context.Context, accountID, period string) (int, error) {
	var used int
	err := s.r.QueryRowContext(ctx,
		`SELECT used FROM quota_usage WHERE account_id = $1 AND period = $2`, accountID, period).Scan(&used)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("get quota usage: %w", err)
	}
	return used, nil
}

// ChargeQuotaTx consumes one unit of the account's quota for period inside tx
// and returns what remains, or ErrQuotaExhausted when nothing was left. The
// check and the increment are one statement, so concurrent charges can never
// overdraw.
func (tx *Tx) ChargeQuota(ctx context.Context, accountID, period string, quota int) (remaining int, err error) {
	if quota <= 0 {
		return 0, ErrQuotaExhausted
	}
	var used int
	err = tx.tx.QueryRowContext(ctx,
		`INSERT INTO quota_usage (account_id, period, used) VALUES ($1, $2, 1)
		 ON CONFLICT (account_id, period) DO UPDATE SET used = quota_usage.used + 1
		  WHERE quota_usage.used < $3
		 RETURNING used`, accountID, period, quota).Scan(&used)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrQuotaExhausted
	}
	if err != nil {
		return 0, fmt.Errorf("charge quota: %w", err)
	}
	return quota - used, nil
}
