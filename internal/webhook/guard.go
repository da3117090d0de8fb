package webhook

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
)

// ErrForbiddenDestination is the cause of a connection refused because its
// address is not a public one.
var ErrForbiddenDestination = errors.New("webhook destination is not a public address")

// blocked are address ranges never connected to unless private destinations
// are allowed, besides what netip classifies as loopback, private,
// link-local, multicast or unspecified.
var blocked = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and broadcast
	netip.MustParsePrefix("64:ff9b::/96"),    // NAT64: may reach any IPv4 address
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64
	netip.MustParsePrefix("100::/64"),        // discard
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("2002::/16"),       // 6to4: embeds any IPv4 address
	netip.MustParsePrefix("2001::/32"),       // Teredo: embeds any IPv4 address
}

// Forbidden reports whether addr is not a public unicast address: loopback,
// private (RFC 1918, unique-local fc00::/7, which holds AWS's fd00:ec2::254
// metadata address), link-local (169.254.0.0/16 holds the cloud metadata
// address 169.254.169.254), multicast, unspecified, or reserved. IPv4
// addresses written as IPv6 are judged as IPv4.
func Forbidden(addr netip.Addr) bool {
	addr = addr.Unmap()
	if !addr.IsValid() || addr.IsLoopback() || addr.IsPrivate() || addr.IsLinkLocalUnicast() ||
		addr.IsLinkLocalMulticast() || addr.IsInterfaceLocalMulticast() || addr.IsMulticast() || addr.IsUnspecified() {
		return true
	}
	for _, p := range blocked {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// Guard returns a dialer that refuses, at connect time, every address
// Forbidden names, unless allowPrivate. The check runs on the address being
// connected to, after name resolution, so a name that resolves (or
// re-resolves, after registration) to an internal address is refused too.
func Guard(allowPrivate bool) *net.Dialer {
	d := &net.Dialer{}
	if allowPrivate {
		return d
	}
	d.Control = func(network, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("%w: %s", ErrForbiddenDestination, address)
		}
		if Forbidden(ap.Addr()) {
			return fmt.Errorf("%w: %s", ErrForbiddenDestination, ap.Addr())
		}
		return nil
	}
	return d
}

// CheckURL validates a receiver URL when it is registered: absolute http or
// https, a host, no user information, at most 2048 bytes, and, unless
// allowPrivate, no host that is itself a forbidden address or "localhost".
// Names are not resolved here: Guard checks where they lead at every
// connection. It returns a message fit for the client.
func CheckURL(raw string, allowPrivate bool) error {
	if len(raw) > 2048 {
		return errors.New("the webhook URL is longer than 2048 bytes")
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Opaque != "" {
		return errors.New("the webhook URL must be an absolute http:// or https:// URL")
	}
	if u.User != nil {
		return errors.New("the webhook URL must not carry a user name or password")
	}
	if u.Fragment != "" {
		return errors.New("the webhook URL must not have a #fragment")
	}
	if allowPrivate {
		return nil
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return errors.New("the webhook URL must point to a public address, not localhost")
	}
	if addr, err := netip.ParseAddr(host); err == nil && Forbidden(addr) {
		return errors.New("the webhook URL must point to a public address, not a loopback, private, link-local or reserved one")
	}
	return nil
}
