package testwait

import (
	"testing"
	"time"
)

func TestFor(t *testing.T) {
	t.Parallel()
	n := 0
	if !For(time.Minute, func() bool { n++; return n == 5 }) || n != 5 {
		t.Errorf("For returned after %d polls, want true after 5", n)
	}
	start := time.Now()
	if For(20*time.Millisecond, func() bool { return false }) {
		t.Error("For reported a condition that never held")
	}
	if time.Since(start) < 20*time.Millisecond {
		t.Error("For gave up before its deadline")
	}
}
