package testpdf

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"
)

// look is the style of one invoice of a family: what a user of the
// program chose or the program's version changed. It varies from invoice
// to invoice within a family.
type look struct {
	font, headFont string
	size           float64    // body font size in points
	margin         [4]float64 // top, right, bottom, left in millimetres
	accent, ink    string     // CSS colours
	upperLabels    bool
	boldLabels     bool
	// dateForm picks a date notation of the language (see date).
	dateForm int
	// thousands prints thousands separators; nbsp uses a no-break space
	// for the French separator.
	thousands, nbsp bool
	// cur says where the currency is printed: 0 as an ISO code after the
	// totals only, 1 a symbol before the amount, 2 a symbol after, 3 an
	// ISO code before; tableCur also prints it in the item table.
	cur      int
	tableCur bool
	// qtyFixed prints quantities with this many decimals (0: as needed).
	qtyFixed int
	// pctForm prints percentages as "22%", "22 %", "22,00" or "22".
	pctForm int
	// ibanGrouped prints the IBAN in groups of four.
	ibanGrouped bool
	// vatPrefix prints the vendor's VAT number with its country prefix.
	vatPrefix bool
	// upperCity prints cities in capitals.
	upperCity bool
	// dotNumbers prints numbers with a decimal dot and no thousands
	// separator whatever the language.
	dotNumbers bool
	// words are the chosen wordings per concept.
	words map[string]int
	rng   *rand.Rand
}

var fontsSans = []string{"DejaVu Sans", "Liberation Sans", "Nimbus Sans", "Noto Sans", "DejaVu Sans Condensed", "Liberation Sans Narrow", "URW Gothic"}
var fontsSerif = []string{"DejaVu Serif", "Liberation Serif", "Nimbus Roman", "C059", "P052", "URW Bookman"}
var fontsMono = []string{"DejaVu Sans Mono", "Liberation Mono", "Nimbus Mono PS"}

var accents = []string{"#1f4e79", "#8b0000", "#2e7d32", "#4a148c", "#e65100", "#37474f", "#00695c", "#283593", "#ad1457", "#000000"}

func newLook(f Family, rng *rand.Rand) look {
	lk := look{rng: rng, words: map[string]int{}}
	switch r := rng.IntN(10); {
	case r < 6:
		lk.font = pick(rng, fontsSans)
	case r < 9:
		lk.font = pick(rng, fontsSerif)
	default:
		lk.font = pick(rng, fontsMono)
	}
	lk.headFont = lk.font
	if rng.IntN(3) == 0 {
		lk.headFont = pick(rng, append(fontsSans, fontsSerif...))
	}
	lk.size = []float64{7.5, 8, 8.5, 9, 9, 9.5, 10, 10.5, 11}[rng.IntN(9)]
	if lk.font == "DejaVu Sans Mono" || lk.font == "Liberation Mono" || lk.font == "Nimbus Mono PS" {
		lk.size = min(lk.size, 8.5)
	}
	lk.margin = [4]float64{8 + float64(rng.IntN(17)), 8 + float64(rng.IntN(15)), 12 + float64(rng.IntN(14)), 8 + float64(rng.IntN(17))}
	lk.accent = pick(rng, accents)
	lk.ink = pick(rng, []string{"#000", "#111", "#222", "#333"})
	lk.upperLabels = rng.IntN(5) == 0
	lk.boldLabels = rng.IntN(2) == 0
	lk.dateForm = rng.IntN(10)
	lk.thousands = rng.IntN(4) != 0
	lk.nbsp = rng.IntN(2) == 0
	lk.cur = rng.IntN(4)
	lk.tableCur = rng.IntN(5) == 0
	lk.qtyFixed = []int{0, 0, 0, 2, 2, 3}[rng.IntN(6)]
	lk.pctForm = rng.IntN(4)
	lk.ibanGrouped = rng.IntN(2) == 0
	lk.vatPrefix = rng.IntN(3) != 0
	lk.upperCity = rng.IntN(4) == 0
	return lk
}

// word returns the chosen wording of a concept in lang; the choice is made
// once per concept and invoice.
func (lk *look) word(concept, lang string) string {
	opts := lexicon[concept][lang]
	if len(opts) == 0 {
		opts = lexicon[concept]["en"]
	}
	if len(opts) == 0 {
		return ""
	}
	i, ok := lk.words[concept]
	if !ok {
		i = lk.rng.IntN(1 << 20)
		lk.words[concept] = i
	}
	w := opts[i%len(opts)]
	if lk.upperLabels {
		w = strings.ToUpper(w)
	}
	return w
}

// months per language.
var monthNames = map[string][]string{
	"it": {"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"},
	"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	"de": {"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
	"fr": {"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
}

// date prints a date in one of the notations of the language; us prints
// the month first, as in the United States.
func (lk *look) date(d time.Time, lang string, us bool) string {
	m := monthNames[lang][d.Month()-1]
	if us {
		switch lk.dateForm % 4 {
		case 0, 1:
			return d.Format("01/02/2006")
		case 2:
			return fmt.Sprintf("%s %d, %d", m, d.Day(), d.Year())
		}
		return fmt.Sprintf("%s %d, %d", m[:3], d.Day(), d.Year())
	}
	switch lang {
	case "it":
		return []string{d.Format("02/01/2006"), d.Format("02/01/2006"), d.Format("02/01/2006"), d.Format("2/1/2006"),
			d.Format("02-01-2006"), d.Format("02.01.2006"), fmt.Sprintf("%d %s %d", d.Day(), m, d.Year()), d.Format("02/01/2006"),
			d.Format("02/01/06"), d.Format("02/01/2006")}[lk.dateForm]
	case "de":
		return []string{d.Format("02.01.2006"), d.Format("02.01.2006"), d.Format("02.01.2006"), d.Format("2.1.2006"),
			fmt.Sprintf("%d. %s %d", d.Day(), m, d.Year()), d.Format("2006-01-02"), d.Format("02.01.06"), d.Format("02.01.2006"),
			fmt.Sprintf("%02d. %s %d", d.Day(), m, d.Year()), d.Format("02.01.2006")}[lk.dateForm]
	case "fr":
		return []string{d.Format("02/01/2006"), d.Format("02/01/2006"), d.Format("02/01/2006"), fmt.Sprintf("%d %s %d", d.Day(), m, d.Year()),
			d.Format("02/01/2006"), d.Format("02.01.2006"), d.Format("02-01-2006"), fmt.Sprintf("%d %s %d", d.Day(), m, d.Year()),
			d.Format("02/01/06"), d.Format("02/01/2006")}[lk.dateForm]
	}
	return []string{d.Format("02/01/2006"), fmt.Sprintf("%d %s %d", d.Day(), m, d.Year()), fmt.Sprintf("%02d %s %d", d.Day(), m[:3], d.Year()),
		d.Format("2006-01-02"), d.Format("02/01/2006"), fmt.Sprintf("%d %s %d", d.Day(), m, d.Year()), d.Format("2 Jan 2006"),
		d.Format("02/01/2006"), d.Format("02.01.2006"), fmt.Sprintf("%d %s %d", d.Day(), m[:3], d.Year())}[lk.dateForm]
}

// number prints v with decimals, the local way of lang.
func (lk *look) number(v float64, decimals int, lang string) string {
	neg := v < 0
	s := fmt.Sprintf("%.*f", decimals, math.Abs(v))
	ip, dec := s, ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		ip, dec = s[:i], s[i+1:]
	}
	thou, point := ".", ","
	switch lang {
	case "fr":
		thou = " "
		if lk.nbsp {
			thou = "\u00a0"
		}
	case "en":
		thou, point = ",", "."
	}
	if !lk.thousands {
		thou = ""
	}
	if lk.dotNumbers {
		thou, point = "", "."
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range ip {
		if i > 0 && (len(ip)-i)%3 == 0 {
			b.WriteString(thou)
		}
		b.WriteRune(r)
	}
	if dec != "" {
		b.WriteString(point + dec)
	}
	return b.String()
}

var symbols = map[string]string{"EUR": "€", "GBP": "£", "USD": "$"}

// money prints an amount with its currency where the look puts it.
func (lk *look) money(c int64, lang, currency string) string {
	a := lk.number(float64(c)/100, 2, lang)
	sym := symbols[currency]
	switch lk.cur {
	case 1:
		if lang == "en" {
			return sym + a
		}
		return sym + " " + a
	case 2:
		if lang == "en" && currency != "EUR" {
			return sym + a
		}
		return a + " " + sym
	case 3:
		return currency + " " + a
	}
	return a + " " + currency
}

// pct prints a percentage.
func (lk *look) pct(v float64, lang string) string {
	s := lk.number(v, decimalsOf(v), lang)
	switch lk.pctForm {
	case 0:
		return s + "%"
	case 1:
		return s + " %"
	case 2:
		return lk.number(v, 2, lang) + "%"
	}
	if lang == "de" || lang == "fr" {
		return s + " %"
	}
	return s + "%"
}

// decimalsOf is the number of decimals v needs (at most 3).
func decimalsOf(v float64) int {
	for d := 0; d < 3; d++ {
		if math.Abs(v*math.Pow10(d)-math.Round(v*math.Pow10(d))) < 1e-9 {
			return d
		}
	}
	return 3
}

// qty prints a quantity.
func (lk *look) qty(v float64, lang string) string {
	d := max(lk.qtyFixed, decimalsOf(v))
	return lk.number(v, d, lang)
}
