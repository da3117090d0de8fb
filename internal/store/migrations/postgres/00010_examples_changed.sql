-- +goose Up
-- When the account's supplier examples last changed (added or deleted),
-- in Unix milliseconds. The result cache answers only from a job started
-- after it, so a document read before a review taught something, or read
-- with examples since deleted, is read again.
ALTER TABLE accounts ADD COLUMN examples_changed_at BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE accounts DROP COLUMN examples_changed_at;
