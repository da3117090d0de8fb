package testpdf

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/invex/invex/extract/validate"
)

// This file makes identifiers with valid check digits, so that generated
// invoices pass the engine's checksum validation like real ones do.

// digits returns n random decimal digits, the first one non-zero when
// nonZeroFirst is set.
func digits(rng *rand.Rand, n int, nonZeroFirst bool) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + rng.IntN(10))
	}
	if nonZeroFirst && n > 0 {
		b[0] = byte('1' + rng.IntN(9))
	}
	return string(b)
}

// PartitaIVA returns a valid 11-digit Italian Partita IVA (without the IT
// prefix): seven digits of the company, a three-digit province office code
// (001–100) and the Luhn-style check digit.
func PartitaIVA(rng *rand.Rand) string {
	d := digits(rng, 7, false) + fmt.Sprintf("%03d", 1+rng.IntN(100))
	return d + string(validate.PartitaIVACheckDigit(d))
}

// CodiceFiscale returns a valid 16-character personal codice fiscale for a
// made-up person: the letters are random, the structure (month letter, day,
// municipality code) and the check letter are right.
func CodiceFiscale(rng *rand.Rand) string {
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	const months = "ABCDEHLMPRST"
	var b strings.Builder
	for range 6 {
		b.WriteByte(letters[rng.IntN(26)])
	}
	fmt.Fprintf(&b, "%02d", 50+rng.IntN(50))
	b.WriteByte(months[rng.IntN(12)])
	day := 1 + rng.IntN(28)
	if rng.IntN(2) == 0 {
		day += 40
	}
	fmt.Fprintf(&b, "%02d", day)
	b.WriteByte(letters[rng.IntN(26)])
	fmt.Fprintf(&b, "%03d", 1+rng.IntN(999))
	s := b.String()
	return s + string(cfCheck(s))
}

// cfCheck returns the check letter of the first 15 characters of a personal
// codice fiscale (digits only, no omocodia).
func cfCheck(s string) byte {
	odd := [26]int{1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23}
	sum := 0
	for i := range 15 {
		c := s[i]
		v := int(c - 'A')
		if '0' <= c && c <= '9' {
			v = int(c - '0')
		}
		if i%2 == 0 {
			sum += odd[v]
		} else {
			sum += v
		}
	}
	return byte('A' + sum%26)
}

// GermanVAT returns a valid German USt-IdNr. without the DE prefix: nine
// digits, the last the ISO 7064 MOD 11,10 check digit of the first eight.
// Numbers whose check would be 10 are skipped, as the tax office does.
func GermanVAT(rng *rand.Rand) string {
	for {
		d := digits(rng, 8, true)
		p := 10
		for i := range 8 {
			s := (int(d[i]-'0') + p) % 10
			if s == 0 {
				s = 10
			}
			p = 2 * s % 11
		}
		check := 11 - p
		if check == 10 {
			continue
		}
		if check == 11 {
			check = 0
		}
		return d + string(byte('0'+check))
	}
}

// SIREN returns a valid nine-digit French SIREN (Luhn).
func SIREN(rng *rand.Rand) string {
	d := digits(rng, 8, true)
	return d + string(luhnCheck(d))
}

// SIRET returns a valid 14-digit SIRET of the company siren: its
// establishment number and a Luhn check digit.
func SIRET(rng *rand.Rand, siren string) string {
	d := siren + digits(rng, 4, false)
	return d + string(luhnCheck(d))
}

// luhnCheck returns the digit that, appended to d, makes it pass Luhn.
func luhnCheck(d string) byte {
	sum := 0
	for i := range len(d) {
		n := int(d[len(d)-1-i] - '0')
		if i%2 == 0 { // doubled once the check digit is appended
			n *= 2
			if n > 9 {
				n -= 9
			}
		}
		sum += n
	}
	return byte('0' + (10-sum%10)%10)
}

// FrenchVAT returns the French VAT number of a SIREN without the FR
// prefix: the numeric key (12 + 3 × (SIREN mod 97)) mod 97 and the SIREN.
func FrenchVAT(siren string) string {
	m := 0
	for i := range len(siren) {
		m = (m*10 + int(siren[i]-'0')) % 97
	}
	return fmt.Sprintf("%02d%s", (12+3*m)%97, siren)
}

// UKVAT returns a valid nine-digit UK VAT registration number without the
// GB prefix: seven digits weighted 8 to 2, and two check digits that bring
// the sum to a multiple of 97.
func UKVAT(rng *rand.Rand) string {
	d := digits(rng, 7, true)
	sum := 0
	for i := range 7 {
		sum += int(d[i]-'0') * (8 - i)
	}
	return fmt.Sprintf("%s%02d", d, (97-sum%97)%97)
}

// IrishVAT returns a valid Irish VAT number without the IE prefix: seven
// digits weighted 8 to 2 and a check letter (sum mod 23).
func IrishVAT(rng *rand.Rand) string {
	const letters = "WABCDEFGHIJKLMNOPQRSTUV"
	d := digits(rng, 7, true)
	sum := 0
	for i := range 7 {
		sum += int(d[i]-'0') * (8 - i)
	}
	return d + string(letters[sum%23])
}

// IBAN returns a valid IBAN of country with the given basic bank account
// number (BBAN), computing the two mod-97 check digits.
func IBAN(country, bban string) string {
	r := 0
	for _, c := range bban + country + "00" {
		if '0' <= c && c <= '9' {
			r = (r*10 + int(c-'0')) % 97
		} else {
			r = (r*100 + int(c-'A') + 10) % 97
		}
	}
	return fmt.Sprintf("%s%02d%s", country, 98-r, bban)
}

// randomIBAN returns a valid IBAN of country (IT, DE, FR, GB or IE) with a
// random account.
func randomIBAN(rng *rand.Rand, country string) string {
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	switch country {
	case "IT":
		// CIN letter, ABI, CAB, 12-character account.
		return IBAN("IT", string(letters[rng.IntN(26)])+digits(rng, 5, true)+digits(rng, 5, true)+digits(rng, 12, false))
	case "DE":
		return IBAN("DE", digits(rng, 8, true)+digits(rng, 10, false))
	case "FR":
		// Bank, branch, 11-character account and the two-digit RIB key.
		bank, branch, acct := digits(rng, 5, true), digits(rng, 5, false), digits(rng, 11, false)
		return IBAN("FR", bank+branch+acct+ribKey(bank, branch, acct))
	case "GB":
		bank := string(letters[rng.IntN(26)]) + string(letters[rng.IntN(26)]) + string(letters[rng.IntN(26)]) + string(letters[rng.IntN(26)])
		return IBAN("GB", bank+digits(rng, 6, true)+digits(rng, 8, false))
	case "IE":
		bank := string(letters[rng.IntN(26)]) + string(letters[rng.IntN(26)]) + string(letters[rng.IntN(26)]) + string(letters[rng.IntN(26)])
		return IBAN("IE", bank+digits(rng, 6, true)+digits(rng, 8, false))
	}
	panic("testpdf: no IBAN format for " + country)
}

// ribKey returns the French RIB key of an all-digit account:
// 97 − (89 × bank + 15 × branch + 3 × account) mod 97.
func ribKey(bank, branch, acct string) string {
	mod := func(s string) int {
		r := 0
		for i := range len(s) {
			r = (r*10 + int(s[i]-'0')) % 97
		}
		return r
	}
	return fmt.Sprintf("%02d", 97-(89*mod(bank)+15*mod(branch)+3*mod(acct))%97)
}

// groupIBAN prints an IBAN in groups of four characters, as on paper.
func groupIBAN(iban string) string {
	var b strings.Builder
	for i := 0; i < len(iban); i += 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(iban[i:min(i+4, len(iban))])
	}
	return b.String()
}
