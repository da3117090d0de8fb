package eval

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"time"
)

// HoldoutOrigin is the key cases are held out by in [Holdout]: the origin
// of their truth. It is the only key there is.
const HoldoutOrigin = "origin"

// NoOrigin names the group of the cases whose truth has no origin.
const NoOrigin = "(none)"

// NothingLearned describes, in reports, the model of an engine that learned
// nothing: a nil [Model].
const NothingLearned = "none"

// Origin returns the origin of the case's truth, or NoOrigin when it has
// none.
func (c Case) Origin() string {
	if c.Truth.Origin == "" {
		return NoOrigin
	}
	return c.Truth.Origin
}

// A Model holds the engine's learned parts as a [Learner] fitted them. A
// nil Model stands for "no learned parts": what the engine extracts does
// not depend on the training cases.
type Model interface {
	// Describe says what was fitted, for reports, such as "field weights
	// from 80 cases".
	Describe() string
}

// A Learner fits the engine's learned parts from training cases.
type Learner interface {
	// Fit fits the learned parts on train and returns them, or a nil Model
	// when there is nothing to learn. In [Holdout], train never holds a
	// case of the origin the model will score.
	Fit(ctx context.Context, train []Case) (Model, error)
}

// LearnerFunc adapts a function to the Learner interface.
type LearnerFunc func(ctx context.Context, train []Case) (Model, error)

// Fit calls f(ctx, train).
func (f LearnerFunc) Fit(ctx context.Context, train []Case) (Model, error) { return f(ctx, train) }

// A Task is one case to extract and score with a model (nil for none).
type Task struct {
	Case  Case
	Model Model
}

// Scored is the score of one case, with the confidences the engine
// reported per field path ("line_items[2].amount"), nil when none; they
// feed the calibration table.
type Scored struct {
	Score CaseScore
	Conf  map[string]float64
}

// ScoreFunc extracts the case of each task with the task's model and scores
// it; it returns the scores in the order of tasks. A failed extraction is a
// [Failed] score, not an error: an error stops the evaluation.
type ScoreFunc func(ctx context.Context, tasks []Task) ([]Scored, error)

// A Fold is one round of leave-one-origin-out: the cases of one origin,
// held out, and those of every other origin, to train on.
type Fold struct {
	Origin string
	// HeldOut holds the cases of Origin and Train all the others, each in
	// the order they were given.
	HeldOut []Case
	Train   []Case
}

// Folds groups cases by origin (see [Case.Origin]): one fold per origin,
// sorted by origin.
func Folds(cases []Case) []Fold {
	origins, groups := groupByOrigin(cases)
	folds := make([]Fold, len(origins))
	for i, o := range origins {
		folds[i].Origin = o
		for _, k := range groups[i] {
			folds[i].HeldOut = append(folds[i].HeldOut, cases[k])
		}
		for _, c := range cases {
			if c.Origin() != o {
				folds[i].Train = append(folds[i].Train, c)
			}
		}
	}
	return folds
}

// groupByOrigin returns the origins of cases, sorted, and for each the
// indexes of its cases in cases.
func groupByOrigin(cases []Case) (origins []string, groups [][]int) {
	byOrigin := map[string][]int{}
	for k, c := range cases {
		o := c.Origin()
		if _, ok := byOrigin[o]; !ok {
			origins = append(origins, o)
		}
		byOrigin[o] = append(byOrigin[o], k)
	}
	sort.Strings(origins)
	groups = make([][]int, len(origins))
	for i, o := range origins {
		groups[i] = byOrigin[o]
	}
	return origins, groups
}

// Figures are the headline figures of a [Report].
type Figures struct {
	Cases         int   `json:"cases"`
	Failed        int   `json:"failed"`
	FieldAccuracy Ratio `json:"field_accuracy"`
	NoInvented    Ratio `json:"no_invented_value"`
	ExactRows     Ratio `json:"exact_line_item_rows"`
	ItemPrecision Ratio `json:"line_item_precision"`
	ExpectedFlags Ratio `json:"expected_flags"`
}

// Figures returns the report's headline figures.
func (r *Report) Figures() Figures {
	return Figures{
		Cases: r.Cases, Failed: r.Failed,
		FieldAccuracy: r.FieldAccuracy, NoInvented: r.NoInvented,
		ExactRows: r.ExactRows, ItemPrecision: r.ItemPrecision, ExpectedFlags: r.ExpectedFlags,
	}
}

// OriginScore is the score of the cases of one origin.
type OriginScore struct {
	Origin string `json:"origin"`
	Cases  int    `json:"cases"`
	// Learned describes the model fitted on the other origins' cases, or
	// is NothingLearned.
	Learned string `json:"learned_parts"`
	// HeldOut scores the origin's cases with the model fitted without
	// them; Plain with the model fitted on all cases.
	HeldOut Figures `json:"held_out"`
	Plain   Figures `json:"plain"`
}

// Macro is the mean over origins of their field accuracy, so that an
// origin with many cases weighs no more than one with a single case.
// Origins with no scored field are not counted.
type Macro struct {
	// Origins counts the origins in the mean.
	Origins int `json:"origins"`
	// HeldOut and Plain are nil when Origins is 0.
	HeldOut *float64 `json:"held_out"`
	Plain   *float64 `json:"plain"`
}

// HoldoutReport is the result of [Holdout].
type HoldoutReport struct {
	// Key is what cases were held out by: HoldoutOrigin.
	Key   string `json:"holdout"`
	Cases int    `json:"cases"`
	// Learned reports whether any Fit returned a model. When none did,
	// held-out figures equal plain ones and each case was extracted once.
	Learned bool `json:"learned"`
	// PlainLearned describes the model fitted on all cases, or is
	// NothingLearned.
	PlainLearned string `json:"plain_learned_parts"`
	// Extractions counts the cases extracted and scored: Cases when
	// nothing was learned, up to twice as many otherwise.
	Extractions int `json:"extractions"`
	// WallMS is the wall time of the whole run, when the caller set it
	// with SetWall.
	WallMS  float64       `json:"wall_ms,omitempty"`
	Origins []OriginScore `json:"origins"`
	// HeldOut adds up every case scored with the model fitted without its
	// origin: its figures are micro averages over cases, and its
	// calibration table is held out too. Plain adds up every case scored
	// with the model fitted on all cases.
	HeldOut *Report `json:"held_out"`
	Plain   *Report `json:"plain"`
	// Macro averages field accuracy over origins.
	Macro Macro `json:"macro_field_accuracy"`
}

// SetWall records the wall time of the run.
func (h *HoldoutReport) SetWall(d time.Duration) {
	h.WallMS = float64(d.Microseconds()) / 1000
}

// Holdout evaluates cases leaving one origin out at a time. For each origin
// O, l fits on the cases of every other origin, and O's cases are scored
// with that model: the held-out figures. l also fits on all cases, and
// every case scored with that model gives the plain figures. Cases without
// an origin form the group NoOrigin.
//
// score extracts and scores. When no Fit returns a model, extraction does
// not depend on training, so each case is scored once and that score is
// both its held-out and its plain score.
func Holdout(ctx context.Context, cases []Case, l Learner, score ScoreFunc) (*HoldoutReport, error) {
	if len(cases) == 0 {
		return nil, errors.New("hold out: no cases")
	}
	origins, groups := groupByOrigin(cases)
	folds := Folds(cases)
	plainModel, err := l.Fit(ctx, cases)
	if err != nil {
		return nil, fmt.Errorf("fit on all cases: %w", err)
	}
	// The folds are fitted in parallel, one per processor: each fit reads
	// only its training cases.
	models := make([]Model, len(folds))
	errs := make([]error, len(folds))
	fold := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(folds)) {
		wg.Go(func() {
			for i := range fold {
				models[i], errs[i] = l.Fit(ctx, folds[i].Train)
			}
		})
	}
	for i := range folds {
		fold <- i
	}
	close(fold)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("fit without origin %s: %w", folds[i].Origin, err)
		}
	}

	// The plain tasks come first, one per case; then the held-out tasks of
	// the origins whose plain scores cannot stand for held-out ones.
	tasks := make([]Task, 0, len(cases))
	for _, c := range cases {
		tasks = append(tasks, Task{Case: c, Model: plainModel})
	}
	reuse := make([]bool, len(origins))
	for i := range origins {
		reuse[i] = plainModel == nil && models[i] == nil
		if reuse[i] {
			continue
		}
		for _, k := range groups[i] {
			tasks = append(tasks, Task{Case: cases[k], Model: models[i]})
		}
	}
	scored, err := score(ctx, tasks)
	if err != nil {
		return nil, fmt.Errorf("score cases: %w", err)
	}
	if len(scored) != len(tasks) {
		return nil, fmt.Errorf("score cases: %d scores for %d cases", len(scored), len(tasks))
	}
	for i := range scored {
		if scored[i].Score.Name == "" {
			scored[i].Score.Name = tasks[i].Case.Name
		}
	}

	plain := scored[:len(cases)]
	heldOut := make([]Scored, len(cases))
	next := len(cases)
	for i := range origins {
		for _, k := range groups[i] {
			if reuse[i] {
				heldOut[k] = plain[k]
				continue
			}
			heldOut[k] = scored[next]
			next++
		}
	}

	h := &HoldoutReport{
		Key: HoldoutOrigin, Cases: len(cases), Extractions: len(tasks),
		PlainLearned: describe(plainModel), Learned: plainModel != nil,
		HeldOut: NewReport(), Plain: NewReport(), Origins: []OriginScore{},
	}
	for k := range cases {
		h.HeldOut.Add(heldOut[k].Score, heldOut[k].Conf)
		h.Plain.Add(plain[k].Score, plain[k].Conf)
	}
	var heldSum, plainSum float64
	for i, o := range origins {
		ho, pl := NewReport(), NewReport()
		for _, k := range groups[i] {
			ho.Add(heldOut[k].Score, heldOut[k].Conf)
			pl.Add(plain[k].Score, plain[k].Conf)
		}
		h.Origins = append(h.Origins, OriginScore{
			Origin: o, Cases: len(groups[i]), Learned: describe(models[i]),
			HeldOut: ho.Figures(), Plain: pl.Figures(),
		})
		h.Learned = h.Learned || models[i] != nil
		hr, hok := ho.FieldAccuracy.Rate()
		pr, _ := pl.FieldAccuracy.Rate()
		if hok {
			// Held out and plain score the same fields, so both rates
			// exist or neither does.
			h.Macro.Origins++
			heldSum += hr
			plainSum += pr
		}
	}
	if n := float64(h.Macro.Origins); n > 0 {
		hm, pm := heldSum/n, plainSum/n
		h.Macro.HeldOut, h.Macro.Plain = &hm, &pm
	}
	return h, nil
}

// describe describes a fitted model for reports.
func describe(m Model) string {
	if m == nil {
		return NothingLearned
	}
	return m.Describe()
}
