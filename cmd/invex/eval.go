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
	"github.com/invex/invex/internal/eval"
)

func evalCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("eval", `Usage: invex eval [--json] [--workers N] [--min-accuracy P] DIR|FILE.pdf...

Measures the extraction engine against hand-checked truth. A case is a PDF
with its truth beside it, <name>.pdf and <name>.truth.json, in the format of
the corpus's FORMAT.md. Each DIR gives its own cases (not its subfolders');
a FILE.pdf is one case. Every case is extracted in this process, with its
truth's locale as the hint, and scored by the rules of FORMAT.md.

The report gives the overall figures (field accuracy, the "no invented
value" rate, exact line-item rows, line-item precision, expected flags), a
table per field, and every case with a miss. With --min-accuracy the command
exits with status 1 when the field accuracy is below P, a fraction: 0.995
means 99.5%.`, stderr)
	asJSON := fs.Bool("json", false, "print the full report, every field of every case, as JSON")
	workers := fs.Int("workers", runtime.NumCPU(), "`number` of documents extracted at once; one per CPU by default")
	minAccuracy := fs.Float64("min-accuracy", 0, "fail when the field accuracy is below this `fraction`; 0 never fails")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up on one document after this long")
	kind := fs.String("kind", "", "score only the cases of this `kind`: digital, scanned or embedded-xml")
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
	}
	cases, err := loadCases(fs.Args(), stderr)
	if err != nil {
		return err
	}
	if *kind != "" {
		kept := cases[:0]
		for _, c := range cases {
			if c.Truth.Kind == *kind {
				kept = append(kept, c)
			}
		}
		if len(kept) == 0 {
			return fmt.Errorf("no case of kind %q", *kind)
		}
		cases = kept
	}
	rep, err := evaluate(ctx, cases, *workers, *timeout)
	if err != nil {
		return err
	}
	if err := writeReport(stdout, rep, *asJSON); err != nil {
		return err
	}
	return checkAccuracy(rep, *minAccuracy)
}

// loadCases loads the cases of every argument, a folder or a PDF, and notes
// the PDFs skipped for want of truth on stderr.
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

// evaluate extracts and scores every case with one engine and workers
// extractions at a time.
func evaluate(ctx context.Context, cases []eval.Case, workers int, timeout time.Duration) (*eval.Report, error) {
	cfg := extract.Config{PDF: pdf.Config{Instances: workers, Isolated: true}}
	if dir, err := os.UserCacheDir(); err == nil {
		cfg.PDF.CacheDir = filepath.Join(dir, "invex", "wazero")
	}
	eng, err := extract.New(cfg)
	if err != nil {
		return nil, err
	}
	defer eng.Close()

	start := time.Now()
	scores := make([]eval.CaseScore, len(cases))
	confs := make([]map[string]float64, len(cases))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				scores[i], confs[i] = scoreCase(ctx, eng, cases[i], timeout)
			}
		})
	}
feed:
	for i := range cases {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("evaluate: %w", err)
	}

	rep := eval.NewReport()
	for i, s := range scores {
		rep.Add(s, confs[i])
	}
	rep.SetWall(time.Since(start))
	return rep, nil
}

// scoreCase extracts one case's PDF and scores the outcome; it also returns
// the per-field confidences the engine reported, for calibration.
func scoreCase(ctx context.Context, eng *extract.Engine, c eval.Case, timeout time.Duration) (eval.CaseScore, map[string]float64) {
	var s eval.CaseScore
	var conf map[string]float64
	out, err := extractFile(ctx, eng, c, timeout)
	if err != nil {
		s = eval.Failed(c.Truth, err)
	} else {
		s = eval.Score(c.Truth, out.Result, out.Flags)
		conf = out.FieldConfidences()
	}
	s.Name = c.Name
	return s, conf
}

func extractFile(ctx context.Context, eng *extract.Engine, c eval.Case, timeout time.Duration) (extract.Outcome, error) {
	data, err := os.ReadFile(c.PDF)
	if err != nil {
		return extract.Outcome{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out, err := eng.Extract(ctx, data, extract.Options{Locale: c.Truth.Locale})
	var xe *extract.Error
	if errors.As(err, &xe) {
		return out, errors.New(xe.Code + ": " + xe.Message)
	}
	return out, err
}

func writeReport(w io.Writer, rep *eval.Report, asJSON bool) error {
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

// checkAccuracy fails when floor is set and the field accuracy is below it or
// could not be measured.
func checkAccuracy(rep *eval.Report, floor float64) error {
	if floor == 0 {
		return nil
	}
	acc, ok := rep.FieldAccuracy.Rate()
	if !ok {
		return fmt.Errorf("no field was scored, so the field accuracy cannot reach --min-accuracy %g", floor)
	}
	if acc < floor {
		return fmt.Errorf("field accuracy %.2f%% (%d/%d) is below --min-accuracy %g",
			100*acc, rep.FieldAccuracy.Hit, rep.FieldAccuracy.Total, floor)
	}
	return nil
}
