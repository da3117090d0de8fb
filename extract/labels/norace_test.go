//go:build !race

package labels

const raceEnabled = false
