-- The PostgreSQL twin of ../sqlite/00003_idempotency.sql: idempotency keys
-- of submissions, one live row per account and key.

-- +goose Up
CREATE TABLE idempotency_keys (
    account_id   TEXT NOT NULL REFERENCES accounts (id),
    key          TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    job_id       TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_keys_expires ON idempotency_keys (expires_at);

-- +goose Down
DROP TABLE idempotency_keys;
