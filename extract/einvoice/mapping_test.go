package einvoice

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func deref2(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

func TestCIITypeCodes(t *testing.T) {
	tests := []struct {
		code string
		want *string
		warn bool
	}{
		{"380", s("invoice"), false},
		{"384", s("invoice"), false},
		{"386", s("invoice"), false},
		{"575", s("invoice"), false},
		{"381", s("credit_note"), false},
		{"383", s("debit_note"), false},
		{"325", s("proforma"), false},
		{"389", nil, true},
		{"261", nil, true},
		{"999", nil, true},
		{"", nil, false},
	}
	for _, tt := range tests {
		doc, err := Parse(ciiWithType(tt.code))
		if err != nil {
			t.Fatalf("Parse(TypeCode %q) error = %v", tt.code, err)
		}
		if diff := cmp.Diff(tt.want, doc.Result.Invoice.Type); diff != "" {
			t.Errorf("Parse(TypeCode %q) type mismatch (-want +got):\n%s", tt.code, diff)
		}
		gotWarn := len(doc.Warnings) == 1 && doc.Warnings[0].Code == WarnTypeUnmapped
		if gotWarn != tt.warn {
			t.Errorf("Parse(TypeCode %q) warnings = %v, want type warning %v", tt.code, doc.Warnings, tt.warn)
		}
	}
}

// fatturaPA returns a minimal FatturaPA whose DatiGeneraliDocumento and
// DatiPagamento are given.
func fatturaPA(generali, pagamento string) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" versione="FPR12">
<FatturaElettronicaHeader><DatiTrasmissione><FormatoTrasmissione>FPR12</FormatoTrasmissione><CodiceDestinatario>XXXXXXX</CodiceDestinatario></DatiTrasmissione></FatturaElettronicaHeader>
<FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento>` + generali + `</DatiGeneraliDocumento></DatiGenerali>
<DatiBeniServizi><DatiRiepilogo><AliquotaIVA>22.00</AliquotaIVA><ImponibileImporto>100.00</ImponibileImporto><Imposta>22.00</Imposta></DatiRiepilogo></DatiBeniServizi>
` + pagamento + `</FatturaElettronicaBody></p:FatturaElettronica>`)
}

func TestFatturaPATipoDocumento(t *testing.T) {
	tests := []struct {
		td   string
		want *string
	}{
		{"TD01", s("invoice")}, {"TD02", s("invoice")}, {"TD03", s("fee_note")}, {"TD04", s("credit_note")},
		{"TD05", s("debit_note")}, {"TD06", s("fee_note")}, {"TD08", s("credit_note")}, {"TD09", s("debit_note")},
		{"TD24", s("invoice")}, {"TD25", s("invoice")}, {"TD26", s("invoice")},
		{"TD16", nil}, {"TD17", nil}, {"TD18", nil}, {"TD19", nil}, {"TD20", nil}, {"TD21", nil},
		{"TD22", nil}, {"TD23", nil}, {"TD27", nil}, {"TD28", nil},
	}
	for _, tt := range tests {
		doc, err := Parse(fatturaPA("<TipoDocumento>"+tt.td+"</TipoDocumento><ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>", ""))
		if err != nil {
			t.Fatalf("Parse(%s) error = %v", tt.td, err)
		}
		if diff := cmp.Diff(tt.want, doc.Result.Invoice.Type); diff != "" {
			t.Errorf("Parse(%s) type mismatch (-want +got):\n%s", tt.td, diff)
		}
		if gotWarn := len(doc.Warnings) > 0; gotWarn != (tt.want == nil) {
			t.Errorf("Parse(%s) warnings = %v, want a warning: %v", tt.td, doc.Warnings, tt.want == nil)
		}
		if doc.BuyerSDICode != "" {
			t.Errorf("Parse(%s) BuyerSDICode = %q, want empty for XXXXXXX", tt.td, doc.BuyerSDICode)
		}
	}
}

func TestFatturaPAPayment(t *testing.T) {
	det := func(mp, due, amount string) string {
		return "<DettaglioPagamento><ModalitaPagamento>" + mp + "</ModalitaPagamento><DataScadenzaPagamento>" + due +
			"</DataScadenzaPagamento><ImportoPagamento>" + amount + "</ImportoPagamento></DettaglioPagamento>"
	}
	block := func(tp string, dets ...string) string {
		return "<DatiPagamento><CondizioniPagamento>" + tp + "</CondizioniPagamento>" + strings.Join(dets, "") + "</DatiPagamento>"
	}
	tests := []struct {
		name      string
		pagamento string
		method    *string
		due       *string
		amountDue *float64
	}{
		{"cash", block("TP02", det("MP01", "2025-01-31", "122.00")), s("cash"), s("2025-01-31"), n(122)},
		{"cheque", block("TP02", det("MP02", "2025-01-31", "122.00")), s("cheque"), s("2025-01-31"), n(122)},
		{"card", block("TP02", det("MP08", "2025-01-31", "122.00")), s("card"), s("2025-01-31"), n(122)},
		{"riba", block("TP02", det("MP12", "2025-01-31", "122.00")), s("riba"), s("2025-01-31"), n(122)},
		{"SEPA DD", block("TP02", det("MP19", "2025-01-31", "122.00")), s("sepa_direct_debit"), s("2025-01-31"), n(122)},
		{"RID", block("TP02", det("MP09", "2025-01-31", "122.00")), s("sepa_direct_debit"), s("2025-01-31"), n(122)},
		{"bank direct debit", block("TP02", det("MP16", "2025-01-31", "122.00")), s("sepa_direct_debit"), s("2025-01-31"), n(122)},
		{"PagoPA", block("TP02", det("MP23", "2025-01-31", "122.00")), s("other"), s("2025-01-31"), n(122)},
		{"MAV", block("TP02", det("MP13", "2025-01-31", "122.00")), s("other"), s("2025-01-31"), n(122)},
		{"instalments", block("TP01", det("MP05", "2025-01-31", "61.00"), det("MP05", "2025-02-28", "61.00")),
			s("bank_transfer"), nil, n(122)},
		{"alternatives", block("TP02", det("MP05", "2025-01-31", "122.00"), det("MP08", "2025-01-31", "122.00")),
			nil, s("2025-01-31"), n(122)},
		{"advance and balance", block("TP03", det("MP05", "2025-01-10", "22.00")) + block("TP02", det("MP05", "2025-01-31", "100.00")),
			s("bank_transfer"), nil, n(122)},
		{"none", "", nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(fatturaPA("<TipoDocumento>TD01</TipoDocumento><ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>", tt.pagamento))
			if err != nil {
				t.Fatalf("Parse() error = %v", err)
			}
			got := []any{doc.Result.Invoice.PaymentMethod, doc.Result.Invoice.DueDate, doc.AmountDue}
			want := []any{tt.method, tt.due, tt.amountDue}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Parse(%s) [method due amountDue] mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

func TestFatturaPADocumentDiscountAndBollo(t *testing.T) {
	tests := []struct {
		name      string
		generali  string
		discount  *float64
		stamp     *float64
		warnCodes []string
	}{
		{"one SC amount", "<ScontoMaggiorazione><Tipo>SC</Tipo><Importo>10.00</Importo></ScontoMaggiorazione>", n(10), nil, nil},
		{"two SC amounts", "<ScontoMaggiorazione><Tipo>SC</Tipo><Importo>10.00</Importo></ScontoMaggiorazione><ScontoMaggiorazione><Tipo>SC</Tipo><Importo>2.50</Importo></ScontoMaggiorazione>", n(12.5), nil, nil},
		{"SC percentage only", "<ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>5.00</Percentuale></ScontoMaggiorazione>", nil, nil, nil},
		{"MG only", "<ScontoMaggiorazione><Tipo>MG</Tipo><Importo>3.00</Importo></ScontoMaggiorazione>", nil, nil, nil},
		{"bollo", "<DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>2.00</ImportoBollo></DatiBollo>", nil, n(2), nil},
		{"bollo without amount", "<DatiBollo><BolloVirtuale>SI</BolloVirtuale></DatiBollo>", nil, nil, []string{WarnBolloNoAmount}},
		{"zero ritenuta", "<DatiRitenuta><TipoRitenuta>RT01</TipoRitenuta><ImportoRitenuta>0.00</ImportoRitenuta></DatiRitenuta>", nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(fatturaPA("<TipoDocumento>TD01</TipoDocumento>"+tt.generali+"<ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>", ""))
			if err != nil {
				t.Fatalf("Parse() error = %v", err)
			}
			var codes []string
			for _, w := range doc.Warnings {
				codes = append(codes, w.Code)
			}
			got := []any{doc.Result.Financials.Discount, doc.Result.Financials.StampDuty, doc.Result.Financials.WithholdingTax, codes}
			want := []any{tt.discount, tt.stamp, (*float64)(nil), tt.warnCodes}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Parse(%s) [discount stamp withholding warnings] mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

func TestCandidateAndRank(t *testing.T) {
	tests := []struct {
		name string
		rank int
	}{
		{"factur-x.xml", 0},
		{"FACTUR-X.XML", 0},
		{"zugferd-invoice.xml", 1},
		{"ZUGFeRD-invoice.xml", 1},
		{"xrechnung.xml", 2},
		{"IT01234567890_00001.xml", 3},
		{"it01234567890_a1B2c.XML", 3},
		{`C:\export\IT01234567890_00001.xml`, 3},
		{"attachments/order.xml", 4},
		{"UBL-Invoice-2.1.xml", 4},
		{"IT01234567890_00001.xml.p7m", -1},
		{"Bon_de_livraison.pdf", -1},
		{"xml", -1},
		{"", -1},
	}
	for _, tt := range tests {
		if got := Rank(tt.name); got != tt.rank {
			t.Errorf("Rank(%q) = %d, want %d", tt.name, got, tt.rank)
		}
		if got, want := Candidate(tt.name), tt.rank >= 0; got != want {
			t.Errorf("Candidate(%q) = %v, want %v", tt.name, got, want)
		}
	}
}

func TestModel(t *testing.T) {
	tests := map[string]string{
		FormatCII:       "invex-einvoice-cii-1",
		FormatZUGFeRD1:  "invex-einvoice-zugferd1-1",
		FormatUBL:       "invex-einvoice-ubl-1",
		FormatFatturaPA: "invex-einvoice-fatturapa-1",
		"pdf":           "",
	}
	for format, want := range tests {
		if got := Model(format); got != want {
			t.Errorf("Model(%q) = %q, want %q", format, got, want)
		}
	}
}

func TestValueParsers(t *testing.T) {
	dates := []struct{ in, format, want string }{
		{"20250314", "102", "2025-03-14"},
		{"20250314", "", "2025-03-14"},
		{"2025-03-14", "", "2025-03-14"},
		{"2025-03-14T10:00:00+01:00", "", "2025-03-14"},
		{"20250230", "102", "<nil>"},
		{"202503", "610", "<nil>"},
		{"201336", "616", "<nil>"},
		{"14.03.2025", "", "<nil>"},
	}
	for _, tt := range dates {
		if got := deref2(isoDate(tt.in, tt.format)); got != tt.want {
			t.Errorf("isoDate(%q, %q) = %s, want %s", tt.in, tt.format, got, tt.want)
		}
	}
	numbers := []struct {
		in   string
		want *float64
	}{
		{"1234.50", n(1234.5)}, {" -7.9 ", n(-7.9)}, {"+3", n(3)}, {"12,5", n(12.5)}, {"-0.00", n(0)},
		{"", nil}, {"NaN", nil}, {"Inf", nil}, {"1e400", nil}, {"1.234,56", nil}, {"12 EUR", nil},
	}
	for _, tt := range numbers {
		if diff := cmp.Diff(tt.want, parseNumber(tt.in)); diff != "" {
			t.Errorf("parseNumber(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
	streets := []struct {
		lines []string
		want  *string
	}{
		{[]string{"Hauptstraße 5", "Hinterhaus"}, s("Hauptstraße 5")},
		{[]string{"c/o Muster GmbH", "Hauptstraße 5"}, s("Hauptstraße 5")},
		{[]string{"", "Hauptstraße 5"}, s("Hauptstraße 5")},
		{[]string{"Am Markt", "Haus B"}, s("Am Markt")},
		{[]string{"", ""}, nil},
	}
	for _, tt := range streets {
		if diff := cmp.Diff(tt.want, streetLine(tt.lines...)); diff != "" {
			t.Errorf("streetLine(%q) mismatch (-want +got):\n%s", tt.lines, diff)
		}
	}
	ibans := []struct {
		in   string
		want *string
	}{
		{"de02 1203 0000 0000 2020 51", s("DE02120300000000202051")},
		{"FRCOMPT", nil},
		{"OWN BANK LEDGER", nil},
		{"1234567890123456", nil},
	}
	for _, tt := range ibans {
		if diff := cmp.Diff(tt.want, iban(tt.in)); diff != "" {
			t.Errorf("iban(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
	if got := deref2(unit("XYZ")); got != "XYZ" {
		t.Errorf("unit(XYZ) = %s, want XYZ", got)
	}
}
