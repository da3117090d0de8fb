// Package shared locates the project's shared test material (the evaluation
// corpus and the bad-input files), which lives beside the repository in
// ../shared and is never copied into it. Tests that need it skip, saying so,
// when it is absent.
package shared

import (
	"os"
	"path/filepath"
)

// TB is the part of testing.TB that Dir uses. The package does not import
// testing, so that a program that only locates the shared folder (invex
// sweep) does not link the testing package.
type TB interface {
	Helper()
	Skipf(format string, args ...any)
}

// Root returns the shared folder: $INVEX_SHARED when set, otherwise the
// "shared" folder beside the module root. It returns "" when neither exists.
func Root() string {
	if d := os.Getenv("INVEX_SHARED"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			cand := filepath.Join(filepath.Dir(dir), "shared")
			if st, err := os.Stat(cand); err == nil && st.IsDir() {
				return cand
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Dir returns the shared sub-folder sub (such as "badinput" or
// "corpus/public-real"), or skips the test when it is not there.
func Dir(tb TB, sub string) string {
	tb.Helper()
	root := Root()
	if root == "" {
		tb.Skipf("shared test material not found (expected ../shared beside the repository, or $INVEX_SHARED); skipping")
	}
	d := filepath.Join(root, sub)
	if st, err := os.Stat(d); err != nil || !st.IsDir() {
		tb.Skipf("shared folder %s not found; skipping", d)
	}
	return d
}

// Find returns the shared sub-folder sub and whether it is there, for
// tests that use it when present and do without it otherwise.
func Find(sub string) (string, bool) {
	root := Root()
	if root == "" {
		return "", false
	}
	d := filepath.Join(root, sub)
	st, err := os.Stat(d)
	return d, err == nil && st.IsDir()
}
