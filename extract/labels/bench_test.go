package labels

import (
	"strings"
	"testing"
)

// benchLine is a realistic 12-word totals line.
var benchLine = strings.Fields("Totale imponibile 1.234,56 IVA 22% 271,60 Totale documento EUR 1.506,16 Scadenza 30/04/2026")

func BenchmarkFind(b *testing.B) {
	theIndex()
	b.ReportAllocs()
	for b.Loop() {
		Find(benchLine)
	}
}

// BenchmarkFindNoLabels measures a line of ordinary words, several long
// enough to be looked up fuzzily.
func BenchmarkFindNoLabels(b *testing.B) {
	line := strings.Fields("Elettrosud di Carbone Vittorio via Sant. Eufemia 41 73048 Roccavecchia dei Monti")
	theIndex()
	b.ReportAllocs()
	for b.Loop() {
		Find(line)
	}
}

// BenchmarkFindHeader measures a German table header with umlauts.
func BenchmarkFindHeader(b *testing.B) {
	line := strings.Fields("Pos. Art.-Nr. Bezeichnung Menge Einheit Einzelpreis Rabatt % MwSt. % Gesamtpreis Währung")
	theIndex()
	b.ReportAllocs()
	for b.Loop() {
		Find(line)
	}
}
