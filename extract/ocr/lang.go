package ocr

import (
	"strings"
	"unicode"
)

// markers are frequent words of invoices that belong to one language only:
// articles, prepositions and invoice vocabulary. Words two languages share
// ("total", "date", "via") are left out.
var markers = map[string]map[string]bool{
	"ita": set("fattura", "totale", "iva", "del", "della", "delle", "di", "per", "il", "cliente", "pagamento",
		"imponibile", "importo", "quantità", "prezzo", "descrizione", "scadenza", "codice", "fiscale", "partita",
		"sede", "spett.le", "documento", "aliquota", "banca", "bonifico", "euro", "numero", "data"),
	"deu": set("rechnung", "und", "der", "die", "das", "für", "mit", "betrag", "gesamt", "summe", "datum", "menge",
		"preis", "steuer", "mwst", "ust", "netto", "brutto", "bitte", "zahlbar", "kunde", "straße", "bis", "von",
		"zahlung", "rechnungsnummer", "rechnungsdatum", "bank", "einzelpreis", "gesamtbetrag"),
	"fra": set("facture", "le", "la", "les", "des", "du", "et", "pour", "montant", "prix", "quantité", "tva", "ht",
		"ttc", "règlement", "paiement", "échéance", "rue", "à", "au", "sur", "numéro", "désignation", "remise",
		"unitaire", "net", "payer"),
	"eng": set("invoice", "the", "and", "of", "for", "to", "amount", "price", "quantity", "tax", "due", "payment",
		"customer", "bill", "description", "number", "subtotal", "from", "with", "please", "paid", "balance", "unit",
		"qty", "order"),
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// guessLanguage returns the language a page read in one language is plainly
// written in, judged by its marker words: at least eight markers, and twice
// as many as any other language has. It returns "" when no language stands
// out that way.
func guessLanguage(words []rawWord) string {
	counts := map[string]int{}
	for _, w := range words {
		t := strings.ToLower(strings.TrimFunc(w.text, func(r rune) bool { return !unicode.IsLetter(r) && r != '.' }))
		t = strings.TrimRight(t, ".")
		for lang, m := range markers {
			if m[t] {
				counts[lang]++
			}
		}
	}
	best, second := "", 0
	for _, lang := range []string{"ita", "deu", "fra", "eng"} {
		switch n := counts[lang]; {
		case best == "" || n > counts[best]:
			if best != "" {
				second = max(second, counts[best])
			}
			best = lang
		default:
			second = max(second, n)
		}
	}
	if counts[best] < 8 || counts[best] < 2*second {
		return ""
	}
	return best
}
