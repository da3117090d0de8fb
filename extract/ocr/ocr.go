// Package ocr reads the words of page pictures with the Tesseract 5
// command-line program and returns them as layout.Word values, the same type
// the text layer gives, so that layout and field rules do not need to know
// where a word came from (only Word.OCR tells).
//
// One Tesseract process reads one picture with one language, chosen from the
// client's locale hint; a second pass in another language runs only when the
// first one reads a document that is plainly in that other language.
// Tesseract runs with OMP_THREAD_LIMIT=1: one core per page, and parallelism
// comes from reading several pages at once, bounded by Config.Concurrency.
//
// The picture is prepared for Tesseract: resampled to about 300 dpi when
// it is far from it, and, only when the page needs it, its uneven paper
// flattened and faint ink stretched (see flatten); dark bands whose light
// letters the first reading missed are read again as negatives (see
// readBands).
//
// The words are cleaned for the rest of the engine: table rules read as
// "|" or "]" are dropped, page skew is measured from the words and undone,
// the words on one baseline get their row's height (like the loose boxes
// of the text layer), and values that OCR often garbles are repaired when a
// check digit proves the repair (VAT ids, IBANs) or the context leaves no
// doubt (O for 0 inside a number).
package ocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/pdf"
)

// ErrNotInstalled means the Tesseract program, or the language data it
// needs, is missing. Its message says what to install.
var ErrNotInstalled = errors.New("OCR needs Tesseract 5 with its Italian, English, German and French data: " +
	"install the Debian/Ubuntu packages tesseract-ocr tesseract-ocr-ita tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra " +
	"(or the equivalent for your system) and make sure the tesseract program is on the PATH")

// ErrTimeout means Tesseract did not finish a page within Config.PageTimeout.
var ErrTimeout = errors.New("OCR of a page took longer than its time limit")

// Config configures an Engine. The zero value gives the defaults.
type Config struct {
	// Command is the Tesseract program. Default "tesseract", looked up on
	// the PATH.
	Command string
	// Concurrency is the number of Tesseract processes that may run at the
	// same time in this process. Default half the CPUs (at least one), so
	// that scanned documents never take every core from digital ones.
	Concurrency int
	// PageTimeout is the time limit of reading one page picture, all its
	// Tesseract runs together, counted from the moment a slot is free.
	// Default 20 s.
	PageTimeout time.Duration
	// KeepPicture gives Tesseract each picture's paper and ink as they
	// are, without flattening uneven light or stretching faint ink (see
	// flatten) and without reading the negatives of dark bands (see
	// readBands): for measuring what that cleaning gains.
	KeepPicture bool
}

func (c Config) withDefaults() Config {
	if c.Command == "" {
		c.Command = "tesseract"
	}
	if c.Concurrency <= 0 {
		c.Concurrency = max(1, runtime.NumCPU()/2)
	}
	if c.PageTimeout <= 0 {
		c.PageTimeout = 20 * time.Second
	}
	return c
}

// Engine runs Tesseract. It is safe for concurrent use.
type Engine struct {
	cfg   Config
	path  string          // resolved program path
	langs map[string]bool // installed languages
	slots chan struct{}   // one token per process allowed to run
}

// New finds Tesseract and its languages. It returns an error wrapping
// ErrNotInstalled when the program or any of ita, eng, deu and fra is
// missing.
func New(cfg Config) (*Engine, error) {
	cfg = cfg.withDefaults()
	path, err := exec.LookPath(cfg.Command)
	if err != nil {
		return nil, fmt.Errorf("find %s: %w", cfg.Command, ErrNotInstalled)
	}
	langs, err := listLanguages(path)
	if err != nil {
		return nil, err
	}
	var missing []string
	for _, l := range []string{"ita", "eng", "deu", "fra"} {
		if !langs[l] {
			missing = append(missing, l)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("tesseract has no language data for %s: %w", strings.Join(missing, ", "), ErrNotInstalled)
	}
	return &Engine{cfg: cfg, path: path, langs: langs, slots: make(chan struct{}, cfg.Concurrency)}, nil
}

// listLanguages runs "tesseract --list-langs".
func listLanguages(path string) (map[string]bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, "--list-langs").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("run %s --list-langs: %v: %w", path, err, ErrNotInstalled)
	}
	langs := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.Contains(line, " ") {
			langs[line] = true
		}
	}
	return langs, nil
}

// Result is what OCR read on one picture.
type Result struct {
	// Words are the words in page points, cleaned and deskewed, each with
	// OCR set.
	Words []layout.Word
	// Lang is the Tesseract language of the pass whose words were kept.
	Lang string
	// Mode is the Tesseract page segmentation mode of that pass: "11"
	// (sparse text) or "3" (automatic layout, for a page where sparse
	// text read little).
	Mode string
	// Confidence is the mean word confidence of that pass, in [0, 1].
	Confidence float64
	// Skew is the page skew that was measured and undone, in degrees
	// (positive: lines rise to the right).
	Skew float64
	// Passes is the number of Tesseract runs made.
	Passes int
	// Turned is how many degrees clockwise the page had to be turned to be
	// read (a sheet scanned sideways or upside down): 0, 90, 180 or 270.
	// The words are in the frame of the turned page, whose width and height
	// are swapped for a quarter turn.
	Turned int
}

// Read reads the words of img. locale is the client's hint (it, en, de, fr)
// and picks the language of the first pass. The context bounds the wait for
// a free slot and the reading; the reading also has Config.PageTimeout,
// past which Read fails with ErrTimeout.
func (e *Engine) Read(ctx context.Context, img pdf.Image, locale string) (Result, error) {
	select {
	case e.slots <- struct{}{}:
	case <-ctx.Done():
		return Result{}, fmt.Errorf("ocr page %d: wait for a free slot: %w", img.Page, ctx.Err())
	}
	defer func() { <-e.slots }()
	ctx, cancel := context.WithTimeoutCause(ctx, e.cfg.PageTimeout, ErrTimeout)
	defer cancel()
	return e.read(ctx, img, locale)
}

// read is Read once a slot is held.
func (e *Engine) read(ctx context.Context, img pdf.Image, locale string) (Result, error) {
	img, err := upright(img)
	if err != nil {
		return Result{}, err
	}
	img, gray := prepare(img, e.cfg.KeepPicture)
	lang := Language(locale)
	first, err := e.pass(ctx, img, lang)
	if err != nil {
		return Result{}, err
	}
	res, passes, turn := first, 1, 0
	if poor(first) {
		if t, deg, p, ok, err := e.turnedPass(ctx, img, lang); err != nil {
			return Result{}, err
		} else if ok {
			passes++
			if p.score() > first.score() {
				res, img, turn, gray = p, t, deg, nil
			}
		}
	}
	if poor(res) {
		// Sparse text found little it trusts, upright or turned: a page
		// of running prose, or a layout it cuts badly. Tesseract's own
		// layout analysis reads the page again, and the better reading
		// is kept. On invoices sparse text is the better mode (see
		// docs/performance.md), so only such pages pay for a second
		// reading.
		p, err := e.passMode(ctx, img, res.lang, modeLayout)
		if err != nil {
			return Result{}, err
		}
		passes++
		if p.score() > res.score() {
			res = p
		}
	}
	if other := guessLanguage(res.words); other != "" && other != lang {
		second, err := e.passMode(ctx, img, other, res.mode)
		if err != nil {
			return Result{}, err
		}
		passes++
		if second.confidence >= res.confidence-0.02 {
			res = second
		}
	}
	if gray == nil {
		// The page was turned, or Go cannot decode it (then the
		// readings below find nothing to add).
		gray, _ = img.Gray()
	}
	if !e.cfg.KeepPicture {
		banded, err := e.readBands(ctx, img, gray, res.lang, res.words)
		if err != nil {
			return Result{}, err
		}
		if len(banded) > 0 {
			res.words = append(res.words, banded...)
			passes++
		}
	}
	lone, err := e.recoverLone(ctx, img, gray, res.lang, res.words)
	if err != nil {
		return Result{}, err
	}
	words, skew := arrange(append(res.words, clean(lone)...), img)
	return Result{Words: words, Lang: res.lang, Mode: res.mode, Confidence: res.confidence, Skew: skew, Passes: passes, Turned: turn}, nil
}

// turnedPass reads img again turned as orientation detection says, when it
// says so with confidence; ok is false when it does not.
func (e *Engine) turnedPass(ctx context.Context, img pdf.Image, lang string) (pdf.Image, int, pass, bool, error) {
	deg, conf, err := e.orientation(ctx, img)
	switch {
	case err != nil && (errors.Is(err, ErrTimeout) || ctx.Err() != nil):
		return pdf.Image{}, 0, pass{}, false, err
	case err != nil, deg == 0, conf < minOSDConfidence:
		return pdf.Image{}, 0, pass{}, false, nil // no orientation data, or upright
	}
	t, err := turned(img, deg)
	if err != nil {
		return pdf.Image{}, 0, pass{}, false, nil
	}
	p, err := e.pass(ctx, t, lang)
	if err != nil {
		return pdf.Image{}, 0, pass{}, false, err
	}
	return t, deg, p, true, nil
}

// Tesseract's page segmentation modes in use. Sparse text finds text
// everywhere without asking it to form paragraphs: on invoices it reads
// table cells on shaded rows that the automatic layout takes for pictures
// and garbles, and lines are rebuilt from the word boxes anyway. The
// automatic layout reads again the pages where sparse text finds little.
const (
	modeSparse = "11"
	modeLayout = "3"
)

// pass is one Tesseract run.
type pass struct {
	lang       string
	mode       string
	words      []rawWord
	confidence float64
}

// score weighs a reading by how much it read and how sure it is.
func (p pass) score() float64 { return p.confidence * float64(len(p.words)) }

// pass runs Tesseract once on img in lang in sparse-text mode and parses
// its words.
func (e *Engine) pass(ctx context.Context, img pdf.Image, lang string) (pass, error) {
	return e.passMode(ctx, img, lang, modeSparse)
}

// passMode runs Tesseract once on img in lang in page segmentation mode
// psm and parses its words.
func (e *Engine) passMode(ctx context.Context, img pdf.Image, lang, psm string) (pass, error) {
	out, err := e.runMode(ctx, img, lang, psm)
	if err != nil {
		return pass{}, err
	}
	words, err := parseTSV(out)
	if err != nil {
		return pass{}, fmt.Errorf("ocr page %d: %w", img.Page, err)
	}
	words = clean(words)
	return pass{lang: lang, mode: psm, words: words, confidence: meanConfidence(words)}, nil
}

// runMode executes Tesseract on img in page segmentation mode psm. The
// caller holds a slot.
func (e *Engine) runMode(ctx context.Context, img pdf.Image, lang, psm string) ([]byte, error) {
	dpi := int(img.DPI() + 0.5)
	if dpi < 70 || dpi > 1200 {
		dpi = pdf.RenderDPI
	}
	cmd := exec.CommandContext(ctx, e.path, "stdin", "stdout", "-l", lang, "--dpi", strconv.Itoa(dpi), "--psm", psm, "tsv")
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	cmd.Stdin = bytes.NewReader(img.Data)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	switch {
	case ctx.Err() != nil && errors.Is(context.Cause(ctx), ErrTimeout):
		return nil, fmt.Errorf("ocr page %d: %s: %w", img.Page, e.cfg.PageTimeout, ErrTimeout)
	case ctx.Err() != nil:
		return nil, fmt.Errorf("ocr page %d: %w", img.Page, ctx.Err())
	case err != nil:
		return nil, fmt.Errorf("ocr page %d: tesseract: %v: %s", img.Page, err, firstLine(stderr.String()))
	}
	return stdout.Bytes(), nil
}

// firstLine returns the first non-empty line of s, shortened.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if len(l) > 200 {
				l = l[:200]
			}
			return l
		}
	}
	return ""
}

// Language maps a locale hint to the Tesseract language read first: ita,
// eng, deu or fra; anything else reads as Italian, the default locale.
func Language(locale string) string {
	switch strings.ToLower(locale) {
	case "en":
		return "eng"
	case "de":
		return "deu"
	case "fr":
		return "fra"
	}
	return "ita"
}
