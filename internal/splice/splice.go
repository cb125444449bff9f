package splice

import (
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// URL is a serialized URL: its href and packed offsets, the two fields of
// a span.URL.
type URL struct {
	Href string
	P    offsets.Packed
}

// Each Set method below replaces one component of u as the standard's
// setter of that name replaces it given value and returns true, or
// returns false, leaving u as it is, when value needs the record-based
// setter. The new href is built in *dst's memory (see build), which the
// method may replace with new memory; a setter that changes nothing
// leaves u.Href the very same string. The caller has run the setter's
// steps that return early (a URL that cannot have a username, password or
// port; an opaque path for the host and pathname setters): the methods
// assume they did not. A caller that builds a new URL value calls them on
// a copy with an empty *dst.

// add moves the offset *x by d unless it is record.Omitted.
func add(x *uint32, d int) {
	if *x != record.Omitted {
		*x = uint32(int(*x) + d)
	}
}

// repack packs o with u's host kind and flags, or kind when it is not
// HostNull.
func (u *URL) repack(o *record.Offsets, kind record.HostKind) {
	if kind == record.HostNull {
		kind = u.P.Kind()
	}
	u.P = offsets.Pack(o, kind, u.P.Flags())
}

func (u *URL) special() bool { return u.P.Flags()&offsets.FlagSpecial != 0 }

func (u *URL) opaquePath() bool { return u.P.Flags()&offsets.FlagOpaquePath != 0 }

func (u *URL) isFile() bool { return u.P.SchemeEnd() == 4 && u.Href[:4] == "file" }

// SetPathname is the pathname setter for a path of printable ASCII that
// the path state keeps as it is: no byte of the path percent-encode set,
// no backslash in a special URL, no "." or ".." segment (also as %2e). It
// declines file URLs (Windows drive letters), a URL whose serialization
// has "/." before the path, and, without a host, a path the serializer
// would need "/." for.
func (u *URL) SetPathname(value string, dst *[]byte) bool {
	p := u.P
	sp := u.special()
	if u.opaquePath() || (sp && u.isFile()) ||
		(p.Port() == record.Omitted && p.HostEnd() != p.PathStart()) {
		return false
	}
	var pre byte
	switch {
	case value == "":
		if !sp {
			return false
		}
		pre = '/' // the path start state gives a special URL the empty segment
	case value[0] != '/':
		if !sp && p.Kind() == record.HostNull {
			return false
		}
		pre = '/'
	case !sp && p.Kind() == record.HostNull && strings.HasPrefix(value, "//"):
		return false
	}
	if !pathValue(value, sp) {
		return false
	}
	d := u.build(dst, int(p.PathStart()), int(p.PathEnd(len(u.Href))), pre, value, 0)
	u.P = shiftQueryFragment(p, d)
	return true
}

// shiftQueryFragment moves the query and fragment starts of p by d: what
// changes in the offsets when text before them changes length and nothing
// else does.
func shiftQueryFragment(p offsets.Packed, d int) offsets.Packed {
	if d == 0 {
		return p
	}
	q, f := p.QueryStart(), p.FragmentStart()
	add(&q, d)
	add(&f, d)
	return p.WithQueryFragment(q, f)
}

// pathValue reports whether the path state leaves every byte of v as it
// is and finds no dot segment in it.
func pathValue(v string, special bool) bool {
	c := pathTable.scan(v)
	if c&reject != 0 || (special && c&backslash != 0) {
		return false
	}
	if c&dotOrPct == 0 {
		return true
	}
	seg := 0 // start of the current segment
	for i := 0; i <= len(v); i++ {
		if i == len(v) || v[i] == '/' {
			if dotSegment(v[seg:i]) {
				return false
			}
			seg = i + 1
		}
	}
	return true
}

// dotSegment reports whether s is a single- or double-dot segment, with
// each dot written as "." or "%2e" in either case.
func dotSegment(s string) bool {
	dots := 0
	for s != "" {
		switch {
		case s[0] == '.':
			s = s[1:]
		case len(s) >= 3 && s[0] == '%' && s[1] == '2' && (s[2] == 'e' || s[2] == 'E'):
			s = s[3:]
		default:
			return false
		}
		dots++
	}
	return dots == 1 || dots == 2
}

// SetSearch is the search setter for a query of printable ASCII that the
// query state keeps as it is. It declines making the query of a URL with
// an opaque path null (the setter may strip the path's trailing spaces).
func (u *URL) SetSearch(value string, dst *[]byte) bool {
	p := u.P
	q, f := p.QueryStart(), p.FragmentStart()
	end := len(u.Href)
	if f != record.Omitted {
		end = int(f)
	}
	if value == "" {
		if u.opaquePath() {
			return false
		}
		if q == record.Omitted {
			return true
		}
		d := u.build(dst, int(q), end, 0, "", 0)
		add(&f, d)
		u.P = p.WithQueryFragment(record.Omitted, f)
		return true
	}
	input := value
	if input[0] == '?' {
		input = input[1:]
	}
	t := queryTable
	if u.special() {
		t = specialQueryTable
	}
	if t.scan(input)&reject != 0 {
		return false
	}
	a := end
	if q != record.Omitted {
		a = int(q)
	}
	d := u.build(dst, a, end, '?', input, 0)
	add(&f, d)
	u.P = p.WithQueryFragment(uint32(a), f)
	return true
}

// SetQuery replaces the query with query, which must hold only bytes the
// query state keeps (the form serializer's output does): "" makes it
// null. It is the URLSearchParams update's write of the serialized list.
func (u *URL) SetQuery(query string, dst *[]byte) bool {
	if query != "" && query[0] == '?' {
		return false
	}
	return u.SetSearch(query, dst)
}

// SetHash is the hash setter for a fragment of printable ASCII that the
// fragment state keeps as it is. It declines making the fragment of a URL
// with an opaque path null.
func (u *URL) SetHash(value string, dst *[]byte) bool {
	p := u.P
	q, f := p.QueryStart(), p.FragmentStart()
	if value == "" {
		if f == record.Omitted {
			// An opaque path ends in a space only before a query or a
			// fragment, so there is nothing to strip either.
			return true
		}
		if u.opaquePath() && q == record.Omitted && u.Href[f-1] == ' ' {
			return false // the record path strips the trailing spaces
		}
		u.build(dst, int(f), len(u.Href), 0, "", 0)
		u.P = p.WithQueryFragment(q, record.Omitted)
		return true
	}
	input := value
	if input[0] == '#' {
		input = input[1:]
	}
	if fragmentTable.scan(input)&reject != 0 {
		return false
	}
	a := len(u.Href)
	if f != record.Omitted {
		a = int(f)
	}
	u.build(dst, a, len(u.Href), '#', input, 0)
	u.P = p.WithQueryFragment(q, uint32(a))
	return true
}

// printable reports whether every byte of v is printable ASCII that t
// does not reject.
func printable(v string, t *byteTable) bool { return t.scan(v)&reject == 0 }

// SetPort is the port setter for "" and for a value of ASCII digits that
// is at most 65535: the port state with a state override reads the
// leading digits, and a value with anything after them is declined.
func (u *URL) SetPort(value string, dst *[]byte) bool {
	o := u.P.Offsets()
	if o.Port == record.Omitted && o.HostEnd != o.PathStart {
		return false
	}
	port := -1
	if value != "" {
		port = 0
		for i := 0; i < len(value); i++ {
			c := value[i]
			if c < '0' || c > '9' {
				return false
			}
			port = port*10 + int(c-'0')
			if port > 65535 {
				return false
			}
		}
		if port == record.DefaultPort(u.Href[:o.SchemeEnd]) {
			port = -1
		}
	}
	var digits [5]byte
	text := ""
	if port >= 0 {
		if o.Port == uint32(port) {
			return true
		}
		if value[0] != '0' {
			text = value // the value is already the port's serialization
		} else {
			i := len(digits)
			for n := port; ; n /= 10 {
				i--
				digits[i] = byte('0' + n%10)
				if n < 10 {
					break
				}
			}
			text = unsafe.String(&digits[i], len(digits)-i) // build only copies it
		}
	} else if o.Port == record.Omitted {
		return true
	}
	var pre byte
	if port >= 0 {
		pre = ':'
	}
	d := u.build(dst, int(o.HostEnd), int(o.PathStart), pre, text, 0)
	o.Port = record.Omitted
	if port >= 0 {
		o.Port = uint32(port)
	}
	add(&o.PathStart, d)
	add(&o.QueryStart, d)
	add(&o.FragmentStart, d)
	u.repack(&o, record.HostNull)
	return true
}

// SetHost is the host setter (hostname false) and the hostname setter
// (hostname true) for a value whose host is a lowercase ASCII domain
// (special) or a plain opaque host (not special), optionally followed by
// "/", "?" or "#" and anything, which the setter ignores, and for the host
// setter by ":" and a port of digits only (or nothing, which keeps the
// port). It declines a URL whose host is null or empty, and file URLs.
func (u *URL) SetHost(value string, hostname bool, dst *[]byte) bool {
	sp := u.special()
	k := u.P.Kind()
	if k == record.HostNull || k == record.HostEmpty || (sp && u.isFile()) {
		return false
	}
	// The common values of a special URL, a domain alone or before the
	// end of the host or, for the host setter, before ":" and a port,
	// take one pass (domainPrefix, specialPort); hostValue finds the same
	// host and port in them.
	n, p := -1, -1
	if sp {
		n = domainPrefix(value)
		if n >= 0 && n < len(value) && value[n] == ':' && !hostname {
			p = specialPort(value[n+1:])
		}
	}
	var host, port string
	kind := record.HostDomain
	switch {
	case n >= 0 && (n == len(value) || specialHostEnd[value[n]]):
		host = value[:n]
	case p >= 0:
		host, port = value[:n], value[n+1:n+1+p]
	default:
		var ok bool
		if host, port, kind, ok = hostValue(value, sp, hostname); !ok {
			return false
		}
	}
	if port != "" && u.P.Port() == record.Omitted && u.P.HostEnd() != u.P.PathStart() {
		return false // SetPort below would decline, after the host is built
	}
	d := u.build(dst, int(u.P.HostStart()), int(u.P.HostEnd()), 0, host, 0)
	u.P = u.P.WithHost(d, kind)
	if port != "" {
		// A port the value has is set as the port setter sets it (after
		// the host, in the buffer the host was written to); it takes
		// every value offsets.PortDigits accepts.
		u.SetPort(port, dst)
	}
	return true
}

// hostValue splits value, given to SetHost, into the host and the port
// the host state finds in it, and returns the host's kind, or ok false
// when the splice declines value.
func hostValue(value string, sp, hostname bool) (host, port string, kind record.HostKind, ok bool) {
	// The host ends at the first "/", "?", "#" (or "\\" in a special
	// URL); the first ":" before that starts the port. A tab or newline,
	// which the parser removes before it reads the value, needs no check
	// of its own: before the end, domain, opaqueHost or offsets.PortDigits refuses
	// it, and the setter ignores what follows the end.
	end, colon := len(value), -1
	for i := nextHostByte(value, 0); i < len(value); i = nextHostByte(value, i+1) {
		if c := value[i]; c == ':' {
			if colon < 0 {
				colon = i
			}
		} else if c != '\\' || sp {
			end = i
			break
		}
	}
	host = value[:end]
	if colon >= 0 {
		// The host state goes on to the port state: the hostname setter
		// fails, and the host setter takes the port's digits, which a
		// splice takes when they are all there is.
		if hostname || !offsets.PortDigits(host[colon+1:]) {
			return "", "", 0, false
		}
		host, port = host[:colon], host[colon+1:]
	}
	if sp {
		return host, port, record.HostDomain, domain(host)
	}
	return host, port, record.HostOpaque, opaqueHost(host)
}

// nextHostByte returns the index of the first byte of s from i on that
// is in hostDelimiter, or len(s): a loop of its own, which compiles to a
// few instructions a byte.
func nextHostByte(s string, i int) int {
	for ; i < len(s); i++ {
		if hostDelimiter[s[i]] {
			return i
		}
	}
	return len(s)
}

// specialPort returns the length of the port at the start of s, ASCII
// digits for a number up to 65535 (or none) that the end of the host in
// a special URL (or of s) follows, or -1 when s does not start so.
func specialPort(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if (i < len(s) && !specialHostEnd[s[i]]) || !offsets.PortDigits(s[:i]) {
		return -1
	}
	return i
}

// domain reports whether the host parser leaves h as it is and makes it a
// domain: lowercase ASCII letters, digits, "-" and "." in non-empty
// labels, no label starting with "xn--" (which domain to ASCII checks as
// Punycode), and a last label that does not start with a digit (which
// could make the host an IPv4 address).
func domain(h string) bool { return domainPrefix(h) == len(h) }

// domainPrefix returns the length of the longest prefix of v of bytes
// that domain keeps (lowercase ASCII letters, digits, "-" and "."), or
// -1 when domain rejects that prefix.
func domainPrefix(v string) int {
	label, i := 0, 0 // label: start of the current label
	for ; i < len(v); i++ {
		c := domainByte[v[i]]
		if c == domainLetter {
			continue
		}
		if c != domainDot {
			break
		}
		if !domainLabel(v[label:i]) {
			return -1
		}
		label = i + 1
	}
	if last := v[label:i]; !domainLabel(last) || (last[0] >= '0' && last[0] <= '9') {
		return -1
	}
	return i
}

// domainLabel reports whether a label of a domain is neither empty nor
// starts with "xn--".
func domainLabel(l string) bool {
	return l != "" && !(len(l) >= 4 && l[0] == 'x' && l[1] == 'n' && l[2] == '-' && l[3] == '-')
}

// Classes in domainByte.
const (
	domainLetter = 1 + iota // a lowercase ASCII letter, a digit or "-"
	domainDot               // "."
)

// domainByte classifies the bytes of a host that domain keeps; 0 for the
// others.
var domainByte = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = domainLetter
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = domainLetter
	}
	t['-'], t['.'] = domainLetter, domainDot
	return t
}()

// hostDelimiter holds the bytes SetHost looks for in its value: the
// delimiters that end the host and ":".
var hostDelimiter = func() (t [256]bool) {
	for _, c := range "/?#\\:" {
		t[c] = true
	}
	return t
}()

// specialHostEnd holds the bytes that end the host in a special URL.
var specialHostEnd = func() (t [256]bool) {
	for _, c := range "/?#\\" {
		t[c] = true
	}
	return t
}()

// opaqueHost reports whether the opaque-host parser leaves h as it is:
// ASCII letters, digits, "-", ".", "_" and "~", at least one.
func opaqueHost(h string) bool {
	if h == "" {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~') {
			return false
		}
	}
	return true
}

// SetProtocol is the protocol setter for a lowercase scheme (optionally
// followed by ":" and anything, which the setter ignores) that keeps the
// URL special or not special. It declines file (either side) and a
// special URL whose port would become the new scheme's default.
func (u *URL) SetProtocol(value string, dst *[]byte) bool {
	if i := strings.IndexByte(value, ':'); i >= 0 {
		value = value[:i]
	}
	if value == "" || value[0] < 'a' || value[0] > 'z' {
		return false
	}
	for i := 1; i < len(value); i++ {
		c := value[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	o := u.P.Offsets()
	old := u.Href[:o.SchemeEnd]
	if value == old {
		return true
	}
	def := record.DefaultPort(value)
	if (def >= 0) != u.special() || value == "file" || old == "file" ||
		(def >= 0 && o.Port == uint32(def)) {
		return false
	}
	d := u.build(dst, 0, int(o.SchemeEnd), 0, value, 0)
	add(&o.SchemeEnd, d)
	add(&o.UsernameEnd, d)
	add(&o.HostStart, d)
	add(&o.HostEnd, d)
	add(&o.PathStart, d)
	add(&o.QueryStart, d)
	add(&o.FragmentStart, d)
	u.repack(&o, record.HostNull)
	return true
}

// SetUsername is the username setter for a value of printable ASCII
// outside the userinfo percent-encode set.
func (u *URL) SetUsername(value string, dst *[]byte) bool {
	if !printable(value, userinfoTable) {
		return false
	}
	o := u.P.Offsets()
	us := int(o.UsernameStart())
	creds := o.UsernameEnd != o.HostStart
	var d int
	switch {
	case creds && (value != "" || u.Href[o.UsernameEnd] == ':'):
		// Replace the username, keeping ":password@" or "@".
		d = u.build(dst, us, int(o.UsernameEnd), 0, value, 0)
		o.UsernameEnd = uint32(int(o.UsernameEnd) + d)
		o.HostStart = uint32(int(o.HostStart) + d)
		u.shiftHost(&o, d)
		return true
	case creds:
		// The username becomes empty with no password: drop "username@".
		d = u.build(dst, us, int(o.HostStart), 0, "", 0)
	case value == "":
		return true
	default:
		d = u.build(dst, us, us, 0, value, '@')
		o.UsernameEnd = uint32(us + len(value))
	}
	if !creds {
		o.HostStart = uint32(int(o.HostStart) + d)
	} else {
		o.UsernameEnd, o.HostStart = uint32(us), uint32(us)
	}
	u.shiftHost(&o, d)
	return true
}

// SetPassword is the password setter for a value of printable ASCII
// outside the userinfo percent-encode set.
func (u *URL) SetPassword(value string, dst *[]byte) bool {
	if !printable(value, userinfoTable) {
		return false
	}
	o := u.P.Offsets()
	us := int(o.UsernameStart())
	ue := int(o.UsernameEnd)
	hasPass := o.UsernameEnd != o.HostStart && u.Href[ue] == ':'
	creds := o.UsernameEnd != o.HostStart
	var d int
	switch {
	case hasPass && value != "":
		d = u.build(dst, ue+1, int(o.HostStart)-1, 0, value, 0)
	case hasPass && ue == us:
		// Both become empty: drop ":password@".
		d = u.build(dst, us, int(o.HostStart), 0, "", 0)
		o.UsernameEnd = uint32(us)
	case hasPass:
		d = u.build(dst, ue, int(o.HostStart)-1, 0, "", 0)
	case value == "":
		return true
	case creds:
		d = u.build(dst, ue, ue, ':', value, 0)
	default:
		d = u.build(dst, us, us, ':', value, '@')
	}
	o.HostStart = uint32(int(o.HostStart) + d)
	u.shiftHost(&o, d)
	return true
}

// shiftHost moves the offsets from the host end on by d and packs them
// into u.
func (u *URL) shiftHost(o *record.Offsets, d int) {
	add(&o.HostEnd, d)
	add(&o.PathStart, d)
	add(&o.QueryStart, d)
	add(&o.FragmentStart, d)
	u.repack(o, record.HostNull)
}

// SetNoCredentials sets the username and the password to the empty
// string, as the username and password setters given "" do one after the
// other. A URL that cannot have credentials has none, so it never
// declines.
func (u *URL) SetNoCredentials(dst *[]byte) {
	o := u.P.Offsets()
	if o.UsernameEnd == o.HostStart {
		return
	}
	us := o.UsernameStart()
	d := u.build(dst, int(us), int(o.HostStart), 0, "", 0)
	o.UsernameEnd, o.HostStart = us, us
	u.shiftHost(&o, d)
}
