package span

import (
	"net/netip"

	"github.com/spanurl/spanurl/record"
)

// HostAddr returns the URL's host as an IP address and true when the host
// is an IPv4 or IPv6 address (HostKind HostIPv4 or HostIPv6), or the zero
// Addr and false for a domain, an opaque, empty or null host.
//
// The address is the parser's: every IPv4 form the standard accepts
// ("0x7f.1", "2130706433", "127.1") has become the address it denotes, so
// an allow or deny list checked against HostAddr sees what a browser
// connects to. An IPv4-mapped IPv6 address ("[::ffff:127.0.0.1]") stays an
// IPv6 address (Is4In6); use Unmap to compare it with IPv4 addresses.
// IPv6 hosts never have a zone. A domain that resolves to an address is
// not an address here: resolving is the caller's business.
func (u URL) HostAddr() (netip.Addr, bool) {
	switch u.p.Kind() {
	case record.HostIPv4:
		a, err := netip.ParseAddr(u.Hostname())
		return a, err == nil
	case record.HostIPv6:
		h := u.Hostname()
		a, err := netip.ParseAddr(h[1 : len(h)-1])
		return a, err == nil
	}
	return netip.Addr{}, false
}

// PortOrDefault returns the URL's port, or when the port is null the
// default port of its scheme (80 for http and ws, 443 for https and wss,
// 21 for ftp), or 0: the port to connect to. The parser drops a port that
// equals the default, so Port is "" for "https://example.com:443/" while
// PortOrDefault is 443.
func (u URL) PortOrDefault() uint16 {
	if p, ok := u.PortNumber(); ok {
		return p
	}
	if u.href == "" {
		return 0
	}
	p, _ := DefaultPort(u.Scheme())
	return p
}

// DefaultPort returns the default port of a special scheme, as the
// standard lists them (http 80, https 443, ws 80, wss 443, ftp 21), and
// true; for "file" and every other scheme, 0 and false. scheme is compared
// exactly: pass it lowercase, as Scheme returns it. It is
// record.DefaultPort with the port in the type of PortNumber, and reads
// the same table.
func DefaultPort(scheme string) (uint16, bool) {
	p := record.DefaultPort(scheme)
	if p == record.NoPort {
		return 0, false
	}
	return uint16(p), true
}
