package submit

import "testing"

func TestRequestHash(t *testing.T) {
	t.Parallel()
	a := requestHash("sha", map[string]string{"locale": "IT", "webhook_url": "https://x"}, "it")
	b := requestHash("sha", map[string]string{"webhook_url": "https://x"}, "it")
	if a != b {
		t.Error("the locale as sent changed the hash; only the locale used should count")
	}
	for name, h := range map[string]string{
		"document": requestHash("sha2", map[string]string{"webhook_url": "https://x"}, "it"),
		"field":    requestHash("sha", map[string]string{"webhook_url": "https://y"}, "it"),
		"locale":   requestHash("sha", map[string]string{"webhook_url": "https://x"}, "de"),
	} {
		if h == a {
			t.Errorf("another %s gave the same hash", name)
		}
	}
}
