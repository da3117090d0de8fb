// Package layers states the project's layering as rules on Go imports and
// checks a dependency graph against them. Its test runs the check on the
// module itself (go list), in the spirit of tailscale's tstest/deptest, so
// that an import that breaks a layer fails the build's tests at once.
package layers

import (
	"fmt"
	"sort"
	"strings"
)

// Module is the import path of this module.
const Module = "github.com/invex/invex"

// A Rule forbids the packages matched by From to depend, directly or
// through other packages, on any package matched by To.
type Rule struct {
	// Why says what the rule keeps, for the failure message.
	Why string
	// From and To are import path patterns: a path, or a path ending in
	// "/..." for it and everything under it.
	From, To []string
	// Direct limits the rule to direct imports: a package may still reach
	// To through another package (the store, say).
	Direct bool
}

// Rules are the layers that hold today. README's layout describes them.
var Rules = []Rule{
	{
		Why:  "the engine (extract, invoice) is a library: it depends on nothing of the service or its test tooling",
		From: []string{Module + "/extract/...", Module + "/invoice/..."},
		To:   []string{Module + "/internal/..."},
	},
	{
		Why: "the service side (API, dashboard, submission, storage) never reads a PDF or a page: documents are read by " +
			"the workers (package jobs), so an API-only process links no PDF reader, OCR or field rules; the page " +
			"vocabulary (extract/layout) is plain data and allowed, and so is the inspection of the other kinds at " +
			"upload (extract/document, einvoice, cms, raster: pure Go, bounded, reading headers and XML only)",
		From: []string{Module + "/internal/httpapi/...", Module + "/internal/dashboard/...", Module + "/internal/store/...",
			Module + "/internal/submit/...", Module + "/internal/blob/...", Module + "/internal/webhook/..."},
		To: []string{Module + "/extract", Module + "/extract/pdf/...", Module + "/extract/ocr/...",
			Module + "/extract/fields/...", Module + "/extract/resolve/...",
			"github.com/klippa-app/go-pdfium/...", "github.com/tetratelabs/wazero/..."},
	},
	{
		Why: "the store is the only place with SQL: other packages call its methods and its transactions (store.Tx); " +
			"the queue is reached through River's client and driver API",
		From: []string{Module + "/internal/httpapi/...", Module + "/internal/dashboard/...", Module + "/internal/jobs/...",
			Module + "/internal/webhook/...", Module + "/internal/blob/...", Module + "/internal/app/...", Module + "/internal/intake/..."},
		To:     []string{"database/sql", "github.com/jackc/pgx/v5", "github.com/jackc/pgx/v5/stdlib", "github.com/jackc/pgx/v5/pgconn"},
		Direct: true,
	},
	{
		Why:  "the invex binary ships to users: it links no testing package",
		From: []string{Module + "/cmd/invex"},
		To:   []string{"testing", "testing/..."},
	},
	{
		Why: "the invex binary ships to users: the test tooling (scoring, fitting, generated invoices, the sweep) " +
			"is built in only with -tags devtools",
		From: []string{Module + "/cmd/invex"},
		To: []string{Module + "/internal/eval/...", Module + "/internal/fit/...", Module + "/internal/testpdf/...",
			Module + "/internal/sweep/...", Module + "/internal/shared/...", Module + "/internal/hostile/...",
			Module + "/internal/testwait/...", Module + "/internal/submittest/...", Module + "/internal/testproc/..."},
	},
}

// Graph maps each package to the packages it depends on: every one,
// directly or not (go list -deps), or only those it imports itself.
type Graph map[string][]string

// Check returns one error per package and broken rule, sorted, naming the
// first forbidden dependency (in go list's order) and how many more there
// are: deps holds every dependency of each package, imports its direct
// imports (for rules with Direct set).
func Check(deps, imports Graph, rules []Rule) []error {
	var out []string
	for _, r := range rules {
		g := deps
		if r.Direct {
			g = imports
		}
		for pkg, deps := range g {
			if !matchAny(pkg, r.From) {
				continue
			}
			var bad []string
			for _, d := range deps {
				if d != pkg && matchAny(d, r.To) {
					bad = append(bad, d)
				}
			}
			switch {
			case len(bad) == 1:
				out = append(out, fmt.Sprintf("%s depends on %s, but %s", pkg, bad[0], r.Why))
			case len(bad) > 1:
				out = append(out, fmt.Sprintf("%s depends on %s (and %d more), but %s", pkg, bad[0], len(bad)-1, r.Why))
			}
		}
	}
	sort.Strings(out)
	errs := make([]error, len(out))
	for i, s := range out {
		errs[i] = fmt.Errorf("%s", s)
	}
	return errs
}

func matchAny(path string, patterns []string) bool {
	for _, p := range patterns {
		if base, ok := strings.CutSuffix(p, "/..."); ok {
			if path == base || strings.HasPrefix(path, base+"/") {
				return true
			}
		} else if path == p {
			return true
		}
	}
	return false
}
