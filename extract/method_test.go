package extract_test

import (
	"context"
	"testing"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/invoice"
)

// TestBankTransferByIBAN reads generated invoices that ask to be paid by
// bank transfer with no word naming the method, only the payee's bank and
// IBAN, in several layout families and languages: the method is a bank
// transfer. An invoice with no IBAN and no method word gets none.
func TestBankTransferByIBAN(t *testing.T) {
	if testing.Short() {
		t.Skip("prints generated invoices with Chromium")
	}
	b, err := testpdf.StartBrowser()
	if err != nil {
		t.Skipf("the layout families are printed by Chromium: %v (.ci/run installs it)", err)
	}
	defer b.Close()
	const seed = 23
	families := map[string]bool{}
	langs := map[string]int{} // families read per language
	for i := 0; i < 400 && len(families) < 8; i++ {
		c := testpdf.NewCase(seed, i)
		if !c.MethodUnnamed() || families[c.Family.Name] || langs[c.Lang()] == 2 {
			continue
		}
		families[c.Family.Name] = true
		langs[c.Lang()]++
		out := extractCase(t, b, c)
		r := out.Result
		if r.Vendor.IBAN == nil {
			t.Errorf("%s: no IBAN read", c.Name)
			continue
		}
		if m := r.Invoice.PaymentMethod; m == nil || *m != invoice.PayBankTransfer {
			t.Errorf("%s: payment method %v, want %s from the IBAN", c.Name, m, invoice.PayBankTransfer)
		}
		if ev, ok := out.Evidence["invoice.payment_method"]; !ok || ev.Confidence <= 0 {
			t.Errorf("%s: no evidence for the payment method: %+v", c.Name, ev)
		}
	}
	if len(families) < 6 || len(langs) < 4 {
		t.Fatalf("only %d families in %d languages print an IBAN without a method", len(families), len(langs))
	}

	// No IBAN, no method: nothing is invented.
	none := 0
	for i := 0; i < 400 && none < 3; i++ {
		c := testpdf.NewCase(seed, i)
		if !c.NeedsBrowser() || c.Spec.Method != "" || c.Spec.IBAN != "" {
			continue
		}
		none++
		out := extractCase(t, b, c)
		if m := out.Result.Invoice.PaymentMethod; m != nil {
			t.Errorf("%s: no IBAN and no method printed, payment method %q", c.Name, *m)
		}
	}
	if none == 0 {
		t.Fatal("no generated invoice without a method and an IBAN")
	}
}

// extractCase prints a generated case with browser b and extracts it.
func extractCase(t *testing.T, b *testpdf.Browser, c testpdf.Case) extract.Outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	data, err := c.PDF(ctx, b)
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	out, err := engine.Extract(ctx, data, extract.Options{Locale: c.Lang()})
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	return out
}
