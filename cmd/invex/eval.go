//go:build devtools

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/extract/resolve"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/fit"
)

func evalCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runEval(ctx, args, stdout, stderr, resolverLearner)
}

// resolverLearner fits the engine's learned part, the resolver's weights
// (package extract/resolve), on the training cases of invex eval --holdout:
// each case is read once (internal/fit caches its candidates), and every
// fit labels the training cases' candidates with their truth.
func resolverLearner(sc *scorer) eval.Learner {
	cache := fit.NewCache(sc.eng)
	return eval.LearnerFunc(func(ctx context.Context, train []eval.Case) (eval.Model, error) {
		if err := cache.Warm(ctx, train, sc.workers); err != nil {
			return nil, err
		}
		exs, err := cache.Examples(ctx, train)
		if err != nil {
			return nil, err
		}
		m, err := fitOrStop(ctx, func() *resolve.Model {
			return resolve.Fit(exs, resolve.FitOptions{Seed: sc.seed, Listwise: sc.listwise, L2: sc.l2})
		})
		if err != nil {
			return nil, err
		}
		return fittedModel{m, len(exs)}, nil
	})
}

// fitOrStop runs a fit, which takes minutes and does not look at ctx, and
// returns when it ends or when ctx does (an interrupt): the command then
// exits, and the abandoned fit with it.
func fitOrStop(ctx context.Context, fit func() *resolve.Model) (*resolve.Model, error) {
	done := make(chan *resolve.Model, 1)
	go func() { done <- fit() }()
	select {
	case m := <-done:
		return m, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("fit resolver weights: %w", ctx.Err())
	}
}

// fittedModel is the resolver's model as eval reports it.
type fittedModel struct {
	m    *resolve.Model
	docs int
}

func (f fittedModel) Describe() string {
	return fmt.Sprintf("resolver weights fitted on %d documents", f.docs)
}

// runEval is invex eval; learner makes the learner fitting the engine's
// learned parts for --holdout.
func runEval(ctx context.Context, args []string, stdout, stderr io.Writer, learner func(*scorer) eval.Learner) error {
	fs := newFlagSet("eval", `Usage: invex eval [--json] [--kind K] [--holdout origin] [--workers N] [--min-accuracy P] DIR|FILE.pdf...

Measures the extraction engine against hand-checked truth. A case is a PDF
with its truth beside it, <name>.pdf and <name>.truth.json, in the format of
the corpus's FORMAT.md. Each DIR gives its own cases (not its subfolders');
a FILE.pdf is one case. Every case is extracted in this process, with its
truth's locale as the hint, and scored by the rules of FORMAT.md.

The report gives the overall figures (field accuracy, the "no invented
value" rate, exact line-item rows, line-item precision, expected flags), a
table per field, and every case with a miss. With --min-accuracy the command
exits with status 1 when the field accuracy is below P, a fraction: 0.995
means 99.5%.

With --holdout origin, the cases are grouped by the origin of their truth
(their layout family; cases without one form the group "(none)") and each
origin is scored with what the engine learned from the other origins only
(leave one origin out). The report gives each origin's figures, the overall
held-out figures beside the plain ones (everything learned from all cases),
and the mean of the origins' field accuracy (macro average), which a single
big origin cannot dominate. The per-field table, calibration and misses are
held out; --min-accuracy applies to the held-out field accuracy. The
engine's learned part, the resolver's weights, is fitted anew for every
origin on the other origins' cases (and once on all cases for the plain
figures); the report says what was fitted.`, stderr)
	asJSON := fs.Bool("json", false, "print the full report, every field of every case, as JSON")
	workers := fs.Int("workers", runtime.NumCPU(), "`number` of documents extracted at once; one per CPU by default")
	minAccuracy := fs.Float64("min-accuracy", 0, "fail when the field accuracy (held out, with --holdout) is below this `fraction`; 0 never fails")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up on one document after this long")
	kind := fs.String("kind", "", "score only the cases of this `kind`: digital, scanned or embedded-xml")
	holdout := fs.String("holdout", "", "score each group of cases with what was learned from the others; the one `key` is origin")
	modelFile := fs.String("model", "", "extract with the resolver model of this `file` (written by internal/fit/fitweights) instead of the stored one")
	withoutRules := fs.Bool("without-rules", false, "keep the hand-written rules' choices out of the resolver's candidates: what the new core reads alone (use with --holdout: the stored weights expect them)")
	seed := fs.Uint64("fit-seed", fit.Seed, "with --holdout: the random `seed` of the fits; figures that move with it are noise")
	l2 := fs.Float64("fit-l2", 0, "with --holdout: the `weight` of the fits' L2 penalty; 0 is the default of the shipped fit")
	var trainDirs stringList
	fs.Var(&trainDirs, "train", "with --holdout: also fit on the cases of this `DIR` (repeatable), never scoring them, such as a generated set")
	trainKind := fs.String("train-kind", "", "with --train: fit only on the training cases of this `kind` (digital, scanned or embedded-xml); all of them by default")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case fs.NArg() == 0:
		return usageError{"eval needs at least one DIR or FILE.pdf"}
	case *workers < 1:
		return usageError{fmt.Sprintf("--workers must be at least 1; got %d", *workers)}
	case *minAccuracy < 0 || math.IsNaN(*minAccuracy):
		return usageError{fmt.Sprintf("--min-accuracy must be a fraction such as 0.995; got %v", *minAccuracy)}
	case *timeout <= 0:
		return usageError{"--timeout must be positive"}
	case *l2 < 0 || math.IsNaN(*l2) || math.IsInf(*l2, 0):
		return usageError{fmt.Sprintf("--fit-l2 must be a penalty of 0 or more (0: the default); got %v", *l2)}
	case *holdout != "" && *holdout != eval.HoldoutOrigin:
		return usageError{fmt.Sprintf("--holdout takes only %q; got %q", eval.HoldoutOrigin, *holdout)}
	case len(trainDirs) > 0 && *holdout == "":
		return usageError{"--train needs --holdout origin"}
	case *trainKind != "" && len(trainDirs) == 0:
		return usageError{"--train-kind needs --train"}
	}
	cases, err := loadCases(fs.Args(), stderr)
	if err != nil {
		return err
	}
	if *kind != "" {
		if cases = ofKind(cases, *kind); len(cases) == 0 {
			return fmt.Errorf("no case of kind %q", *kind)
		}
	}
	var model *resolve.Model
	if *modelFile != "" {
		data, err := os.ReadFile(*modelFile)
		if err != nil {
			return fmt.Errorf("read model: %w", err)
		}
		if model, err = resolve.Parse(data); err != nil {
			return err
		}
	}
	sc, err := newScorer(*workers, *timeout, model, *withoutRules)
	if err != nil {
		return err
	}
	defer sc.close()
	sc.seed = *seed
	sc.l2 = *l2

	if *holdout != "" {
		start := time.Now()
		l := learner(sc)
		if len(trainDirs) > 0 {
			extra, err := loadCases(trainDirs, stderr)
			if err != nil {
				return err
			}
			if *trainKind != "" {
				if extra = ofKind(extra, *trainKind); len(extra) == 0 {
					return fmt.Errorf("no training case of kind %q", *trainKind)
				}
			}
			l = withTraining(l, extra, cases)
		}
		h, err := eval.Holdout(ctx, cases, l, sc.score)
		if err != nil {
			return err
		}
		h.SetWall(time.Since(start))
		if err := writeReport(stdout, h, *asJSON); err != nil {
			return err
		}
		return checkAccuracy(h.HeldOut, *minAccuracy, "held-out field accuracy")
	}
	rep, err := evaluate(ctx, sc, cases)
	if err != nil {
		return err
	}
	if err := writeReport(stdout, rep, *asJSON); err != nil {
		return err
	}
	return checkAccuracy(rep, *minAccuracy, "field accuracy")
}

// withTraining makes a learner that also fits on extra cases: every fit
// takes those of extra whose origin is not held out of it, an origin of
// the scored cases that the fit's own cases lack (so that a held-out
// origin stays out of its own fit, generated or not, and the plain fit
// takes them all).
func withTraining(l eval.Learner, extra, scored []eval.Case) eval.Learner {
	var kept []eval.Case
	for _, c := range extra {
		if c.Truth.Kind == eval.KindDigital || c.Truth.Kind == eval.KindScanned {
			kept = append(kept, c)
		}
	}
	return eval.LearnerFunc(func(ctx context.Context, train []eval.Case) (eval.Model, error) {
		in := map[string]bool{}
		for _, c := range train {
			in[c.Origin()] = true
		}
		out := map[string]bool{}
		for _, c := range scored {
			if !in[c.Origin()] {
				out[c.Origin()] = true
			}
		}
		all := append([]eval.Case(nil), train...)
		for _, c := range kept {
			if !out[c.Origin()] {
				all = append(all, c)
			}
		}
		return l.Fit(ctx, all)
	})
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// loadCases loads the cases of every argument, a folder or a PDF, and notes
// the PDFs skipped for want of truth on stderr.
// ofKind keeps the cases of one kind, in place.
func ofKind(cases []eval.Case, kind string) []eval.Case {
	kept := cases[:0]
	for _, c := range cases {
		if c.Truth.Kind == kind {
			kept = append(kept, c)
		}
	}
	return kept
}

func loadCases(args []string, stderr io.Writer) ([]eval.Case, error) {
	var all []eval.Case
	for _, arg := range args {
		st, err := os.Stat(arg)
		if err != nil {
			return nil, fmt.Errorf("load cases: %w", err)
		}
		if !st.IsDir() {
			if !strings.EqualFold(filepath.Ext(arg), ".pdf") {
				return nil, usageError{fmt.Sprintf("%s is neither a folder nor a .pdf file", arg)}
			}
			c, err := eval.LoadCase(arg)
			if err != nil {
				return nil, err
			}
			all = append(all, c)
			continue
		}
		cases, skipped, err := eval.LoadDir(arg)
		if err != nil {
			return nil, err
		}
		for _, s := range skipped {
			fmt.Fprintf(stderr, "invex eval: skipped %s\n", s)
		}
		all = append(all, cases...)
	}
	if len(all) == 0 {
		return nil, errors.New("load cases: no case found (a case is <name>.pdf with <name>.truth.json beside it)")
	}
	return all, nil
}

// scorer extracts and scores cases with one engine, workers extractions at
// a time.
type scorer struct {
	eng     *extract.Engine
	workers int
	timeout time.Duration
	// seed is the random seed of the fits of --holdout.
	seed uint64
	// l2 is the L2 penalty of the fits of --holdout (0: the default).
	l2 float64
	// listwise fits the resolver as a conditional logit: the objective of
	// the resolver alone (see resolve.FitOptions.Listwise).
	listwise bool
}

func newScorer(workers int, timeout time.Duration, model *resolve.Model, withoutRules bool) (*scorer, error) {
	cfg := extract.Config{PDF: pdf.Config{Instances: workers, Isolated: true}, Model: model, WithoutRules: withoutRules}
	if dir, err := os.UserCacheDir(); err == nil {
		cfg.PDF.CacheDir = filepath.Join(dir, "invex", "wazero")
	}
	eng, err := extract.New(cfg)
	if err != nil {
		return nil, err
	}
	return &scorer{eng: eng, workers: workers, timeout: timeout, listwise: withoutRules}, nil
}

func (sc *scorer) close() { sc.eng.Close() }

// evaluate extracts and scores every case, with no learned model.
func evaluate(ctx context.Context, sc *scorer, cases []eval.Case) (*eval.Report, error) {
	start := time.Now()
	tasks := make([]eval.Task, len(cases))
	for i, c := range cases {
		tasks[i] = eval.Task{Case: c}
	}
	scored, err := sc.score(ctx, tasks)
	if err != nil {
		return nil, fmt.Errorf("evaluate: %w", err)
	}
	rep := eval.NewReport()
	for _, s := range scored {
		rep.Add(s.Score, s.Conf)
	}
	rep.SetWall(time.Since(start))
	return rep, nil
}

// score is an eval.ScoreFunc: it extracts and scores the tasks' cases,
// sc.workers at a time.
func (sc *scorer) score(ctx context.Context, tasks []eval.Task) ([]eval.Scored, error) {
	opts := make([]extract.Options, len(tasks))
	for i, t := range tasks {
		var err error
		if opts[i], err = extractOptions(t); err != nil {
			return nil, err
		}
	}
	scored := make([]eval.Scored, len(tasks))
	next := make(chan int)
	var wg sync.WaitGroup
	for range sc.workers {
		wg.Go(func() {
			for i := range next {
				scored[i] = scoreCase(ctx, sc.eng, tasks[i].Case, opts[i], sc.timeout)
			}
		})
	}
feed:
	for i := range tasks {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return scored, nil
}

// extractOptions returns the options of a task's extraction, with the
// task's fitted model. A model of another kind is refused rather than
// ignored.
func extractOptions(t eval.Task) (extract.Options, error) {
	opt := extract.Options{Locale: t.Case.Truth.Locale}
	switch m := t.Model.(type) {
	case nil:
	case fittedModel:
		opt.Model = m.m
	default:
		return extract.Options{}, fmt.Errorf("extract %s with learned parts %q: the engine has no place for that model", t.Case.Name, t.Model.Describe())
	}
	return opt, nil
}

// scoreCase extracts one case's PDF and scores the outcome, with the
// per-field confidences the engine reported, for calibration.
func scoreCase(ctx context.Context, eng *extract.Engine, c eval.Case, opt extract.Options, timeout time.Duration) eval.Scored {
	var s eval.Scored
	out, err := extractFile(ctx, eng, c, opt, timeout)
	if err != nil {
		s.Score = eval.Failed(c.Truth, err)
	} else {
		s.Score = eval.Score(c.Truth, out.Result, out.Flags)
		s.Conf = out.FieldConfidences()
	}
	s.Score.Name = c.Name
	return s
}

func extractFile(ctx context.Context, eng *extract.Engine, c eval.Case, opt extract.Options, timeout time.Duration) (extract.Outcome, error) {
	data, err := os.ReadFile(c.PDF)
	if err != nil {
		return extract.Outcome{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out, err := eng.Extract(ctx, data, opt)
	var xe *extract.Error
	if errors.As(err, &xe) {
		return out, errors.New(xe.Code + ": " + xe.Message)
	}
	return out, err
}

// writeReport writes rep, an *eval.Report or an *eval.HoldoutReport, as
// text or as JSON.
func writeReport(w io.Writer, rep interface{ WriteText(io.Writer) error }, asJSON bool) error {
	if !asJSON {
		return rep.WriteText(w)
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("encode report: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// checkAccuracy fails when floor is set and rep's field accuracy, named
// what in the message, is below it or could not be measured.
func checkAccuracy(rep *eval.Report, floor float64, what string) error {
	if floor == 0 {
		return nil
	}
	acc, ok := rep.FieldAccuracy.Rate()
	if !ok {
		return fmt.Errorf("no field was scored, so the %s cannot reach --min-accuracy %g", what, floor)
	}
	if acc < floor {
		return fmt.Errorf("%s %.2f%% (%d/%d) is below --min-accuracy %g",
			what, 100*acc, rep.FieldAccuracy.Hit, rep.FieldAccuracy.Total, floor)
	}
	return nil
}
