-- Job management: listing (by account, newest first), deletion, and the
-- retention of uploaded documents.

-- +goose Up
-- When the uploaded document was deleted by the retention sweep (blob_key is
-- then NULL); NULL while it is kept, and for jobs that never stored one.
ALTER TABLE jobs ADD COLUMN document_deleted_at BIGINT;
-- The retention sweep looks for the oldest jobs still holding a document.
CREATE INDEX jobs_documents ON jobs (queued_at) WHERE blob_key IS NOT NULL;
-- Listing pages through an account's jobs newest first, ties broken by id.
CREATE INDEX jobs_account_list ON jobs (account_id, queued_at DESC, id DESC);

-- +goose Down
DROP INDEX jobs_account_list;
DROP INDEX jobs_documents;
ALTER TABLE jobs DROP COLUMN document_deleted_at;
