package app_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/invex/invex/internal/app"
)

// TestReviewBrowser reviews a job in the dashboard's review screen in real
// headless Chromium: a value typed and accepted with Enter, the invoice
// number set by clicking its word on the page, approval with Ctrl+Enter;
// then the API serves the corrected result, with the clicked box as its
// evidence, and the engine's original at /extraction.
//
// With INVEX_SCREENSHOTS set, it saves the review screen as review.png.
func TestReviewBrowser(t *testing.T) {
	exe := chromium(t)
	s := startServer(t, t.TempDir(), app.Config{DashboardSignup: true, Workers: 1})
	b := newChromium(t, exe)
	css := b.css
	key := b.signUp(s, false)

	first := reviewSupplier()[0]
	id := s.accepted(s.submitMultipart(key, first.PDF(), first.Lang))
	if rec := decodeReview(t, s.wait(key, id)); rec.number() == first.Number {
		t.Fatalf("the engine alone read the number: nothing to correct")
	}

	field := func(path string) string { return fmt.Sprintf(`#rform input[data-path=%q]`, path) }
	word := fmt.Sprintf(`figure.rpage svg rect.w[data-t=%q]`, first.Number)
	b.do("open the review screen",
		chromedp.Navigate(s.URL+"/jobs/"+id),
		chromedp.WaitVisible(css(`#reviewlink`)),
		chromedp.Click(css(`#reviewlink`)),
		// The first visit draws the pages; the screen reloads when they are.
		chromedp.WaitVisible(css(word)),
	)

	// The keyboard: type the order number, Enter accepts it and moves on.
	b.do("type a value",
		chromedp.Focus(css(field("invoice.po_number"))),
		chromedp.KeyEvent("PO-77"),
		chromedp.KeyEvent(kb.Enter),
	)
	moved, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.activeElement.dataset.path || ""`))
	if err != nil || moved == "invoice.po_number" || moved == "" {
		t.Errorf("after Enter the focus is on %q (%v), want the next field", moved, err)
	}

	// Point at the number on the page while its field has the focus.
	b.do("pick the number on the page",
		chromedp.Focus(css(field("invoice.number"))),
		chromedp.Click(css(word)),
	)
	picked, err := chromedp.Run(b.ctx, chromedp.Poll[bool](fmt.Sprintf(
		`document.querySelector(%q).value === %q && !document.querySelector(%q).closest(".rf").classList.contains("bad")`,
		field("invoice.number"), first.Number, field("invoice.number")), chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil || !picked {
		t.Fatalf("clicking the word did not set the number: %v", err)
	}

	// Ctrl+Enter approves.
	b.do("approve",
		chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl)),
	)
	approved, err := chromedp.Run(b.ctx, chromedp.Poll[bool](
		`document.getElementById("rstatus").classList.contains("review-approved")`, chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil || !approved {
		t.Fatalf("the review was not approved: %v", err)
	}
	b.do("screenshot", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`), b.shoot("review"))

	// The API serves the corrected result, and the original.
	r := s.get(key, "/v1/jobs/"+id)
	var rec struct {
		Result struct {
			Invoice struct {
				Number   *string `json:"number"`
				PONumber *string `json:"po_number"`
			} `json:"invoice"`
		} `json:"result"`
		Evidence map[string]struct {
			Page int `json:"page"`
		} `json:"evidence"`
		Review struct {
			Status          string   `json:"status"`
			CorrectedFields []string `json:"corrected_fields"`
		} `json:"review"`
	}
	if err := json.Unmarshal(r.Body, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Result.Invoice.Number == nil || *rec.Result.Invoice.Number != first.Number ||
		rec.Result.Invoice.PONumber == nil || *rec.Result.Invoice.PONumber != "PO-77" || rec.Review.Status != "approved" {
		t.Errorf("poll after the review: %s", r.Body)
	}
	if got := strings.Join(rec.Review.CorrectedFields, ","); !strings.Contains(got, "invoice.number") || !strings.Contains(got, "invoice.po_number") {
		t.Errorf("corrected_fields = %s", got)
	}
	if e, ok := rec.Evidence["invoice.number"]; !ok || e.Page != 1 {
		t.Errorf("evidence of the number = %+v, want the clicked word's page", rec.Evidence["invoice.number"])
	}
	if o := decodeReview(t, s.get(key, "/v1/jobs/"+id+"/extraction")); o.number() == first.Number {
		t.Errorf("/extraction serves the corrected number")
	}
}
