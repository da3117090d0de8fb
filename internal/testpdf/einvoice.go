package testpdf

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/invex/invex/invoice"
)

// E-invoice formats written by EInvoice.
const (
	FormatFatturaPA = "fatturapa"
	FormatUBL       = "ubl"
	FormatCII       = "cii"
)

// Plain reports whether the spec can be written as an e-invoice whose
// reading is exactly its Result (less what the format cannot carry): no
// document charges, advance or split payment; for UBL and CII also no line
// discount, withholding or stamp duty.
func (s Spec) Plain(format string) bool {
	if len(s.Charges) > 0 || s.Advance != 0 || s.SplitPayment {
		return false
	}
	if format == FormatFatturaPA {
		return s.Vendor.Country == "IT"
	}
	for _, it := range s.Items {
		if it.DiscountPct != 0 {
			return false
		}
	}
	return s.WithholdingPct == 0 && s.StampDuty == 0
}

// EInvoice writes specs as one e-invoice XML file of the format (several
// specs: a FatturaPA batch, whose bodies share the first spec's parties)
// and returns it with the truth of each invoice: Result, less what the
// format does not carry. Each spec must be Plain for the format.
func EInvoice(format string, specs ...Spec) ([]byte, []invoice.Result) {
	var b strings.Builder
	var truth []invoice.Result
	switch format {
	case FormatFatturaPA:
		writeFatturaPA(&b, specs)
		for _, s := range specs {
			r := s.Result()
			r.Vendor, r.Buyer = specs[0].Result().Vendor, specs[0].Result().Buyer
			r.Vendor.IBAN = nil
			if s.IBAN != "" {
				r.Vendor.IBAN = invoice.String(s.IBAN)
			}
			// FatturaPA has no payment terms text and no buyer contacts.
			r.Invoice.PaymentTerms = nil
			r.Buyer.Email = nil
			if s.Method == "" && (s.IBAN != "" || !s.Due.IsZero()) {
				r.Invoice.PaymentMethod = invoice.String(invoice.PayBankTransfer)
			}
			truth = append(truth, r)
		}
	case FormatUBL:
		s := specs[0]
		writeUBL(&b, s)
		truth = append(truth, coded(s))
	case FormatCII:
		s := specs[0]
		writeCII(&b, s)
		truth = append(truth, coded(s))
	default:
		panic("testpdf: unknown e-invoice format " + format)
	}
	for i := range truth {
		truth[i].Normalize()
	}
	return []byte(b.String()), truth
}

// rec20 are the UN/ECE Recommendation 20 codes EN 16931 requires for the
// generator's units, with the readable form the reader gives them.
var rec20 = map[string][2]string{
	"ea": {"EA", "pcs"}, "pcs": {"C62", "pcs"}, "h": {"HUR", "h"}, "box": {"XBX", "box"},
	"kg": {"KGM", "kg"}, "day": {"DAY", "day"}, "m": {"MTR", "m"},
}

// unitCode is the code written for a unit.
func unitCode(u string) string {
	if c, ok := rec20[u]; ok {
		return c[0]
	}
	return u
}

// coded is the truth of a UBL or CII invoice: no codice fiscale (the
// generator writes none), units read from their codes, bank transfer
// named when only an IBAN is.
func coded(s Spec) invoice.Result {
	r := s.Result()
	r.Vendor.FiscalCode, r.Buyer.FiscalCode = nil, nil
	if s.Method == "" && s.IBAN != "" {
		r.Invoice.PaymentMethod = invoice.String(invoice.PayBankTransfer)
	}
	for i := range r.LineItems {
		if u := r.LineItems[i].Unit; u != nil {
			if c, ok := rec20[*u]; ok {
				r.LineItems[i].Unit = invoice.String(c[1])
			}
		}
	}
	return r
}

func xe(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}

func amt(c int64) string { return fmt.Sprintf("%.2f", money(c)) }

func decimal(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// tag writes <name>value</name> when value is not empty.
func tag(b *strings.Builder, name, value string) {
	if value != "" {
		fmt.Fprintf(b, "<%s>%s</%s>", name, xe(value), name)
	}
}

var modalita = map[string]string{
	invoice.PayBankTransfer: "MP05", invoice.PayCash: "MP01", invoice.PayCheque: "MP02",
	invoice.PayCard: "MP08", invoice.PaySEPADirectDebit: "MP19", invoice.PayRiba: "MP12",
}

func writeFatturaPA(b *strings.Builder, specs []Spec) {
	s0 := specs[0]
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">`)
	b.WriteString("<FatturaElettronicaHeader><DatiTrasmissione><IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdTrasmittente>")
	b.WriteString("<ProgressivoInvio>00001</ProgressivoInvio><FormatoTrasmissione>FPR12</FormatoTrasmissione><CodiceDestinatario>0000000</CodiceDestinatario></DatiTrasmissione>")
	party := func(role string, p Party, fc string, contacts bool) {
		fmt.Fprintf(b, "<%s><DatiAnagrafici>", role)
		if p.VAT != "" {
			fmt.Fprintf(b, "<IdFiscaleIVA><IdPaese>%s</IdPaese><IdCodice>%s</IdCodice></IdFiscaleIVA>", xe(p.VAT[:2]), xe(p.VAT[2:]))
		}
		tag(b, "CodiceFiscale", fc)
		fmt.Fprintf(b, "<Anagrafica><Denominazione>%s</Denominazione></Anagrafica>", xe(p.Name))
		if role == "CedentePrestatore" {
			b.WriteString("<RegimeFiscale>RF01</RegimeFiscale>")
		}
		b.WriteString("</DatiAnagrafici><Sede>")
		tag(b, "Indirizzo", p.Street)
		tag(b, "CAP", p.Zip)
		tag(b, "Comune", p.City)
		tag(b, "Provincia", p.Prov)
		tag(b, "Nazione", p.Country)
		b.WriteString("</Sede>")
		if contacts && (p.Phone != "" || p.Email != "") {
			b.WriteString("<Contatti>")
			tag(b, "Telefono", p.Phone)
			tag(b, "Email", p.Email)
			b.WriteString("</Contatti>")
		}
		fmt.Fprintf(b, "</%s>", role)
	}
	party("CedentePrestatore", s0.Vendor, s0.vendorFiscalCode(), true)
	party("CessionarioCommittente", s0.Buyer, s0.buyerFiscalCode(), false)
	b.WriteString("</FatturaElettronicaHeader>")
	for _, s := range specs {
		t := s.Totals()
		td := "TD01"
		if s.Type == invoice.TypeCreditNote {
			td = "TD04"
		}
		fmt.Fprintf(b, "<FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento><TipoDocumento>%s</TipoDocumento>", td)
		fmt.Fprintf(b, "<Divisa>%s</Divisa><Data>%s</Data><Numero>%s</Numero>", xe(s.Currency), s.Date.Format("2006-01-02"), xe(s.Number))
		if t.Withholding != 0 {
			fmt.Fprintf(b, "<DatiRitenuta><TipoRitenuta>RT01</TipoRitenuta><ImportoRitenuta>%s</ImportoRitenuta><AliquotaRitenuta>%.2f</AliquotaRitenuta><CausalePagamento>A</CausalePagamento></DatiRitenuta>",
				amt(t.Withholding), s.WithholdingPct)
		}
		if t.Stamp != 0 {
			fmt.Fprintf(b, "<DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>%s</ImportoBollo></DatiBollo>", amt(t.Stamp))
		}
		if t.Discount != 0 {
			fmt.Fprintf(b, "<ScontoMaggiorazione><Tipo>SC</Tipo><Importo>%s</Importo></ScontoMaggiorazione>", amt(t.Discount))
		}
		fmt.Fprintf(b, "<ImportoTotaleDocumento>%s</ImportoTotaleDocumento></DatiGeneraliDocumento>", amt(t.Total))
		if s.PONumber != "" {
			fmt.Fprintf(b, "<DatiOrdineAcquisto><IdDocumento>%s</IdDocumento></DatiOrdineAcquisto>", xe(s.PONumber))
		}
		b.WriteString("</DatiGenerali><DatiBeniServizi>")
		for i, it := range s.Items {
			fmt.Fprintf(b, "<DettaglioLinee><NumeroLinea>%d</NumeroLinea><Descrizione>%s</Descrizione><Quantita>%s</Quantita>", i+1, xe(it.Description), decimal(it.Quantity))
			tag(b, "UnitaMisura", it.Unit)
			fmt.Fprintf(b, "<PrezzoUnitario>%s</PrezzoUnitario>", decimal(it.Price()))
			if it.DiscountPct != 0 {
				fmt.Fprintf(b, "<ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>%s</Percentuale></ScontoMaggiorazione>", decimal(it.DiscountPct))
			}
			fmt.Fprintf(b, "<PrezzoTotale>%s</PrezzoTotale><AliquotaIVA>%.2f</AliquotaIVA>", amt(it.Amount()), it.VATRate)
			if it.VATRate == 0 {
				b.WriteString("<Natura>N2.2</Natura>")
			}
			b.WriteString("</DettaglioLinee>")
		}
		for _, g := range t.Groups {
			fmt.Fprintf(b, "<DatiRiepilogo><AliquotaIVA>%.2f</AliquotaIVA>", g.Rate)
			if g.Rate == 0 {
				b.WriteString("<Natura>N2.2</Natura>")
			}
			fmt.Fprintf(b, "<ImponibileImporto>%s</ImponibileImporto><Imposta>%s</Imposta><EsigibilitaIVA>I</EsigibilitaIVA></DatiRiepilogo>", amt(g.Taxable), amt(g.Tax))
		}
		b.WriteString("</DatiBeniServizi>")
		if s.Method != "" || s.IBAN != "" || !s.Due.IsZero() {
			mp := modalita[s.Method]
			if mp == "" {
				mp = "MP05"
			}
			fmt.Fprintf(b, "<DatiPagamento><CondizioniPagamento>TP02</CondizioniPagamento><DettaglioPagamento><ModalitaPagamento>%s</ModalitaPagamento>", mp)
			if !s.Due.IsZero() {
				fmt.Fprintf(b, "<DataScadenzaPagamento>%s</DataScadenzaPagamento>", s.Due.Format("2006-01-02"))
			}
			fmt.Fprintf(b, "<ImportoPagamento>%s</ImportoPagamento>", amt(t.Due))
			tag(b, "IBAN", s.IBAN)
			b.WriteString("</DettaglioPagamento></DatiPagamento>")
		}
		b.WriteString("</FatturaElettronicaBody>")
	}
	b.WriteString("</p:FatturaElettronica>\n")
}

// means4461 are UNTDID 4461 payment means codes.
var means4461 = map[string]string{
	invoice.PayBankTransfer: "58", invoice.PayCash: "10", invoice.PayCheque: "20",
	invoice.PayCard: "48", invoice.PaySEPADirectDebit: "59",
}

func writeUBL(b *strings.Builder, s Spec) {
	t := s.Totals()
	root, line, qty, code := "Invoice", "InvoiceLine", "InvoicedQuantity", "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"
	if s.Type == invoice.TypeCreditNote {
		root, line, qty, code = "CreditNote", "CreditNoteLine", "CreditedQuantity", "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"
	}
	cur := xe(s.Currency)
	fmt.Fprintf(b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<%s xmlns="urn:oasis:names:specification:ubl:schema:xsd:%s-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">`, root, root)
	b.WriteString("<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>")
	tag(b, "cbc:ID", s.Number)
	tag(b, "cbc:IssueDate", s.Date.Format("2006-01-02"))
	if !s.Due.IsZero() && root == "Invoice" {
		tag(b, "cbc:DueDate", s.Due.Format("2006-01-02"))
	}
	b.WriteString(code)
	tag(b, "cbc:DocumentCurrencyCode", s.Currency)
	if s.PONumber != "" {
		fmt.Fprintf(b, "<cac:OrderReference><cbc:ID>%s</cbc:ID></cac:OrderReference>", xe(s.PONumber))
	}
	party := func(role string, p Party) {
		fmt.Fprintf(b, "<cac:%s><cac:Party><cac:PostalAddress>", role)
		tag(b, "cbc:StreetName", p.Street)
		tag(b, "cbc:CityName", p.City)
		tag(b, "cbc:PostalZone", p.Zip)
		fmt.Fprintf(b, "<cac:Country><cbc:IdentificationCode>%s</cbc:IdentificationCode></cac:Country></cac:PostalAddress>", xe(p.Country))
		if p.VAT != "" {
			fmt.Fprintf(b, "<cac:PartyTaxScheme><cbc:CompanyID>%s</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>", xe(p.VAT))
		}
		fmt.Fprintf(b, "<cac:PartyLegalEntity><cbc:RegistrationName>%s</cbc:RegistrationName></cac:PartyLegalEntity>", xe(p.Name))
		if p.Phone != "" || p.Email != "" {
			b.WriteString("<cac:Contact>")
			tag(b, "cbc:Telephone", p.Phone)
			tag(b, "cbc:ElectronicMail", p.Email)
			b.WriteString("</cac:Contact>")
		}
		fmt.Fprintf(b, "</cac:Party></cac:%s>", role)
	}
	buyer := s.Buyer
	buyer.Phone = ""
	party("AccountingSupplierParty", s.Vendor)
	party("AccountingCustomerParty", buyer)
	if s.Method != "" || s.IBAN != "" {
		code := means4461[s.Method]
		if code == "" {
			code = "58"
		}
		fmt.Fprintf(b, "<cac:PaymentMeans><cbc:PaymentMeansCode>%s</cbc:PaymentMeansCode>", code)
		if !s.Due.IsZero() && root == "CreditNote" {
			tag(b, "cbc:PaymentDueDate", s.Due.Format("2006-01-02"))
		}
		if s.IBAN != "" {
			fmt.Fprintf(b, "<cac:PayeeFinancialAccount><cbc:ID>%s</cbc:ID></cac:PayeeFinancialAccount>", xe(s.IBAN))
		}
		b.WriteString("</cac:PaymentMeans>")
	}
	if s.Terms != "" {
		fmt.Fprintf(b, "<cac:PaymentTerms><cbc:Note>%s</cbc:Note></cac:PaymentTerms>", xe(s.Terms))
	}
	if t.Discount != 0 {
		fmt.Fprintf(b, "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID=%q>%s</cbc:Amount></cac:AllowanceCharge>", cur, amt(t.Discount))
	}
	fmt.Fprintf(b, "<cac:TaxTotal><cbc:TaxAmount currencyID=%q>%s</cbc:TaxAmount>", cur, amt(t.Tax))
	for _, g := range t.Groups {
		fmt.Fprintf(b, "<cac:TaxSubtotal><cbc:TaxableAmount currencyID=%q>%s</cbc:TaxableAmount><cbc:TaxAmount currencyID=%q>%s</cbc:TaxAmount>", cur, amt(g.Taxable), cur, amt(g.Tax))
		fmt.Fprintf(b, "<cac:TaxCategory><cbc:ID>%s</cbc:ID><cbc:Percent>%s</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>", category(g.Rate), decimal(g.Rate))
	}
	b.WriteString("</cac:TaxTotal><cac:LegalMonetaryTotal>")
	fmt.Fprintf(b, "<cbc:LineExtensionAmount currencyID=%q>%s</cbc:LineExtensionAmount>", cur, amt(t.Goods))
	fmt.Fprintf(b, "<cbc:TaxExclusiveAmount currencyID=%q>%s</cbc:TaxExclusiveAmount>", cur, amt(t.Subtotal))
	fmt.Fprintf(b, "<cbc:TaxInclusiveAmount currencyID=%q>%s</cbc:TaxInclusiveAmount>", cur, amt(t.Total))
	if t.Discount != 0 {
		fmt.Fprintf(b, "<cbc:AllowanceTotalAmount currencyID=%q>%s</cbc:AllowanceTotalAmount>", cur, amt(t.Discount))
	}
	fmt.Fprintf(b, "<cbc:PayableAmount currencyID=%q>%s</cbc:PayableAmount></cac:LegalMonetaryTotal>", cur, amt(t.Due))
	for i, it := range s.Items {
		unit := ""
		if it.Unit != "" {
			unit = fmt.Sprintf(" unitCode=%q", xe(unitCode(it.Unit)))
		}
		fmt.Fprintf(b, "<cac:%s><cbc:ID>%d</cbc:ID><cbc:%s%s>%s</cbc:%s>", line, i+1, qty, unit, decimal(it.Quantity), qty)
		fmt.Fprintf(b, "<cbc:LineExtensionAmount currencyID=%q>%s</cbc:LineExtensionAmount>", cur, amt(it.Amount()))
		fmt.Fprintf(b, "<cac:Item><cbc:Name>%s</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>%s</cbc:ID><cbc:Percent>%s</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>",
			xe(it.Description), category(it.VATRate), decimal(it.VATRate))
		fmt.Fprintf(b, "<cac:Price><cbc:PriceAmount currencyID=%q>%s</cbc:PriceAmount></cac:Price></cac:%s>", cur, decimal(it.Price()), line)
	}
	fmt.Fprintf(b, "</%s>\n", root)
}

func category(rate float64) string {
	if rate == 0 {
		return "Z"
	}
	return "S"
}

func writeCII(b *strings.Builder, s Spec) {
	t := s.Totals()
	cur := xe(s.Currency)
	typeCode := "380"
	if s.Type == invoice.TypeCreditNote {
		typeCode = "381"
	}
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">`)
	b.WriteString("<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>")
	fmt.Fprintf(b, "<rsm:ExchangedDocument><ram:ID>%s</ram:ID><ram:TypeCode>%s</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format=\"102\">%s</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>",
		xe(s.Number), typeCode, s.Date.Format("20060102"))
	b.WriteString("<rsm:SupplyChainTradeTransaction>")
	for i, it := range s.Items {
		unit := ""
		if it.Unit != "" {
			unit = fmt.Sprintf(" unitCode=%q", xe(unitCode(it.Unit)))
		}
		fmt.Fprintf(b, "<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>%d</ram:LineID></ram:AssociatedDocumentLineDocument>", i+1)
		fmt.Fprintf(b, "<ram:SpecifiedTradeProduct><ram:Name>%s</ram:Name></ram:SpecifiedTradeProduct>", xe(it.Description))
		fmt.Fprintf(b, "<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>%s</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>", decimal(it.Price()))
		fmt.Fprintf(b, "<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity%s>%s</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>", unit, decimal(it.Quantity))
		fmt.Fprintf(b, "<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>%s</ram:CategoryCode><ram:RateApplicablePercent>%s</ram:RateApplicablePercent></ram:ApplicableTradeTax>",
			category(it.VATRate), decimal(it.VATRate))
		fmt.Fprintf(b, "<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>%s</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>", amt(it.Amount()))
	}
	party := func(role string, p Party) {
		fmt.Fprintf(b, "<ram:%s><ram:Name>%s</ram:Name>", role, xe(p.Name))
		if p.Phone != "" || p.Email != "" {
			b.WriteString("<ram:DefinedTradeContact>")
			if p.Phone != "" {
				fmt.Fprintf(b, "<ram:TelephoneUniversalCommunication><ram:CompleteNumber>%s</ram:CompleteNumber></ram:TelephoneUniversalCommunication>", xe(p.Phone))
			}
			if p.Email != "" {
				fmt.Fprintf(b, "<ram:EmailURIUniversalCommunication><ram:URIID>%s</ram:URIID></ram:EmailURIUniversalCommunication>", xe(p.Email))
			}
			b.WriteString("</ram:DefinedTradeContact>")
		}
		b.WriteString("<ram:PostalTradeAddress>")
		tag(b, "ram:PostcodeCode", p.Zip)
		tag(b, "ram:LineOne", p.Street)
		tag(b, "ram:CityName", p.City)
		tag(b, "ram:CountryID", p.Country)
		b.WriteString("</ram:PostalTradeAddress>")
		if p.VAT != "" {
			fmt.Fprintf(b, "<ram:SpecifiedTaxRegistration><ram:ID schemeID=\"VA\">%s</ram:ID></ram:SpecifiedTaxRegistration>", xe(p.VAT))
		}
		fmt.Fprintf(b, "</ram:%s>", role)
	}
	buyer := s.Buyer
	buyer.Phone = ""
	b.WriteString("<ram:ApplicableHeaderTradeAgreement>")
	party("SellerTradeParty", s.Vendor)
	party("BuyerTradeParty", buyer)
	if s.PONumber != "" {
		fmt.Fprintf(b, "<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>%s</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>", xe(s.PONumber))
	}
	b.WriteString("</ram:ApplicableHeaderTradeAgreement><ram:ApplicableHeaderTradeDelivery/><ram:ApplicableHeaderTradeSettlement>")
	fmt.Fprintf(b, "<ram:InvoiceCurrencyCode>%s</ram:InvoiceCurrencyCode>", cur)
	if s.Method != "" || s.IBAN != "" {
		code := means4461[s.Method]
		if code == "" {
			code = "58"
		}
		fmt.Fprintf(b, "<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>%s</ram:TypeCode>", code)
		if s.IBAN != "" {
			fmt.Fprintf(b, "<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>%s</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>", xe(s.IBAN))
		}
		b.WriteString("</ram:SpecifiedTradeSettlementPaymentMeans>")
	}
	for _, g := range t.Groups {
		fmt.Fprintf(b, "<ram:ApplicableTradeTax><ram:CalculatedAmount>%s</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>%s</ram:BasisAmount><ram:CategoryCode>%s</ram:CategoryCode><ram:RateApplicablePercent>%s</ram:RateApplicablePercent></ram:ApplicableTradeTax>",
			amt(g.Tax), amt(g.Taxable), category(g.Rate), decimal(g.Rate))
	}
	if t.Discount != 0 {
		fmt.Fprintf(b, "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>%s</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>", amt(t.Discount))
	}
	if s.Terms != "" || !s.Due.IsZero() {
		b.WriteString("<ram:SpecifiedTradePaymentTerms>")
		tag(b, "ram:Description", s.Terms)
		if !s.Due.IsZero() {
			fmt.Fprintf(b, "<ram:DueDateDateTime><udt:DateTimeString format=\"102\">%s</udt:DateTimeString></ram:DueDateDateTime>", s.Due.Format("20060102"))
		}
		b.WriteString("</ram:SpecifiedTradePaymentTerms>")
	}
	b.WriteString("<ram:SpecifiedTradeSettlementHeaderMonetarySummation>")
	fmt.Fprintf(b, "<ram:LineTotalAmount>%s</ram:LineTotalAmount>", amt(t.Goods))
	if t.Discount != 0 {
		fmt.Fprintf(b, "<ram:AllowanceTotalAmount>%s</ram:AllowanceTotalAmount>", amt(t.Discount))
	}
	fmt.Fprintf(b, "<ram:TaxBasisTotalAmount>%s</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID=%q>%s</ram:TaxTotalAmount>", amt(t.Subtotal), cur, amt(t.Tax))
	fmt.Fprintf(b, "<ram:GrandTotalAmount>%s</ram:GrandTotalAmount><ram:DuePayableAmount>%s</ram:DuePayableAmount>", amt(t.Total), amt(t.Due))
	b.WriteString("</ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>\n")
}
