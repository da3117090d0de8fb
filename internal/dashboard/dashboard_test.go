package dashboard

import (
	"encoding/json"
	"testing"
	"time"
)

func TestLanguageOf(t *testing.T) {
	t.Parallel()
	for accept, want := range map[string]string{
		"":                        "en",
		"it-IT,it;q=0.9,en;q=0.8": "it",
		"it-CH":                   "it",
		"de-DE,de;q=0.9":          "en",
		"en-GB,en;q=0.9,it;q=0.8": "en",
		"fr;q=0.9, it;q=0.5":      "it",
		"garbage;;;q=zz":          "en",
	} {
		if got := languageOf(accept); got != want {
			t.Errorf("languageOf(%q) = %q, want %q", accept, got, want)
		}
	}
}

// TestMessagesComplete checks that every English text has an Italian one.
func TestMessagesComplete(t *testing.T) {
	t.Parallel()
	for k := range messages["en"] {
		if _, ok := messages["it"][k]; !ok && k != "app.name" {
			t.Errorf("no Italian text for %q", k)
		}
	}
}

func TestLookup(t *testing.T) {
	t.Parallel()
	var doc any
	json.Unmarshal([]byte(`{"financials":{"total":1220.5},"vendor":{"name":"Rossi"},
		"line_items":[{"amount":300},{"amount":700,"description":"Licenza"}]}`), &doc)
	for path, want := range map[string]string{
		"financials.total":          "1220.5",
		"vendor.name":               "Rossi",
		"line_items[1].description": "Licenza",
		"line_items[0].amount":      "300",
		"line_items[5].amount":      "",
		"buyer.name":                "",
	} {
		if got := lookup(doc, path); got != want {
			t.Errorf("lookup(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestAttemptLimiter(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	l := newAttemptLimiter(3, time.Minute)
	l.now = func() time.Time { return now }
	for range 3 {
		if l.blocked("a") {
			t.Fatal("blocked too early")
		}
		l.fail("a")
	}
	if !l.blocked("a") || l.blocked("b") {
		t.Fatal("after 3 failures: a not blocked, or b blocked")
	}
	now = now.Add(time.Minute)
	if l.blocked("a") {
		t.Error("still blocked after the window")
	}
}

func TestDailyChart(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	c := dailyChart(start, start.AddDate(0, 1, 0), map[string]int{"2026-02-03": 4, "2026-02-10": 2})
	if len(c.Bars) != 28 || c.Max != 4 {
		t.Fatalf("%d bars, max %d", len(c.Bars), c.Max)
	}
	if b := c.Bars[2]; b.Count != 4 || b.H <= c.Bars[9].H || c.Bars[0].H != 0 {
		t.Errorf("bar heights: %v, %v, %v", b.H, c.Bars[9].H, c.Bars[0].H)
	}
}

func TestValidEmail(t *testing.T) {
	t.Parallel()
	for e, want := range map[string]bool{"a@b.it": true, "a@b": false, "@b.it": false, "a b@c.it": false, "a@b.it.": false} {
		if validEmail(e) != want {
			t.Errorf("validEmail(%q) = %v", e, !want)
		}
	}
}
