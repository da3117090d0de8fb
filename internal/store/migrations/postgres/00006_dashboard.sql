-- +goose Up
-- People who sign in to the web dashboard. Each user belongs to one account;
-- the password is kept only as a bcrypt hash.
CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    account_id    TEXT NOT NULL REFERENCES accounts (id),
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX users_account ON users (account_id);

-- Dashboard sessions: the cookie's token is stored only as its SHA-256.
CREATE TABLE sessions (
    token_hash  BYTEA PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf_token  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- +goose Down
DROP TABLE sessions;
DROP TABLE users;
