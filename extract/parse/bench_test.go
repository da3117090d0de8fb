package parse

import (
	"strings"
	"testing"
)

// benchText is about 50 KB of invoice text in four languages.
var benchText = strings.Repeat(strings.Join(fuzzSeeds, "\n"), 60)

func BenchmarkFindAmounts(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		FindAmounts(benchText, "it")
	}
}

func BenchmarkFindDates(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		FindDates(benchText, "it")
	}
}

func BenchmarkFindPhones(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		FindPhones(benchText)
	}
}
