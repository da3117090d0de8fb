-- +goose Up
-- A person's review of a completed job's result. The engine's own output
-- (result, validation_flags, extra) is never changed: the reviewed result
-- is kept beside it. review_status is NULL until a review starts, then
-- 'pending' while a draft waits and 'approved' once approved with no newer
-- draft. draft_result holds the corrections not yet approved, with the
-- boxes the reviewer pointed at (draft_pointed: field path → evidence);
-- reviewed_pointed are those of the approved revision. review_version
-- counts every change of the review, so that two reviewers do not
-- overwrite each other unseen.
ALTER TABLE jobs ADD COLUMN review_status TEXT;
ALTER TABLE jobs ADD COLUMN review_revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN review_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN reviewed_at BIGINT;
ALTER TABLE jobs ADD COLUMN reviewed_result TEXT;
ALTER TABLE jobs ADD COLUMN reviewed_flags TEXT;
ALTER TABLE jobs ADD COLUMN corrected_fields TEXT;
ALTER TABLE jobs ADD COLUMN reviewed_pointed TEXT;
ALTER TABLE jobs ADD COLUMN draft_result TEXT;
ALTER TABLE jobs ADD COLUMN draft_pointed TEXT;
CREATE INDEX jobs_reviewed ON jobs (account_id, review_status, reviewed_at);

-- Every approved revision of a job's result, kept.
CREATE TABLE job_revisions (
    job_id           TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    revision         INTEGER NOT NULL,
    account_id       TEXT NOT NULL,
    result           TEXT NOT NULL,
    validation_flags TEXT NOT NULL,
    corrected_fields TEXT NOT NULL,
    pointed          TEXT,
    created_at       BIGINT NOT NULL,
    PRIMARY KEY (job_id, revision)
);

-- What approved reviews taught about a supplier's invoices (package
-- extract/learn's Example, as JSON), per account and supplier (the key of
-- its VAT id). An example outlives the job it came from; it is deleted on
-- its own.
CREATE TABLE supplier_examples (
    id            TEXT PRIMARY KEY,
    account_id    TEXT NOT NULL REFERENCES accounts (id),
    supplier      TEXT NOT NULL,
    supplier_name TEXT NOT NULL DEFAULT '',
    field         TEXT NOT NULL,
    example       TEXT NOT NULL,
    job_id        TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX supplier_examples_lookup ON supplier_examples (account_id, supplier, created_at);

-- +goose Down
DROP TABLE supplier_examples;
DROP TABLE job_revisions;
DROP INDEX jobs_reviewed;
ALTER TABLE jobs DROP COLUMN draft_pointed;
ALTER TABLE jobs DROP COLUMN draft_result;
ALTER TABLE jobs DROP COLUMN reviewed_pointed;
ALTER TABLE jobs DROP COLUMN corrected_fields;
ALTER TABLE jobs DROP COLUMN reviewed_flags;
ALTER TABLE jobs DROP COLUMN reviewed_result;
ALTER TABLE jobs DROP COLUMN reviewed_at;
ALTER TABLE jobs DROP COLUMN review_version;
ALTER TABLE jobs DROP COLUMN review_revision;
ALTER TABLE jobs DROP COLUMN review_status;
