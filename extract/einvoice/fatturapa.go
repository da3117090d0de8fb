package einvoice

import (
	"strings"

	"github.com/invex/invex/invoice"
)

// tipoDocumento maps FatturaPA TipoDocumento to invoice.type. Advances
// follow what they advance (TD02 invoice, TD03 fee note); simplified
// documents (TD07–TD09) their ordinary counterparts; deferred invoices
// (TD24, TD25) and sales of depreciable assets (TD26) are invoices. The
// self-invoices and integration documents the buyer or the seller issues to
// itself (TD16–TD23 reverse-charge integrations, regularisations and VAT
// warehouse extractions, TD27 self-consumption, TD28 San Marino purchases)
// have no equivalent and are left nil with a note.
var tipoDocumento = map[string]string{
	"TD01": invoice.TypeInvoice,
	"TD02": invoice.TypeInvoice,
	"TD03": invoice.TypeFeeNote,
	"TD04": invoice.TypeCreditNote,
	"TD05": invoice.TypeDebitNote,
	"TD06": invoice.TypeFeeNote,
	"TD07": invoice.TypeInvoice,
	"TD08": invoice.TypeCreditNote,
	"TD09": invoice.TypeDebitNote,
	"TD24": invoice.TypeInvoice,
	"TD25": invoice.TypeInvoice,
	"TD26": invoice.TypeInvoice,
}

// selfInvoice lists the TipoDocumento codes of self-invoices and
// integration documents.
var selfInvoice = map[string]bool{
	"TD16": true, "TD17": true, "TD18": true, "TD19": true, "TD20": true, "TD21": true,
	"TD22": true, "TD23": true, "TD27": true, "TD28": true,
}

// modalitaPagamento maps FatturaPA ModalitaPagamento to
// invoice.payment_method; codes not listed (MP06 promissory note, MP07 bank
// slip, MP13 MAV, MP14 tax receipt, MP18 postal slip, MP22 deduction,
// MP23 PagoPA) are "other". All direct-debit codes (RID MP09–MP11, bank and
// postal domiciliation MP16/MP17, SEPA MP19–MP21) are executed as SEPA
// direct debits.
var modalitaPagamento = map[string]string{
	"MP01": invoice.PayCash,
	"MP02": invoice.PayCheque,
	"MP03": invoice.PayCheque, // assegno circolare
	"MP04": invoice.PayCash,   // contanti presso Tesoreria
	"MP05": invoice.PayBankTransfer,
	"MP08": invoice.PayCard,
	"MP09": invoice.PaySEPADirectDebit,
	"MP10": invoice.PaySEPADirectDebit,
	"MP11": invoice.PaySEPADirectDebit,
	"MP12": invoice.PayRiba,
	"MP15": invoice.PayBankTransfer, // giroconto su conti di contabilità speciale
	"MP16": invoice.PaySEPADirectDebit,
	"MP17": invoice.PaySEPADirectDebit,
	"MP19": invoice.PaySEPADirectDebit,
	"MP20": invoice.PaySEPADirectDebit,
	"MP21": invoice.PaySEPADirectDebit,
}

// fatturaPABodies is the number of FatturaElettronicaBody of a
// FatturaElettronica: the invoices of a batch (lotto) sent in one file.
func fatturaPABodies(root *node) int { return len(root.children("FatturaElettronicaBody")) }

// parseFatturaPA maps the FatturaElettronicaBody of index which (from 0)
// of a FatturaElettronica, with the header all its bodies share. Parse
// reads the first and warns of more with FATTURAPA_MULTIPLE_BODIES;
// ParseAll reads each.
func parseFatturaPA(root *node, which int) *Document {
	hdr := root.child("FatturaElettronicaHeader")
	profile := root.attr("versione")
	if profile == "" {
		profile = hdr.str("DatiTrasmissione", "FormatoTrasmissione")
	}
	d := newDocument(FormatFatturaPA, profile)
	r := &d.Result

	var body *node
	if bodies := root.children("FatturaElettronicaBody"); which >= 0 && which < len(bodies) {
		body = bodies[which]
	}

	fpaParty(hdr.at("CedentePrestatore")).vendor(&r.Vendor)
	if c := hdr.at("CedentePrestatore", "Contatti"); c != nil {
		r.Vendor.Email = email(c.str("Email"))
		r.Vendor.Phone = str(c.str("Telefono"))
	}
	fpaParty(hdr.at("CessionarioCommittente")).buyer(&r.Buyer)

	tx := hdr.at("DatiTrasmissione")
	if code := strings.ToUpper(compact(tx.str("CodiceDestinatario"))); code != "" && strings.Trim(code, "0") != "" && strings.Trim(code, "X") != "" {
		d.BuyerSDICode = code
	}
	d.BuyerPEC = compact(tx.str("PECDestinatario"))

	gen := body.at("DatiGenerali", "DatiGeneraliDocumento")
	r.Invoice.Number = str(gen.str("Numero"))
	r.Invoice.Date = isoDate(gen.str("Data"), "")
	if td := strings.ToUpper(gen.str("TipoDocumento")); td != "" {
		if t, ok := tipoDocumento[td]; ok {
			r.Invoice.Type = &t
		} else {
			msg := "TipoDocumento " + td + " is not mapped to invoice.type; type left empty"
			if selfInvoice[td] {
				msg = "TipoDocumento " + td + " (a self-invoice or integration document) has no equivalent in invoice.type; type left empty"
			}
			d.warn(WarnTypeUnmapped, invoice.SeverityInfo, "invoice.type", msg)
		}
	}
	cur := currency(gen.str("Divisa"))
	r.Invoice.Currency, r.Financials.Currency = cur, cur
	r.Invoice.PONumber = str(body.str("DatiGenerali", "DatiOrdineAcquisto", "IdDocumento"))

	// Withholding: every DatiRitenuta block (1.2.1 allows several, e.g.
	// income tax and a social-security contribution).
	var withholding []*float64
	for _, rit := range gen.children("DatiRitenuta") {
		withholding = append(withholding, rit.num("ImportoRitenuta"))
	}
	r.Financials.WithholdingTax = sum(withholding)

	if bollo := gen.child("DatiBollo"); bollo != nil {
		r.Financials.StampDuty = bollo.num("ImportoBollo")
		if r.Financials.StampDuty == nil && strings.EqualFold(bollo.str("BolloVirtuale"), "SI") {
			d.warn(WarnBolloNoAmount, invoice.SeverityInfo, "financials.stamp_duty",
				"virtual stamp duty declared (BolloVirtuale SI) without ImportoBollo; amount left empty")
		}
	}

	// Document discount: the amounts of the SC (sconto) entries, when every
	// one states its amount; MG entries are surcharges, not discounts.
	var discounts []*float64
	allAmounts := true
	for _, sm := range gen.children("ScontoMaggiorazione") {
		if strings.EqualFold(sm.str("Tipo"), "SC") {
			v := sm.num("Importo")
			allAmounts = allAmounts && v != nil
			discounts = append(discounts, v)
		}
	}
	if allAmounts {
		r.Financials.Discount = sum(discounts)
	}

	// VAT summary.
	goods := body.at("DatiBeniServizi")
	var bases, taxes, rates []*float64
	for _, s := range goods.children("DatiRiepilogo") {
		rate, base, tax := s.num("AliquotaIVA"), s.num("ImponibileImporto"), s.num("Imposta")
		bases, taxes, rates = append(bases, base), append(taxes, tax), append(rates, rate)
		d.TaxBreakdown = append(d.TaxBreakdown, TaxLine{
			Rate: deref(rate), Base: deref(base), Amount: deref(tax), Category: strings.ToUpper(s.str("Natura")),
		})
	}
	r.Financials.Subtotal = sum(bases)
	r.Financials.TaxAmount = sum(taxes)
	r.Financials.TaxRate = uniqueRate(rates)

	r.Financials.Total = gen.num("ImportoTotaleDocumento")
	if r.Financials.Total == nil && r.Financials.Subtotal != nil {
		t := round(*r.Financials.Subtotal+deref(r.Financials.TaxAmount), 6)
		r.Financials.Total = &t
		d.warn(WarnTotalComputed, invoice.SeverityInfo, "financials.total",
			"no ImportoTotaleDocumento: total computed as the sum of ImponibileImporto and Imposta of DatiRiepilogo")
	}

	// Payment: every DettaglioPagamento of every DatiPagamento.
	var methods, dues []*string
	var blocks []*float64
	for _, dp := range body.children("DatiPagamento") {
		var amounts []*float64
		for _, det := range dp.children("DettaglioPagamento") {
			if mp := strings.ToUpper(det.str("ModalitaPagamento")); mp != "" {
				m, ok := modalitaPagamento[mp]
				if !ok {
					m = invoice.PayOther
				}
				methods = append(methods, &m)
			}
			dues = append(dues, isoDate(det.str("DataScadenzaPagamento"), ""))
			if r.Vendor.IBAN == nil {
				r.Vendor.IBAN = iban(det.str("IBAN"))
			}
			amounts = append(amounts, det.num("ImportoPagamento"))
		}
		blocks = append(blocks, paymentBlockAmount(dp.str("CondizioniPagamento"), amounts))
	}
	d.AmountDue = sum(blocks)
	r.Invoice.PaymentMethod = unique(methods)
	r.Invoice.DueDate = unique(dues)

	for _, l := range goods.children("DettaglioLinee") {
		if item, ok := fpaLine(l); ok {
			r.LineItems = append(r.LineItems, item)
		}
	}
	return d
}

// fpaParty maps a CedentePrestatore or CessionarioCommittente.
func fpaParty(p *node) party {
	var out party
	if p == nil {
		return out
	}
	ana := p.at("DatiAnagrafici")
	if id := ana.at("IdFiscaleIVA"); id != nil {
		paese := strings.ToUpper(compact(id.str("IdPaese")))
		codice := strings.ToUpper(compact(id.str("IdCodice")))
		if codice != "" && !strings.HasPrefix(codice, paese) {
			codice = paese + codice
		}
		out.vat = invoice.String(codice)
	}
	out.fiscal = upperCode(ana.str("CodiceFiscale"))
	a := ana.at("Anagrafica")
	out.name = str(first(a.str("Denominazione"), clean(a.str("Nome")+" "+a.str("Cognome"))))

	sede := p.at("Sede")
	street := sede.str("Indirizzo")
	if n := sede.str("NumeroCivico"); n != "" && !endsWithWord(street, n) {
		street = clean(street + " " + n)
	}
	out.address = str(street)
	out.zip = str(sede.str("CAP"))
	out.city = str(sede.str("Comune"))
	out.country = country(sede.str("Nazione"))
	return out
}

// fpaLine maps a DettaglioLinee; ok is false for a text-only line (no
// quantity, zero price and amount), which producers use for notes such as
// delivery-note references.
func fpaLine(l *node) (invoice.LineItem, bool) {
	var it invoice.LineItem
	it.Description = str(l.str("Descrizione"))
	it.Quantity = l.num("Quantita")
	it.Unit = str(l.str("UnitaMisura"))
	it.UnitPrice = l.num("PrezzoUnitario")
	it.Amount = l.num("PrezzoTotale")
	it.TaxRate = l.num("AliquotaIVA")

	// One discount stated as a percentage.
	if sms := l.children("ScontoMaggiorazione"); len(sms) == 1 && strings.EqualFold(sms[0].str("Tipo"), "SC") {
		if p := sms[0].num("Percentuale"); !isZero(p) {
			it.DiscountPct = p
		}
	}

	if isZero(it.Quantity) && isZero(it.UnitPrice) && isZero(it.Amount) {
		return it, false
	}
	return it, true
}

// endsWithWord reports whether the last word of s is w.
func endsWithWord(s, w string) bool {
	f := strings.Fields(s)
	return len(f) > 0 && strings.EqualFold(strings.Trim(f[len(f)-1], ",."), w)
}

// paymentBlockAmount is the amount one DatiPagamento asks for. Instalments
// (TP01) add up; otherwise several details with the same amount are
// alternative ways to pay it (e.g. by transfer or by card) and count once,
// while details with different amounts are parts that add up.
func paymentBlockAmount(condizioni string, amounts []*float64) *float64 {
	if !strings.EqualFold(condizioni, "TP01") && len(amounts) > 1 {
		if v := unique(amounts); v != nil && len(amounts) == countNonNil(amounts) {
			return v
		}
	}
	return sum(amounts)
}

func countNonNil(vs []*float64) int {
	c := 0
	for _, v := range vs {
		if v != nil {
			c++
		}
	}
	return c
}
