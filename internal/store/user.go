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

// ErrUserExists is returned when a user with the same e-mail address exists.
var ErrUserExists = errors.New("user already exists")

// User is a person who signs in to the web dashboard. Each user belongs to
// one account, whose keys, jobs and settings the user manages.
type User struct {
	ID           string
	AccountID    string
	Email        string // lower-case, trimmed
	PasswordHash string // bcrypt
	CreatedAt    time.Time
}

// Session is a signed-in dashboard session. Only the SHA-256 of the cookie's
// token is stored.
type Session struct {
	TokenHash []byte
	UserID    string
	CSRFToken string // sent back with every form of the session
	CreatedAt time.Time
	ExpiresAt time.Time
}

// NormalizeEmail returns the form of an e-mail address that is stored and
// compared: trimmed and lower-cased.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

const userColumns = `id, account_id, email, password_hash, created_at`

func scanUser(row rowScanner) (User, error) {
	var u User
	var created int64
	if err := row.Scan(&u.ID, &u.AccountID, &u.Email, &u.PasswordHash, &created); err != nil {
		return User{}, err
	}
	u.CreatedAt = time.UnixMilli(created).UTC()
	return u, nil
}

// CreateUser creates a user and, in the same transaction, the account it
// belongs to, named after the e-mail address, with the given monthly quota
// (DefaultMonthlyQuota when quota is nil). An address already in use is
// ErrUserExists; an account of that name, ErrAccountExists.
func (s *Store) CreateUser(ctx context.Context, email, passwordHash string, quota *int) (User, error) {
	email = NormalizeEmail(email)
	if email == "" || passwordHash == "" {
		return User{}, errors.New("create user: empty e-mail or password hash")
	}
	q := DefaultMonthlyQuota
	if quota != nil {
		if *quota < 0 {
			return User{}, fmt.Errorf("create user: negative quota %d", *quota)
		}
		q = *quota
	}
	now := s.Now()
	u := User{ID: uuid.NewString(), AccountID: uuid.NewString(), Email: email, PasswordHash: passwordHash, CreatedAt: now}
	err := s.InTx(ctx, func(tx *Tx) error {
		var n int
		if err := tx.tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE email = $1`, email).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return ErrUserExists
		}
		res, err := tx.tx.ExecContext(ctx,
			`INSERT INTO accounts (id, name, monthly_quota, created_at) VALUES ($1, $2, $3, $4)
			 ON CONFLICT (name) DO NOTHING`, u.AccountID, email, q, millis(now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrAccountExists
		}
		res, err = tx.tx.ExecContext(ctx,
			`INSERT INTO users (id, account_id, email, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)
			 ON CONFLICT (email) DO NOTHING`, u.ID, u.AccountID, email, passwordHash, millis(now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrUserExists
		}
		return nil
	})
	if err != nil {
		return User{}, fmt.Errorf("create user %q: %w", email, err)
	}
	return u, nil
}

// UserByEmail returns the user with the e-mail address, or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (User, error) {
	u, err := scanUser(s.r.QueryRowContext(ctx,
		`SELECT `+userColumns+` FROM users WHERE email = $1`, NormalizeEmail(email)))
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrNotFound
	}
	if err != nil {
		return User{}, fmt.Errorf("get user: %w", err)
	}
	return u, nil
}

// SetPasswordHash replaces the user's password hash and ends every other
// session of the user: all but the one whose token hash is keep (nil ends
// them all).
func (s *Store) SetPasswordHash(ctx context.Context, userID, passwordHash string, keep []byte) error {
	err := s.InTx(ctx, func(tx *Tx) error {
		res, err := tx.tx.ExecContext(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, passwordHash, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		if keep == nil {
			keep = []byte{}
		}
		_, err = tx.tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, userID, keep)
		return err
	})
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return nil
}

// CreateSession stores a new session.
func (s *Store) CreateSession(ctx context.Context, se Session) error {
	_, err := s.w.ExecContext(ctx,
		`INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		se.TokenHash, se.UserID, se.CSRFToken, millis(se.CreatedAt), millis(se.ExpiresAt))
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionUser returns the unexpired session whose token hash is given and
// its user, or ErrNotFound.
func (s *Store) SessionUser(ctx context.Context, tokenHash []byte, now time.Time) (Session, User, error) {
	var se Session
	var created, expires int64
	row := s.r.QueryRowContext(ctx,
		`SELECT s.token_hash, s.user_id, s.csrf_token, s.created_at, s.expires_at,
		        u.id, u.account_id, u.email, u.password_hash, u.created_at
		   FROM sessions s JOIN users u ON u.id = s.user_id
		  WHERE s.token_hash = $1 AND s.expires_at > $2`, tokenHash, millis(now))
	var u User
	var ucreated int64
	err := row.Scan(&se.TokenHash, &se.UserID, &se.CSRFToken, &created, &expires,
		&u.ID, &u.AccountID, &u.Email, &u.PasswordHash, &ucreated)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, User{}, ErrNotFound
	}
	if err != nil {
		return Session{}, User{}, fmt.Errorf("get session: %w", err)
	}
	se.CreatedAt, se.ExpiresAt = time.UnixMilli(created).UTC(), time.UnixMilli(expires).UTC()
	u.CreatedAt = time.UnixMilli(ucreated).UTC()
	return se, u, nil
}

// DeleteSession ends a session; an unknown one is not an error. Expired
// sessions of every user are removed at the same time.
func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	_, err := s.w.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1 OR expires_at <= $2`,
		tokenHash, millis(s.Now()))
	if err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// AccountByID returns the account with the id, or ErrNotFound.
func (s *Store) AccountByID(ctx context.Context, id string) (Account, error) {
	var a Account
	var created int64
	err := s.r.QueryRowContext(ctx,
		`SELECT id, name, monthly_quota, created_at FROM accounts WHERE id = $1`, id,
	).Scan(&a.ID, &a.Name, &a.MonthlyQuota, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, fmt.Errorf("get account: %w", err)
	}
	a.CreatedAt = time.UnixMilli(created).UTC()
	return a, nil
}

// ListKeys returns the account's keys, revoked ones included, newest first.
func (s *Store) ListKeys(ctx context.Context, accountID string) ([]KeyInfo, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT id, account_id, name, prefix, created_at, last_used_at, revoked_at
		   FROM api_keys WHERE account_id = $1 ORDER BY created_at DESC, id`, accountID)
	if err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	defer rows.Close()
	var out []KeyInfo
	for rows.Next() {
		var k KeyInfo
		var created int64
		var used, revoked sql.NullInt64
		if err := rows.Scan(&k.ID, &k.AccountID, &k.Name, &k.Prefix, &created, &used, &revoked); err != nil {
			return nil, fmt.Errorf("list keys: %w", err)
		}
		k.CreatedAt = time.UnixMilli(created).UTC()
		k.LastUsedAt, k.RevokedAt = fromMillis(used), fromMillis(revoked)
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	return out, nil
}

// DailySubmissions counts the account's jobs queued in [from, to), by UTC
// day ("2006-01-02"). Deleted jobs are not counted.
func (s *Store) DailySubmissions(ctx context.Context, accountID string, from, to time.Time) (map[string]int, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT queued_at FROM jobs WHERE account_id = $1 AND queued_at >= $2 AND queued_at < $3`,
		accountID, millis(from), millis(to))
	if err != nil {
		return nil, fmt.Errorf("daily submissions: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var ms int64
		if err := rows.Scan(&ms); err != nil {
			return nil, fmt.Errorf("daily submissions: %w", err)
		}
		out[time.UnixMilli(ms).UTC().Format("2006-01-02")]++
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("daily submissions: %w", err)
	}
	return out, nil
}

// RecentDeliveries returns the account's latest webhook deliveries, newest
// first, without their attempt logs.
func (s *Store) RecentDeliveries(ctx context.Context, accountID string, limit int) ([]Delivery, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT `+deliveryColumns+` FROM webhook_deliveries
		  WHERE account_id = $1 ORDER BY created_at DESC, id LIMIT $2`, accountID, limit)
	if err != nil {
		return nil, fmt.Errorf("recent deliveries: %w", err)
	}
	defer rows.Close()
	var out []Delivery
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			return nil, fmt.Errorf("recent deliveries: %w", err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("recent deliveries: %w", err)
	}
	return out, nil
}
