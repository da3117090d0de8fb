// Package cms takes the signed content out of a CMS / PKCS #7 SignedData
// envelope (RFC 5652), such as the CAdES-BES ".p7m" files in which Italian
// e-invoices travel, and reports who signed it, when, and whether the
// signature matches the content.
//
// The reader accepts BER as signers write it (indefinite lengths, content
// split into segments) as well as DER, and bounds depth, element count and
// content size. The check is cryptographic only: the signature is verified
// with the signer's certificate carried in the envelope, and the
// certificate itself is not checked against any list of trusted
// authorities, which this package does not have. A signature that does not
// verify is reported, not refused: the content is returned all the same.
package cms

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	_ "crypto/sha1" // digest of older signatures
	_ "crypto/sha256"
	_ "crypto/sha512"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"
	"math/big"
	"time"
)

// Object identifiers read here.
const (
	oidSignedData    = "1.2.840.113549.1.7.2"
	oidMessageDigest = "1.2.840.113549.1.9.4"
	oidSigningTime   = "1.2.840.113549.1.9.5"
	oidRSAPSS        = "1.2.840.113549.1.1.10"
)

var digests = map[string]crypto.Hash{
	"1.3.14.3.2.26":          crypto.SHA1,
	"2.16.840.1.101.3.4.2.1": crypto.SHA256,
	"2.16.840.1.101.3.4.2.2": crypto.SHA384,
	"2.16.840.1.101.3.4.2.3": crypto.SHA512,
}

// Errors returned by Parse.
var (
	// ErrNotSignedData means the input is not a CMS SignedData envelope.
	ErrNotSignedData = errors.New("cms: not a signed-data envelope")
	// ErrMalformed means the input starts as a SignedData envelope but is
	// damaged or truncated, or holds no content (a detached signature).
	ErrMalformed = errors.New("cms: damaged signed-data envelope")
)

// Signed is the content of an envelope and its signers.
type Signed struct {
	// Content is the signed content (for a .p7m invoice, the XML file).
	Content []byte
	// Signers describes each signature, in the order of the envelope.
	Signers []Signer
}

// Signer describes one signature.
type Signer struct {
	// Name is the signer's name from the certificate: its common name, or
	// its organisation when it has none; empty when the envelope does not
	// carry the certificate.
	Name string
	// Time is the signing time the signer stated (a signed attribute), nil
	// when it stated none.
	Time *time.Time
	// Verified reports that the signature matches the content and was made
	// with the key of the certificate named.
	Verified bool
	// Problem says why the signature did not verify; empty when it did.
	Problem string
}

// LooksSigned reports whether b starts like a DER or BER SignedData
// envelope: a SEQUENCE whose first element is the signed-data OID.
func LooksSigned(b []byte) bool {
	if len(b) < 2 || b[0] != 0x30 {
		return false
	}
	i := 2
	switch l := b[1]; {
	case l == 0x80, l < 0x80:
	case l <= 0x84:
		i += int(l & 0x7f)
	default:
		return false
	}
	want := []byte{0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02}
	return len(b) >= i+len(want) && bytes.Equal(b[i:i+len(want)], want)
}

// Parse reads a SignedData envelope and returns its content, at most
// maxContent bytes, with its signers.
func Parse(data []byte, maxContent int) (*Signed, error) {
	if !LooksSigned(data) {
		return nil, ErrNotSignedData
	}
	var r reader
	ci, _, err := r.parse(data, 0)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	sd := ci.child(1).child(0)
	if ci.child(0).oid() != oidSignedData || !ci.child(1).is(classContext, 0) || !sd.is(classUniversal, tagSequence) {
		return nil, ErrNotSignedData
	}
	// version, digestAlgorithms, encapContentInfo, [0] certificates,
	// [1] crls, signerInfos.
	encap := sd.child(2)
	if !encap.is(classUniversal, tagSequence) {
		return nil, fmt.Errorf("%w: no encapsulated content", ErrMalformed)
	}
	econtent := encap.child(1)
	if !econtent.is(classContext, 0) || econtent.child(0) == nil {
		return nil, fmt.Errorf("%w: the envelope holds no content (a detached signature)", ErrMalformed)
	}
	content, err := econtent.child(0).octets(maxContent)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	out := &Signed{Content: content}
	var certs []*x509.Certificate
	var infos *node
	for _, c := range sd.children[3:] {
		switch {
		case c.is(classContext, 0):
			for _, raw := range c.children {
				if cert, err := x509.ParseCertificate(raw.raw); err == nil {
					certs = append(certs, cert)
				}
			}
		case c.is(classUniversal, tagSet):
			infos = c
		}
	}
	if infos != nil {
		for _, si := range infos.children {
			out.Signers = append(out.Signers, signer(si, certs, content))
		}
	}
	return out, nil
}

// signer reads and verifies one SignerInfo.
func signer(si *node, certs []*x509.Certificate, content []byte) Signer {
	var s Signer
	sid := si.child(1)
	cert := findCert(sid, certs)
	if cert != nil {
		s.Name = cert.Subject.CommonName
		if s.Name == "" && len(cert.Subject.Organization) > 0 {
			s.Name = cert.Subject.Organization[0]
		}
	}
	hash, ok := digests[si.child(2).child(0).oid()]
	if !ok {
		s.Problem = "the digest algorithm is not supported"
		return s
	}
	i := 3
	var attrs *node
	if si.child(i).is(classContext, 0) {
		attrs = si.child(i)
		i++
	}
	sigAlg := si.child(i).child(0).oid()
	sigNode := si.child(i + 1)
	if !sigNode.is(classUniversal, tagOctetString) {
		s.Problem = "the signature is missing"
		return s
	}
	sig, err := sigNode.octets(1 << 16)
	if err != nil {
		s.Problem = "the signature is damaged"
		return s
	}
	h := hash.New()
	h.Write(content)
	contentDigest := h.Sum(nil)
	signedDigest := contentDigest
	if attrs != nil {
		var digestOK bool
		for _, a := range attrs.children {
			vals := a.child(1)
			switch a.child(0).oid() {
			case oidMessageDigest:
				v := vals.child(0)
				digestOK = v.is(classUniversal, tagOctetString) && bytes.Equal(v.content, contentDigest)
			case oidSigningTime:
				if t, ok := asn1Time(vals.child(0)); ok {
					s.Time = &t
				}
			}
		}
		if !digestOK {
			s.Problem = "the content does not match the digest that was signed: it was changed after signing"
			return s
		}
		if attrs.indefinite {
			s.Problem = "the signed attributes are not DER-encoded"
			return s
		}
		// The signature covers the attributes encoded as a SET.
		der := append([]byte{0x31}, attrs.raw[1:]...)
		h := hash.New()
		h.Write(der)
		signedDigest = h.Sum(nil)
	}
	if cert == nil {
		s.Problem = "the envelope does not carry the signer's certificate"
		return s
	}
	if err := verify(cert.PublicKey, hash, sigAlg, signedDigest, sig); err != nil {
		s.Problem = "the signature does not match the signer's key: " + err.Error()
		return s
	}
	s.Verified = true
	return s
}

// findCert returns the certificate a SignerIdentifier names.
func findCert(sid *node, certs []*x509.Certificate) *x509.Certificate {
	for _, c := range certs {
		switch {
		case sid.is(classUniversal, tagSequence): // IssuerAndSerialNumber
			issuer, serial := sid.child(0), sid.child(1)
			if issuer == nil || !serial.is(classUniversal, tagInteger) {
				return nil
			}
			if bytes.Equal(issuer.raw, c.RawIssuer) && new(big.Int).SetBytes(serial.content).Cmp(c.SerialNumber) == 0 {
				return c
			}
		case sid.is(classContext, 0): // SubjectKeyIdentifier
			if len(c.SubjectKeyId) > 0 && bytes.Equal(sid.content, c.SubjectKeyId) {
				return c
			}
		}
	}
	return nil
}

func verify(pub any, hash crypto.Hash, sigAlg string, digest, sig []byte) error {
	switch k := pub.(type) {
	case *rsa.PublicKey:
		if sigAlg == oidRSAPSS {
			return rsa.VerifyPSS(k, hash, digest, sig, nil)
		}
		return rsa.VerifyPKCS1v15(k, hash, digest, sig)
	case *ecdsa.PublicKey:
		if !ecdsa.VerifyASN1(k, digest, sig) {
			return errors.New("ECDSA verification failed")
		}
		return nil
	case ed25519.PublicKey:
		return errors.New("Ed25519 signatures are not supported")
	}
	return fmt.Errorf("keys of type %T are not supported", pub)
}

// asn1Time reads a UTCTime or GeneralizedTime.
func asn1Time(n *node) (time.Time, bool) {
	if n == nil || n.constructed || (n.tag != tagUTCTime && n.tag != tagGeneralizedTm) {
		return time.Time{}, false
	}
	var t time.Time
	if _, err := asn1.Unmarshal(n.raw, &t); err != nil {
		return time.Time{}, false
	}
	return t.UTC(), true
}
