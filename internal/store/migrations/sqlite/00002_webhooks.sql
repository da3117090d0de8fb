-- Webhooks: each account's endpoint and signing secret, the per-job
-- webhook URL given on submission, and the outbox of events with the log of
-- every delivery attempt. See package webhook.

-- +goose Up
-- One row per account that has a signing secret. url is NULL when the
-- account has a secret (for per-job URLs) but no account-level endpoint.
-- During a rotation previous_secret is still signed with until
-- previous_until.
CREATE TABLE webhook_endpoints (
    account_id      TEXT PRIMARY KEY REFERENCES accounts (id),
    url             TEXT,
    secret          TEXT NOT NULL,
    previous_secret TEXT,
    previous_until  INTEGER,
    disabled_at     INTEGER,
    disabled_reason TEXT,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);

-- The webhook URL a submission named, overriding the account's endpoint.
CREATE TABLE job_webhooks (
    job_id TEXT PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
    url    TEXT NOT NULL
);

-- One row per event to deliver (the outbox), written in the transaction
-- that ends the job. id is the Standard Webhooks message id (webhook-id),
-- the same on every attempt.
CREATE TABLE webhook_deliveries (
    id               TEXT PRIMARY KEY,
    job_id           TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    account_id       TEXT NOT NULL REFERENCES accounts (id),
    event            TEXT NOT NULL,
    target           TEXT NOT NULL CHECK (target IN ('account', 'job')),
    url              TEXT NOT NULL,
    payload          TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    last_attempt_at  INTEGER,
    next_attempt_at  INTEGER,
    finished_at      INTEGER,
    UNIQUE (job_id, event)
);
CREATE INDEX webhook_deliveries_account ON webhook_deliveries (account_id, created_at);

CREATE TABLE webhook_attempts (
    delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt     INTEGER NOT NULL,
    at          INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    status_code INTEGER,
    error       TEXT,
    PRIMARY KEY (delivery_id, attempt)
);

-- +goose Down
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE job_webhooks;
DROP TABLE webhook_endpoints;
