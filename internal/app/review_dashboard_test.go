package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testpdf"
)

// TestReviewDashboard drives the review screen's endpoints as its script
// does, without a browser: the screen in Italian, a change refused without
// the session's CSRF token, a value typed by its parser, a bad value
// named, the flags re-checked, approval, the export and the suppliers
// page.
func TestReviewDashboard(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir(), app.Config{DashboardSignup: true, Workers: 1})
	b := newBrowser(t, s)
	b.get("/signup")
	wantStatus(t, b.post("/signup", url.Values{"email": {"rita@example.com"}, "password": {"correct horse"},
		"password2": {"correct horse"}}), http.StatusSeeOther, "sign-up")
	b.get("/keys")
	r := b.post("/keys", url.Values{"name": {"k"}})
	m := regexp.MustCompile(`<code id="newkey">(inv_[0-9A-Za-z]+)</code>`).FindSubmatch(r.Body)
	if m == nil {
		t.Fatalf("no key shown:\n%s", r.Body)
	}
	key := string(m[1])

	inv := testpdf.Italian()
	id := s.accepted(s.submitMultipart(key, inv.PDF(), "it"))
	s.wait(key, id)

	page := b.get("/jobs/"+id+"/review", "it")
	wantStatus(t, page, http.StatusOK, "review screen")
	for _, want := range []string{"Fornitore", "Totali e IVA", "Approva (Ctrl", `data-path="financials.total"`,
		`id="f-line_items[0].amount"`} {
		if !bytes.Contains(page.Body, []byte(want)) {
			t.Errorf("the Italian review screen lacks %q", want)
		}
	}
	change := func(body map[string]any, token string) (int, map[string]any) {
		t.Helper()
		raw, _ := json.Marshal(body)
		req, _ := http.NewRequest(http.MethodPost, s.URL+"/jobs/"+id+"/review", bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-CSRF-Token", token)
		req.Header.Set("Accept-Language", "it")
		r := b.send(req)
		var m map[string]any
		json.Unmarshal(r.Body, &m)
		return r.Status, m
	}
	if code, _ := change(map[string]any{"path": "financials.total", "value": "1"}, "forged"); code != http.StatusForbidden {
		t.Errorf("a change without the session's token: %d, want 403", code)
	}
	tok := b.tok
	code, ans := change(map[string]any{"path": "financials.total", "value": "abc"}, tok)
	if code != http.StatusUnprocessableEntity || ans["path"] != "financials.total" || !strings.Contains(fmt.Sprint(ans["error"]), "amount") {
		t.Errorf("a bad amount: %d %v", code, ans)
	}
	// An Italian amount, typed by the parser; the total no longer adds up.
	code, ans = change(map[string]any{"path": "financials.total", "value": "1.234,50"}, tok)
	if code != http.StatusOK || ans["value"] != "1234.5" || ans["status"] != "pending" {
		t.Fatalf("a typed amount: %d %v", code, ans)
	}
	if flags, _ := json.Marshal(ans["flags"]); !bytes.Contains(flags, []byte("ARITHMETIC_MISMATCH")) {
		t.Errorf("the flags were not re-checked: %v", ans["flags"])
	}
	// Put the right total back, change a line's description, approve.
	_, _, total := inv.Totals()
	change(map[string]any{"path": "financials.total", "value": strings.Replace(strconv.FormatFloat(total, 'f', 2, 64), ".", ",", 1)}, tok)
	code, ans = change(map[string]any{"items": []map[string]string{
		{"description": "Consulenza", "quantity": "2", "unit_price": "150", "tax_rate": "22", "amount": "300"},
		{"description": "Licenza software annuale", "quantity": "1", "unit_price": "700", "tax_rate": "22", "amount": "700"},
	}}, tok)
	if code != http.StatusOK {
		t.Fatalf("items: %d %v", code, ans)
	}
	code, ans = change(map[string]any{"approve": true}, tok)
	if code != http.StatusOK || ans["status"] != "approved" || ans["revision"] != float64(1) {
		t.Fatalf("approve: %d %v", code, ans)
	}
	rec := s.get(key, "/v1/jobs/"+id).json(t)
	items := rec["result"].(map[string]any)["line_items"].([]any)
	if d := items[0].(map[string]any)["description"]; d != "Consulenza" {
		t.Errorf("approved line 1 = %v", d)
	}
	if fl := rec["validation_flags"].([]any); len(fl) != 0 {
		t.Errorf("approved result's flags: %v", fl)
	}

	exp := b.get("/export?format=csv_items")
	if exp.Status != http.StatusOK || !strings.HasPrefix(exp.Header.Get("Content-Type"), "text/csv") ||
		!bytes.Contains(exp.Body, []byte("Consulenza")) {
		t.Errorf("dashboard export: %d %s\n%s", exp.Status, exp.Header.Get("Content-Type"), exp.Body)
	}
	wantStatus(t, b.get("/suppliers", "it"), http.StatusOK, "suppliers page")
	if p := b.get("/jobs/"+id, "it"); !bytes.Contains(p.Body, []byte("Approvato da una persona (revisione 1)")) {
		t.Errorf("the job page does not say it was approved")
	}
}
