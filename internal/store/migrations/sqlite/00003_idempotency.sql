-- Idempotency keys of submissions: one live row per account and key, naming
-- the job the first request created. The row is inserted in the same
-- transaction as the job and its quota charge, so that of two concurrent
-- requests with one key only one creates a job. A row past expires_at is
-- dead: the next request with its key replaces it.

-- +goose Up
CREATE TABLE idempotency_keys (
    account_id   TEXT NOT NULL REFERENCES accounts (id),
    key          TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    job_id       TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_keys_expires ON idempotency_keys (expires_at);

-- +goose Down
DROP TABLE idempotency_keys;
