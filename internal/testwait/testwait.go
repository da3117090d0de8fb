// Package testwait lets tests wait for a condition instead of for a time:
// For polls a condition, often at first and less often later, until it
// holds or a deadline passes. Tests that must give something time to
// happen say what they wait for.
package testwait

import "time"

// For polls cond until it returns true, and reports true, or until within
// has passed, and reports false. The first polls come a millisecond apart,
// doubling up to 50 ms.
func For(within time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(within)
	pause := time.Millisecond
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(pause)
		pause = min(2*pause, 50*time.Millisecond)
	}
}
