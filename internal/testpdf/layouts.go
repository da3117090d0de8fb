package testpdf

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/invex/invex/invoice"
)

// Layouts are the page arrangements of generated invoices.
const (
	// LayoutLetterLeft: vendor letterhead top left, buyer in an address
	// window on the right, document data under the letterhead.
	LayoutLetterLeft = iota
	// LayoutLetterRight: vendor letterhead top right with a sender line over
	// a buyer window on the left (DIN 5008 style), document data in a
	// label/value block on the right.
	LayoutLetterRight
	// LayoutBlocks: a title, then vendor and buyer side by side each under
	// its label, then a row of document data with the labels above the
	// values.
	LayoutBlocks
	// LayoutFooter: only the vendor's name and contacts on top, buyer under a
	// label, and the vendor's address, VAT number and bank in the footer of
	// every page.
	LayoutFooter
	// NumLayouts is the number of layouts.
	NumLayouts
)

// Columns of the item table.
const (
	ColPos = iota
	ColCode
	ColDesc
	ColQty
	ColUnit
	ColPrice
	ColDisc
	ColVAT
	ColAmount
)

// Party is a vendor or buyer as printed.
type Party struct {
	Name    string
	Street  string
	Zip     string
	City    string
	Prov    string // Italian province code, printed in parentheses
	Country string // ISO 3166 alpha-2
	// VAT is the VAT number with its country prefix; FiscalCode the Italian
	// codice fiscale. Either may be empty.
	VAT        string
	FiscalCode string
	Email      string
	Phone      string
}

// Item is one line of a generated invoice. Money is in cents.
type Item struct {
	Code        string
	Description string
	// Detail is a second line of the description (a lot, a period, a
	// serial number), printed under it in smaller type; it is a note on
	// the item, not its description.
	Detail    string
	Quantity  float64
	Unit      string
	UnitPrice int64
	// PriceDecimals is the number of decimals UnitPrice has and is printed
	// with: UnitPrice is in units of 10^-PriceDecimals. Zero means 2
	// (cents).
	PriceDecimals int
	DiscountPct   float64
	VATRate       float64
	// VATCode is the VAT code printed in the row instead of the rate
	// (such as "C22" or "N4"); empty when the rate is printed.
	VATCode string
	// Flat marks a row that prints its amount and no quantity, unit or
	// price (a flat fee among priced goods); its quantity is 1.
	Flat bool
}

// Decimals returns the number of decimals of the unit price.
func (it Item) Decimals() int {
	if it.PriceDecimals == 0 {
		return 2
	}
	return it.PriceDecimals
}

// Price returns the unit price in currency units.
func (it Item) Price() float64 {
	return float64(it.UnitPrice) / math.Pow10(it.Decimals())
}

// Amount returns the line amount in cents: quantity × unit price less the
// line discount, rounded to the cent.
func (it Item) Amount() int64 {
	return int64(math.Round(it.Quantity * float64(it.UnitPrice) * math.Pow10(2-it.Decimals()) * (100 - it.DiscountPct) / 100))
}

// Gross returns the line amount with its VAT in cents, as a shop's table
// prints it.
func (it Item) Gross() int64 {
	return int64(math.Round(float64(it.Amount()) * (100 + it.VATRate) / 100))
}

// lineAmount is the amount the item table prints for an item: with its VAT
// when the spec prints gross lines.
func (s Spec) lineAmount(it Item) int64 {
	if s.GrossLines {
		return it.Gross()
	}
	return it.Amount()
}

// Charge kinds: what a document-level charge is for.
const (
	ChargeShipping   = "shipping"   // transport and delivery
	ChargePacking    = "packing"    // packaging
	ChargeCollection = "collection" // Italian spese d'incasso (bank collection fees)
	ChargeCassa      = "cassa"      // Italian contributo cassa previdenza, a percentage of the fees
)

// Charge is a document-level charge added to the goods: it is taxable at
// its VAT rate and part of the subtotal. Amount is in cents.
type Charge struct {
	Kind    string
	Amount  int64
	VATRate float64
	// Pct is the percentage of the goods a cassa previdenza charge is.
	Pct float64
}

// Style says how a generated invoice is printed.
type Style struct {
	Layout int
	// Columns are the item table's columns, in order.
	Columns []int
	// VATTable prints a VAT summary table beside the totals instead of a
	// totals box alone.
	VATTable bool
	// LongDate prints dates with the month name.
	LongDate bool
	// PrintCountry prints the country under the addresses.
	PrintCountry bool
	// FooterLegal repeats the vendor's legal data in the page footer.
	FooterLegal bool
	// Symbol prints the currency symbol beside the totals (else the code).
	Symbol bool
	// DueInMeta prints the due date among the document data rather than in
	// the payment block.
	DueInMeta bool
	// CarryForward prints a carried-forward line at page breaks.
	CarryForward bool
	// Variant picks among the label wordings of a language.
	Variant int
	// NumberLabel, when set, is printed as the label of an invoice's
	// number in place of the language's usual wordings: a supplier's own.
	NumberLabel string
}

// Spec is a generated invoice: its content, how it is printed, and (with
// Truth and PDF) the expected extraction and the document itself.
type Spec struct {
	Seed   uint64
	Lang   string // it, en, de, fr
	Type   string // invoice.TypeInvoice or invoice.TypeCreditNote
	Number string
	// Refers is, for a credit note, the number of the invoice it corrects.
	Refers   string
	Date     time.Time
	Due      time.Time // zero when no due date is printed
	Currency string
	Vendor   Party
	Buyer    Party
	Items    []Item
	// DiscountPct is a document-level discount on the goods total.
	DiscountPct float64
	// WithholdingPct is the Italian ritenuta d'acconto on the taxable amount.
	WithholdingPct float64
	// StampDuty is the Italian imposta di bollo in cents, added to the total
	// of a VAT-exempt invoice.
	StampDuty int64
	// Exempt marks an Italian flat-rate (forfettario) invoice: no VAT.
	Exempt bool
	// Terms are the payment terms as printed; empty when none are.
	Terms string
	// TermsLabelled prints the terms after a label.
	TermsLabelled bool
	// TermsWrap prints the terms in a narrow column, over two or more
	// lines.
	TermsWrap bool
	// GrossLines prints each item's amount with its VAT (see Item.Gross),
	// its rate in the column before it.
	GrossLines bool
	Method     string // invoice.Pay* or ""
	IBAN       string // vendor's IBAN, empty when not printed
	Bank       string
	PONumber   string
	CustomerNo string
	// Attn is a person at a company buyer, printed under the buyer's
	// name after a key ("Attn.", "z. Hd.") or, when AttnTitle is set,
	// after that title instead ("Herrn", "Sig.", "Ms", "Mme"); SalesRep
	// the vendor's agent or clerk, printed among the document data
	// ("Sales rep", "Sachbearbeiter"). Neither is a party's name.
	Attn, AttnTitle, SalesRep string
	Style                     Style

	// Charges are document-level charges added to the goods.
	Charges []Charge
	// Advance is an advance already paid, in cents, deducted from the
	// amount due (not from the total).
	Advance int64
	// SplitPayment marks an Italian scissione dei pagamenti invoice to a
	// public body: the buyer pays the VAT to the State, so the amount due
	// is the total less the VAT.
	SplitPayment bool
	// ReverseCharge marks an invoice whose VAT the buyer accounts for:
	// every rate is 0 and a note says why.
	ReverseCharge bool
	// Delivery is a delivery address printed beside the billing address,
	// or nil.
	Delivery *Party
	// SDICode is the buyer's Italian codice destinatario, printed for
	// Italian buyers; BuyerPEC the buyer's certified mail.
	SDICode string
}

// Name is a short name for the invoice: seed, language, layout and main
// features, such as "gen-07-de-blocks-credit-2p".
func (s Spec) Name() string {
	name := fmt.Sprintf("gen-%02d-%s-%s", s.Seed, s.Lang, layoutNames[s.Style.Layout])
	for _, f := range s.Features() {
		name += "-" + f
	}
	return name
}

var layoutNames = []string{"left", "right", "blocks", "footer"}

// Features lists the notable features of the invoice: credit, multivat,
// discount, withholding, stamp, 2p (two pages), wrap, vattable, unitcol,
// disccol.
func (s Spec) Features() []string {
	var f []string
	add := func(ok bool, name string) {
		if ok {
			f = append(f, name)
		}
	}
	add(s.Type == invoice.TypeCreditNote, "credit")
	add(len(s.rates()) > 1, "multivat")
	add(s.DiscountPct > 0, "discount")
	add(s.WithholdingPct > 0, "withholding")
	add(s.StampDuty > 0, "stamp")
	add(s.TwoPages(), "2p")
	add(s.hasWrapped(), "wrap")
	add(s.Style.VATTable, "vattable")
	add(s.hasCol(ColUnit), "unitcol")
	add(s.hasCol(ColDisc), "disccol")
	return f
}

// TwoPages reports whether the item table is long enough to go on a second
// page.
func (s Spec) TwoPages() bool { return len(s.Items) > 20 }

func (s Spec) hasWrapped() bool {
	for _, it := range s.Items {
		if len(it.Description) > 60 {
			return true
		}
	}
	return false
}

func (s Spec) hasCol(c int) bool {
	for _, x := range s.Style.Columns {
		if x == c {
			return true
		}
	}
	return false
}

// Generate returns the invoice of a seed. Seeds 0, 1, 2, … cycle through
// the languages it, en, de, fr; within a language, consecutive seeds cycle
// through the layouts and the features (credit notes, several VAT rates,
// document discounts, two-page tables, and for Italian invoices
// withholding and stamp duty), so that any 40 consecutive seeds cover every
// language × layout × feature. The rest (names, amounts, columns, wording)
// is drawn from a random source seeded with the seed.
func Generate(seed uint64) Spec {
	rng := rand.New(rand.NewPCG(seed, 0x1a2b3c4d))
	s := Spec{Seed: seed, Lang: invoice.Locales[seed%4], Currency: "EUR", Type: invoice.TypeInvoice}
	k := seed / 4 // the invoice's rank within its language
	s.Style.Layout = int(k % NumLayouts)
	s.Style.Variant = rng.IntN(2)

	country := map[string]string{"it": "IT", "de": "DE", "fr": "FR", "en": "GB"}[s.Lang]
	if s.Lang == "en" && k%2 == 1 {
		country = "IE"
	}
	if country == "GB" {
		s.Currency = "GBP"
	}
	p := pools[country]

	// Features by rank, so that every language gets each of them.
	credit := k%5 == 1
	multi := k%3 == 2 && !(s.Lang == "it" && k%5 == 4)
	twoPages := k%4 == 3
	discount := k%5 == 2 || k%10 == 9
	professional := s.Lang == "it" && k%5 == 3
	freelance := s.Lang == "it" && k%5 == 4
	if credit {
		s.Type = invoice.TypeCreditNote
	}

	// Dates.
	s.Date = time.Date(2025+rng.IntN(2), time.Month(1+rng.IntN(12)), 1+rng.IntN(28), 0, 0, 0, 0, time.UTC)
	s.Style.LongDate = rng.IntN(4) == 0 || k%8 == 5

	// Parties.
	s.Vendor = party(rng, p, country, pick(rng, p.vendors))
	if professional {
		s.Vendor.Name = pick(rng, p.professionals)
		s.Vendor.FiscalCode = CodiceFiscale(rng)
	}
	if freelance {
		s.Vendor.Name = pick(rng, p.freelancers)
		s.Vendor.FiscalCode = CodiceFiscale(rng)
	}
	s.Buyer = party(rng, p, country, pick(rng, p.buyers))
	// One invoice in eight goes to a buyer in the vendor's own city (drawn
	// apart from rng, so the rest of the invoice stays as it was).
	if rand.New(rand.NewPCG(seed, 0x5a3ec17e)).IntN(8) == 0 {
		s.Buyer.City, s.Buyer.Zip, s.Buyer.Prov = s.Vendor.City, s.Vendor.Zip, s.Vendor.Prov
	} else {
		for s.Buyer.City == s.Vendor.City {
			pl := pick(rng, p.places)
			s.Buyer.City, s.Buyer.Zip, s.Buyer.Prov = pl.city, pl.zip, pl.prov
		}
	}
	for s.Buyer.Street == s.Vendor.Street {
		s.Buyer.Street = pick(rng, p.streets)
	}
	s.Buyer.Phone = ""
	if rng.IntN(2) == 0 {
		s.Vendor.Email = ""
	}
	if rng.IntN(3) == 0 {
		s.Vendor.Phone = ""
	}
	if country == "IT" && rng.IntN(3) == 0 {
		s.Buyer.Email = "amministrazione@pec." + domain(s.Buyer.Name) + ".it"
	} else {
		s.Buyer.Email = ""
	}
	if freelance && rng.IntN(2) == 0 {
		// A private client: codice fiscale, no VAT number.
		s.Buyer.Name = pick(rng, p.people)
		s.Buyer.VAT = ""
		s.Buyer.FiscalCode = CodiceFiscale(rng)
	}
	s.Style.PrintCountry = rng.IntN(3) == 0

	// Items.
	goods := p.goods
	switch {
	case professional:
		goods = p.fees
	case freelance:
		goods = p.freelance
	}
	n := 2 + rng.IntN(5)
	if credit {
		n = 1 + rng.IntN(3)
	}
	if twoPages {
		n = 24 + rng.IntN(10)
	}
	wrap := rng.IntN(3) == 0 && !professional && !freelance
	std, reduced := rates(country)
	for i := range n {
		g := pick(rng, goods)
		if wrap && (i == 1 || i%7 == 4) {
			g = pick(rng, p.long)
		}
		it := Item{Description: g.desc, Unit: g.unit, VATRate: std}
		it.Code = fmt.Sprintf("%c%c-%04d", 'A'+rng.IntN(26), 'A'+rng.IntN(26), 100+rng.IntN(9900))
		it.UnitPrice = price(rng, g)
		it.Quantity = float64(1 + rng.IntN(12))
		if g.hours && rng.IntN(2) == 0 {
			it.Quantity += 0.5
		}
		if it.UnitPrice > 50000 {
			it.Quantity = float64(1 + rng.IntN(2))
		}
		if multi && (i%2 == 1 || rng.IntN(3) == 0) {
			it.VATRate = reduced[rng.IntN(len(reduced))]
		}
		if freelance {
			it.VATRate = 0
		}
		s.Items = append(s.Items, it)
	}
	if multi && len(s.rates()) < 2 {
		if len(s.Items) == 1 {
			s.Items = append(s.Items, s.Items[0])
			s.Items[1].Quantity = 1
		}
		s.Items[len(s.Items)-1].VATRate = reduced[0]
	}

	// Columns.
	lineDisc := !professional && !freelance && rng.IntN(3) == 0
	if lineDisc {
		for i := range s.Items {
			if rng.IntN(2) == 0 {
				s.Items[i].DiscountPct = []float64{5, 10, 15, 20}[rng.IntN(4)]
			}
		}
	}
	s.Style.Columns = columns(rng, s.Lang, lineDisc, multi || rng.IntN(2) == 0 && !freelance)
	s.Style.VATTable = (k+uint64(rng.IntN(2)))%2 == 0 || multi && rng.IntN(2) == 0

	// Document-level amounts.
	if discount {
		s.DiscountPct = []float64{2, 3, 5, 10}[rng.IntN(4)]
	}
	if professional {
		s.WithholdingPct = 20
	}
	if freelance {
		s.Exempt = true
		s.StampDuty = 200
	}

	// Numbers and references.
	num := 1 + rng.IntN(480)
	y := s.Date.Year()
	switch s.Lang {
	case "it":
		s.Number = []string{fmt.Sprintf("%d/%04d", y, num), fmt.Sprintf("%d/%d", num, y), fmt.Sprintf("FT-%d-%03d", y, num)}[rng.IntN(3)]
		if credit {
			s.Number = fmt.Sprintf("NC %d/%d", num%40+1, y)
		}
	case "en":
		s.Number = []string{fmt.Sprintf("INV-%d-%04d", y, num), fmt.Sprintf("%06d", 4000+num)}[rng.IntN(2)]
		if credit {
			s.Number = fmt.Sprintf("CN-%04d", num)
		}
	case "de":
		s.Number = []string{fmt.Sprintf("RE-%d-%04d", y, 1000+num), fmt.Sprintf("%d%05d", y, num)}[rng.IntN(2)]
		if credit {
			s.Number = fmt.Sprintf("GS-%d-%03d", y, num)
		}
	case "fr":
		s.Number = []string{fmt.Sprintf("F%d-%04d", y, num), fmt.Sprintf("FA%02d%04d", y%100, num)}[rng.IntN(2)]
		if credit {
			s.Number = fmt.Sprintf("AV-%d-%03d", y, num)
		}
	}
	if credit {
		s.Refers = fmt.Sprintf("%d/%04d", y, num+17)
		if s.Lang != "it" {
			s.Refers = fmt.Sprintf("%d-%04d", y, num+17)
		}
	}
	if rng.IntN(3) == 0 {
		s.PONumber = []string{fmt.Sprintf("450%07d", rng.IntN(10000000)), fmt.Sprintf("PO-%05d", rng.IntN(100000))}[rng.IntN(2)]
	}
	if rng.IntN(2) == 0 {
		s.CustomerNo = fmt.Sprintf("%d", 10000+rng.IntN(90000))
	}

	// Payment.
	days := []int{0, 14, 30, 30, 60}[rng.IntN(5)]
	s.Method = invoice.PayBankTransfer
	switch r := rng.IntN(8); {
	case r == 0 && country == "DE":
		s.Method = invoice.PaySEPADirectDebit
	case r == 0 && country == "FR":
		s.Method = invoice.PayCheque
	case r == 0 && country == "IT":
		s.Method = invoice.PayRiba
	}
	if s.Method == invoice.PayBankTransfer {
		s.IBAN = randomIBAN(rng, country)
		s.Bank = pick(rng, p.banks)
	}
	s.Terms = terms(s.Lang, days, s.Style.Variant)
	s.TermsLabelled = !(s.Lang == "de" && s.Style.Variant == 1)
	if credit && rng.IntN(2) == 0 {
		s.Terms, s.Method, s.IBAN = "", "", ""
	}
	if s.Terms != "" && rng.IntN(4) != 0 {
		s.Due = s.Date.AddDate(0, 0, days)
	}
	s.Style.DueInMeta = rng.IntN(2) == 0
	s.Style.FooterLegal = s.Style.Layout == LayoutFooter || rng.IntN(2) == 0
	s.Style.Symbol = rng.IntN(2) == 0
	s.Style.CarryForward = twoPages && s.Lang == "de" && rng.IntN(2) == 0
	return s
}

// Set returns the invoices of seeds 0 to n-1.
func Set(n int) []Spec {
	out := make([]Spec, n)
	for i := range out {
		out[i] = Generate(uint64(i))
	}
	return out
}

func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.IntN(len(xs))] }

// vatIDs returns a company's VAT number (with its country prefix) and,
// for Italy, its codice fiscale (the same digits), with valid check digits.
// The United States have no VAT.
func vatIDs(rng *rand.Rand, country string) (vat, fiscal string) {
	switch country {
	case "IT":
		piva := PartitaIVA(rng)
		return "IT" + piva, piva
	case "DE":
		return "DE" + GermanVAT(rng), ""
	case "FR":
		return "FR" + FrenchVAT(SIREN(rng)), ""
	case "GB":
		return "GB" + UKVAT(rng), ""
	case "IE":
		return "IE" + IrishVAT(rng), ""
	}
	return "", ""
}

// party makes a company of country with valid identifiers.
func party(rng *rand.Rand, p pool, country, name string) Party {
	pl := pick(rng, p.places)
	pt := Party{Name: name, Street: pick(rng, p.streets), Zip: pl.zip, City: pl.city, Prov: pl.prov, Country: country}
	pt.VAT, pt.FiscalCode = vatIDs(rng, country)
	switch country {
	case "IT":
		pt.Phone = fmt.Sprintf("+39 0%d %07d", 2+rng.IntN(8), rng.IntN(10000000))
	case "DE":
		pt.Phone = fmt.Sprintf("+49 %d %d", 30+rng.IntN(60), 100000+rng.IntN(900000))
	case "FR":
		pt.Phone = fmt.Sprintf("0%d %02d %02d %02d %02d", 1+rng.IntN(5), rng.IntN(100), rng.IntN(100), rng.IntN(100), rng.IntN(100))
	case "GB":
		pt.Phone = fmt.Sprintf("+44 20 %04d %04d", rng.IntN(10000), rng.IntN(10000))
	case "IE":
		pt.Phone = fmt.Sprintf("+353 1 %03d %04d", rng.IntN(1000), rng.IntN(10000))
	}
	pt.Email = []string{"info@", "fatture@", "billing@", "accounts@"}[rng.IntN(4)] + domain(name) + map[string]string{"IT": ".it", "DE": ".de", "FR": ".fr", "GB": ".co.uk", "IE": ".ie"}[country]
	return pt
}

// domain makes a mail domain from a company name: its first word in lower
// case ASCII.
func domain(name string) string {
	var b []byte
	for _, r := range name {
		switch {
		case 'a' <= r && r <= 'z', '0' <= r && r <= '9':
			b = append(b, byte(r))
		case 'A' <= r && r <= 'Z':
			b = append(b, byte(r-'A'+'a'))
		case r == 'é' || r == 'è' || r == 'É':
			b = append(b, 'e')
		case r == 'ü':
			b = append(b, 'u')
		case r == 'ö':
			b = append(b, 'o')
		case r == 'ä':
			b = append(b, 'a')
		default:
			if len(b) > 2 {
				return string(b)
			}
			b = b[:0]
		}
	}
	return string(b)
}

// price draws a unit price in cents from the good's range, rounded to a
// price that looks set by hand.
func price(rng *rand.Rand, g good) int64 {
	p := g.min + rng.Int64N(g.max-g.min+1)
	switch {
	case p >= 10000:
		return p / 100 * 100
	case p >= 1000:
		return p / 10 * 10
	}
	return p
}

// rates returns a country's standard VAT rate and its reduced ones.
func rates(country string) (float64, []float64) {
	switch country {
	case "IT":
		return 22, []float64{10, 4}
	case "DE":
		return 19, []float64{7}
	case "FR":
		return 20, []float64{10, 5.5}
	case "GB":
		return 20, []float64{5}
	case "IE":
		return 23, []float64{13.5}
	}
	panic("testpdf: no VAT rates for " + country)
}

// columns picks the item table's columns.
func columns(rng *rand.Rand, lang string, disc, vat bool) []int {
	orders := [][]int{
		{ColDesc, ColQty, ColUnit, ColPrice, ColDisc, ColVAT, ColAmount},
		{ColCode, ColDesc, ColUnit, ColQty, ColPrice, ColDisc, ColVAT, ColAmount},
		{ColPos, ColDesc, ColQty, ColUnit, ColPrice, ColDisc, ColVAT, ColAmount},
		{ColDesc, ColVAT, ColQty, ColPrice, ColDisc, ColAmount},
		{ColQty, ColUnit, ColDesc, ColPrice, ColDisc, ColVAT, ColAmount},
	}
	order := orders[rng.IntN(len(orders))]
	if lang == "de" && rng.IntN(2) == 0 {
		order = orders[2]
	}
	unit := rng.IntN(3) != 0
	var out []int
	for _, c := range order {
		switch {
		case c == ColUnit && !unit, c == ColDisc && !disc, c == ColVAT && !vat:
			continue
		}
		out = append(out, c)
	}
	return out
}

// terms returns payment terms for a number of days.
func terms(lang string, days, variant int) string {
	switch lang {
	case "it":
		if days == 0 {
			return "Rimessa diretta"
		}
		return []string{fmt.Sprintf("Bonifico bancario a %d giorni data fattura", days), fmt.Sprintf("%d gg d.f.", days)}[variant]
	case "en":
		if days == 0 {
			return "Due on receipt"
		}
		return []string{fmt.Sprintf("Net %d", days), fmt.Sprintf("Payment due within %d days of the invoice date", days)}[variant]
	case "de":
		if days == 0 {
			return "Zahlbar sofort ohne Abzug"
		}
		return fmt.Sprintf("Zahlbar innerhalb von %d Tagen ohne Abzug", days)
	case "fr":
		if days == 0 {
			return "Paiement à réception de facture"
		}
		return fmt.Sprintf("%d jours date de facture", days)
	}
	return ""
}

// Supplier returns n invoices of one supplier: the vendor, language,
// layout, wording and bank of Generate(seed), each with the number, dates,
// buyer, items and totals of another seed of the same language. Credit
// notes are left out. label, when not empty, is the supplier's own label
// of the invoice number (Style.NumberLabel).
func Supplier(seed uint64, n int, label string) []Spec {
	base := Generate(seed)
	var out []Spec
	for i := uint64(0); len(out) < n; i++ {
		s := base
		if i > 0 {
			s = Generate(seed + 4*i)
		}
		if s.Type != invoice.TypeInvoice || s.Lang != base.Lang {
			continue
		}
		s.Vendor, s.IBAN, s.Bank = base.Vendor, base.IBAN, base.Bank
		s.Style.Layout, s.Style.Variant, s.Style.FooterLegal = base.Style.Layout, base.Style.Variant, base.Style.FooterLegal
		s.Style.NumberLabel = label
		out = append(out, s)
	}
	return out
}
