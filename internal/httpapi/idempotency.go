package httpapi

import (
	"net/http"
	"strings"
)

// CodeIdempotencyKeyReused is the code of a submission whose Idempotency-Key
// was used within the last 24 hours with a different document or fields.
const CodeIdempotencyKeyReused = "idempotency_key_reused"

// maxIdempotencyKey is the longest Idempotency-Key accepted, in bytes.
const maxIdempotencyKey = 255

const idempotencyKeyDoc = "Makes the submission safe to retry: the same key with the same document and fields " +
	"answers with the same job for 24 hours, without consuming quota again " +
	"(the answer then carries `Idempotent-Replayed: true`); the same key with a different document or fields gets " +
	"422 `idempotency_key_reused`. 1 to 255 printable ASCII characters (a UUID is a good choice), optionally in double " +
	"quotes as in the IETF draft. Keys are per account. Only accepted submissions (202) bind a key: a refused one " +
	"may be retried with the same key."

func init() {
	titles[CodeIdempotencyKeyReused] = "Idempotency key reused"
	docsStatuses[CodeIdempotencyKeyReused] = http.StatusUnprocessableEntity
}

// idempotencyKey returns the key of an Idempotency-Key header value: empty
// when there is none. A structured-field string ("…") is unquoted.
func idempotencyKey(v string) (string, *Problem) {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	bad := func() (string, *Problem) {
		return "", problem(http.StatusBadRequest, CodeInvalidRequest,
			"Idempotency-Key must be 1 to 255 printable ASCII characters")
	}
	if len(v) > maxIdempotencyKey {
		return bad()
	}
	for i := 0; i < len(v); i++ {
		if v[i] < 0x20 || v[i] > 0x7e || v[i] == '"' || v[i] == '\\' {
			return bad()
		}
	}
	return v, nil
}

func idempotencyKeyReused() *Problem {
	return problem(http.StatusUnprocessableEntity, CodeIdempotencyKeyReused,
		"this Idempotency-Key was used in the last 24 hours with a different document or fields; "+
			"use a new key for a new request")
}
