-- Uploaded documents, for deployments whose processes share no disk (see
-- package blob, type DB). The embedded SQLite default keeps them as files.

-- +goose Up
CREATE TABLE blobs (
    key        TEXT PRIMARY KEY,
    data       BYTEA NOT NULL,
    created_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE blobs;
