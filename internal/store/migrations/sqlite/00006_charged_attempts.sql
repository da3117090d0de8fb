-- +goose Up
-- Attempts counted against the document: those whose reader crashed, ran
-- out of time or failed inside the engine. attempt_count counts every
-- attempt, including those lost to a worker process that died; a job fails
-- when its document has used max_attempts, or when its worker process was
-- lost more often than the rescue limit (see package jobs).
ALTER TABLE jobs ADD COLUMN charged_attempts INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE jobs DROP COLUMN charged_attempts;
