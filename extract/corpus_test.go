package extract_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/resolve"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/fit"
	"github.com/invex/invex/internal/shared"
)

// TestCorpusEmbeddedXML runs the engine on the standard Factur-X, ZUGFeRD and
// XRechnung invoices of the shared corpus and scores the results against
// their truth by the corpus rules: read from the embedded XML, the data must
// be exact (≥ 99.5% of fields).
func TestCorpusEmbeddedXML(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus evaluation skipped in -short mode")
	}
	dir := shared.Dir(t, "corpus/einvoice-embedded")
	rep := eval.NewReport()
	scoreCorpus(t, rep, dir, nil, func(c eval.Case, out extract.Outcome) {
		if out.Model == extract.ModelText {
			t.Errorf("%s: read from the text layer, not the embedded XML", c.Name)
		}
	})
	if rep.Cases == 0 {
		t.Skipf("no cases in %s", dir)
	}
	acc, ok := rep.FieldAccuracy.Rate()
	if !ok || acc < 0.995 {
		var buf bytes.Buffer
		rep.WriteText(&buf)
		t.Errorf("field accuracy %.2f%%, want ≥ 99.5%%:\n%s", 100*acc, buf.String())
	}
	if inv, ok := rep.NoInvented.Rate(); ok && inv < 1 {
		t.Errorf("no-invented-value rate %.2f%%, want 100%%", 100*inv)
	}
	t.Logf("%d cases, field accuracy %.2f%% (%d/%d)", rep.Cases, 100*acc, rep.FieldAccuracy.Hit, rep.FieldAccuracy.Total)
}

// Held-out floors of TestCorpusDigital, measured on the digital cases of
// einvoice-visual, einvoice-fatturapa, it-attached, public-real and
// fresh-real (96 cases, 51 origins) with the resolver fitted anew for each
// origin on the other origins and the fixed generated set: held-out field
// accuracy 92.3% (2885/3127), its mean over origins 89.3%, exact
// line-item rows 78.3% (180/230), no invented value 99.1% (2026-11-26);
// exact rows 79.6% (183/230) on 2026-12-02, the rows floor raised to 78%;
// field accuracy 93.0% (2908/3127), over origins 91.9%, no invented value
// 99.7% (326/327) on 2026-12-03, the two accuracy floors raised to 92.5%
// and 90.5%. Each is rounded down a little. They are ratchets: raise them as the held-out figures
// improve, never lower one to make a change pass.
//
// Earlier floors (92%, 85%, 83%) measured an engine with no fitted part,
// whose hand-written rules had been written on these very files: held out
// and plain were the same figure. With fitted weights, each origin is now
// scored by a model that never saw it; the floors restart from that
// honest figure.
const (
	digitalHeldOutAccuracy  = 0.925
	digitalHeldOutMacro     = 0.905
	digitalHeldOutExactRows = 0.78
)

// digitalFolders are the folders of the shared corpus with digital cases.
var digitalFolders = []string{"einvoice-visual", "einvoice-fatturapa", "it-attached", "public-real", "fresh-real"}

// TestCorpusDigital scores the digital cases of the shared corpus (born
// digital PDFs read from their text layer) by the corpus rules, leaving
// one origin out at a time (eval.Holdout): each origin, a layout family, is
// scored with what the engine learned from the other origins only, as a
// layout never seen would be. A fixed target such as 95% of fields would
// reward fitting rules to single files; the floors are on the held-out
// figures instead (digitalHeldOut*). Besides them, ≥ 99% of null truths
// must be left null, and fields reported with confidence ≥ 0.9 must be
// right at least 90% of the time, held out too.
func TestCorpusDigital(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus evaluation skipped in -short mode")
	}
	digital := func(c eval.Case) bool { return c.Truth.Kind == eval.KindDigital }
	var dirs []string
	for _, sub := range digitalFolders {
		dirs = append(dirs, shared.Dir(t, "corpus/"+sub))
	}
	train, _ := generatedCases()
	h := holdoutCorpus(t, dirs, train, digital, nil)
	if h == nil {
		t.Skip("no digital cases in the shared corpus")
	}
	rep := h.HeldOut
	check := func(what string, r eval.Ratio, want float64) {
		t.Helper()
		if v, ok := r.Rate(); ok && v < want {
			t.Errorf("%s %.2f%% (%d/%d), want ≥ %.1f%%", what, 100*v, r.Hit, r.Total, 100*want)
		}
	}
	check("held-out field accuracy", rep.FieldAccuracy, digitalHeldOutAccuracy)
	if m := h.Macro.HeldOut; m != nil && *m < digitalHeldOutMacro {
		t.Errorf("held-out field accuracy averaged over %d origins %.2f%%, want ≥ %.1f%%", h.Macro.Origins, 100*(*m), 100*digitalHeldOutMacro)
	}
	check("held-out exact line-item rows", rep.ExactRows, digitalHeldOutExactRows)
	check("no invented value", rep.NoInvented, 0.99)
	for _, b := range rep.Calibration {
		if b.Min >= 0.9 {
			check("held-out fields with confidence ≥ 0.9 right", b.Correct, 0.90)
		}
	}
	logHoldout(t, h)
}

// Held-out floors of TestCorpusScanned, measured on einvoice-scanned (5
// cases, 5 origins) when set: held-out field accuracy 92.6% (176/190), its
// mean over origins 92.9%; rounded down a little. Ratchets like
// digitalHeldOutAccuracy.
const (
	scannedHeldOutAccuracy = 0.90
	scannedHeldOutMacro    = 0.90
)

// TestCorpusScanned reads the scan-like copies of the shared corpus through
// OCR and scores them leaving one origin out at a time, as
// TestCorpusDigital: every case must be read as scanned, with no invented
// value, and the held-out field accuracy, over fields and averaged over
// origins, must reach the scannedHeldOut* floors.
func TestCorpusScanned(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus evaluation skipped in -short mode")
	}
	needOCR(t)
	dir := shared.Dir(t, "corpus/einvoice-scanned")
	h := holdoutCorpus(t, []string{dir}, sharedDigital(t), nil, func(c eval.Case, out extract.Outcome) {
		if !out.Result.Validation.IsScanned || out.Model != extract.ModelOCR {
			t.Errorf("%s: is_scanned %v, model %q", c.Name, out.Result.Validation.IsScanned, out.Model)
		}
	})
	if h == nil {
		t.Skipf("no cases in %s", dir)
	}
	rep := h.HeldOut
	if acc, ok := rep.FieldAccuracy.Rate(); ok && acc < scannedHeldOutAccuracy {
		t.Errorf("held-out field accuracy %.2f%% (%d/%d), below the floor %.1f%%",
			100*acc, rep.FieldAccuracy.Hit, rep.FieldAccuracy.Total, 100*scannedHeldOutAccuracy)
	}
	if m := h.Macro.HeldOut; m != nil && *m < scannedHeldOutMacro {
		t.Errorf("held-out field accuracy averaged over %d origins %.2f%%, below the floor %.1f%%", h.Macro.Origins, 100*(*m), 100*scannedHeldOutMacro)
	}
	if inv, ok := rep.NoInvented.Rate(); ok && inv < 1 {
		t.Errorf("no-invented-value rate %.2f%%, want 100%%", 100*inv)
	}
	logHoldout(t, h)
}

// holdoutCorpus loads the cases of dirs that keep accepts (every case when
// keep is nil) and scores them with eval.Holdout, leaving one origin out at
// a time: the resolver's weights are fitted anew for each origin on the
// other origins' cases and on train (cases never scored, such as a
// generated set), as invex eval --holdout does. check, when set, looks at
// each outcome too. It returns nil when no case was kept.
func holdoutCorpus(t *testing.T, dirs []string, train []eval.Case, keep func(eval.Case) bool, check func(eval.Case, extract.Outcome)) *eval.HoldoutReport {
	t.Helper()
	var cases []eval.Case
	for _, dir := range dirs {
		cs, _, err := eval.LoadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if keep == nil || keep(c) {
				cases = append(cases, c)
			}
		}
	}
	if len(cases) == 0 {
		return nil
	}
	cache := fit.NewCache(engine)
	learner := eval.LearnerFunc(func(ctx context.Context, fold []eval.Case) (eval.Model, error) {
		all := append(append([]eval.Case(nil), fold...), train...)
		if err := cache.Warm(ctx, all, 2); err != nil {
			return nil, err
		}
		exs, err := cache.Examples(ctx, all)
		if err != nil {
			return nil, err
		}
		return weights{resolve.Fit(exs, resolve.FitOptions{Seed: fit.Seed}), len(exs)}, nil
	})
	score := func(ctx context.Context, tasks []eval.Task) ([]eval.Scored, error) {
		out := make([]eval.Scored, len(tasks))
		for i, tk := range tasks {
			m, ok := tk.Model.(weights)
			if !ok {
				return nil, fmt.Errorf("score %s: no fitted weights", tk.Case.Name)
			}
			out[i] = scoreCase(t, tk.Case, m.m, check)
		}
		return out, nil
	}
	h, err := eval.Holdout(context.Background(), cases, learner, score)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// weights is the resolver's model as eval.Holdout carries it.
type weights struct {
	m    *resolve.Model
	docs int
}

func (w weights) Describe() string {
	return fmt.Sprintf("resolver weights fitted on %d documents", w.docs)
}

// scoreCase extracts one case with the engine and a model and scores it,
// with the engine's confidences; check, when set, looks at the outcome too.
func scoreCase(t *testing.T, c eval.Case, m *resolve.Model, check func(eval.Case, extract.Outcome)) eval.Scored {
	t.Helper()
	data, err := os.ReadFile(c.PDF)
	if err != nil {
		t.Fatal(err)
	}
	out, err := engine.Extract(context.Background(), data, extract.Options{Locale: c.Truth.Locale, Model: m})
	if err != nil {
		return eval.Scored{Score: eval.Failed(c.Truth, err)}
	}
	if check != nil {
		check(c, out)
	}
	return eval.Scored{Score: eval.Score(c.Truth, out.Result, out.Flags), Conf: out.FieldConfidences()}
}

// logHoldout logs the held-out figures, and the whole report when the test
// failed or runs with -v.
func logHoldout(t *testing.T, h *eval.HoldoutReport) {
	t.Helper()
	if t.Failed() || testing.Verbose() {
		var buf bytes.Buffer
		if err := h.WriteText(&buf); err != nil {
			t.Error(err)
		}
		t.Log(buf.String())
	}
	fa, _ := h.HeldOut.FieldAccuracy.Rate()
	er, _ := h.HeldOut.ExactRows.Rate()
	macro := 0.0
	if h.Macro.HeldOut != nil {
		macro = *h.Macro.HeldOut
	}
	t.Logf("%d cases in %d origins, held out (learned parts: %v): field accuracy %.1f%% (%d/%d), over origins %.1f%%, exact rows %.1f%%",
		h.Cases, len(h.Origins), h.Learned, 100*fa, h.HeldOut.FieldAccuracy.Hit, h.HeldOut.FieldAccuracy.Total, 100*macro, 100*er)
}

// scoreCorpus extracts every case of dir that keep accepts and adds its
// score, with the engine's confidences, to rep; check, when set, looks at
// each outcome too.
func scoreCorpus(t *testing.T, rep *eval.Report, dir string, keep func(eval.Case) bool, check func(eval.Case, extract.Outcome)) {
	t.Helper()
	cases, _, err := eval.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if keep != nil && !keep(c) {
			continue
		}
		data, err := os.ReadFile(c.PDF)
		if err != nil {
			t.Fatal(err)
		}
		out, err := engine.Extract(context.Background(), data, extract.Options{Locale: c.Truth.Locale})
		if err != nil {
			rep.Add(eval.Failed(c.Truth, err), nil)
			continue
		}
		if check != nil {
			check(c, out)
		}
		rep.Add(eval.Score(c.Truth, out.Result, out.Flags), out.FieldConfidences())
	}
}
