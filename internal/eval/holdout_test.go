package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// holdoutCases are four cases of three origins, one without origin: "x"
// has two, and the scores of synthScores give each origin its own field
// accuracy, so that the macro average differs from the micro one.
func holdoutCases() []Case {
	c := func(name, origin string) Case {
		return Case{Name: name, Truth: Truth{Locale: "it", Kind: KindDigital, Origin: origin}}
	}
	return []Case{c("d/a", "x"), c("d/b", "y"), c("d/c", ""), c("d/d", "x")}
}

// synthScore is a case score with hit matches out of total fields, one
// null check that passes, and a line-item table of rows rows, exact when
// the case has no miss.
func synthScore(name string, hit, total, rows int) CaseScore {
	cs := CaseScore{Name: name}
	for i := range total {
		f := FieldScore{Path: fmt.Sprintf("vendor.f%d", i), Field: fmt.Sprintf("vendor.f%d", i), Outcome: Match, Want: "v", Got: "v"}
		if i >= hit {
			f.Outcome, f.Got = Miss, nil
		}
		cs.Fields = append(cs.Fields, f)
	}
	cs.Fields = append(cs.Fields, FieldScore{Path: "vendor.email", Field: "vendor.email", Outcome: NullOK})
	if rows > 0 {
		exact := rows
		if hit < total {
			exact = 0
		}
		cs.Items = &ItemScore{Truth: rows, Returned: rows + 1, Exact: exact, Extra: 1}
	}
	return cs
}

// synthScores are the scores of holdoutCases: x 2/4 (a 2/2, d 0/2), y 3/4,
// (none) 1/1.
var synthScores = map[string]CaseScore{
	"d/a": synthScore("d/a", 2, 2, 1),
	"d/b": synthScore("d/b", 3, 4, 2),
	"d/c": synthScore("d/c", 1, 1, 0),
	"d/d": synthScore("d/d", 0, 2, 0),
}

func names(cases []Case) []string {
	var out []string
	for _, c := range cases {
		out = append(out, c.Name)
	}
	return out
}

func TestFolds(t *testing.T) {
	type fold struct {
		Origin         string
		HeldOut, Train []string
	}
	var got []fold
	for _, f := range Folds(holdoutCases()) {
		got = append(got, fold{f.Origin, names(f.HeldOut), names(f.Train)})
	}
	want := []fold{
		{NoOrigin, []string{"d/c"}, []string{"d/a", "d/b", "d/d"}},
		{"x", []string{"d/a", "d/d"}, []string{"d/b", "d/c"}},
		{"y", []string{"d/b"}, []string{"d/a", "d/c", "d/d"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Folds (-want +got):\n%s", diff)
	}
	if got := Folds(nil); len(got) != 0 {
		t.Errorf("Folds(nil) = %v, want none", got)
	}
}

// fitLog is a Learner that records the cases of each Fit and returns the
// model that model makes of them (nil: nothing learned).
type fitLog struct {
	mu    sync.Mutex
	calls [][]string
	model func(train []Case) Model
}

// Fit records a call. The fits without each origin run in parallel, so
// calls after the first are kept in the order of their cases' names.
func (l *fitLog) Fit(ctx context.Context, train []Case) (Model, error) {
	l.mu.Lock()
	l.calls = append(l.calls, names(train))
	if len(l.calls) > 1 {
		rest := l.calls[1:]
		slices.SortFunc(rest, func(a, b []string) int { return slices.Compare(a, b) })
	}
	l.mu.Unlock()
	if l.model == nil {
		return nil, nil
	}
	return l.model(train), nil
}

// wantFits are the Fit calls Holdout makes on holdoutCases: all cases,
// then each origin's others (as fitLog orders them).
var wantFits = [][]string{
	{"d/a", "d/b", "d/c", "d/d"},
	{"d/a", "d/b", "d/d"}, // without (none)
	{"d/a", "d/c", "d/d"}, // without y
	{"d/b", "d/c"},        // without x
}

func TestHoldoutNothingLearned(t *testing.T) {
	learner := &fitLog{}
	var calls [][]string
	conf := map[string]float64{"vendor.f0": 0.95}
	score := func(ctx context.Context, tasks []Task) ([]Scored, error) {
		var call []string
		out := make([]Scored, len(tasks))
		for i, tk := range tasks {
			if tk.Model != nil {
				t.Errorf("task %s has model %v, want none", tk.Case.Name, tk.Model)
			}
			call = append(call, tk.Case.Name)
			out[i] = Scored{Score: synthScores[tk.Case.Name], Conf: conf}
		}
		calls = append(calls, call)
		return out, nil
	}
	h, err := Holdout(context.Background(), holdoutCases(), learner, score)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantFits, learner.calls); diff != "" {
		t.Errorf("Fit calls (-want +got):\n%s", diff)
	}
	// Nothing learned: each case is extracted once, in one batch.
	if diff := cmp.Diff([][]string{{"d/a", "d/b", "d/c", "d/d"}}, calls); diff != "" {
		t.Errorf("score calls (-want +got):\n%s", diff)
	}
	if h.Learned || h.PlainLearned != NothingLearned || h.Extractions != 4 || h.Cases != 4 || h.Key != HoldoutOrigin {
		t.Errorf("learned %v, plain %q, %d extractions, %d cases, key %q; want false, none, 4, 4, origin",
			h.Learned, h.PlainLearned, h.Extractions, h.Cases, h.Key)
	}

	fig := func(cases, hit, total, exact, rows, precHit, precTotal int) Figures {
		return Figures{
			Cases: cases, FieldAccuracy: Ratio{hit, total}, NoInvented: Ratio{cases, cases},
			ExactRows: Ratio{exact, rows}, ItemPrecision: Ratio{precHit, precTotal},
		}
	}
	wantOrigins := []OriginScore{
		{Origin: NoOrigin, Cases: 1, Learned: NothingLearned, HeldOut: fig(1, 1, 1, 0, 0, 0, 0), Plain: fig(1, 1, 1, 0, 0, 0, 0)},
		{Origin: "x", Cases: 2, Learned: NothingLearned, HeldOut: fig(2, 2, 4, 1, 1, 1, 2), Plain: fig(2, 2, 4, 1, 1, 1, 2)},
		{Origin: "y", Cases: 1, Learned: NothingLearned, HeldOut: fig(1, 3, 4, 0, 2, 2, 3), Plain: fig(1, 3, 4, 0, 2, 2, 3)},
	}
	if diff := cmp.Diff(wantOrigins, h.Origins); diff != "" {
		t.Errorf("origins (-want +got):\n%s", diff)
	}
	overall := fig(4, 6, 9, 1, 3, 3, 5)
	if diff := cmp.Diff(overall, h.HeldOut.Figures()); diff != "" {
		t.Errorf("held-out figures (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(overall, h.Plain.Figures()); diff != "" {
		t.Errorf("plain figures (-want +got):\n%s", diff)
	}
	// Macro: the mean of 1/1, 2/4 and 3/4, where the micro average is 6/9.
	macro := 0.75
	if diff := cmp.Diff(Macro{Origins: 3, HeldOut: &macro, Plain: &macro}, h.Macro); diff != "" {
		t.Errorf("macro (-want +got):\n%s", diff)
	}
	// Calibration is held out: f0, reported at 0.95, is right in a, b and
	// c; d has no value there, so it is not counted.
	if h.HeldOut.Calibration == nil || h.HeldOut.Calibration[0].Correct != (Ratio{3, 3}) {
		t.Errorf("held-out calibration %v, want 3/3 at ≥ 0.9", h.HeldOut.Calibration)
	}
}

// originsModel is what a fake learner learned: the origins of its training
// cases.
type originsModel []string

func (m originsModel) Describe() string { return "trained on " + strings.Join(m, ", ") }

func learnOrigins(train []Case) Model {
	var m originsModel
	for _, c := range train {
		if !slices.Contains(m, c.Origin()) {
			m = append(m, c.Origin())
		}
	}
	slices.Sort(m)
	return m
}

// TestHoldoutLearned checks with a learner that does learn that every case
// is scored held out by the model fitted without its origin, and plain by
// the one fitted on all cases. A case scores its field right only when the
// model was trained on its origin: held out, none is.
func TestHoldoutLearned(t *testing.T) {
	learner := &fitLog{model: learnOrigins}
	var tasks []string
	score := func(ctx context.Context, tk []Task) ([]Scored, error) {
		out := make([]Scored, len(tk))
		for i, task := range tk {
			m := task.Model.(originsModel)
			tasks = append(tasks, task.Case.Name+" by "+m.Describe())
			hit := 0
			if slices.Contains(m, task.Case.Origin()) {
				hit = 1
			}
			out[i] = Scored{Score: synthScore("", hit, 1, 0)} // Holdout names it
		}
		return out, nil
	}
	h, err := Holdout(context.Background(), holdoutCases(), learner, score)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantFits, learner.calls); diff != "" {
		t.Errorf("Fit calls (-want +got):\n%s", diff)
	}
	wantTasks := []string{
		"d/a by trained on (none), x, y",
		"d/b by trained on (none), x, y",
		"d/c by trained on (none), x, y",
		"d/d by trained on (none), x, y",
		"d/c by trained on x, y",
		"d/a by trained on (none), y",
		"d/d by trained on (none), y",
		"d/b by trained on (none), x",
	}
	if diff := cmp.Diff(wantTasks, tasks); diff != "" {
		t.Errorf("tasks (-want +got):\n%s", diff)
	}
	if !h.Learned || h.Extractions != 8 || h.PlainLearned != "trained on (none), x, y" {
		t.Errorf("learned %v, %d extractions, plain %q", h.Learned, h.Extractions, h.PlainLearned)
	}
	if got := h.HeldOut.FieldAccuracy; got != (Ratio{0, 4}) {
		t.Errorf("held-out field accuracy %v, want 0/4", got)
	}
	if got := h.Plain.FieldAccuracy; got != (Ratio{4, 4}) {
		t.Errorf("plain field accuracy %v, want 4/4", got)
	}
	var learned []string
	for _, o := range h.Origins {
		learned = append(learned, o.Origin+": "+o.Learned)
	}
	want := []string{"(none): trained on x, y", "x: trained on (none), y", "y: trained on (none), x"}
	if diff := cmp.Diff(want, learned); diff != "" {
		t.Errorf("learned parts per origin (-want +got):\n%s", diff)
	}
	if got := names(casesOf(h.HeldOut)); !slices.Equal(got, []string{"d/a", "d/b", "d/c", "d/d"}) {
		t.Errorf("held-out case scores %v, want the cases in their order", got)
	}
	zero, one := 0.0, 1.0
	if diff := cmp.Diff(Macro{Origins: 3, HeldOut: &zero, Plain: &one}, h.Macro); diff != "" {
		t.Errorf("macro (-want +got):\n%s", diff)
	}
}

// casesOf returns cases named as a report's scores.
func casesOf(r *Report) []Case {
	var out []Case
	for _, s := range r.Scores {
		out = append(out, Case{Name: s.Name})
	}
	return out
}

func TestHoldoutErrors(t *testing.T) {
	ctx := context.Background()
	score := func(ctx context.Context, tasks []Task) ([]Scored, error) {
		return make([]Scored, len(tasks)), nil
	}
	if _, err := Holdout(ctx, nil, &fitLog{}, score); err == nil {
		t.Error("Holdout of no cases succeeded")
	}

	boom := errors.New("boom")
	calls := 0
	failSecond := LearnerFunc(func(ctx context.Context, train []Case) (Model, error) {
		if calls++; calls == 2 {
			return nil, boom
		}
		return nil, nil
	})
	_, err := Holdout(ctx, holdoutCases(), failSecond, score)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "fit without origin (none)") {
		t.Errorf("failing Fit: err %v", err)
	}

	short := func(ctx context.Context, tasks []Task) ([]Scored, error) { return make([]Scored, 1), nil }
	if _, err := Holdout(ctx, holdoutCases(), &fitLog{}, short); err == nil || !strings.Contains(err.Error(), "1 scores for 4 cases") {
		t.Errorf("too few scores: err %v", err)
	}
	failing := func(ctx context.Context, tasks []Task) ([]Scored, error) { return nil, boom }
	if _, err := Holdout(ctx, holdoutCases(), &fitLog{}, failing); !errors.Is(err, boom) {
		t.Errorf("failing score: err %v", err)
	}
}

// holdoutReport is the report of holdoutCases with synthScores and
// learner.
func holdoutReport(t *testing.T, learner Learner) *HoldoutReport {
	t.Helper()
	score := func(ctx context.Context, tasks []Task) ([]Scored, error) {
		out := make([]Scored, len(tasks))
		for i, tk := range tasks {
			out[i] = Scored{Score: synthScores[tk.Case.Name]}
		}
		return out, nil
	}
	h, err := Holdout(context.Background(), holdoutCases(), learner, score)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestHoldoutText(t *testing.T) {
	h := holdoutReport(t, &fitLog{})
	var b strings.Builder
	if err := h.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, line := range []string{
		"learned parts: none — held-out equals plain (each case extracted once)\n",
		"origin  cases  field accuracy  exact rows  no invented  item precision\n",
		"(none)  1      100.0% 1/1      -           100.0% 1/1   -\n",
		"x       2      50.0% 2/4       100.0% 1/1  100.0% 2/2   50.0% 1/2\n",
		"cases                  4 (0 failed)  4 (0 failed)  in 3 origins\n",
		"field accuracy         66.7% 6/9     66.7% 6/9     micro: fields of all cases (null checks excluded)\n",
		"field accuracy, macro  75.0%         75.0%         mean of 3 origins' field accuracy\n",
		"held out, per field:\n",
		"held out, cases with misses: 3\n",
		"d/d: 2 of 3 fields wrong\n",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("text report lacks %q", line)
		}
	}
	if strings.Contains(text, "learned  plain") {
		t.Error("the origin table has learned columns though nothing was learned")
	}
	if t.Failed() {
		t.Logf("report:\n%s", text)
	}

	h = holdoutReport(t, &fitLog{model: learnOrigins})
	b.Reset()
	if err := h.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text = b.String()
	for _, line := range []string{
		"learned parts: fitted per origin, as the table shows; fitted on all cases: trained on (none), x, y\n",
		"item precision  learned               plain field accuracy\n",
		"50.0% 1/2       trained on (none), y  50.0% 2/4\n",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("text report with learned parts lacks %q", line)
		}
	}
	if t.Failed() {
		t.Logf("report:\n%s", text)
	}
}

func TestHoldoutJSON(t *testing.T) {
	b, err := json.Marshal(holdoutReport(t, &fitLog{}))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Key     string `json:"holdout"`
		Learned bool   `json:"learned"`
		Origins []struct {
			Origin  string `json:"origin"`
			Learned string `json:"learned_parts"`
			HeldOut struct {
				FieldAccuracy map[string]any `json:"field_accuracy"`
			} `json:"held_out"`
		} `json:"origins"`
		HeldOut struct {
			Scores []CaseScore `json:"case_scores"`
		} `json:"held_out"`
		Plain struct {
			FieldAccuracy map[string]any `json:"field_accuracy"`
		} `json:"plain"`
		Macro map[string]any `json:"macro_field_accuracy"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Key != "origin" || got.Learned || len(got.Origins) != 3 || len(got.HeldOut.Scores) != 4 {
		t.Errorf("report: %s", b)
	}
	if o := got.Origins[1]; o.Origin != "x" || o.Learned != "none" || o.HeldOut.FieldAccuracy["rate"] != 0.5 {
		t.Errorf("origin x: %+v", o)
	}
	if diff := cmp.Diff(map[string]any{"hit": 6.0, "total": 9.0, "rate": 6.0 / 9}, got.Plain.FieldAccuracy); diff != "" {
		t.Errorf("plain field accuracy (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]any{"origins": 3.0, "held_out": 0.75, "plain": 0.75}, got.Macro); diff != "" {
		t.Errorf("macro (-want +got):\n%s", diff)
	}
}
