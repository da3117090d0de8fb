package submit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/invex/invex/internal/store"
)

// DefaultIdempotencyTTL is how long an idempotency key names the job its
// first request created.
const DefaultIdempotencyTTL = 24 * time.Hour

// Submit charges one unit of quota and creates the job: completed at once from
// the account's cache when the same document was read before, otherwise
// pending on the queue. It returns store.ErrQuotaExhausted when the month's
// quota is spent. The spool file is consumed in every case.
//
// With an IdempotencyKey, a key already used by the account within
// IdempotencyTTL answers with the job it named (Accepted.Replayed), without
// charging the quota again, if RequestHash is the same, and with
// store.ErrIdempotencyKeyReused if not. The key is claimed in the
// transaction that charges the quota and inserts the job, so of concurrent
// submissions with one key exactly one creates a job and the others answer
// with it.
//
// Fields the client can fix are refused with an *Error, before anything is
// charged.
func (s *Submitter) Submit(ctx context.Context, in Submission) (Accepted, error) {
	defer removeQuietly(in.SpoolPath)
	sub, err := s.check(ctx, in)
	if err != nil {
		return Accepted{}, err
	}
	acc, err := s.submitOnce(ctx, sub)
	acc.WebhookConfigured = err == nil && sub.hooked
	return acc, err
}

// submitOnce submits sub, once per idempotency key.
func (s *Submitter) submitOnce(ctx context.Context, sub checked) (Accepted, error) {
	if sub.IdempotencyKey == "" {
		return s.submit(ctx, sub)
	}
	if acc, ok, err := s.replay(ctx, sub); ok || err != nil {
		return acc, err
	}
	acc, err := s.submit(ctx, sub)
	if err == nil {
		s.pruneKeys(ctx)
	}
	if errors.Is(err, store.ErrIdempotencyKeyTaken) || errors.Is(err, store.ErrQuotaExhausted) {
		// Another request with the key got there first (a spent quota may
		// be its charge): answer with its job.
		racc, ok, rerr := s.replay(ctx, sub)
		switch {
		case rerr != nil:
			return Accepted{}, rerr
		case ok:
			return racc, nil
		case errors.Is(err, store.ErrIdempotencyKeyTaken):
			// The winner's record expired in between: a rare race, which
			// the client resolves by retrying.
			return Accepted{}, fmt.Errorf("submit with idempotency key: %w", err)
		}
	}
	return acc, err
}

// Admit refuses an upload before a byte of it is read when the account's
// month's quota is spent (store.ErrQuotaExhausted), unless its idempotency
// key names a live earlier submission, which it may replay.
func (s *Submitter) Admit(ctx context.Context, accountID string, monthlyQuota int, idempotencyKey string) error {
	now := s.Store.Now()
	used, err := s.Store.QuotaUsed(ctx, accountID, store.Period(now))
	if err != nil {
		return err
	}
	if used < monthlyQuota {
		return nil
	}
	if idempotencyKey != "" {
		_, err := s.Store.IdempotencyRecord(ctx, accountID, idempotencyKey, now)
		if err == nil {
			return nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	return store.ErrQuotaExhausted
}

// replay answers a submission whose key names a live record: ok with the
// record's job when the request is the same, store.ErrIdempotencyKeyReused
// when it differs, not ok when there is no live record.
func (s *Submitter) replay(ctx context.Context, sub checked) (Accepted, bool, error) {
	now := s.Store.Now()
	rec, err := s.Store.IdempotencyRecord(ctx, sub.AccountID, sub.IdempotencyKey, now)
	if errors.Is(err, store.ErrNotFound) {
		return Accepted{}, false, nil
	}
	if err != nil {
		return Accepted{}, false, err
	}
	if rec.RequestHash != sub.requestHash {
		return Accepted{}, false, store.ErrIdempotencyKeyReused
	}
	used, err := s.Store.QuotaUsed(ctx, sub.AccountID, store.Period(now))
	if err != nil {
		return Accepted{}, false, err
	}
	acc := Accepted{Job: store.Job{ID: rec.JobID}, QuotaRemaining: max(sub.MonthlyQuota-used, 0),
		EstimatedSeconds: 1, Replayed: true}
	job, err := s.Store.Job(ctx, sub.AccountID, rec.JobID)
	switch {
	case err == nil:
		acc.Job = job
		if job.Status == store.StatusPending || job.Status == store.StatusProcessing {
			acc.EstimatedSeconds = s.Estimator.Estimate(ctx)
		}
	case !errors.Is(err, store.ErrNotFound):
		// A job deleted since keeps its id: its poll answers 404.
		return Accepted{}, false, err
	}
	return acc, true, nil
}

// claimKeyTx claims the submission's idempotency key, if any, for job inside
// the transaction that creates it.
func (s *Submitter) claimKeyTx(ctx context.Context, tx *store.Tx, sub checked, job store.Job) error {
	if sub.IdempotencyKey == "" {
		return nil
	}
	ttl := s.IdempotencyTTL
	if ttl <= 0 {
		ttl = DefaultIdempotencyTTL
	}
	return tx.ClaimIdempotencyKey(ctx, store.IdempotencyRecord{
		AccountID:   sub.AccountID,
		Key:         sub.IdempotencyKey,
		RequestHash: sub.requestHash,
		JobID:       job.ID,
		CreatedAt:   job.QueuedAt,
		ExpiresAt:   job.QueuedAt.Add(ttl),
	})
}

// pruneInterval is how often dead idempotency records are removed.
const pruneInterval = time.Hour

// pruneKeys removes dead idempotency records, at most once per
// pruneInterval, in the background. Dead records are ignored anyway; this
// only keeps the table small.
func (s *Submitter) pruneKeys(ctx context.Context) {
	s.pruneMu.Lock()
	defer s.pruneMu.Unlock()
	if time.Since(s.prunedAt) < pruneInterval {
		return
	}
	s.prunedAt = time.Now()
	now := s.Store.Now()
	go func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		n, err := s.Store.DeleteExpiredIdempotencyKeys(ctx, now)
		if err != nil {
			s.Logger.Warn("remove dead idempotency keys", "err", err)
			return
		}
		if n > 0 {
			s.Logger.Info("removed dead idempotency keys", "keys", n)
		}
	}()
}
