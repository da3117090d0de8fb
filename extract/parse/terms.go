package parse

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Terms are payment terms.
type Terms struct {
	Days         int  // days to add to the invoice date (or to the delivery)
	EndOfMonth   bool // then go to the end of the month reached
	FromDelivery bool // the days run from the delivery, not from the invoice date
	Immediate    bool // due at once (on receipt, at sight, in advance)
}

// Patterns of payment terms, run on lower-case text.
var (
	// termDays is a number of days: 30 gg, 30gg, 14 Tagen, 30 jours,
	// 30 days; 30/60/90 gg (instalments) gives the first.
	termDays = regexp.MustCompile(`(?:^|[^\d])(\d{1,3})(?:\s*[/\-]\s*\d{1,3})*\s*` +
		`(?:gg|giorni|giorno|tage|tagen|tag|tg|jours|jour|j|days|day)(?:[^\p{L}]|$)`)
	// termNetBefore is "net 30", "netto 30".
	termNetBefore = regexp.MustCompile(`(?:^|[^\p{L}])(?:net|netto|netti)\s*:?\s*(\d{1,3})(?:[^\d]|$)`)
	// termNetAfter is "30 Tage netto", "30 days net", "30 Tage ohne Abzug".
	termNetAfter = regexp.MustCompile(`(\d{1,3})\s*(?:gg|giorni|tage|tagen|jours|days)\.?\s*` +
		`(?:net|netto|netti|rein netto|ohne abzug|nets?)(?:[^\p{L}]|$)`)
	termEOM = regexp.MustCompile(`fine\s*mese|(?:^|[^\p{L}])f\.?\s*m(?:[^\p{L}]|$)|\bd?ffm\b|monatsende|` +
		`ende\s+des\s+monats|fin\s+d[eu]\s+mois|\bfdm\b|end\s+of\s+(?:the\s+)?month|\beom\b|e\.o\.m`)
	termDelivery = regexp.MustCompile(`consegna|ricevimento\s+(?:della\s+)?merce|lieferung|erhalt\s+der\s+ware|` +
		`wareneingang|livraison|réception\s+(?:de\s+la\s+)?marchandise|delivery`)
	termImmediate = regexp.MustCompile(`a\s+vista|vista\s+fattura|imm[eé]diat|rimessa\s+diretta|` +
		`ricevimento\s+(?:della\s+)?fattura|al\s+ricevimento|anticipat|sofort|umgehend|bei\s+erhalt|` +
		`nach\s+erhalt|vorkasse|vorauskasse|[àa]\s+r[ée]ception|d[èe]s\s+r[ée]ception|[àa]\s+vue|comptant|` +
		`anticip[ée]|on\s+receipt|upon\s+receipt|in\s+advance|prepayment|prepaid`)
	termDiscount = regexp.MustCompile(`sconto|skonto|escompte|discount|%`)
)

// maxTermDays bounds the days of payment terms.
const maxTermDays = 366

// PaymentTerms reads payment terms in it, en, de or fr, whatever the locale
// (which is accepted for symmetry with the other parsers):
//
//	30 gg d.f., 30 gg df, 30 giorni data fattura      Days 30
//	60 gg d.f.f.m., 60 gg fine mese, 30 jours fin de mois   Days 60 (30), EndOfMonth
//	fine mese, Monatsende, fin de mois, end of month  EndOfMonth (Days 0)
//	a vista, immediato, rimessa diretta, sofort,      Immediate
//	à réception, comptant, due on receipt, Vorkasse
//	30 Tage netto, zahlbar innerhalb von 14 Tagen,    Days 30, 14, 30, 30, 30, 14
//	à 30 jours, net 30, 30 days, payable within 14 days
//	30 gg data consegna, 14 Tage nach Lieferung       Days 30, 14, FromDelivery
//
// When several day counts are printed, the net one wins (14 Tage 2% Skonto,
// 30 Tage netto: 30), else the longest when a cash discount is mentioned,
// else the first (30/60/90 gg: 30, the first instalment). "rimessa diretta"
// with a number of days is that many days. Terms that say none of this are
// not read; a fixed date (entro il 31/03/2026) is a date, not terms.
func PaymentTerms(s, locale string) (Terms, bool) {
	t := strings.ToLower(strings.Join(strings.Fields(s), " "))
	var terms Terms
	days, found := termDaysOf(t)
	if found {
		terms.Days = days
	} else {
		terms.Immediate = termImmediate.MatchString(t)
	}
	terms.EndOfMonth = termEOM.MatchString(t)
	terms.FromDelivery = termDelivery.MatchString(t) && !terms.Immediate
	if !found && !terms.Immediate && !terms.EndOfMonth && !terms.FromDelivery {
		return Terms{}, false
	}
	return terms, true
}

// termDaysOf returns the number of days of the terms t (lower case).
func termDaysOf(t string) (int, bool) {
	for _, re := range []*regexp.Regexp{termNetAfter, termNetBefore} {
		if m := re.FindStringSubmatch(t); m != nil {
			if d, err := strconv.Atoi(m[1]); err == nil && d <= maxTermDays {
				return d, true
			}
		}
	}
	var all []int
	for _, m := range termDays.FindAllStringSubmatch(t, -1) {
		if d, err := strconv.Atoi(m[1]); err == nil && d <= maxTermDays {
			all = append(all, d)
		}
	}
	if len(all) == 0 {
		return 0, false
	}
	if termDiscount.MatchString(t) {
		return maxOf(all), true
	}
	return all[0], true
}

// maxOf returns the largest of ns, which is not empty.
func maxOf(ns []int) int {
	m := ns[0]
	for _, n := range ns[1:] {
		m = max(m, n)
	}
	return m
}

// DueDate returns the due date (YYYY-MM-DD) of an invoice dated invoiceDate
// (YYYY-MM-DD) under terms t: the invoice date plus t.Days calendar days,
// then, with EndOfMonth, the last day of the month reached. This is the
// usual reading of the Italian "30 gg d.f.f.m." (data fattura fine mese):
// 2026-01-31 + 30 days = 2026-03-02, end of month 2026-03-31; some
// accountants count whole months instead and would answer 2026-02-28. An
// immediate payment is due on the invoice date. It fails for terms that run
// from the delivery (its date is not known here), for empty terms, and for
// an invoice date that is not a valid date.
func DueDate(invoiceDate string, t Terms) (string, bool) {
	d, err := time.Parse(time.DateOnly, invoiceDate)
	if err != nil || t.FromDelivery || t.Days < 0 || t.Days > maxTermDays {
		return "", false
	}
	if !t.Immediate && t.Days == 0 && !t.EndOfMonth {
		return "", false
	}
	d = d.AddDate(0, 0, t.Days)
	if t.EndOfMonth && !t.Immediate {
		d = time.Date(d.Year(), d.Month()+1, 0, 0, 0, 0, 0, time.UTC)
	}
	return d.Format(time.DateOnly), true
}
