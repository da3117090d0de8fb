// Package fit turns corpus cases into training examples for the engine's
// resolver (package extract/resolve): each case is read by the engine, its
// candidates found, and each candidate labelled right or wrong by the
// corpus truth under the rules of the corpus format. Fitting per held-out
// origin gives the honest score of invex eval --holdout origin.
package fit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/resolve"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/invoice"
)

// Cache holds the resolver documents of cases, read once: fitting for
// every held-out origin reuses them.
type Cache struct {
	Engine *extract.Engine
	mu     sync.Mutex
	docs   map[string]*resolve.Doc // by case PDF path; nil when unreadable
}

// NewCache returns a cache reading documents with eng.
func NewCache(eng *extract.Engine) *Cache {
	return &Cache{Engine: eng, docs: map[string]*resolve.Doc{}}
}

// readAttempts is how many times a case is read when reading fails for a
// reason that may pass (a time limit on a busy machine, a crashed reader).
const readAttempts = 3

// Doc returns a case's resolver document, reading it the first time. An
// embedded e-invoice or a document that can never be read (damaged, no
// text) gives nil: nothing to learn from the page. A failure that may pass
// is tried again, and then returned: a fit that silently lacked the case
// would differ from one run to the next with the machine's load.
func (c *Cache) Doc(ctx context.Context, cs eval.Case) (*resolve.Doc, error) {
	c.mu.Lock()
	d, ok := c.docs[cs.PDF]
	c.mu.Unlock()
	if ok {
		return d, nil
	}
	data, err := os.ReadFile(cs.PDF)
	if err != nil {
		return nil, fmt.Errorf("read case %s: %w", cs.Name, err)
	}
	tries := 0
	for tries < readAttempts {
		tries++
		d, err = c.Engine.Candidates(ctx, data, extract.Options{Locale: cs.Truth.Locale})
		var xe *extract.Error
		if errors.As(err, &xe) && xe.Permanent || errors.Is(err, extract.ErrEmbedded) {
			d, err = nil, nil
		}
		if err == nil || ctx.Err() != nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("read case %s (%d attempts): %w", cs.Name, tries, err)
	}
	c.mu.Lock()
	c.docs[cs.PDF] = d
	c.mu.Unlock()
	return d, nil
}

// Warm reads the documents of cases, workers at a time.
func (c *Cache) Warm(ctx context.Context, cases []eval.Case, workers int) error {
	if workers < 1 {
		workers = runtime.NumCPU()
	}
	next := make(chan eval.Case)
	errs := make(chan error, len(cases))
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for cs := range next {
				if _, err := c.Doc(ctx, cs); err != nil {
					errs <- err
				}
			}
		})
	}
	for _, cs := range cases {
		next <- cs
	}
	close(next)
	wg.Wait()
	close(errs)
	return <-errs
}

// Examples returns the training examples of cases (the digital and scanned
// ones the engine reads from the page), weighted so that every origin (a
// layout family) weighs the same in the fit however many cases it has.
func (c *Cache) Examples(ctx context.Context, cases []eval.Case) ([]resolve.Example, error) {
	var out []resolve.Example
	perOrigin := map[string]int{}
	var origins []string
	for _, cs := range cases {
		d, err := c.Doc(ctx, cs)
		if err != nil {
			return nil, err
		}
		if d == nil {
			continue
		}
		ex := Label(d, cs.Truth)
		ex.Name, ex.Origin = cs.Name, cs.Origin()
		out = append(out, ex)
		origins = append(origins, cs.Origin())
		perOrigin[cs.Origin()]++
	}
	// Each origin's cases share one unit of weight, scaled so that the
	// weights add up to the number of cases.
	for i := range out {
		out[i].Weight = float64(len(out)) / float64(len(perOrigin)) / float64(perOrigin[origins[i]])
	}
	return out, nil
}

// Label labels a document's candidates with a case's truth.
func Label(d *resolve.Doc, t eval.Truth) resolve.Example {
	ex := resolve.Example{Doc: d, Right: map[string]func(*resolve.Value) bool{}, Null: map[string]bool{}}
	for _, f := range resolve.Fields {
		if party, ok := strings.CutSuffix(f.Name, ".postal"); ok {
			labelPostal(ex, t, f.Name, party)
			continue
		}
		want, ok := lookup(t.Result, f.Name)
		if !ok {
			continue
		}
		if want == nil {
			ex.Null[f.Name] = true
			ex.Right[f.Name] = func(*resolve.Value) bool { return false }
			continue
		}
		leaf := f.Name[strings.LastIndexByte(f.Name, '.')+1:]
		name := f.Name
		ex.Right[name] = func(v *resolve.Value) bool { return eval.Equal(leaf, want, Got(name, v)) }
	}
	if items, ok := t.Result["line_items"]; ok {
		only := eval.Truth{Locale: t.Locale, Kind: t.Kind, Result: map[string]any{"line_items": items}}
		ex.ItemsScore = func(its []resolve.Item) int { return exactRows(only, its) }
	}
	return ex
}

// labelPostal labels a party's postal line candidates: right when they
// give the truth's postal code and city (those the truth has).
func labelPostal(ex resolve.Example, t eval.Truth, name, party string) {
	zip, okZ := lookup(t.Result, party+".zip_code")
	city, okC := lookup(t.Result, party+".city")
	if !okZ && !okC || zip == nil && city == nil && (okZ || okC) && !(okZ && okC) {
		return
	}
	if zip == nil && city == nil {
		ex.Null[name] = true
		ex.Right[name] = func(*resolve.Value) bool { return false }
		return
	}
	ex.Right[name] = func(v *resolve.Value) bool {
		z, c, _ := strings.Cut(v.Norm, "\t")
		if v.Zip != "" || v.City != "" {
			z, c = v.Zip, v.City
		}
		if okZ && zip != nil && !eval.Equal("zip_code", zip, z) {
			return false
		}
		if okC && city != nil && !eval.Equal("city", city, c) {
			return false
		}
		return (okZ && zip != nil) || (okC && city != nil)
	}
}

// exactRows counts the truth's item rows a reading gets exactly right.
func exactRows(t eval.Truth, items []resolve.Item) int {
	r := invoice.Empty()
	for _, it := range items {
		r.LineItems = append(r.LineItems, it.LineItem())
	}
	rep := eval.NewReport()
	rep.Add(eval.Score(t, r, nil), nil)
	return rep.ExactRows.Hit
}

// Got is the value a candidate gives a field, as the result holds it.
func Got(field string, v *resolve.Value) any {
	switch v.Type {
	case resolve.TAmount:
		return resolve.Choice{Value: v}.FieldNumber(field)
	case resolve.TPercent:
		return v.Num
	}
	return v.Norm
}

// lookup returns the truth value at a dotted path, and whether the truth
// gives one (null included).
func lookup(tree map[string]any, path string) (any, bool) {
	parts := strings.Split(path, ".")
	var cur any = tree
	for _, p := range parts {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[p]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// Seed is the random seed of every fit: the same cases give the same
// weights.
const Seed = 1
