package api

import (
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// DomainToASCII runs the standard's domain to ASCII on domain with beStrict
// set to strict: Unicode ToASCII (UTS #46, nontransitional) with the URL
// Standard's flags, then, when strict is false, the checks for an empty
// result and for forbidden domain code points. ASCII input without "xn--"
// labels is only lowercased when strict is false.
//
// On failure the error is the record.ErrorType of the validation error
// that made it fail (record.DomainToASCII or
// record.DomainInvalidCodePoint), so errors.Is works with them.
//
// DomainToASCII does not percent-decode domain and does not recognize IP
// addresses; the host parser (as LegacyDomainToASCII runs it) does both.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func DomainToASCII(domain string, strict bool) (string, error) {
	return slow.DomainToASCII(domain, strict)
}

// DomainToUnicode runs the standard's domain to Unicode on domain with
// beStrict false, as URL rendering does: Unicode ToUnicode (UTS #46,
// nontransitional), which decodes "xn--" labels and maps the others. It
// never fails: the string is always returned, and the error is
// record.DomainToUnicode when ToUnicode recorded errors (a label that is
// not valid Punycode is then left as it is).
// https://url.spec.whatwg.org/#concept-domain-to-unicode
func DomainToUnicode(domain string) (string, error) {
	return slow.DomainToUnicode(domain, false)
}

// LegacyDomainToASCII is URL.domainToASCII(domain) of the standard's 2016
// editions: it runs the host parser on domain as the host of a special URL
// and returns the serialized host, which for a domain is its ASCII form, for
// an IPv4 or IPv6 address its serialization ("0x7f.1" is "127.0.0.1",
// "[0::1]" is "[::1]"). Where the host parser fails it returns "" (the
// 2016 spec's empty string for failure).
func LegacyDomainToASCII(domain string) string {
	_, h, ok := runHostParser(domain)
	if !ok {
		return ""
	}
	return h
}

// LegacyDomainToUnicode is URL.domainToUnicode(domain) of the standard's
// 2016 editions: LegacyDomainToASCII, then domain to Unicode of a domain
// (ignoring its errors); an IP address is returned serialized, and "" where
// the host parser fails.
func LegacyDomainToUnicode(domain string) string {
	kind, h, ok := runHostParser(domain)
	if !ok {
		return ""
	}
	if kind == record.HostDomain {
		h, _ = slow.DomainToUnicode(h, false)
	}
	return h
}

// HostForDisplay returns u's host as URL rendering shows it: a domain run
// through domain to Unicode with beStrict false ("xn--53h.example" is
// "☕.example"), every other host (IPv4, IPv6 in brackets, opaque, empty)
// as serialized, and "" for a null host. Where domain to Unicode records an
// error, such as an "xn--" label that is not valid Punycode, the ASCII
// form is returned, since the Unicode form would not be the same host.
//
// The standard asks for care with what this returns: homographs (Cyrillic
// "а" in "аpple.com") are not detected here, and bidirectional text should
// be shown in a left-to-right embedding.
func HostForDisplay(u span.URL) string {
	h := u.Hostname()
	if u.HostKind() != record.HostDomain {
		return h
	}
	return domainForDisplay(h)
}

// domainForDisplay is domain to Unicode of the ASCII domain h, or h where
// domain to Unicode records errors.
func domainForDisplay(h string) string {
	if !hasACELabel(h) {
		// Domain to Unicode of a lowercase ASCII domain without "xn--"
		// labels is the domain itself.
		return h
	}
	uh, err := slow.DomainToUnicode(h, false)
	if err != nil {
		return h
	}
	return uh
}

// hasACELabel reports whether a label of the ASCII domain h starts with
// "xn--" (h is lowercase, as a serialized domain is).
func hasACELabel(h string) bool {
	for start := 0; start+4 <= len(h); {
		if h[start:start+4] == "xn--" {
			return true
		}
		i := start
		for i < len(h) && h[i] != '.' {
			i++
		}
		start = i + 1
	}
	return false
}

// runHostParser runs the host parser on input with isOpaque false, as the
// URL parser does for the host of a special URL, and returns the host's
// kind and serialization, or false for failure.
//
// The host parser is reached through the URL parser, as the host of
// "https://" + input + "/". For input without the code points that the
// URL parser acts on before the host parser sees them (tab and newlines,
// which it removes, and "/", "\", "?", "#", "@", ":", "[", "]", which end
// or split the authority), the URL parser hands the host parser exactly
// input. Each of those code points makes the host parser fail on its own
// (domain to ASCII rejects it as a forbidden domain code point, and no
// Unicode normalization composes it with what follows, unlike "<" and ">",
// which U+0338 turns into "≮" and "≯"; the IPv6 parser allows only hex
// digits, ":" and "." between the brackets), so input that has one is
// failure without asking the URL parser.
func runHostParser(input string) (record.HostKind, string, bool) {
	// Host parser 3. Assert: input is not the empty string. (The URL
	// parser fails on the empty host of a special URL.)
	if input == "" || !utf8.ValidString(input) {
		// Invalid UTF-8 is U+FFFD as a scalar value string, which domain to
		// ASCII and the IPv6 parser reject.
		return 0, "", false
	}
	if input[0] == '[' {
		// Host parser 1. The IPv6 parser accepts only ASCII hex digits, ":"
		// and "." between the brackets.
		if len(input) < 2 || input[len(input)-1] != ']' {
			return 0, "", false
		}
		for i := 1; i < len(input)-1; i++ {
			if c := input[i]; !pct.IsASCIIHexDigit(c) && c != ':' && c != '.' {
				return 0, "", false
			}
		}
	} else {
		for i := 0; i < len(input); i++ {
			if isURLParserHostByte(input[i]) {
				return 0, "", false
			}
		}
	}
	u, err := span.Parse("https://" + input + "/")
	if err != nil {
		return 0, "", false
	}
	return u.HostKind(), u.Hostname(), true
}

// isURLParserHostByte reports whether the URL parser acts on c inside a
// special URL's authority before the host parser sees it: it removes tab
// and newlines, and "/", "\", "?", "#", "@", ":", "[", "]" end or split
// the host. Every one is a forbidden host code point.
func isURLParserHostByte(c byte) bool {
	switch c {
	case '\t', '\n', '\r', '/', '\\', '?', '#', '@', ':', '[', ']':
		return true
	}
	return false
}
