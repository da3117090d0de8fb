// Command fitweights fits the weights of the engine's resolver (package
// extract/resolve) on corpus cases and writes them where the engine reads
// them at start:
//
//	go run ./internal/testpdf/gencorpus -n 1000 -seed 1 -out /tmp/gen1000
//	go run ./internal/testpdf/gencorpus -n 96 -seed 7 -first 5000 -scanned -out /tmp/genscan
//	go run ./internal/fit/fitweights -kind digital,scanned -out extract/resolve/weights.json \
//	    ../shared/corpus/einvoice-visual ../shared/corpus/einvoice-fatturapa \
//	    ../shared/corpus/it-attached ../shared/corpus/public-real \
//	    ../shared/corpus/fresh-real ../shared/corpus/einvoice-scanned \
//	    /tmp/gen1000 /tmp/genscan
//
// With -recall it fits nothing but prints, for every field, how many
// documents of the folders have a candidate giving the truth and how many
// the resolver gets right, held out by origin and plain; -train folders
// are only trained on:
//
//	go run ./internal/fit/fitweights -recall -without-rules -train /tmp/gen5 \
//	    ../shared/corpus/einvoice-visual …
//
// The same cases always give the same weights. Cases whose kind is not
// digital are left out unless -kind says otherwise (scanned cases need
// Tesseract and take longer).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/extract/resolve"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/fit"
)

// trainingTimeout bounds the reading of a training case's document and the
// OCR of each of its pages. The service's limits (seconds) are for a
// user's upload; a training case is known to read, and a fit whose cases
// time out on a busy machine would stop (fit.Cache retries, then fails)
// or, worse, depend on the machine's load.
const trainingTimeout = 5 * time.Minute

func main() {
	pdf.ServeIfChild()
	log.SetFlags(0)
	out := flag.String("out", "extract/resolve/weights.json", "`file` to write the model to")
	kinds := flag.String("kind", "digital", "comma-separated `kinds` of cases to fit on: digital, scanned")
	workers := flag.Int("workers", runtime.NumCPU(), "`number` of documents read at once")
	show := flag.Int("show", 8, "print this `number` of each field's largest weights")
	l2s := flag.String("l2", "0", "weight of the L2 penalty (0: the default of resolve.Fit); several, comma-separated, write one model each to FILE.<l2>")
	explain := flag.String("explain", "", "instead of fitting, show the best candidates of every field on this `PDF` with the model of -out")
	compareItems := flag.Bool("compare-items", false, "instead of fitting, count the item rows each reading gets exactly right, and those the fitted choice gets when each origin is held out of its fit")
	recallDirs := flag.Bool("recall", false, "instead of fitting, print for every field how many documents of the folders have a candidate giving the truth, and how many the resolver gets right held out by origin and plain (fitted on all); -train folders are only trained on")
	var train trainDirs
	flag.Var(&train, "train", "with -recall, a `folder` of cases only trained on (repeatable)")
	missing := flag.Bool("missing", false, "with -recall, list per field the documents with no candidate giving the truth instead of fitting")
	noRules := flag.Bool("without-rules", false, "keep the hand-written rules' choices out of the candidates (with -recall, -explain or when fitting)")
	flag.Parse()
	if *recallDirs {
		if err := recall(strings.Split(*kinds, ","), *workers, flag.Args(), train, *noRules, *missing); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *compareItems {
		if err := compare(strings.Split(*kinds, ","), *workers, flag.Args()); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *explain != "" {
		if err := explainCase(*out, *explain, *noRules); err != nil {
			log.Fatal(err)
		}
		return
	}
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	var l2 []float64
	for _, x := range strings.Split(*l2s, ",") {
		v, err := strconv.ParseFloat(x, 64)
		if err != nil {
			log.Fatalf("-l2: %v", err)
		}
		l2 = append(l2, v)
	}
	if err := run(*out, strings.Split(*kinds, ","), *workers, *show, l2, flag.Args(), *noRules); err != nil {
		log.Fatal(err)
	}
}

func run(out string, kinds []string, workers, show int, l2s []float64, dirs []string, noRules bool) error {
	start := time.Now()
	cases, exs, closeEng, err := examples(kinds, workers, dirs, noRules)
	if err != nil {
		return err
	}
	defer closeEng()
	read := time.Since(start)
	for _, l2 := range l2s {
		file := out
		if len(l2s) > 1 {
			file = fmt.Sprintf("%s.%g", out, l2)
		}
		if err := fitOne(file, exs, l2, cases, dirs, start, read, show, noRules); err != nil {
			return err
		}
	}
	return nil
}

func fitOne(out string, exs []resolve.Example, l2 float64, cases []eval.Case, dirs []string, start time.Time, read time.Duration, show int, noRules bool) error {
	// The resolver alone is fitted listwise (see resolve.FitOptions).
	m := resolve.Fit(exs, resolve.FitOptions{Seed: fit.Seed, L2: l2, Listwise: noRules, Note: fmt.Sprintf("by internal/fit/fitweights on %d folders", len(dirs))})
	data, err := m.JSON()
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, append(data, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Printf("fitted on %d documents of %d cases in %.1f s (reading %.1f s); arithmetic bonus %.1f\n", len(exs), len(cases), time.Since(start).Seconds(), read.Seconds(), m.ArithBonus)
	for _, f := range resolve.Fields {
		fmt.Printf("%-28s threshold %.2f  %s\n", f.Name, m.Fields[f.Name].Threshold, strings.Join(m.Weights(f.Name, show), ", "))
	}
	if m.Pairs != nil {
		fmt.Printf("%-28s %v\n", "pair of names", m.Pairs.Weights)
	}
	return nil
}

// compare prints, per folder, the item rows the rules' reading and the
// arithmetic reading get exactly right.
func compare(kinds []string, workers int, dirs []string) error {
	cases, exs, closeEng, err := examples(kinds, workers, dirs, false)
	if err != nil {
		return err
	}
	defer closeEng()
	_ = cases
	var old, arith, alone, both int
	for _, ex := range exs {
		if ex.ItemsScore == nil {
			continue
		}
		t := resolve.ReadItems(ex.Doc)
		o, a, n := ex.ItemsScore(ex.Doc.RuleItems), ex.ItemsScore(resolve.Merge(t, ex.Doc.RuleItems)), ex.ItemsScore(t.Items)
		if v := os.Getenv("VERBOSE"); v == "all" || v != "" && (o != a || a != n) {
			fmt.Printf("%s: rules %d, arithmetic %d, arithmetic alone %d\n", ex.Name, o, a, n)
		}
		old += o
		arith += a
		alone += n
		both += max(o, a)
	}
	fmt.Printf("exact rows: rules %d, arithmetic %d (alone, without the rules' descriptions, units and rates: %d), the better of the two per document %d\n", old, arith, alone, both)
	// The fitted choice, held out by origin.
	m := resolve.Fit(exs, resolve.FitOptions{Seed: fit.Seed})
	byOrigin := map[string][]int{}
	for i, ex := range exs {
		byOrigin[ex.Origin] = append(byOrigin[ex.Origin], i)
	}
	chosen, chosenReal, oldReal, bestReal := 0, 0, 0, 0
	for origin, idx := range byOrigin {
		held := map[int]bool{}
		for _, i := range idx {
			held[i] = true
		}
		var train []resolve.Example
		for i, ex := range exs {
			if !held[i] {
				train = append(train, ex)
			}
		}
		fm := *m
		fm.Items = resolve.FitItems(train, m, resolve.FitOptions{Seed: fit.Seed})
		for _, i := range idx {
			ex := exs[i]
			if ex.ItemsScore == nil {
				continue
			}
			t := resolve.ReadItems(ex.Doc)
			o, a := ex.ItemsScore(ex.Doc.RuleItems), ex.ItemsScore(resolve.Merge(t, ex.Doc.RuleItems))
			c := o
			use, p := fm.ChooseItems(ex.Doc.RuleItems, t, fm.Resolve(ex.Doc))
			if use {
				c = a
			}
			if os.Getenv("VERBOSE") != "" && o != a && !strings.HasPrefix(origin, "gen:") {
				fmt.Printf("held out %s: rules %d, arithmetic %d, chose arithmetic %v (p %.2f) %v\n", ex.Name, o, a, use, p, resolve.ItemChoiceFeatures(ex.Doc.RuleItems, t, fm.Resolve(ex.Doc)))
			}
			chosen += c
			if !strings.HasPrefix(origin, "gen:") {
				chosenReal += c
				oldReal += o
				bestReal += max(o, a)
			}
		}
	}
	fmt.Printf("the fitted choice, each origin held out of its fit: %d; of the cases not generated: rules %d, choice %d, better of the two %d\n", chosen, oldReal, chosenReal, bestReal)
	return nil
}

// examples reads and labels the cases of dirs of the given kinds, with the
// rules' choices among the candidates unless noRules.
func examples(kinds []string, workers int, dirs []string, noRules bool) ([]eval.Case, []resolve.Example, func(), error) {
	var cases []eval.Case
	for _, dir := range dirs {
		cs, _, err := eval.LoadDir(dir)
		if err != nil {
			return nil, nil, nil, err
		}
		for _, c := range cs {
			for _, k := range kinds {
				if c.Truth.Kind == k {
					cases = append(cases, c)
				}
			}
		}
	}
	eng, err := extract.New(extract.Config{PDF: pdf.Config{Instances: workers, Isolated: true, Timeout: trainingTimeout}, OCR: ocr.Config{PageTimeout: trainingTimeout}, WithoutRules: noRules})
	if err != nil {
		return nil, nil, nil, err
	}
	cache := fit.NewCache(eng)
	ctx := context.Background()
	if err := cache.Warm(ctx, cases, workers); err != nil {
		eng.Close()
		return nil, nil, nil, err
	}
	exs, err := cache.Examples(ctx, cases)
	if err != nil {
		eng.Close()
		return nil, nil, nil, err
	}
	return cases, exs, func() { eng.Close() }, nil
}

// explainCase prints the best candidates of every field on one document.
func explainCase(modelPath, path string, noRules bool) error {
	data, err := os.ReadFile(modelPath)
	if err != nil {
		return err
	}
	m, err := resolve.Parse(data)
	if err != nil {
		return err
	}
	eng, err := extract.New(extract.Config{Model: m, WithoutRules: noRules})
	if err != nil {
		return err
	}
	defer eng.Close()
	c, err := eval.LoadCase(path)
	locale := "it"
	if err == nil {
		locale = c.Truth.Locale
	}
	pdfData, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	d, err := eng.Candidates(context.Background(), pdfData, extract.Options{Locale: locale})
	if err != nil {
		return err
	}
	for _, f := range resolve.Fields {
		fmt.Printf("%s (threshold %.2f)\n", f.Name, m.Fields[f.Name].Threshold)
		for _, line := range m.Explain(d, f.Name) {
			fmt.Println("   ", line)
		}
	}
	t := resolve.ReadItems(d)
	use, p := m.ChooseItems(d.RuleItems, t, m.Resolve(d))
	fmt.Printf("line items: the arithmetic reading is chosen %v (p %.2f)\n", use, p)
	show := func(name string, items []resolve.Item) {
		fmt.Printf("  %s, %d rows\n", name, len(items))
		for _, it := range items {
			b, _ := json.Marshal(it.LineItem())
			fmt.Printf("    %s\n", b)
		}
	}
	show("the rules' reading", d.RuleItems)
	show("the arithmetic reading", t.Items)
	show("the arithmetic reading completed by the rules'", resolve.Merge(t, d.RuleItems))
	if c.Truth.Result != nil {
		b, _ := json.Marshal(c.Truth.Result["line_items"])
		fmt.Printf("  truth: %s\n", b)
	}
	return nil
}
