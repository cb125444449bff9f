package span

import (
	"net/netip"
	"strconv"
)

// AddrPort returns the address to connect to when the host is an IP
// address: the address (an IPv4-mapped IPv6 address stays IPv6, as
// HostAddr says) with the URL's port, or its scheme's default port. It
// returns false for a domain, an opaque, empty or null host, and when the
// URL has no port and its scheme no default port.
func (u URL) AddrPort() (netip.AddrPort, bool) {
	a, ok := u.HostAddr()
	if !ok {
		return netip.AddrPort{}, false
	}
	port := u.PortOrDefault()
	if port == 0 {
		if _, explicit := u.PortNumber(); !explicit {
			return netip.AddrPort{}, false
		}
	}
	return netip.AddrPortFrom(a, port), true
}

// DialAddr returns "host:port" for net.Dial: the serialized host (a domain
// in ASCII, IPv4 in dotted decimal, IPv6 in brackets, as net.Dial wants
// it) and the URL's port or its scheme's default port. It returns "" when
// the host is null or empty, or when there is no port (no port in the URL
// and no default for the scheme, as for file: or most non-special
// schemes).
//
// When the URL has a port, the result is a substring of the href; with a
// default port it is a new string.
func (u URL) DialAddr() string {
	if u.href == "" || u.p.HostStart() == u.p.HostEnd() {
		return ""
	}
	if _, ok := u.PortNumber(); ok {
		return u.Host() // host ":" port, in the href
	}
	p, ok := DefaultPort(u.Scheme())
	if !ok {
		return ""
	}
	// The port's digits on the stack, so that the result is one
	// concatenation.
	var digits [5]byte
	return u.Hostname() + ":" + string(strconv.AppendUint(digits[:0], uint64(p), 10))
}
