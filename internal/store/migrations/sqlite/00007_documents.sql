-- +goose Up
-- kind is the kind of file submitted, told from its bytes (pdf, xml, p7m,
-- zip, jpeg, png, tiff, webp); documents lists every invoice of a file
-- that held several (JSON, as the engine's caller wrote it), NULL for a
-- file of one invoice.
ALTER TABLE jobs ADD COLUMN kind TEXT NOT NULL DEFAULT 'pdf';
ALTER TABLE jobs ADD COLUMN documents TEXT;

-- +goose Down
ALTER TABLE jobs DROP COLUMN documents;
ALTER TABLE jobs DROP COLUMN kind;
