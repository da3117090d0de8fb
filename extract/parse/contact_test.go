package parse

import (
	"reflect"
	"testing"
)

func TestEmail(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"info@acme.it", "info@acme.it", true},
		{"Info@ACME.IT", "Info@acme.it", true},
		{"mario.rossi+fatture@studio-rossi.co.uk", "mario.rossi+fatture@studio-rossi.co.uk", true},
		{"PEC: acme@pec.it", "acme@pec.it", true},
		{"pec:acme@pec.it", "acme@pec.it", true},
		{"mailto:info@acme.de", "info@acme.de", true},
		{"E-Mail: info@acme.de", "info@acme.de", true},
		{"<info@acme.fr>", "info@acme.fr", true},
		{"(info@acme.fr)", "info@acme.fr", true},
		{"info@acme.fr.", "info@acme.fr", true},
		{"info@acme", "", false},
		{"info@acme.i", "", false},
		{"info@acme.123", "", false},
		{"@acme.it", "", false},
		{"info@", "", false},
		{"info@@acme.it", "", false},
		{".info@acme.it", "info@acme.it", true},
		{"in..fo@acme.it", "", false},
		{"info@-acme.it", "", false},
		{"a@b.it c@d.it", "", false},
		{"", "", false},
	} {
		got, ok := Email(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Email(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFindEmails(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"E-mail: info@acme.it PEC:acme@pec.it.", []string{"info@acme.it", "acme@pec.it"}},
		{"Tel 02 1234567 - amministrazione@Acme-Group.COM, www.acme.com", []string{"amministrazione@acme-group.com"}},
		{"scrivere a fatture@acme.it.", []string{"fatture@acme.it"}},
		{"user@localhost e @ solo", nil},
		{"", nil},
	} {
		var got []string
		for _, m := range FindEmails(tt.text) {
			got = append(got, m.Value)
			if tt.text[m.Start:m.End] != m.Text {
				t.Errorf("FindEmails(%q): Text %q is not text[%d:%d]", tt.text, m.Text, m.Start, m.End)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindEmails(%q) = %q; want %q", tt.text, got, tt.want)
		}
	}
}

func TestPhone(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"+39 02 1234 5678", "+39 02 1234 5678", true},
		{"+39 02 12345678", "+39 02 12345678", true},
		{"+390212345678", "+390212345678", true},
		{"0039 02 1234 5678", "0039 02 1234 5678", true},
		{"02/12345678", "02/12345678", true},
		{"02 / 12345678", "02 / 12345678", true},
		{"02-12345678", "02-12345678", true},
		{"02.1234.5678", "02.1234.5678", true},
		{"0212345678", "0212345678", true},
		{"333 1234567", "333 1234567", true},
		{"333 123 4567", "333 123 4567", true},
		{"3331234567", "3331234567", true},
		{"+49 (0)89 1234567", "+49 (0)89 1234567", true},
		{"+49 89 1234567", "+49 89 1234567", true},
		{"089 1234567", "089 1234567", true},
		{"030 12345", "030 12345", true},
		{"01 23 45 67 89", "01 23 45 67 89", true},
		{"01.23.45.67.89", "01.23.45.67.89", true},
		{"+33 1 23 45 67 89", "+33 1 23 45 67 89", true},
		{"+33 (0)1 23 45 67 89", "+33 (0)1 23 45 67 89", true},
		{"(555) 123-4567", "(555) 123-4567", true},
		{"555-123-4567", "555-123-4567", true},
		{"555.123.4567", "555.123.4567", true},
		{"+1 (555) 123-4567", "+1 (555) 123-4567", true},
		{"+44 20 7946 0958", "+44 20 7946 0958", true},
		{"  +39\u00a002 1234 5678 ", "+39 02 1234 5678", true},
		{"Tel: +39 02 1234 5678", "", false},
		{": 02 12345678", "02 12345678", true},
		// not phones
		{"", "", false},
		{"12345", "", false},
		{"+39 123", "", false},
		{"01/2026", "", false},
		{"15/03/2026", "", false},
		{"04/05/2026", "", false},
		{"15.03.2026", "", false},
		{"1.234,56", "", false},
		{"02 1234,56", "", false},
		{"1 234 567", "", false},
		{"01234567897", "", false}, // P.IVA
		{"01234567898", "", false}, // 11 digits in one piece
		{"12345678", "", false},
		{"123-456-7890", "", false}, // US numbers do not start with 1
		{"555-123-45678", "", false},
		{"IT60X0542811101000000123456", "", false},
		{"0212345678x", "", false},
		{"0000 0123 457", "", false},
		{"+0 123 456 789", "", false},
	} {
		got, ok := Phone(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Phone(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFindPhones(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"Tel. +39 02 1234 5678 Fax 02/87654321", []string{"+39 02 1234 5678", "02/87654321"}},
		{"Tel 02 1234 5678 20121 Milano", []string{"02 1234 5678"}},
		{"P.IVA 01234567897", nil},
		{"C.F. 01234567897 Tel. 0212345678", []string{"0212345678"}},
		{"IBAN IT60 X054 2811 1010 0000 0123 456", nil},
		{"Data 04/05/2026 n. 01/2026", nil},
		{"Totale 1.234,56 € - 02 1234 5678", []string{"02 1234 5678"}},
		{"Telefon: 089/1234567-0", []string{"089/1234567-0"}},
		{"", nil},
	} {
		var got []string
		for _, m := range FindPhones(tt.text) {
			got = append(got, m.Value)
			if tt.text[m.Start:m.End] != m.Text {
				t.Errorf("FindPhones(%q): Text %q is not text[%d:%d]", tt.text, m.Text, m.Start, m.End)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindPhones(%q) = %q; want %q", tt.text, got, tt.want)
		}
	}
}

func TestLabelledPhone(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"999999999", "999999999", true},
		{"1234567890 Email: a@b.example", "1234567890", true},
		{"+39 02 1234567", "+39 02 1234567", true},
		{"02 1234 5678", "02 1234 5678", true},
		{"12345", "", false},
		{"123456,78", "", false},
		{"1234567A", "", false},
		{"n.d.", "", false},
	} {
		got, ok := LabelledPhone(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("LabelledPhone(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
