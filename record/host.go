package record

import "strconv"

// HostKind says which of the standard's host forms a URL's host is. The
// zero value, HostNull, is a URL whose host is null (no authority).
type HostKind uint8

const (
	HostNull   HostKind = iota // the URL's host is null
	HostDomain                 // a domain: non-empty ASCII, lowercased, IDNA-processed
	HostIPv4                   // an IPv4 address (a 32-bit number)
	HostIPv6                   // an IPv6 address (eight 16-bit pieces)
	HostOpaque                 // an opaque host of a non-special URL
	HostEmpty                  // the empty host
)

var hostKindNames = [...]string{"null", "domain", "IPv4", "IPv6", "opaque", "empty"}

// String returns "null", "domain", "IPv4", "IPv6", "opaque" or "empty".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(" + strconv.Itoa(int(k)) + ")"
}

// Host is a host as the standard defines it, a tagged value. Text always
// holds the host's serialization (for IPv6 including the brackets), so that
// serializing a URL never formats numbers twice; IPv4 and IPv6 hold the
// numeric value for those kinds.
type Host struct {
	Kind HostKind
	Text []byte
	IPv4 uint32
	IPv6 [8]uint16
}

// Reset makes h the null host, keeping Text's capacity.
func (h *Host) Reset() {
	*h = Host{Text: h.Text[:0]}
}

// SetIPv4 makes h the IPv4 address a.
func (h *Host) SetIPv4(a uint32) {
	h.Kind, h.IPv4 = HostIPv4, a
	h.Text = appendIPv4(h.Text[:0], a)
}

// SetIPv6 makes h the IPv6 address a.
func (h *Host) SetIPv6(a [8]uint16) {
	h.Kind, h.IPv6 = HostIPv6, a
	h.Text = append(h.Text[:0], '[')
	h.Text = appendIPv6(h.Text, a)
	h.Text = append(h.Text, ']')
}

// SetText makes h a domain, opaque host or empty host with the given text.
func (h *Host) SetText(kind HostKind, text []byte) {
	h.Kind = kind
	h.Text = append(h.Text[:0], text...)
}

// CopyFrom makes h a copy of src, reusing h's buffer.
func (h *Host) CopyFrom(src *Host) {
	text := append(h.Text[:0], src.Text...)
	*h = *src
	h.Text = text
}
