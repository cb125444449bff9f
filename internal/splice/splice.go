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

// Each function below returns the URL with one component replaced as the
// standard's setter of that name replaces it given value, the buffer the
// href was built in (see build; the URL itself when the setter changes
// nothing), and true; or false when value needs the record-based setter.
// The caller has run the setter's steps that return early (a URL that
// cannot have a username, password or port; an opaque path for the host
// and pathname setters): the functions assume they did not.

// add moves the offset *x by d unless it is record.Omitted.
func add(x *uint32, d int) {
	if *x != record.Omitted {
		*x = uint32(int(*x) + d)
	}
}

// repack packs o with u's host kind and flags, or kind when it is not
// HostNull.
func repack(u URL, o *record.Offsets, kind record.HostKind) offsets.Packed {
	if kind == record.HostNull {
		kind = u.P.Kind()
	}
	return offsets.Pack(o, kind, u.P.Flags())
}

func special(u URL) bool { return u.P.Flags()&offsets.FlagSpecial != 0 }

func opaquePath(u URL) bool { return u.P.Flags()&offsets.FlagOpaquePath != 0 }

func isFile(u URL) bool { return u.Href[:u.P.SchemeEnd()] == "file" }

// Pathname is the pathname setter for a path of printable ASCII that the
// path state keeps as it is: no byte of the path percent-encode set, no
// backslash in a special URL, no "." or ".." segment (also as %2e). It
// declines file URLs (Windows drive letters), a URL whose serialization
// has "/." before the path, and, without a host, a path the serializer
// would need "/." for.
func Pathname(u URL, value string, dst []byte) (URL, []byte, bool) {
	p := u.P
	sp := special(u)
	if opaquePath(u) || (sp && isFile(u)) ||
		(p.Port() == record.Omitted && p.HostEnd() != p.PathStart()) {
		return u, dst, false
	}
	var pre byte
	switch {
	case value == "":
		if !sp {
			return u, dst, false
		}
		pre = '/' // the path start state gives a special URL the empty segment
	case value[0] != '/':
		if !sp && u.P.Kind() == record.HostNull {
			return u, dst, false
		}
		pre = '/'
	case !sp && u.P.Kind() == record.HostNull && strings.HasPrefix(value, "//"):
		return u, dst, false
	}
	if !pathValue(value, sp) {
		return u, dst, false
	}
	a, b := int(p.PathStart()), int(p.PathEnd(len(u.Href)))
	href, dst := build(dst, u.Href, a, b, pre, value, 0)
	return URL{href, shiftQueryFragment(p, len(href)-len(u.Href))}, dst, true
}

// shiftQueryFragment moves the query and fragment starts of p by d: what
// changes in the offsets when text before them changes length and nothing
// else does.
func shiftQueryFragment(p offsets.Packed, d int) offsets.Packed {
	q, f := p.QueryStart(), p.FragmentStart()
	add(&q, d)
	add(&f, d)
	return p.WithQueryFragment(q, f)
}

// pathValue reports whether the path state leaves every byte of v as it
// is and finds no dot segment in it.
func pathValue(v string, special bool) bool {
	seg := 0 // start of the current segment
	for i := 0; i <= len(v); i++ {
		if i == len(v) || v[i] == '/' {
			if dotSegment(v[seg:i]) {
				return false
			}
			seg = i + 1
			continue
		}
		c := v[i]
		if c < 0x21 || c > 0x7e || pathSet.has(c) || (special && c == '\\') {
			return false
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

// Search is the search setter for a query of printable ASCII that the
// query state keeps as it is. It declines making the query of a URL with
// an opaque path null (the setter may strip the path's trailing spaces).
func Search(u URL, value string, dst []byte) (URL, []byte, bool) {
	p := u.P
	q, f := p.QueryStart(), p.FragmentStart()
	end := len(u.Href)
	if f != record.Omitted {
		end = int(f)
	}
	if value == "" {
		if opaquePath(u) {
			return u, dst, false
		}
		if q == record.Omitted {
			return u, dst, true
		}
		href, dst := build(dst, u.Href, int(q), end, 0, "", 0)
		add(&f, len(href)-len(u.Href))
		return URL{href, p.WithQueryFragment(record.Omitted, f)}, dst, true
	}
	input := strings.TrimPrefix(value, "?")
	set := &querySet
	if special(u) {
		set = &specialQuerySet
	}
	if !printable(input, set) {
		return u, dst, false
	}
	a := end
	if q != record.Omitted {
		a = int(q)
	}
	href, dst := build(dst, u.Href, a, end, '?', input, 0)
	add(&f, len(href)-len(u.Href))
	return URL{href, p.WithQueryFragment(uint32(a), f)}, dst, true
}

// Query replaces the query with query, which must hold only bytes the
// query state keeps (the form serializer's output does): "" makes it
// null. It is the URLSearchParams update's write of the serialized list.
func Query(u URL, query string, dst []byte) (URL, []byte, bool) {
	if query == "" {
		return Search(u, "", dst)
	}
	if query[0] == '?' {
		return u, dst, false
	}
	return Search(u, query, dst)
}

// Hash is the hash setter for a fragment of printable ASCII that the
// fragment state keeps as it is. It declines making the fragment of a URL
// with an opaque path null.
func Hash(u URL, value string, dst []byte) (URL, []byte, bool) {
	p := u.P
	q, f := p.QueryStart(), p.FragmentStart()
	if value == "" {
		if opaquePath(u) {
			return u, dst, false
		}
		if f == record.Omitted {
			return u, dst, true
		}
		href, dst := build(dst, u.Href, int(f), len(u.Href), 0, "", 0)
		return URL{href, p.WithQueryFragment(q, record.Omitted)}, dst, true
	}
	input := strings.TrimPrefix(value, "#")
	if !printable(input, &fragmentSet) {
		return u, dst, false
	}
	a := len(u.Href)
	if f != record.Omitted {
		a = int(f)
	}
	href, dst := build(dst, u.Href, a, len(u.Href), '#', input, 0)
	return URL{href, p.WithQueryFragment(q, uint32(a))}, dst, true
}

// printable reports whether every byte of v is printable ASCII outside
// set.
func printable(v string, set *byteSet) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x21 || c > 0x7e || set.has(c) {
			return false
		}
	}
	return true
}

// defaultPort returns the default port of a special scheme, or -1.
func defaultPort(scheme string) int {
	switch scheme {
	case "http", "ws":
		return 80
	case "https", "wss":
		return 443
	case "ftp":
		return 21
	}
	return -1
}

// Port is the port setter for "" and for a value of ASCII digits that is
// at most 65535: the port state with a state override reads the leading
// digits, and a value with anything after them is declined.
func Port(u URL, value string, dst []byte) (URL, []byte, bool) {
	o := u.P.Offsets()
	if o.Port == record.Omitted && o.HostEnd != o.PathStart {
		return u, dst, false
	}
	port := -1
	if value != "" {
		port = 0
		for i := 0; i < len(value); i++ {
			c := value[i]
			if c < '0' || c > '9' {
				return u, dst, false
			}
			port = port*10 + int(c-'0')
			if port > 65535 {
				return u, dst, false
			}
		}
		if port == defaultPort(u.Href[:o.SchemeEnd]) {
			port = -1
		}
	}
	var digits [5]byte
	text := ""
	if port >= 0 {
		if o.Port == uint32(port) {
			return u, dst, true
		}
		i := len(digits)
		for n := port; ; n /= 10 {
			i--
			digits[i] = byte('0' + n%10)
			if n < 10 {
				break
			}
		}
		text = unsafe.String(&digits[i], len(digits)-i) // build only copies it
	} else if o.Port == record.Omitted {
		return u, dst, true
	}
	var pre byte
	if port >= 0 {
		pre = ':'
	}
	href, dst := build(dst, u.Href, int(o.HostEnd), int(o.PathStart), pre, text, 0)
	d := len(href) - len(u.Href)
	o.Port = record.Omitted
	if port >= 0 {
		o.Port = uint32(port)
	}
	add(&o.PathStart, d)
	add(&o.QueryStart, d)
	add(&o.FragmentStart, d)
	return URL{href, repack(u, &o, record.HostNull)}, dst, true
}

// Host is the host setter (hostname false) and the hostname setter
// (hostname true) for a value whose host is a lowercase ASCII domain
// (special) or a plain opaque host (not special), optionally followed by
// "/", "?" or "#" and anything, which the setter ignores, and for the host
// setter by ":" and a port of digits only (or nothing, which keeps the
// port). It declines a URL whose host is null or empty, and file URLs.
func Host(u URL, value string, hostname bool, dst []byte) (URL, []byte, bool) {
	sp := special(u)
	k := u.P.Kind()
	if k == record.HostNull || k == record.HostEmpty || (sp && isFile(u)) {
		return u, dst, false
	}
	end := len(value)
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '/' || c == '?' || c == '#' || (sp && c == '\\') {
			end = i
			break
		}
	}
	host, port := value[:end], ""
	if i := strings.IndexByte(host, ':'); i >= 0 {
		// The host state goes on to the port state: the hostname setter
		// fails, and the host setter takes the port's digits, which a
		// splice takes when they are all there is.
		if hostname || strings.ContainsAny(value, "\t\n\r") || !portDigits(host[i+1:]) {
			return u, dst, false
		}
		host, port = host[:i], host[i+1:]
	}
	kind := record.HostOpaque
	if sp {
		if !domain(host) {
			return u, dst, false
		}
		kind = record.HostDomain
	} else if !opaqueHost(host) {
		return u, dst, false
	}
	o := u.P.Offsets()
	href, dst := build(dst, u.Href, int(o.HostStart), int(o.HostEnd), 0, host, 0)
	d := len(href) - len(u.Href)
	add(&o.HostEnd, d)
	add(&o.PathStart, d)
	add(&o.QueryStart, d)
	add(&o.FragmentStart, d)
	v := URL{href, repack(u, &o, kind)}
	if port != "" {
		// A port the value has is set as the port setter sets it (after
		// the host, in the buffer the host was written to).
		return Port(v, port, dst)
	}
	return v, dst, true
}

// portDigits reports whether s is empty or ASCII digits for a number up
// to 65535.
func portDigits(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		if n = n*10 + int(s[i]-'0'); n > 65535 {
			return false
		}
	}
	return true
}

// domain reports whether the host parser leaves h as it is and makes it a
// domain: lowercase ASCII letters, digits, "-" and "." in non-empty
// labels, no label starting with "xn--" (which domain to ASCII checks as
// Punycode), and a last label that does not start with a digit (which
// could make the host an IPv4 address).
func domain(h string) bool {
	if h == "" {
		return false
	}
	label := 0
	for i := 0; i <= len(h); i++ {
		if i == len(h) || h[i] == '.' {
			if i == label || strings.HasPrefix(h[label:i], "xn--") {
				return false
			}
			if i == len(h) && h[label] >= '0' && h[label] <= '9' {
				return false
			}
			label = i + 1
			continue
		}
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

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

// Protocol is the protocol setter for a lowercase scheme (optionally
// followed by ":" and anything, which the setter ignores) that keeps the
// URL special or not special. It declines file (either side) and a
// special URL whose port would become the new scheme's default.
func Protocol(u URL, value string, dst []byte) (URL, []byte, bool) {
	if i := strings.IndexByte(value, ':'); i >= 0 {
		value = value[:i]
	}
	if value == "" || value[0] < 'a' || value[0] > 'z' {
		return u, dst, false
	}
	for i := 1; i < len(value); i++ {
		c := value[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return u, dst, false
		}
	}
	o := u.P.Offsets()
	old := u.Href[:o.SchemeEnd]
	if value == old {
		return u, dst, true
	}
	def := defaultPort(value)
	if (def >= 0) != special(u) || value == "file" || old == "file" ||
		(def >= 0 && o.Port == uint32(def)) {
		return u, dst, false
	}
	href, dst := build(dst, u.Href, 0, int(o.SchemeEnd), 0, value, 0)
	d := len(href) - len(u.Href)
	add(&o.SchemeEnd, d)
	add(&o.UsernameEnd, d)
	add(&o.HostStart, d)
	add(&o.HostEnd, d)
	add(&o.PathStart, d)
	add(&o.QueryStart, d)
	add(&o.FragmentStart, d)
	return URL{href, repack(u, &o, record.HostNull)}, dst, true
}

// Username is the username setter for a value of printable ASCII outside
// the userinfo percent-encode set.
func Username(u URL, value string, dst []byte) (URL, []byte, bool) {
	if !printable(value, &userinfoSet) {
		return u, dst, false
	}
	o := u.P.Offsets()
	us := int(o.UsernameStart())
	creds := o.UsernameEnd != o.HostStart
	var href string
	switch {
	case creds && (value != "" || u.Href[o.UsernameEnd] == ':'):
		// Replace the username, keeping ":password@" or "@".
		href, dst = build(dst, u.Href, us, int(o.UsernameEnd), 0, value, 0)
		d := len(href) - len(u.Href)
		o.UsernameEnd = uint32(int(o.UsernameEnd) + d)
		o.HostStart = uint32(int(o.HostStart) + d)
		return shiftHost(u, href, &o, d), dst, true
	case creds:
		// The username becomes empty with no password: drop "username@".
		href, dst = build(dst, u.Href, us, int(o.HostStart), 0, "", 0)
	case value == "":
		return u, dst, true
	default:
		href, dst = build(dst, u.Href, us, us, 0, value, '@')
		o.UsernameEnd = uint32(us + len(value))
	}
	d := len(href) - len(u.Href)
	if !creds {
		o.HostStart = uint32(int(o.HostStart) + d)
	} else {
		o.UsernameEnd, o.HostStart = uint32(us), uint32(us)
	}
	return shiftHost(u, href, &o, d), dst, true
}

// Password is the password setter for a value of printable ASCII outside
// the userinfo percent-encode set.
func Password(u URL, value string, dst []byte) (URL, []byte, bool) {
	if !printable(value, &userinfoSet) {
		return u, dst, false
	}
	o := u.P.Offsets()
	us := int(o.UsernameStart())
	ue := int(o.UsernameEnd)
	hasPass := o.UsernameEnd != o.HostStart && u.Href[ue] == ':'
	creds := o.UsernameEnd != o.HostStart
	var href string
	switch {
	case hasPass && value != "":
		href, dst = build(dst, u.Href, ue+1, int(o.HostStart)-1, 0, value, 0)
	case hasPass && ue == us:
		// Both become empty: drop ":password@".
		href, dst = build(dst, u.Href, us, int(o.HostStart), 0, "", 0)
		o.UsernameEnd = uint32(us)
	case hasPass:
		href, dst = build(dst, u.Href, ue, int(o.HostStart)-1, 0, "", 0)
	case value == "":
		return u, dst, true
	case creds:
		href, dst = build(dst, u.Href, ue, ue, ':', value, 0)
	default:
		href, dst = build(dst, u.Href, us, us, ':', value, '@')
	}
	d := len(href) - len(u.Href)
	o.HostStart = uint32(int(o.HostStart) + d)
	return shiftHost(u, href, &o, d), dst, true
}

// shiftHost moves the offsets from the host end on by d and packs them
// with href.
func shiftHost(u URL, href string, o *record.Offsets, d int) URL {
	add(&o.HostEnd, d)
	add(&o.PathStart, d)
	add(&o.QueryStart, d)
	add(&o.FragmentStart, d)
	return URL{href, repack(u, o, record.HostNull)}
}

// NoCredentials sets the username and the password to the empty string,
// as the username and password setters given "" do one after the other.
// A URL that cannot have credentials has none, so it never declines.
func NoCredentials(u URL, dst []byte) (URL, []byte) {
	o := u.P.Offsets()
	if o.UsernameEnd == o.HostStart {
		return u, dst
	}
	us := o.UsernameStart()
	href, dst := build(dst, u.Href, int(us), int(o.HostStart), 0, "", 0)
	d := len(href) - len(u.Href)
	o.UsernameEnd, o.HostStart = us, us
	return shiftHost(u, href, &o, d), dst
}
