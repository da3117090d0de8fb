//go:build race

package labels

const raceEnabled = true
