package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrNoWebhookSecret is returned when an account that has no webhook
// signing secret names a webhook.
var ErrNoWebhookSecret = errors.New("account has no webhook signing secret")

// WebhookEndpoint is an account's webhook settings: its signing secret,
// the secret it replaced while a rotation lasts, and its account-level
// endpoint URL (empty when it has none).
type WebhookEndpoint struct {
	AccountID      string
	URL            string // empty: no account-level endpoint
	Secret         string
	PreviousSecret string     // signed with too until PreviousUntil
	PreviousUntil  *time.Time // end of the rotation; nil when none
	DisabledAt     *time.Time // set when a receiver answered 410 Gone
	DisabledReason string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Active reports whether events are sent to the account-level endpoint.
func (e WebhookEndpoint) Active() bool { return e.URL != "" && e.DisabledAt == nil }

// Secrets returns the secrets a message is signed with at now: the current
// one, and the previous one while its rotation lasts.
func (e WebhookEndpoint) Secrets(now time.Time) []string {
	out := []string{e.Secret}
	if e.PreviousSecret != "" && e.PreviousUntil != nil && now.Before(*e.PreviousUntil) {
		out = append(out, e.PreviousSecret)
	}
	return out
}

const webhookColumns = `account_id, url, secret, previous_secret, previous_until, disabled_at, disabled_reason, created_at, updated_at`

func scanWebhookEndpoint(row rowScanner) (WebhookEndpoint, error) {
	var (
		e                   WebhookEndpoint
		url, prev, reason   sql.NullString
		prevUntil, disabled sql.NullInt64
		created, updated    int64
	)
	if err := row.Scan(&e.AccountID, &url, &e.Secret, &prev, &prevUntil, &disabled, &reason, &created, &updated); err != nil {
		return WebhookEndpoint{}, err
	}
	e.URL, e.PreviousSecret, e.DisabledReason = url.String, prev.String, reason.String
	e.PreviousUntil, e.DisabledAt = fromMillis(prevUntil), fromMillis(disabled)
	e.CreatedAt, e.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return e, nil
}

// WebhookEndpoint returns the account's webhook settings, or ErrNotFound
// when it has no signing secret yet.
func (s *Store) WebhookEndpoint(ctx context.Context, accountID string) (WebhookEndpoint, error) {
	return webhookEndpoint(ctx, s.r, accountID)
}

type queryRower interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func webhookEndpoint(ctx context.Context, q queryRower, accountID string) (WebhookEndpoint, error) {
	e, err := scanWebhookEndpoint(q.QueryRowContext(ctx,
		`SELECT `+webhookColumns+` FROM webhook_endpoints WHERE account_id = $1`, accountID))
	if errors.Is(err, sql.ErrNoRows) {
		return WebhookEndpoint{}, ErrNotFound
	}
	if err != nil {
		return WebhookEndpoint{}, fmt.Errorf("get webhook endpoint: %w", err)
	}
	return e, nil
}

// PutWebhookEndpoint sets the account's endpoint URL and enables it again
// if a 410 had disabled it. An account without a signing secret gets
// newSecret, and created reports that (the only time the secret may be
// shown); an account with one keeps it.
func (s *Store) PutWebhookEndpoint(ctx context.Context, accountID, url, newSecret string) (e WebhookEndpoint, created bool, err error) {
	now := millis(s.Now())
	err = s.InTx(ctx, func(tx *Tx) error {
		res, err := tx.tx.ExecContext(ctx,
			`INSERT INTO webhook_endpoints (account_id, url, secret, created_at, updated_at)
			 VALUES ($1, $2, $3, $4, $4) ON CONFLICT (account_id) DO NOTHING`, accountID, url, newSecret, now)
		if err != nil {
			return fmt.Errorf("put webhook endpoint: %w", err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			created = true
		} else if _, err := tx.tx.ExecContext(ctx,
			`UPDATE webhook_endpoints SET url = $1, disabled_at = NULL, disabled_reason = NULL, updated_at = $2
			  WHERE account_id = $3`, url, now, accountID); err != nil {
			return fmt.Errorf("put webhook endpoint: %w", err)
		}
		e, err = webhookEndpoint(ctx, tx.tx, accountID)
		return err
	})
	return e, created, err
}

// DeleteWebhookEndpoint removes the account's endpoint URL; the signing
// secret stays, for per-job webhook URLs. It returns ErrNotFound when the
// account has no endpoint.
func (s *Store) DeleteWebhookEndpoint(ctx context.Context, accountID string) error {
	res, err := s.w.ExecContext(ctx,
		`UPDATE webhook_endpoints SET url = NULL, disabled_at = NULL, disabled_reason = NULL, updated_at = $1
		  WHERE account_id = $2 AND url IS NOT NULL`, millis(s.Now()), accountID)
	if err != nil {
		return fmt.Errorf("delete webhook endpoint: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// RotateWebhookSecret makes newSecret the account's signing secret. The
// secret it replaces is still signed with for overlap, so receivers can
// switch without losing a message. An account without a secret gets one
// (and no endpoint).
func (s *Store) RotateWebhookSecret(ctx context.Context, accountID, newSecret string, overlap time.Duration) (WebhookEndpoint, error) {
	now := s.Now()
	var e WebhookEndpoint
	err := s.InTx(ctx, func(tx *Tx) error {
		_, err := tx.tx.ExecContext(ctx,
			`INSERT INTO webhook_endpoints (account_id, secret, created_at, updated_at)
			 VALUES ($1, $2, $3, $3)
			 ON CONFLICT (account_id) DO UPDATE
			    SET previous_secret = webhook_endpoints.secret, previous_until = $4,
			        secret = excluded.secret, updated_at = excluded.updated_at`,
			accountID, newSecret, millis(now), millis(now.Add(overlap)))
		if err != nil {
			return fmt.Errorf("rotate webhook secret: %w", err)
		}
		e, err = webhookEndpoint(ctx, tx.tx, accountID)
		return err
	})
	return e, err
}

// DisableWebhookEndpoint disables the account's endpoint if its URL is
// still url (a receiver there answered 410 Gone). It reports whether it
// did.
func (s *Store) DisableWebhookEndpoint(ctx context.Context, accountID, url, reason string) (bool, error) {
	now := millis(s.Now())
	res, err := s.w.ExecContext(ctx,
		`UPDATE webhook_endpoints SET disabled_at = $1, disabled_reason = $2, updated_at = $1
		  WHERE account_id = $3 AND url = $4 AND disabled_at IS NULL`, now, reason, accountID, url)
	if err != nil {
		return false, fmt.Errorf("disable webhook endpoint: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// SetJobWebhookTx records, inside the submission's transaction, the webhook
// URL a job's submission named.
func (tx *Tx) SetJobWebhook(ctx context.Context, jobID, url string) error {
	if _, err := tx.tx.ExecContext(ctx, `INSERT INTO job_webhooks (job_id, url) VALUES ($1, $2)`, jobID, url); err != nil {
		return fmt.Errorf("set job webhook: %w", err)
	}
	return nil
}

// JobTx returns job id as tx sees it (whatever its account), for work that
// must see the transaction's own changes.
func (tx *Tx) Job(ctx context.Context, id string) (Job, error) {
	j, err := scanJob(tx.tx.QueryRowContext(ctx, `SELECT `+jobSelect+` FROM jobs WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, ErrNotFound
	}
	if err != nil {
		return Job{}, fmt.Errorf("get job: %w", err)
	}
	return j, nil
}

// WebhookTargetTx returns where the events of job id go, as tx sees it: the
// URL its submission named (target "job"), else the account's active
// endpoint (target "account"); url is empty when there is neither.
func (tx *Tx) WebhookTarget(ctx context.Context, accountID, jobID string) (url, target string, err error) {
	var u sql.NullString
	err = tx.tx.QueryRowContext(ctx, `SELECT url FROM job_webhooks WHERE job_id = $1`, jobID).Scan(&u)
	if err == nil && u.String != "" {
		return u.String, "job", nil
	}
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", "", fmt.Errorf("get job webhook: %w", err)
	}
	err = tx.tx.QueryRowContext(ctx,
		`SELECT url FROM webhook_endpoints WHERE account_id = $1 AND url IS NOT NULL AND disabled_at IS NULL`,
		accountID).Scan(&u)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", nil
	}
	if err != nil {
		return "", "", fmt.Errorf("get webhook endpoint: %w", err)
	}
	return u.String, "account", nil
}

// Delivery states.
const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
)

// Delivery is one event on its way to a webhook receiver, with the log of
// its attempts.
type Delivery struct {
	ID            string // the webhook-id, the same on every attempt
	JobID         string
	AccountID     string
	Event         string // job.completed or job.failed
	Target        string // "account" or "job"
	URL           string
	Payload       []byte // the exact body sent on every attempt
	Status        string
	Attempts      int
	CreatedAt     time.Time
	LastAttemptAt *time.Time
	NextAttemptAt *time.Time
	FinishedAt    *time.Time
	Log           []DeliveryAttempt // filled by JobDeliveries
}

// DeliveryAttempt is one try at a delivery.
type DeliveryAttempt struct {
	Attempt    int
	At         time.Time
	Duration   time.Duration
	StatusCode int    // 0 when no response came
	Error      string // why the attempt failed; empty on success
}

const deliveryColumns = `id, job_id, account_id, event, target, url, payload, status, attempts, created_at,
	last_attempt_at, next_attempt_at, finished_at`

func scanDelivery(row rowScanner) (Delivery, error) {
	var (
		d                    Delivery
		payload              string
		created              int64
		last, next, finished sql.NullInt64
	)
	if err := row.Scan(&d.ID, &d.JobID, &d.AccountID, &d.Event, &d.Target, &d.URL, &payload, &d.Status,
		&d.Attempts, &created, &last, &next, &finished); err != nil {
		return Delivery{}, err
	}
	d.Payload = []byte(payload)
	d.CreatedAt = time.UnixMilli(created).UTC()
	d.LastAttemptAt, d.NextAttemptAt, d.FinishedAt = fromMillis(last), fromMillis(next), fromMillis(finished)
	return d, nil
}

// InsertDeliveryTx adds a pending delivery inside tx. It reports false, and
// adds nothing, when the job already has a delivery of this event.
func (tx *Tx) InsertDelivery(ctx context.Context, d Delivery) (bool, error) {
	res, err := tx.tx.ExecContext(ctx,
		`INSERT INTO webhook_deliveries (id, job_id, account_id, event, target, url, payload, status, attempts, created_at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', 0, $8)
		 ON CONFLICT (job_id, event) DO NOTHING`,
		d.ID, d.JobID, d.AccountID, d.Event, d.Target, d.URL, string(d.Payload), millis(d.CreatedAt))
	if err != nil {
		return false, fmt.Errorf("insert webhook delivery: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// Delivery returns delivery id (without its log), or ErrNotFound.
func (s *Store) Delivery(ctx context.Context, id string) (Delivery, error) {
	d, err := scanDelivery(s.w.QueryRowContext(ctx,
		`SELECT `+deliveryColumns+` FROM webhook_deliveries WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Delivery{}, ErrNotFound
	}
	if err != nil {
		return Delivery{}, fmt.Errorf("get webhook delivery: %w", err)
	}
	return d, nil
}

// RecordDeliveryAttempt logs an attempt at delivery id and sets the
// delivery's status: DeliveryPending with the time of the next attempt,
// or DeliveryDelivered or DeliveryFailed, which are final. Recording the
// same attempt twice (a re-run after a crash) keeps the first record. It
// does nothing to a delivery that is already final.
func (s *Store) RecordDeliveryAttempt(ctx context.Context, id string, a DeliveryAttempt, status string, next *time.Time) error {
	return s.InTx(ctx, func(tx *Tx) error {
		var code sql.NullInt64
		if a.StatusCode != 0 {
			code = sql.NullInt64{Int64: int64(a.StatusCode), Valid: true}
		}
		if _, err := tx.tx.ExecContext(ctx,
			`INSERT INTO webhook_attempts (delivery_id, attempt, at, duration_ms, status_code, error)
			 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (delivery_id, attempt) DO NOTHING`,
			id, a.Attempt, millis(a.At), a.Duration.Milliseconds(), code, nullString(a.Error)); err != nil {
			return fmt.Errorf("record webhook attempt: %w", err)
		}
		var finished sql.NullInt64
		if status != DeliveryPending {
			finished = sql.NullInt64{Int64: millis(a.At.Add(a.Duration)), Valid: true}
		}
		if _, err := tx.tx.ExecContext(ctx,
			`UPDATE webhook_deliveries
			    SET status = $1, attempts = CASE WHEN attempts > $2 THEN attempts ELSE $2 END,
			        last_attempt_at = $3, next_attempt_at = $4, finished_at = $5
			  WHERE id = $6 AND status = 'pending'`,
			status, a.Attempt, millis(a.At), nullTime(next), finished, id); err != nil {
			return fmt.Errorf("record webhook attempt: %w", err)
		}
		return nil
	})
}

// JobDeliveries returns the deliveries of the account's job id with their
// attempts, oldest first. A job of another account has none.
func (s *Store) JobDeliveries(ctx context.Context, accountID, jobID string) ([]Delivery, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT `+deliveryColumns+` FROM webhook_deliveries
		  WHERE job_id = $1 AND account_id = $2 ORDER BY created_at, id`, jobID, accountID)
	if err != nil {
		return nil, fmt.Errorf("list webhook deliveries: %w", err)
	}
	var out []Delivery
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("list webhook deliveries: %w", err)
		}
		out = append(out, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list webhook deliveries: %w", err)
	}
	for i := range out {
		if out[i].Log, err = s.deliveryAttempts(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Store) deliveryAttempts(ctx context.Context, id string) ([]DeliveryAttempt, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT attempt, at, duration_ms, status_code, error FROM webhook_attempts
		  WHERE delivery_id = $1 ORDER BY attempt`, id)
	if err != nil {
		return nil, fmt.Errorf("list webhook attempts: %w", err)
	}
	defer rows.Close()
	out := []DeliveryAttempt{}
	for rows.Next() {
		var (
			a       DeliveryAttempt
			at, dur int64
			code    sql.NullInt64
			msg     sql.NullString
		)
		if err := rows.Scan(&a.Attempt, &at, &dur, &code, &msg); err != nil {
			return nil, fmt.Errorf("list webhook attempts: %w", err)
		}
		a.At, a.Duration = time.UnixMilli(at).UTC(), time.Duration(dur)*time.Millisecond
		a.StatusCode, a.Error = int(code.Int64), msg.String
		out = append(out, a)
	}
	return out, rows.Err()
}
