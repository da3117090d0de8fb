package testpdf

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// ErrNoChromium is returned by [StartBrowser] when no Chromium or Chrome
// program is on the PATH.
var ErrNoChromium = errors.New("no Chromium on PATH (install Debian's chromium package)")

// Browser is a headless Chromium that prints HTML pages to PDF and takes
// pictures of them. It is safe for concurrent use: each call runs in a tab
// of its own.
type Browser struct {
	ctx         context.Context // a chromedp context that has started the browser
	cancelAlloc context.CancelFunc
	cancel      context.CancelFunc
	userDir     string
	// tabs holds the open tabs not in use: a tab takes a third of a
	// second to open and is reused.
	tabs chan *tab
}

type tab struct {
	ctx    context.Context
	cancel context.CancelFunc
}

// ChromiumPath returns the path of a Chromium (or Chrome) program, or "".
func ChromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// StartBrowser starts headless Chromium. Close stops it.
func StartBrowser() (*Browser, error) {
	exe := ChromiumPath()
	if exe == "" {
		return nil, ErrNoChromium
	}
	dir, err := os.MkdirTemp("", "invex-chromium-")
	if err != nil {
		return nil, fmt.Errorf("start browser: %w", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(dir),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("font-render-hinting", "none"),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	b := &Browser{ctx: ctx, cancelAlloc: cancelAlloc, cancel: cancel, userDir: dir, tabs: make(chan *tab, 16)}
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Close()
		return nil, fmt.Errorf("start browser: %w", err)
	}
	return b, nil
}

// Close stops the browser and removes its profile.
func (b *Browser) Close() {
	for {
		select {
		case t := <-b.tabs:
			t.cancel()
			continue
		default:
		}
		break
	}
	b.cancel()
	b.cancelAlloc()
	os.RemoveAll(b.userDir)
}

// PageSetup says how a page is printed: A4 unless Letter, the margins in
// millimetres, and header and footer templates repeated on every page
// (Chromium's print templates: classes pageNumber and totalPages are
// filled in).
type PageSetup struct {
	Letter                   bool
	Top, Right, Bottom, Left float64
	Header, Footer           string
}

// PDF prints a whole HTML document.
func (b *Browser) PDF(ctx context.Context, html string, setup PageSetup) ([]byte, error) {
	var out []byte
	err := b.run(ctx, html, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		in := func(mm float64) *float64 { v := mm / 25.4; return &v }
		yes := true
		p := page.PrintToPDFParams{
			PrintBackground: &yes,
			PaperWidth:      8.27, PaperHeight: 11.69,
			MarginTop: in(setup.Top), MarginRight: in(setup.Right), MarginBottom: in(setup.Bottom), MarginLeft: in(setup.Left),
		}
		if setup.Letter {
			p.PaperWidth, p.PaperHeight = 8.5, 11
		}
		if setup.Header != "" || setup.Footer != "" {
			p.DisplayHeaderFooter = &yes
			p.HeaderTemplate = setup.Header
			if p.HeaderTemplate == "" {
				p.HeaderTemplate = "<span></span>"
			}
			p.FooterTemplate = setup.Footer
			if p.FooterTemplate == "" {
				p.FooterTemplate = "<span></span>"
			}
		}
		res, err := cdp.Call(ctx, t, page.PrintToPDF, p)
		out = res.Data
		return err
	}))
	if err != nil {
		return nil, fmt.Errorf("print pdf: %w", err)
	}
	return out, nil
}

// PNG takes a picture of the element with id "shot" of an HTML document, at
// scale device pixels per CSS pixel.
func (b *Browser) PNG(ctx context.Context, html string, scale float64) ([]byte, error) {
	var out []byte
	err := b.run(ctx, html, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		var err error
		out, err = chromedp.ScreenshotScale(chromedp.ID("shot"), scale)(ctx, t)
		return err
	}))
	if err != nil {
		return nil, fmt.Errorf("take picture: %w", err)
	}
	return out, nil
}

// run loads html in a tab, waits for its fonts and pictures, and runs
// then.
func (b *Browser) run(ctx context.Context, html string, then chromedp.Action[chromedp.Void]) error {
	var tb *tab
	select {
	case tb = <-b.tabs:
	default:
		// A tab's first action opens it: it must not carry ctx's
		// deadline, which would close the tab when it passes, so ctx
		// only bounds the wait below.
		tctx, cancel := chromedp.NewContext(b.ctx)
		if err := chromedp.Do(tctx, chromedp.Navigate("about:blank")); err != nil {
			cancel()
			return err
		}
		tb = &tab{tctx, cancel}
	}
	done := make(chan error, 1)
	go func() {
		err := chromedp.Do(tb.ctx,
			chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				tree, err := cdp.Call(ctx, t, page.GetFrameTree, cdp.Empty{})
				if err != nil {
					return err
				}
				_, err = cdp.Call(ctx, t, page.SetDocumentContent, page.SetDocumentContentParams{FrameID: tree.FrameTree.Frame.ID, HTML: html})
				return err
			}),
			chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				_, err := chromedp.Evaluate[bool](`Promise.all([document.fonts.ready,
					...Array.from(document.images).map(i => i.complete ? 0 : new Promise(r => { i.onload = i.onerror = r }))]).then(() => true)`,
					chromedp.EvalAwaitPromise)(ctx, t)
				return err
			}),
			then)
		if err != nil {
			tb.cancel()
		} else {
			select {
			case b.tabs <- tb:
			default:
				tb.cancel()
			}
		}
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
