// Package apikey makes and recognises invex API keys.
//
// A key is "inv_" followed by 40 base62 characters drawn from crypto/rand
// (about 238 bits). Only its SHA-256 hash is stored; because keys carry that
// much entropy a fast hash is safe, and looking a key up by its hash is
// naturally free of timing leaks about the key itself. The first characters
// (the Prefix) are kept in clear so a person can tell keys apart in a list.
package apikey

import (
	"crypto/rand"
	"crypto/sha256"
	"fmt"
)

// Scheme is the fixed start of every key.
const Scheme = "inv_"

const (
	bodyLen   = 40
	prefixLen = len(Scheme) + 6
	alphabet  = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
)

// Key is a newly generated key. Plain is shown to its owner once and never
// stored.
type Key struct {
	Plain  string
	Prefix string
	Hash   []byte
}

// New generates a random key.
func New() (Key, error) {
	b := make([]byte, bodyLen)
	out := make([]byte, 0, len(Scheme)+bodyLen)
	out = append(out, Scheme...)
	for len(out) < cap(out) {
		if _, err := rand.Read(b); err != nil {
			return Key{}, fmt.Errorf("generate api key: %w", err)
		}
		for _, c := range b {
			// Rejection sampling keeps every character equally likely.
			if c >= 62*4 {
				continue
			}
			out = append(out, alphabet[c%62])
			if len(out) == cap(out) {
				break
			}
		}
	}
	plain := string(out)
	return Key{Plain: plain, Prefix: plain[:prefixLen], Hash: Hash(plain)}, nil
}

// Hash returns the value stored for key.
func Hash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// WellFormed reports whether s has the shape of a key, so that junk can be
// refused without a database lookup.
func WellFormed(s string) bool {
	if len(s) != len(Scheme)+bodyLen || s[:len(Scheme)] != Scheme {
		return false
	}
	for i := len(Scheme); i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z') {
			return false
		}
	}
	return true
}
