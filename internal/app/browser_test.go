package app_test

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testpdf"
)

// chromium returns the path of a Chromium binary, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on PATH: install Debian's chromium package (.ci/run does) to run the browser tests")
	return ""
}

// TestDashboardBrowser drives the dashboard in real headless Chromium: sign
// up, create a key, use it with the API, upload a PDF, see the result page
// with its boxes, revoke the key and see the API refuse it.
//
// With INVEX_SCREENSHOTS set to a directory, it saves screenshots of the
// main pages there (the README's come from
// INVEX_SCREENSHOTS=$PWD/docs/screenshots go test ./internal/app -run TestDashboardBrowser).
func TestDashboardBrowser(t *testing.T) {
	exe := chromium(t)
	s := startServer(t, t.TempDir(), app.Config{DashboardSignup: true, Workers: 1})
	b := newChromium(t, exe)
	ctx, do, css, shoot := b.ctx, b.do, b.css, b.shoot
	key := b.signUp(s, true)

	// Upload a PDF from the browser; the job page refreshes itself until
	// the result is there, with boxes drawn over the page image.
	pdfPath := filepath.Join(t.TempDir(), "fattura-browser.pdf")
	if err := os.WriteFile(pdfPath, testpdf.Italian().PDF(), 0o644); err != nil {
		t.Fatal(err)
	}
	do("upload",
		chromedp.Navigate(s.URL+"/jobs"),
		chromedp.WaitVisible(css(`#file`)),
		chromedp.SetUploadFiles(css(`#file`), []string{pdfPath}),
		chromedp.Click(css(`#upload button[type=submit]`)),
		chromedp.WaitVisible(css(`figure.page svg g.box`)),
	)
	loaded, err := chromedp.Run(ctx, chromedp.Poll[bool](`(function(){var i=document.querySelector("figure.page svg image");
		if(!i) return false; var b=i.getBBox(); return b.width>0;})()`, chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil || !loaded {
		t.Fatalf("page image did not load: %v", err)
	}
	counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.querySelectorAll("figure.page svg g.box").length,
		document.querySelectorAll(".fields tbody tr").length]`))
	if err != nil {
		t.Fatal(err)
	}
	if counts[0] == 0 || counts[1] == 0 {
		t.Fatalf("job page shows %d boxes and %d fields", counts[0], counts[1])
	}
	imgStatus, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(async function(){var i=document.querySelector("figure.page svg image");
		var r=await fetch(i.getAttribute("href")); return r.status;})()`, chromedp.EvalAwaitPromise))
	if err != nil || imgStatus != http.StatusOK {
		t.Errorf("page image: status %d, %v", imgStatus, err)
	}
	do("job page", shoot("job"))
	do("other pages",
		chromedp.Navigate(s.URL+"/jobs"), chromedp.WaitVisible(css(`table.jobs`)), shoot("jobs"),
		chromedp.Navigate(s.URL+"/usage"), chromedp.WaitVisible(css(`svg.chart`)), shoot("usage"),
		chromedp.Navigate(s.URL+"/settings/webhook"), chromedp.WaitVisible(css(`#url`)), shoot("webhook"),
	)

	// Revoke the key: the API refuses it at once.
	do("revoke",
		chromedp.Navigate(s.URL+"/keys"),
		chromedp.WaitVisible(css(`button.danger`)),
		chromedp.Click(css(`button.danger`)),
		chromedp.WaitVisible(css(`tr.revoked`)),
	)
	if r := s.get(key, "/v1/usage"); r.Status != http.StatusUnauthorized {
		t.Fatalf("API with the revoked key: %d %s", r.Status, r.Body)
	}
}

// chromiumRun is a headless Chromium driven by a test.
type chromiumRun struct {
	t   *testing.T
	ctx context.Context
}

func newChromium(t *testing.T, exe string) *chromiumRun {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(1280, 900),
		chromedp.Flag("lang", "en-US"),
		chromedp.UserDataDir(t.TempDir()),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancelTimeout)
	return &chromiumRun{t: t, ctx: ctx}
}

func (b *chromiumRun) css(s string) chromedp.CSS { return chromedp.CSS(s) }

// do runs steps, failing the test with what was being done.
func (b *chromiumRun) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// shoot saves a screenshot under INVEX_SCREENSHOTS, when it is set.
func (b *chromiumRun) shoot(name string) chromedp.Action[chromedp.Void] {
	shots := os.Getenv("INVEX_SCREENSHOTS")
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if shots == "" {
			return nil
		}
		buf, err := chromedp.FullScreenshot(100)(ctx, tg)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(shots, name+".png"), buf, 0o644)
	})
}

// signUp signs up in the dashboard, creates an API key there and returns
// it; with shots, it takes the screenshots of those pages.
func (b *chromiumRun) signUp(s *server, shots bool) string {
	b.t.Helper()
	css := b.css
	shoot := func(name string) chromedp.Action[chromedp.Void] {
		if !shots {
			return chromedp.Func(func(context.Context, *chromedp.Target) error { return nil })
		}
		return b.shoot(name)
	}
	b.do("sign up",
		chromedp.Navigate(s.URL+"/signup"),
		chromedp.WaitVisible(css(`#email`)),
		chromedp.SendKeys(css(`#email`), "grace@example.com"),
		chromedp.SendKeys(css(`#password`), "a long passphrase"),
		chromedp.SendKeys(css(`#password2`), "a long passphrase"),
		shoot("signup"),
		chromedp.Click(css(`main form button[type=submit]`)),
		chromedp.WaitVisible(css(`#name`)),
	)
	// Create a key; it is shown once, with a copy button.
	b.do("create key",
		chromedp.SendKeys(css(`#name`), "browser test"),
		chromedp.Click(css(`form[action="/keys"] button[type=submit]`)),
		chromedp.WaitVisible(css(`#newkey`)),
		chromedp.Click(css(`button.copy`)),
		shoot("keys"),
	)
	key, err := chromedp.Run(b.ctx, chromedp.Text(css(`#newkey`)))
	if err != nil {
		b.t.Fatal(err)
	}
	key = strings.TrimSpace(key)
	if !strings.HasPrefix(key, "inv_") {
		b.t.Fatalf("key shown = %q", key)
	}
	if r := s.get(key, "/v1/usage"); r.Status != http.StatusOK {
		b.t.Fatalf("API with the dashboard's key: %d %s", r.Status, r.Body)
	}
	return key
}
