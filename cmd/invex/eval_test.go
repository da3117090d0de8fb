//go:build devtools

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/extract/resolve"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/testpdf"
)

// evalTruth is the truth of testpdf.Italian() limited to what does not
// depend on extraction quality: values the document does not print (null)
// and is_scanned, which the engine reports for every digital PDF.
const evalTruth = `{
  "locale": "it",
  "source": "internal/testpdf Italian()",
  "kind": "digital",
  "result": {
    "vendor": {"email": null, "phone": null, "iban": null, "sdi_code": null},
    "invoice": {"due_date": null, "po_number": null},
    "financials": {"discount": null, "stamp_duty": null, "withholding_tax": null},
    "validation": {"is_scanned": false}
  }
}`

// evalDir writes a folder with one case, a blank page with truth (a failed
// extraction) and a PDF without truth.
func evalDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{
		"italian.pdf":        testpdf.Italian().PDF(),
		"italian.truth.json": []byte(evalTruth),
		"blank.pdf":          testpdf.Blank(),
		"blank.truth.json":   []byte(evalTruth),
		"untruthed.pdf":      testpdf.Italian().PDF(),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestEval(t *testing.T) {
	if testing.Short() {
		t.Skip("starts pdfium")
	}
	dir := evalDir(t)
	out, stderr, err := runCmd(t, "eval", "--workers", "2", dir)
	if err != nil {
		t.Fatalf("eval: %v\n%s", err, stderr)
	}
	for _, want := range []string{
		"(1 failed)",
		"field accuracy ",
		"no invented value ",
		"ms per document",
		"validation.is_scanned",
		"extraction failed, all 10 fields missed: no_text",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(stderr, "untruthed.pdf: no truth file") {
		t.Errorf("the PDF without truth is not noted: %q", stderr)
	}

	_, _, err = runCmd(t, "eval", "--min-accuracy", "1.01", dir)
	if err == nil || !strings.Contains(err.Error(), "below --min-accuracy 1.01") {
		t.Errorf("--min-accuracy 1.01: err %v", err)
	}

	// One PDF as the argument, JSON output.
	out, _, err = runCmd(t, "eval", "--json", filepath.Join(dir, "italian.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Cases         int            `json:"cases"`
		FieldAccuracy map[string]any `json:"field_accuracy"`
		Scores        []struct {
			Name   string `json:"name"`
			Fields []any  `json:"fields"`
		} `json:"case_scores"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	if rep.Cases != 1 || rep.FieldAccuracy["total"] != 1.0 || len(rep.Scores) != 1 || len(rep.Scores[0].Fields) != 10 {
		t.Errorf("--json report: %s", out)
	}
}

func TestEvalUsage(t *testing.T) {
	_, stderr, err := runCmd(t, "eval", "--help")
	if !errors.Is(err, flag.ErrHelp) || !strings.Contains(stderr, "Usage: invex eval") {
		t.Errorf("eval --help: err %v, output %q", err, stderr)
	}
	empty := t.TempDir()
	for _, args := range [][]string{
		{"eval"},
		{"eval", "--workers", "0", empty},
		{"eval", "--min-accuracy", "-1", empty},
		{"eval", filepath.Join(empty, "missing")},
		{"eval", empty},                      // no cases
		{"eval", filepath.Join(empty, "..")}, // a folder of folders: no cases
		{"eval", "--holdout", "vendor", empty},
	} {
		if _, _, err := runCmd(t, args...); err == nil {
			t.Errorf("invex %s succeeded", strings.Join(args, " "))
		}
	}
	var ue usageError
	if _, _, err := runCmd(t, "eval", "--workers", "0", empty); !errors.As(err, &ue) {
		t.Errorf("--workers 0: err %v, want a usage error", err)
	}
	if _, _, err := runCmd(t, "eval", "--holdout", "origin", "--fit-l2", "-1", empty); !errors.As(err, &ue) || !strings.Contains(err.Error(), "--fit-l2") {
		t.Errorf("--fit-l2 -1: err %v, want a usage error", err)
	}
	if _, _, err := runCmd(t, "eval", "--holdout", "vendor", empty); !errors.As(err, &ue) || !strings.Contains(err.Error(), `only "origin"`) {
		t.Errorf("--holdout vendor: err %v, want a usage error", err)
	}
	if _, _, err := runCmd(t, "eval", "--train", empty, empty); !errors.As(err, &ue) || !strings.Contains(err.Error(), "--holdout") {
		t.Errorf("--train without --holdout: err %v, want a usage error", err)
	}
	if _, _, err := runCmd(t, "eval", "--holdout", "origin", "--train-kind", "digital", empty); !errors.As(err, &ue) || !strings.Contains(err.Error(), "--train") {
		t.Errorf("--train-kind without --train: err %v, want a usage error", err)
	}
}

// TestEvalTrain checks that --train adds cases to every fit and scores
// none of them, leaving out those of a scored origin.
func TestEvalTrain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts pdfium")
	}
	scored := holdoutDir(t)
	train := t.TempDir()
	for i, origin := range []string{"gen:c", "gen:c", "gen:a"} {
		s := testpdf.Generate(uint64(10 + i))
		truth := s.Truth()
		truth.Origin = origin
		data, err := json.Marshal(truth)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Join(train, fmt.Sprintf("extra%d", i))
		if err := os.WriteFile(base+".pdf", s.PDF(), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(base+eval.TruthSuffix, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, err := runCmd(t, "eval", "--holdout", "origin", "--train", train, scored)
	if err != nil {
		t.Fatalf("eval --holdout origin --train: %v\n%s", err, stderr)
	}
	// Plain: the 4 scored cases and the 3 of the training folder. Held
	// out: gen:a is fitted on the 2 other scored cases and the 2 of gen:c
	// (the training folder's gen:a case stays out of its own fit); gen:b
	// and (none) on 3 scored cases and all 3 of the training folder.
	for _, want := range []string{"fitted on all cases: resolver weights fitted on 7 documents", "in 3 origins", "cases                  4 (0 failed)"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	for _, origin := range []string{"gen:a", "gen:b"} {
		want := map[string]string{"gen:a": "fitted on 4 documents", "gen:b": "fitted on 6 documents"}[origin]
		found := false
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, origin+" ") {
				found = strings.Contains(line, want)
			}
		}
		if !found {
			t.Errorf("origin %s: its row does not say %q:\n%s", origin, want, out)
		}
	}
	if strings.Contains(out, "gen:c") {
		t.Errorf("a training case was scored:\n%s", out)
	}
	// The training cases are all digital: of kind scanned, none is left.
	if _, _, err := runCmd(t, "eval", "--holdout", "origin", "--train", train, "--train-kind", "scanned", scored); err == nil || !strings.Contains(err.Error(), `no training case of kind "scanned"`) {
		t.Errorf("--train-kind scanned: err %v, want no training case", err)
	}
}

// holdoutSeeds are the generated invoices of holdoutDir and their origins:
// two of gen:a, one of gen:b and one without origin.
var holdoutSeeds = []struct {
	seed   uint64
	origin string
}{{0, "gen:a"}, {1, "gen:a"}, {2, "gen:b"}, {3, ""}}

// holdoutDir writes the cases of holdoutSeeds, generated PDFs with their
// truth, to a folder.
func holdoutDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, hs := range holdoutSeeds {
		s := testpdf.Generate(hs.seed)
		truth := s.Truth()
		truth.Origin = hs.origin
		data, err := json.Marshal(truth)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Join(dir, fmt.Sprintf("gen%d", hs.seed))
		if err := os.WriteFile(base+".pdf", s.PDF(), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(base+eval.TruthSuffix, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestEvalHoldout(t *testing.T) {
	if testing.Short() {
		t.Skip("starts pdfium")
	}
	dir := holdoutDir(t)
	out, stderr, err := runCmd(t, "eval", "--holdout", "origin", "--kind", "digital", "--workers", "2", dir)
	if err != nil {
		t.Fatalf("eval --holdout origin: %v\n%s", err, stderr)
	}
	for _, want := range []string{
		"learned parts: fitted per origin",
		"resolver weights fitted on 3 documents", // without gen:b, or without (none)
		"resolver weights fitted on 2 documents", // without gen:a
		"\n(none)  1  ",
		"\ngen:a   2  ",
		"\ngen:b   1  ",
		"in 3 origins",
		"field accuracy, macro",
		"held out, per field:",
		"8 extractions", // each case with its held-out model and with the model of all cases
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}

	out, _, err = runCmd(t, "eval", "--holdout", "origin", "--json", dir)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Key         string `json:"holdout"`
		Learned     bool   `json:"learned"`
		Extractions int    `json:"extractions"`
		Origins     []struct {
			Origin  string         `json:"origin"`
			Cases   int            `json:"cases"`
			Learned string         `json:"learned_parts"`
			HeldOut map[string]any `json:"held_out"`
			Plain   map[string]any `json:"plain"`
		} `json:"origins"`
		HeldOut map[string]any `json:"held_out"`
		Plain   map[string]any `json:"plain"`
		Macro   map[string]any `json:"macro_field_accuracy"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	if rep.Key != "origin" || !rep.Learned || rep.Extractions != 8 || len(rep.Origins) != 3 || rep.Macro["origins"] != 3.0 {
		t.Errorf("--json report: holdout %q, learned %v, %d extractions, %d origins, macro %v",
			rep.Key, rep.Learned, rep.Extractions, len(rep.Origins), rep.Macro)
	}
	for _, o := range rep.Origins {
		if !strings.HasPrefix(o.Learned, "resolver weights fitted on ") {
			t.Errorf("origin %s: learned parts %q, want the resolver's weights", o.Origin, o.Learned)
		}
		if o.HeldOut["cases"] != float64(o.Cases) || o.Plain["cases"] != float64(o.Cases) {
			t.Errorf("origin %s: %d cases, held out %v, plain %v", o.Origin, o.Cases, o.HeldOut["cases"], o.Plain["cases"])
		}
	}

	_, _, err = runCmd(t, "eval", "--holdout", "origin", "--min-accuracy", "1.01", dir)
	if err == nil || !strings.Contains(err.Error(), "held-out field accuracy") || !strings.Contains(err.Error(), "below --min-accuracy 1.01") {
		t.Errorf("--holdout origin --min-accuracy 1.01: err %v", err)
	}
	if _, _, err := runCmd(t, "eval", "--holdout", "origin", "--kind", "scanned", dir); err == nil {
		t.Error("--holdout origin --kind scanned succeeded without scanned cases")
	}
}

// TestEvalHoldoutLearner runs invex eval --holdout origin with learners
// that stand in for the engine's: they show that each origin's model is
// fitted without that origin's cases, and that a model the engine cannot
// take is refused rather than ignored.
func TestEvalHoldoutLearner(t *testing.T) {
	if testing.Short() {
		t.Skip("starts pdfium")
	}
	dir := holdoutDir(t)
	var (
		mu   sync.Mutex
		fits []string
	)
	record := eval.LearnerFunc(func(ctx context.Context, train []eval.Case) (eval.Model, error) {
		var origins []string
		for _, c := range train {
			if !slices.Contains(origins, c.Origin()) {
				origins = append(origins, c.Origin())
			}
		}
		slices.Sort(origins)
		mu.Lock()
		fits = append(fits, fmt.Sprintf("%d cases of %s", len(train), strings.Join(origins, " ")))
		mu.Unlock()
		return nil, nil
	})
	var out, errb bytes.Buffer
	if err := runEval(context.Background(), []string{"--holdout", "origin", dir}, &out, &errb, func(*scorer) eval.Learner { return record }); err != nil {
		t.Fatalf("eval --holdout origin: %v\n%s", err, errb.String())
	}
	want := []string{
		"4 cases of (none) gen:a gen:b", // plain: all cases
		"3 cases of gen:a gen:b",        // without (none)
		"2 cases of (none) gen:b",       // without gen:a
		"3 cases of (none) gen:a",       // without gen:b
	}
	// The held-out folds are fitted in parallel, so only the plain fit,
	// which comes first, has a fixed place.
	if len(fits) > 1 {
		slices.Sort(fits[1:])
		slices.Sort(want[1:])
	}
	if diff := cmp.Diff(want, fits); diff != "" {
		t.Errorf("fits (-want +got):\n%s", diff)
	}
	if !strings.Contains(out.String(), "learned parts: none") {
		t.Errorf("report:\n%s", out.String())
	}

	fitted := eval.LearnerFunc(func(ctx context.Context, train []eval.Case) (eval.Model, error) {
		return fakeModel{}, nil
	})
	err := runEval(context.Background(), []string{"--holdout", "origin", dir}, &out, &errb, func(*scorer) eval.Learner { return fitted })
	if err == nil || !strings.Contains(err.Error(), "no place for that model") {
		t.Errorf("eval with a fitted model: err %v, want a refusal", err)
	}
}

// fakeModel is a learned model the engine has no place for.
type fakeModel struct{}

func (fakeModel) Describe() string { return "fake weights" }

// TestFitOrStop checks that an interrupt ends a fit that is still running:
// invex eval --holdout then exits instead of fitting on for minutes.
func TestFitOrStop(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		_, err := fitOrStop(ctx, func() *resolve.Model {
			close(started)
			<-release
			return &resolve.Model{}
		})
		errc <- err
	}()
	<-started
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("fitOrStop after cancel: %v, want context.Canceled", err)
	}

	m, err := fitOrStop(context.Background(), func() *resolve.Model { return &resolve.Model{Fitted: "x"} })
	if err != nil || m.Fitted != "x" {
		t.Fatalf("fitOrStop = %+v, %v; want the fit's model", m, err)
	}
}
