-- The PostgreSQL twin of ../sqlite/00001_init.sql: the same tables, columns
-- and meanings. Times are milliseconds since the Unix epoch (UTC) in both
-- databases, so the store's SQL and scanning code serve both.

-- +goose Up
CREATE TABLE accounts (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    monthly_quota INTEGER NOT NULL CHECK (monthly_quota >= 0),
    created_at    BIGINT NOT NULL
);

CREATE TABLE api_keys (
    id           TEXT PRIMARY KEY,
    account_id   TEXT NOT NULL REFERENCES accounts (id),
    name         TEXT NOT NULL DEFAULT '',
    prefix       TEXT NOT NULL,
    hash         BYTEA NOT NULL UNIQUE,
    created_at   BIGINT NOT NULL,
    last_used_at BIGINT,
    revoked_at   BIGINT
);
CREATE INDEX api_keys_account ON api_keys (account_id);

-- One row per account and calendar month (UTC), counting accepted submissions.
CREATE TABLE quota_usage (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    period     TEXT NOT NULL,
    used       INTEGER NOT NULL,
    PRIMARY KEY (account_id, period)
);

CREATE TABLE jobs (
    id               TEXT PRIMARY KEY,
    account_id       TEXT NOT NULL REFERENCES accounts (id),
    status           TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
    locale           TEXT NOT NULL,
    file_name        TEXT NOT NULL DEFAULT '',
    file_sha256      TEXT NOT NULL,
    file_size        BIGINT NOT NULL,
    blob_key         TEXT,
    cache_key        TEXT NOT NULL,
    queued_at        BIGINT NOT NULL,
    started_at       BIGINT,
    completed_at     BIGINT,
    processing_ms    BIGINT,
    attempt_count    INTEGER NOT NULL DEFAULT 0,
    max_attempts     INTEGER NOT NULL,
    error            TEXT,
    error_code       TEXT,
    confidence       DOUBLE PRECISION,
    model            TEXT,
    cache_hit        INTEGER NOT NULL DEFAULT 0,
    -- JSON documents are kept as TEXT, byte for byte as written (jsonb
    -- would reorder keys and drop whitespace).
    validation_flags TEXT,
    result           TEXT,
    extra            TEXT,
    queue_job_id     BIGINT
);
CREATE INDEX jobs_account_queued ON jobs (account_id, queued_at);
CREATE INDEX jobs_cache ON jobs (account_id, cache_key) WHERE status = 'completed';
CREATE INDEX jobs_open ON jobs (status) WHERE status IN ('pending', 'processing');
CREATE INDEX jobs_finished ON jobs (completed_at) WHERE processing_ms IS NOT NULL AND cache_hit = 0;

-- +goose Down
DROP TABLE jobs;
DROP TABLE quota_usage;
DROP TABLE api_keys;
DROP TABLE accounts;
