package testpdf

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/invex/invex/extract/validate"
	"github.com/invex/invex/invoice"
)

// familySpec draws the content of one invoice of a Chromium family: its
// parties, items and tax treatment, from the features the family prints.
func familySpec(f Family, seed uint64, rng *rand.Rand) Spec {
	country := pick(rng, f.Countries)
	s := Spec{Seed: seed, Lang: f.Lang, Type: invoice.TypeInvoice, Currency: "EUR"}
	switch {
	case f.Currency != "":
		s.Currency = f.Currency
	case country == "GB":
		s.Currency = "GBP"
	case country == "US":
		s.Currency = "USD"
	}
	on := func(feat int, p float64) bool {
		return f.Always&feat != 0 || f.Maybe&feat != 0 && rng.Float64() < p
	}
	credit := on(featCredit, 0.2)
	if credit {
		s.Type = invoice.TypeCreditNote
	}
	withholding := on(featWithholding, 0.5)
	exempt := on(featExempt, 0.5)
	reverse := on(featReverse, 0.5)
	split := on(featSplit, 0.5)

	// Parties.
	s.Vendor = familyParty(rng, country, companyName(rng, country))
	switch {
	case withholding && country == "IT":
		title := pick(rng, []string{"Studio Tecnico Ing.", "Avv.", "Dott.", "Arch.", "Geom.", "Dott.ssa"})
		s.Vendor.Name = title + " " + personName(rng, country)
		s.Vendor.FiscalCode = CodiceFiscale(rng)
		// Half of the professionals bill with a fee note (parcella,
		// TD06), the rest with an invoice; drawn apart from rng, so the
		// rest of the invoice stays as it was.
		if !credit && rand.New(rand.NewPCG(seed, 0xfee)).IntN(2) == 0 {
			s.Type = invoice.TypeFeeNote
		}
	case exempt:
		job := map[string][]string{
			"IT": {"Grafica e Illustrazione", "Fotografo", "Traduzioni", "Web Design", "Consulenza informatica"},
			"DE": {"Webdesign", "Fotografie", "Übersetzungen", "Grafikdesign", "Hausmeisterservice"},
			"FR": {"Conseil", "Graphisme", "Photographie", "Traduction", "Développement web"},
		}[country]
		s.Vendor.Name = personName(rng, country)
		if len(job) > 0 {
			s.Vendor.Name += " " + pick(rng, job)
		}
		if country == "IT" {
			s.Vendor.FiscalCode = CodiceFiscale(rng)
		}
		if country == "DE" {
			// A small business has a tax number, not always a VAT id.
			s.Vendor.VAT = ""
			s.Vendor.FiscalCode = fmt.Sprintf("%d/%03d/%05d", 100+rng.IntN(900), rng.IntN(1000), rng.IntN(100000))
		}
	}
	buyerCountry := country
	if reverse && country == "DE" {
		buyerCountry = pick(rng, []string{"IT", "FR"})
	}
	s.Buyer = familyParty(rng, buyerCountry, companyName(rng, buyerCountry))
	s.Buyer.Phone = ""
	// One invoice in eight goes to a buyer in the vendor's own city: both
	// parties print the same postal line. The choice is drawn apart from
	// rng, so the rest of the invoice stays as it was.
	if buyerCountry == country && rand.New(rand.NewPCG(seed, 0x5a3ec17e)).IntN(8) == 0 {
		s.Buyer.City, s.Buyer.Zip, s.Buyer.Prov = s.Vendor.City, s.Vendor.Zip, s.Vendor.Prov
		for s.Buyer.Street == s.Vendor.Street {
			s.Buyer.Street = street(rng, country)
		}
	} else {
		for s.Buyer.City == s.Vendor.City {
			pl := pick(rng, cities[buyerCountry])
			s.Buyer.City, s.Buyer.Zip, s.Buyer.Prov = pl.city, pl.zip, pl.prov
		}
	}
	if rng.IntN(3) != 0 {
		s.Buyer.Email = ""
	}
	if split {
		body := pick(rng, []string{"Comune di ", "Azienda Sanitaria Locale di ", "Istituto Comprensivo Statale di ", "Provincia di ", "Università degli Studi di "})
		s.Buyer.Name = body + s.Buyer.City
		s.Buyer.VAT = ""
		// A public body's codice fiscale: eleven digits starting with 8 or
		// 9, with the Partita IVA check digit.
		d := "8" + PartitaIVA(rng)[1:10]
		s.Buyer.FiscalCode = d + string(validate.PartitaIVACheckDigit(d))
	}
	if !split && !reverse && on(featBuyerPerson, 0.3) {
		s.Buyer.Name = personName(rng, buyerCountry)
		s.Buyer.VAT = ""
		s.Buyer.FiscalCode = ""
		if buyerCountry == "IT" {
			s.Buyer.FiscalCode = CodiceFiscale(rng)
		}
	}
	if buyerCountry == "IT" && s.Buyer.VAT != "" || split {
		const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
		n := 7
		if split {
			n = 6
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = alnum[rng.IntN(len(alnum))]
		}
		s.SDICode = string(b)
	}
	if on(featDelivery, 0.5) {
		d := s.Buyer
		d.Street = street(rng, buyerCountry)
		pl := pick(rng, cities[buyerCountry])
		d.City, d.Zip, d.Prov = pl.city, pl.zip, pl.prov
		d.VAT, d.FiscalCode, d.Email = "", "", ""
		s.Delivery = &d
	}
	if rng.IntN(2) == 0 {
		s.Vendor.Email = ""
	}
	if rng.IntN(3) == 0 {
		s.Vendor.Phone = ""
	}
	s.Style.PrintCountry = buyerCountry != country || rng.IntN(3) == 0

	// Dates.
	s.Date = time.Date(2024+rng.IntN(3), time.Month(1+rng.IntN(12)), 1+rng.IntN(28), 0, 0, 0, 0, time.UTC)

	// Items.
	std, reduced := familyRates(country)
	n := 1 + rng.IntN(7)
	if credit {
		n = 1 + rng.IntN(3)
	} else if on(featLong, 0.3) {
		n = 25 + rng.IntN(20)
	}
	hours := on(featHours, 0.5)
	precise := on(featPrecise, 0.5)
	multi := len(reduced) > 0 && on(featMultiVAT, 0.4)
	lineDisc := on(featLineDiscount, 0.5)
	wrap := on(featWrap, 0.5)
	det := on(featDetail, 0.6)
	ean := on(featEAN, 0.5)
	lang := s.Lang
	var hourly, other []good
	for _, g := range goodsOf[lang] {
		if g.hours {
			hourly = append(hourly, g)
		} else {
			other = append(other, g)
		}
	}
	for i := range n {
		g := pick(rng, other)
		switch {
		case withholding && country == "IT":
			g = pick(rng, pools["IT"].fees)
		case hours && (i == 0 || rng.IntN(3) != 0):
			g = pick(rng, hourly)
		case wrap && (i == 1 || rng.IntN(6) == 0):
			g = pick(rng, longGoodsOf[lang])
		}
		it := Item{Description: g.desc, Unit: g.unit, VATRate: std}
		it.UnitPrice = price(rng, g)
		it.Quantity = float64(1 + rng.IntN(12))
		switch {
		case g.hours:
			it.Quantity = float64(1+rng.IntN(40)) / []float64{1, 2, 4}[rng.IntN(3)]
		case g.unit == "kg" && rng.IntN(2) == 0:
			it.Quantity = float64(10+rng.IntN(990)) / 10
		case it.UnitPrice > 50000:
			it.Quantity = float64(1 + rng.IntN(2))
		}
		if precise && !g.hours && rng.IntN(3) != 0 {
			d := 3 + rng.IntN(3)
			// A small price with sub-cent digits, on a larger quantity.
			it.PriceDecimals = d
			it.UnitPrice = (it.UnitPrice/10 + 1) * int64(math.Pow10(d-2))
			it.UnitPrice += rng.Int64N(int64(math.Pow10(d - 2)))
			it.Quantity = float64(10 * (1 + rng.IntN(50)))
		}
		if ean {
			it.Code = EAN13(rng, country)
		} else {
			it.Code = fmt.Sprintf("%c%c%04d", 'A'+rng.IntN(26), 'A'+rng.IntN(26), 10+rng.IntN(9990))
			if rng.IntN(2) == 0 {
				it.Code = fmt.Sprintf("%05d", rng.IntN(100000))
			}
		}
		if det && rng.IntN(2) == 0 {
			it.Detail = detail(rng, lang)
		}
		if multi && (i%2 == 1 || rng.IntN(3) == 0) {
			it.VATRate = pick(rng, reduced)
		}
		if lineDisc && rng.IntN(2) == 0 {
			it.DiscountPct = pick(rng, []float64{5, 10, 15, 20, 25, 50})
		}
		s.Items = append(s.Items, it)
	}
	if multi && len(s.rates()) < 2 {
		last := &s.Items[len(s.Items)-1]
		if len(s.Items) == 1 {
			s.Items = append(s.Items, *last)
			last = &s.Items[1]
			last.Quantity = 1
		}
		last.VATRate = reduced[0]
	}
	if multi && !exempt && !reverse && rng.IntN(4) == 0 {
		// A charge outside the scope of VAT beside taxed goods: a tourist
		// tax, an expense paid on the buyer's behalf (Italy's "escluso
		// art. 15"), a line of its own at 0 % in the VAT summary.
		s.Items[len(s.Items)-1].VATRate = 0
	}
	if len(s.Items) > 1 && on(featFlatRow, 0.5) {
		// A fee billed as a whole among priced goods: its row prints the
		// amount alone. (Under the last priced row it would read as a
		// charge of the document, shipping or packing.)
		it := &s.Items[rng.IntN(len(s.Items)-1)]
		cents := it.Amount()
		it.Flat, it.Quantity, it.DiscountPct, it.PriceDecimals, it.UnitPrice = true, 1, 0, 0, cents
	}
	if exempt || reverse {
		for i := range s.Items {
			s.Items[i].VATRate = 0
		}
	}
	if on(featVATCodes, 0.5) {
		scheme := rng.IntN(3)
		for i := range s.Items {
			s.Items[i].VATCode = vatCode(scheme, s.Items[i].VATRate, reverse, exempt)
		}
	}
	lineDiscounts := false
	for _, it := range s.Items {
		lineDiscounts = lineDiscounts || it.DiscountPct != 0 || it.VATCode != ""
	}
	if !exempt && !reverse && !lineDiscounts && on(featGrossLines, 0.5) {
		s.GrossLines = true
	}
	s.Exempt = exempt
	s.ReverseCharge = reverse
	s.SplitPayment = split

	// Document-level amounts.
	if !credit && on(featDocDiscount, 0.4) {
		s.DiscountPct = pick(rng, []float64{2, 3, 5, 10})
	}
	if withholding {
		s.WithholdingPct = 20
	}
	var goods int64
	for _, it := range s.Items {
		goods += it.Amount()
	}
	if withholding && on(featCassa, 0.5) {
		s.Charges = append(s.Charges, Charge{Kind: ChargeCassa, Pct: 4, VATRate: std,
			Amount: roundPct(goods-roundPct(goods, s.DiscountPct), 4)})
	}
	if !credit && on(featShipping, 0.6) {
		rate := std
		if exempt || reverse {
			rate = 0
		}
		kind := ChargeShipping
		switch r := rng.IntN(5); {
		case r == 0:
			kind = ChargePacking
		case r == 1 && country == "IT":
			kind = ChargeCollection
		}
		s.Charges = append(s.Charges, Charge{Kind: kind, VATRate: rate, Amount: int64(290 + 10*rng.IntN(300))})
	}
	if exempt && country == "IT" {
		s.StampDuty = 200
		for goods < 7747 {
			s.Items[0].Quantity++
			goods += s.Items[0].Amount() / int64(s.Items[0].Quantity)
		}
	}
	if !credit && on(featAdvance, 0.5) {
		t := s.Totals()
		s.Advance = t.Total * int64(2+rng.IntN(4)) / 10 / 100 * 100
	}

	// Numbers and references.
	num := 1 + rng.IntN(2400)
	y := s.Date.Year()
	s.Number = familyNumber(rng, country, lang, credit, num, y)
	if f.Maybe&featGroupedNumber != 0 && !credit {
		// Drawn apart from rng, so that the rest of the invoice stays
		// what it was.
		if gr := rand.New(rand.NewPCG(seed, 0x6e0b)); gr.IntN(2) == 0 {
			s.Number = fmt.Sprintf("%03d %05d", 1+gr.IntN(120), num)
		}
	}
	if credit {
		s.Refers = familyNumber(rng, country, lang, false, num+17, y)
	}
	if rng.IntN(3) == 0 || split {
		s.PONumber = pick(rng, []string{fmt.Sprintf("450%07d", rng.IntN(10000000)), fmt.Sprintf("PO-%05d", rng.IntN(100000)),
			fmt.Sprintf("ORD%d-%04d", y%100, rng.IntN(10000))})
	}
	if rng.IntN(2) == 0 {
		s.CustomerNo = fmt.Sprintf("%d", 10000+rng.IntN(90000))
	}
	// People who are no party, drawn apart from rng so that the rest of
	// the invoice stays what it was without them.
	if pr := rand.New(rand.NewPCG(seed, 0xa77e)); pr.IntN(5) == 0 && s.Buyer.VAT != "" {
		c := s.Buyer.Country
		if _, ok := people[c]; !ok {
			c = country
		}
		s.Attn = personName(pr, c)
		if pr.IntN(2) == 0 {
			s.AttnTitle = pick(pr, attnTitles[lang])
		}
	} else if pr.IntN(4) == 0 {
		s.SalesRep = personName(pr, country)
	}

	// Payment.
	days := pick(rng, []int{0, 10, 14, 30, 30, 60, 90})
	s.Method = invoice.PayBankTransfer
	switch r := rng.IntN(10); {
	case r == 0 && country == "DE", r == 0 && country == "FR":
		s.Method = invoice.PaySEPADirectDebit
	case r == 1 && country == "FR", r <= 1 && country == "US":
		s.Method = invoice.PayCheque
	case r == 0 && country == "IT":
		s.Method = invoice.PayRiba
	case r == 2 && (f.has(featShipping) || country == "US"):
		s.Method = pick(rng, []string{invoice.PayCard, invoice.PayPaypal})
	}
	if s.Method == invoice.PayBankTransfer && country != "US" {
		s.IBAN = randomIBAN(rng, country)
		s.Bank = pick(rng, banksOf[country])
	}
	s.Terms = familyTerms(rng, lang, days)
	s.TermsLabelled = rng.IntN(3) != 0
	if days > 0 && on(featLongTerms, 0.5) {
		s.Terms, s.TermsWrap = longTerms(rng, lang, days), true
	}
	if credit && rng.IntN(2) == 0 {
		s.Terms, s.Method, s.IBAN = "", "", ""
	}
	if s.Terms != "" && rng.IntN(5) != 0 {
		s.Due = s.Date.AddDate(0, 0, max(days, 1))
	}
	return s
}

var banksOf = map[string][]string{
	"IT": {"Banca Popolare di Sondrio", "Intesa Sanpaolo", "UniCredit S.p.A.", "Credito Emiliano", "BPER Banca", "Banca Sella"},
	"DE": {"Sparkasse München", "Volksbank Köln Bonn eG", "Commerzbank AG", "Deutsche Bank", "Postbank"},
	"FR": {"Crédit Agricole", "BNP Paribas", "Société Générale", "Banque Populaire", "LCL"},
	"GB": {"Barclays Bank plc", "Lloyds Bank", "HSBC UK", "NatWest"},
	"IE": {"Bank of Ireland", "AIB", "Permanent TSB"},
}

// familyParty makes a company of a country with valid identifiers.
func familyParty(rng *rand.Rand, country, name string) Party {
	pl := pick(rng, cities[country])
	pt := Party{Name: name, Street: street(rng, country), Zip: pl.zip, City: pl.city, Prov: pl.prov, Country: country}
	pt.VAT, pt.FiscalCode = vatIDs(rng, country)
	switch country {
	case "IT":
		pt.Phone = fmt.Sprintf("0%d %07d", 2+rng.IntN(8), rng.IntN(10000000))
		if rng.IntN(2) == 0 {
			pt.Phone = "+39 " + pt.Phone
		}
	case "DE":
		pt.Phone = fmt.Sprintf("0%d %d", 30+rng.IntN(60), 100000+rng.IntN(900000))
	case "FR":
		pt.Phone = fmt.Sprintf("0%d %02d %02d %02d %02d", 1+rng.IntN(5), rng.IntN(100), rng.IntN(100), rng.IntN(100), rng.IntN(100))
	case "GB":
		pt.Phone = fmt.Sprintf("+44 20 %04d %04d", rng.IntN(10000), rng.IntN(10000))
	case "IE":
		pt.Phone = fmt.Sprintf("+353 1 %03d %04d", rng.IntN(1000), rng.IntN(10000))
	case "US":
		// Written "(415) 555-0134" or "415-555-0134", by the area code
		// (the same draws either way).
		area, exchange, line := 200+rng.IntN(700), 200+rng.IntN(700), rng.IntN(10000)
		pt.Phone = fmt.Sprintf("(%03d) %03d-%04d", area, exchange, line)
		if area%2 == 0 {
			pt.Phone = fmt.Sprintf("%03d-%03d-%04d", area, exchange, line)
		}
	}
	tld := map[string]string{"IT": ".it", "DE": ".de", "FR": ".fr", "GB": ".co.uk", "IE": ".ie", "US": ".com"}[country]
	pt.Email = pick(rng, []string{"info@", "fatture@", "billing@", "accounts@", "amministrazione@", "rechnung@", "compta@", "hello@"}) + domain(name) + tld
	return pt
}

// familyRates returns a country's standard VAT rate and its reduced ones;
// the United States have one sales tax rate and no reduced one.
func familyRates(country string) (float64, []float64) {
	if country == "US" {
		return 7.5, nil
	}
	return rates(country)
}

// vatCode prints a VAT code for a rate in one of three schemes: a letter
// and the rate (C22), a two-digit code, or the rate with a letter suffix;
// zero rates get an exemption nature or a reverse-charge code.
func vatCode(scheme int, rate float64, reverse, exempt bool) string {
	switch {
	case reverse:
		return []string{"N6.7", "RC", "AE"}[scheme]
	case exempt || rate == 0:
		return []string{"N2.2", "ES", "N2"}[scheme]
	}
	r := fmt.Sprintf("%g", rate)
	switch scheme {
	case 0:
		return "C" + r
	case 1:
		return fmt.Sprintf("%02d", int(math.Round(rate)))
	}
	return r + "A"
}

// familyNumber makes an invoice number the way the programs of a country
// number their documents.
func familyNumber(rng *rand.Rand, country, lang string, credit bool, num, y int) string {
	var forms []string
	switch lang {
	case "it":
		forms = []string{fmt.Sprintf("%d/%d", num, y), fmt.Sprintf("%d/%04d", y, num), fmt.Sprintf("FT-%d-%03d", y, num),
			fmt.Sprintf("%d", num), fmt.Sprintf("%d/A", num), fmt.Sprintf("%04d/%02d", num, y%100), fmt.Sprintf("V%d-%05d", y, num)}
		if credit {
			forms = []string{fmt.Sprintf("NC %d/%d", num%60+1, y), fmt.Sprintf("%d/NC", num%60+1), fmt.Sprintf("NC-%d-%03d", y, num%60+1)}
		}
	case "de":
		forms = []string{fmt.Sprintf("RE-%d-%04d", y, num), fmt.Sprintf("%d%05d", y, num), fmt.Sprintf("R%d%04d", y%100, num),
			fmt.Sprintf("%d", 10000+num), fmt.Sprintf("RE%d-%d", y, num)}
		if credit {
			forms = []string{fmt.Sprintf("GS-%d-%03d", y, num), fmt.Sprintf("RK%d%04d", y%100, num), fmt.Sprintf("ST-%d", 10000+num)}
		}
	case "fr":
		forms = []string{fmt.Sprintf("F%d-%04d", y, num), fmt.Sprintf("FA%02d%04d", y%100, num), fmt.Sprintf("%d-%03d", y, num),
			fmt.Sprintf("FAC-%06d", num)}
		if credit {
			forms = []string{fmt.Sprintf("AV-%d-%03d", y, num), fmt.Sprintf("AV%02d%04d", y%100, num)}
		}
	default:
		forms = []string{fmt.Sprintf("INV-%d-%04d", y, num), fmt.Sprintf("%06d", 4000+num), fmt.Sprintf("INV%05d", num),
			fmt.Sprintf("%d-%d", y, num), fmt.Sprintf("#%d", 1000+num)}
		if credit {
			forms = []string{fmt.Sprintf("CN-%04d", num), fmt.Sprintf("CR%05d", num)}
		}
	}
	n := pick(rng, forms)
	if len(n) > 0 && n[0] == '#' {
		return n[1:]
	}
	return n
}

// longTerms makes payment terms for a number of days with a discount for
// paying early, one long sentence.
func longTerms(rng *rand.Rand, lang string, days int) string {
	var earlier []int
	for _, d := range []int{7, 8, 10, 14} {
		if d < days {
			earlier = append(earlier, d)
		}
	}
	early, pct := pick(rng, earlier), pick(rng, []int{2, 3})
	switch lang {
	case "it":
		return fmt.Sprintf(pick(rng, []string{
			"Pagamento a %d giorni data fattura, sconto del %d%% per pagamento entro %d giorni",
			"Bonifico bancario a %d giorni data fattura fine mese; sconto del %d%% per pagamento entro %d giorni",
		}), days, pct, early)
	case "de":
		return fmt.Sprintf(pick(rng, []string{
			"Zahlbar innerhalb von %d Tagen netto, bei Zahlung innerhalb von %d Tagen abzüglich %d%% Skonto",
			"Zahlbar innerhalb %d Tagen ohne Abzug oder innerhalb von %d Tagen mit %d%% Skonto",
		}), days, early, pct)
	case "fr":
		return fmt.Sprintf(pick(rng, []string{
			"Paiement à %d jours date de facture, escompte de %d%% pour paiement sous %d jours",
			"Règlement à %d jours fin de mois, escompte de %d%% pour paiement anticipé sous %d jours",
		}), days, pct, early)
	}
	return fmt.Sprintf(pick(rng, []string{
		"Payment due within %d days of the invoice date, %d%% discount if paid within %d days",
		"Net %d days from the invoice date; a %d%% early payment discount applies within %d days",
	}), days, pct, early)
}

// familyTerms makes payment terms for a number of days, as a label's value
// or a sentence.
func familyTerms(rng *rand.Rand, lang string, days int) string {
	if days == 0 {
		return pick(rng, map[string][]string{
			"it": {"Rimessa diretta", "Pagamento a vista", "Pagamento immediato"},
			"en": {"Due on receipt", "Payable on receipt", "Immediate payment"},
			"de": {"Zahlbar sofort ohne Abzug", "Sofort fällig", "Zahlbar sofort"},
			"fr": {"Paiement à réception de facture", "Payable à réception", "Comptant"},
		}[lang])
	}
	forms := map[string][]string{
		"it": {"Bonifico bancario a %d giorni data fattura", "%d gg d.f.", "Pagamento a %d giorni"},
		"en": {"Net %d", "Payment due within %d days of the invoice date", "%d days net", "Payable within %d days"},
		"de": {"Zahlbar innerhalb von %d Tagen ohne Abzug", "%d Tage netto", "Zahlungsziel %d Tage"},
		"fr": {"%d jours date de facture", "À %d jours", "Paiement à %d jours", "%d jours net"},
	}[lang]
	return fmt.Sprintf(pick(rng, forms), days)
}
