package slow

import (
	"bytes"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"

	"github.com/spanurl/spanurl/internal/uts46"
	"github.com/spanurl/spanurl/record"
)

// This file implements the URL Standard's "domain to ASCII" and "domain to
// Unicode" on top of golang.org/x/net/idna, which provides UTS #46's mapping
// table, validity statuses, NFC and ContextJ checks of Punycode-decoded
// labels, the leading-combining-mark rule, Punycode itself and the DNS
// length checks.
//
// x/net/idna deviates from UTS #46 in a few places; the wrapper below runs
// the parts of UTS #46 "Processing" (section 4) and "Validity Criteria"
// (section 4.1) that x/net/idna gets wrong itself, on the mapped domain:
//
//   - A label that starts with "xn--" and contains a non-ASCII code point is
//     an error (x/net/idna decodes its Punycode anyway).
//   - A label "xn--" (which decodes to the empty label) is an error
//     (x/net/idna accepts it and turns it into an empty label).
//   - Without CheckHyphens, a label that begins with "xn--" after Punycode
//     decoding (e.g. "xn--xn----e08h") is an error (x/net/idna has no such
//     check).
//   - With CheckHyphens, hyphens in the third and fourth positions are
//     counted in code points, also in a label of exactly four code points
//     (x/net/idna counts bytes and only checks labels longer than four bytes,
//     so it both misses "ab--" and rejects "é--x"). x/net/idna's own hyphen
//     checks are therefore turned off and all three hyphen rules run here.
//   - CheckBidi: a domain is a Bidi domain name when a label (after mapping
//     and Punycode decoding) has a code point of Bidi_Class R, AL or AN.
//     x/net/idna decides it from the code points before mapping, so it
//     rejects e.g. U+FE70, which maps to U+0020 U+064B (no R, AL or AN), and
//     it can miss the opposite case; its BidiRule option is therefore off and
//     the Bidi rule (RFC 5893 section 2, golang.org/x/text/secure/bidirule)
//     runs here on every label of a Bidi domain name.
//   - CheckJoiners: x/net/idna accepts U+200C ZERO WIDTH NON-JOINER followed
//     by a non-joining code point (its ContextJ automaton treats
//     Joining_Type U like R), e.g. U+A872 U+200C "b". The ContextJ rules run
//     here too, with Joining_Type tables generated from the UCD
//     (internal/uts46's joiningtype.go, by gen_joiningtype.go); x/net/idna's CheckJoiners
//     stays on because it also carries the leading-combining-mark rule.
//
// Everything else is x/net/idna's, configured with the spec's flags.
//
// # Limit
//
// spanurl has one deliberate limit here, so that the cost stays linear in
// the input (Punycode encoding costs a label's length times its number of
// distinct code points, quadratic in the length of a long label): domain
// to ASCII fails (domain-to-ASCII) when a label of the mapped domain
// (UTS #46 processing steps 1 to 3, i.e. after mapping, normalizing, and
// breaking on U+002E (.), which U+3002, U+FF0E and U+FF61 map to) is longer
// than 1,000 code points; domain to Unicode leaves such a label as it is and
// reports an error. DNS limits a label to 63 octets, and ICU and rust-url
// limit label lengths the same way. The limit applies after mapping, as
// that is where Punycode decoding and encoding, the work it bounds, happen,
// and mapping can lengthen a label (U+FDFA maps to 18 code points). A label
// "xn--..." that gets decoded is ASCII after mapping, so it is limited to
// 1,000 bytes by the same rule. Domain to ASCII of an ASCII domain with
// beStrict false, which is plain lowercasing, has no limit.

// replacementCharacter is U+FFFD REPLACEMENT CHARACTER.
const replacementCharacter = "\uFFFD"

// maxLabelCodePoints is the longest mapped label domain to ASCII accepts.
const maxLabelCodePoints = 1000

// The x/net/idna profiles, created once and never mutated. Options apply in
// order: MapForLookup sets StrictDomainName (UseSTD3ASCIIRules), CheckHyphens
// and CheckJoiners to true, so the options after it must override them.
// CheckHyphens is always false and BidiRule is not set: the wrapper checks
// hyphens and the Bidi rule itself (see above). Transitional(false) is the
// default already; it is spelled out as the spec spells it.
var (
	// idnaLenient is UTS #46 with the flags of domain to ASCII and domain to
	// Unicode for beStrict false. It also provides the mapping (mapRune).
	idnaLenient = idna.New(idna.MapForLookup(), idna.CheckJoiners(true),
		idna.Transitional(false), idna.CheckHyphens(false), idna.StrictDomainName(false),
		idna.VerifyDNSLength(false))
	// idnaStrictASCII is ToASCII's profile for beStrict true.
	idnaStrictASCII = idna.New(idna.MapForLookup(), idna.CheckJoiners(true),
		idna.Transitional(false), idna.CheckHyphens(false), idna.StrictDomainName(true),
		idna.VerifyDNSLength(true))
	// idnaStrictUnicode is ToUnicode's profile for beStrict true: UTS #46
	// ToUnicode has no VerifyDnsLength, but x/net/idna would apply it.
	idnaStrictUnicode = idna.New(idna.MapForLookup(), idna.CheckJoiners(true),
		idna.Transitional(false), idna.CheckHyphens(false), idna.StrictDomainName(true),
		idna.VerifyDNSLength(false))
)

// domainToASCII runs domain to ASCII on domain (UTF-8) with beStrict,
// appending the result to dst. It returns the validation error type that
// made it fail, or 0 on success. On failure dst is returned unchanged.
// domain must not overlap dst's spare capacity.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func domainToASCII(dst []byte, domain []byte, beStrict bool) ([]byte, record.ErrorType) {
	start := len(dst)
	// 1. Let result be the result of running Unicode ToASCII ... [UTS46]
	// If beStrict is false and domain is ASCII, this step is ASCII lowercasing
	// domain. The standard's note says so of a domain without an "xn--"
	// label; whatwg/url pull request 914 and the web platform tests extend it
	// to every ASCII domain, whatever ToASCII makes of its "xn--" labels
	// ("xn--a" in toascii.json, "https://xn--/" in urltestdata.json).
	if !beStrict && isASCIIBytes(domain) {
		for _, c := range domain {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
	} else if plain, ok := plainToASCII(dst, domain, beStrict); ok {
		dst = plain
	} else if shortcuts && bytes.Contains(domain, []byte(replacementCharacter)) {
		// UTS #46 disallows U+FFFD, which is what invalid UTF-8 in the
		// input became: ToASCII fails without x/net/idna's allocations.
		return dst, record.DomainToASCII
	} else {
		result, ok := uts46ToASCII(domain, beStrict)
		// 2. If result is a failure value, domain-to-ASCII validation error, return failure.
		if !ok {
			return dst, record.DomainToASCII
		}
		dst = append(dst, result...)
	}
	// 3. If beStrict is false:
	if !beStrict {
		// 3.1. If result is the empty string, domain-to-ASCII validation error, return failure.
		if len(dst) == start {
			return dst, record.DomainToASCII
		}
		// 3.2. If result contains a forbidden domain code point,
		// domain-invalid-code-point validation error, return failure.
		for _, c := range dst[start:] {
			if isForbiddenDomainASCII(c) {
				return dst[:start], record.DomainInvalidCodePoint
			}
		}
	}
	// 4. Assert: result is not the empty string and does not contain a
	// forbidden domain code point. (UTS #46 guarantees it when beStrict is true.)
	// 5. Return result.
	return dst, 0
}

// plainToASCII is UTS #46 ToASCII of a plain Unicode domain (see
// internal/uts46) when beStrict is false: the same result as uts46ToASCII,
// without x/net/idna's allocations. It reports false, with dst unchanged,
// for any other domain, when beStrict is true and without the shortcuts.
func plainToASCII(dst, domain []byte, beStrict bool) ([]byte, bool) {
	if !shortcuts || beStrict {
		return dst, false
	}
	return uts46.ToASCII(dst, unsafe.String(unsafe.SliceData(domain), len(domain)))
}

// domainToUnicode runs domain to Unicode on domain (UTF-8) with beStrict. It
// never fails; hadErrors reports whether UTS #46 ToUnicode recorded errors
// (each one a domain-to-Unicode validation error).
// https://url.spec.whatwg.org/#concept-domain-to-unicode
func domainToUnicode(domain []byte, beStrict bool) (result string, hadErrors bool) {
	// 1. Let result be the result of running Unicode ToUnicode ... [UTS46]
	// For beStrict false, ASCII input without a label starting with "xn--"
	// (ASCII case-insensitively) this is ASCII lowercasing, without errors.
	if shortcuts && !beStrict && isASCIIBytes(domain) && !hasACELabel(domain) {
		b := make([]byte, len(domain))
		for i, c := range domain {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b[i] = c
		}
		return string(b), false
	}
	labels, ok := uts46Process(domain, beStrict)
	result = strings.Join(labels, ".")
	if ok {
		// The validity criteria left to x/net/idna.
		profile := idnaLenient
		if beStrict {
			profile = idnaStrictUnicode
		}
		_, err := profile.ToUnicode(string(domain))
		ok = err == nil
	}
	// 2. Signify domain-to-Unicode validation errors for any returned errors, and then, return result.
	return result, !ok
}

// DomainToASCII runs domain to ASCII with beStrict. On failure the error is
// the record.ErrorType that made it fail.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func DomainToASCII(domain string, beStrict bool) (string, error) {
	out, t := domainToASCII(nil, []byte(domain), beStrict)
	if t != 0 {
		return "", t
	}
	return string(out), nil
}

// DomainToUnicode runs domain to Unicode with beStrict. The error is
// record.DomainToUnicode when UTS #46 ToUnicode recorded errors; the string
// is returned either way.
// https://url.spec.whatwg.org/#concept-domain-to-unicode
func DomainToUnicode(domain string, beStrict bool) (string, error) {
	s, hadErrors := domainToUnicode([]byte(domain), beStrict)
	if hadErrors {
		return s, record.DomainToUnicode
	}
	return s, nil
}

// uts46ToASCII runs UTS #46 ToASCII with the URL Standard's flags for
// beStrict, within spanurl's label length limit.
func uts46ToASCII(domain []byte, beStrict bool) (string, bool) {
	// ToASCII 1. Apply the Processing steps (section 4): the wrapper's part.
	if _, ok := uts46Process(domain, beStrict); !ok {
		return "", false
	}
	// ToASCII 1 (the rest of the validity criteria), 2. Break, 3. Convert to
	// Punycode, 4. VerifyDnsLength, 5. fail on any recorded error: x/net/idna.
	profile := idnaLenient
	if beStrict {
		profile = idnaStrictASCII
	}
	result, err := profile.ToASCII(string(domain))
	if err != nil {
		return "", false
	}
	// 6. Otherwise return the domain name.
	return result, true
}

// uts46Process runs UTS #46 section 4 "Processing" on domain with the URL
// Standard's flags for beStrict, except the checks left to x/net/idna (see
// the top of this file). It returns the labels of the result (Unicode
// labels where Punycode decoding succeeded) and false if an error was
// recorded, including a label over the length limit.
func uts46Process(domain []byte, beStrict bool) ([]string, bool) {
	ok := true
	// 1. Map. 2. Normalize.
	mapped := mapDomain(domain)
	// 3. Break.
	labels := strings.Split(mapped, ".")
	// 4. Convert/Validate.
	for i, label := range labels {
		// spanurl's label length limit (see the top of this file).
		if len(label) > maxLabelCodePoints && utf8.RuneCountInString(label) > maxLabelCodePoints {
			ok = false
			continue
		}
		// 4.1. If the label starts with "xn--":
		if strings.HasPrefix(label, "xn--") {
			// 4.1.1. If the label contains any non-ASCII code point, record
			// that there was an error, and continue with the next label.
			if !isASCIIString(label) {
				ok = false
				continue
			}
			// 4.1.2. Attempt to convert the rest of the label to Unicode
			// according to Punycode. If that conversion fails, record that
			// there was an error, and continue with the next label (the
			// decoder returns the label itself then). Otherwise replace the
			// original label in the string by the results of the conversion.
			u, err := idna.Punycode.ToUnicode(label)
			if err != nil && u == label {
				ok = false
				continue
			}
			labels[i] = u
			// 4.1.3. If the label is empty, or if the label contains only
			// ASCII code points, record that there was an error.
			if u == "" || isASCIIString(u) {
				ok = false
			}
		}
	}
	// 4.1.4 / 4.2. Verify that the label meets the validity criteria: the
	// ones x/net/idna does not implement correctly (section 4.1).
	bidiDomain := false
	for _, label := range labels {
		if label == "" {
			continue
		}
		if beStrict {
			// 4.1 criterion 2. If CheckHyphens, the label must not contain a
			// U+002D HYPHEN-MINUS character in both the third and fourth positions.
			if hyphens34(label) {
				ok = false
			}
			// 4.1 criterion 3. If CheckHyphens, the label must neither begin
			// nor end with a U+002D HYPHEN-MINUS character.
			if label[0] == '-' || label[len(label)-1] == '-' {
				ok = false
			}
		} else if strings.HasPrefix(label, "xn--") {
			// 4.1 criterion 4. If not CheckHyphens, the label must not begin with "xn--".
			ok = false
		}
		// 4.1 criterion 8. If CheckJoiners, the label must satisify the
		// ContextJ rules from Appendix A of RFC 5892 (x/net/idna's own check
		// misses a U+200C ZERO WIDTH NON-JOINER followed by a non-joining code point).
		if !contextJ(label) {
			ok = false
		}
		if !bidiDomain && bidirule.DirectionString(label) == bidi.RightToLeft {
			bidiDomain = true
		}
	}
	// 4.1 criterion 9. If CheckBidi, and if the domain name is a Bidi domain
	// name, then the label must satisfy all six of the numbered conditions
	// in RFC 5893, Section 2. (A Bidi domain name has a code point of
	// Bidi_Class R, AL or AN in one of its labels.)
	if bidiDomain {
		for _, label := range labels {
			if !bidirule.ValidString(label) {
				ok = false
				break
			}
		}
	}
	return labels, ok
}

// contextJ reports whether label satisfies the ContextJ rules of RFC 5892
// Appendix A for U+200C ZERO WIDTH NON-JOINER (A.1) and U+200D ZERO WIDTH
// JOINER (A.2): uts46.ContextJ, which the plain domains of internal/uts46
// pass through too. It is the one piece of internal/uts46 that domain to
// ASCII uses without the shortcuts: x/net/idna's own check accepts U+200C
// before a code point that does not join, and no other Joining_Type table
// is at hand.
func contextJ(label string) bool {
	if !strings.Contains(label, "\u200c") && !strings.Contains(label, "\u200d") {
		return true
	}
	return uts46.ContextJ([]rune(label))
}

// mapDomain runs UTS #46 processing steps 1 (Map, nontransitional) and 2
// (Normalize to NFC) on domain. x/net/idna's mapping is used rune by rune,
// as its whole-domain entry points also decode "xn--" labels. Invalid UTF-8
// becomes U+FFFD, as UTF-8 decoding would make it (and U+FFFD is disallowed).
func mapDomain(domain []byte) string {
	b := make([]byte, 0, len(domain))
	for i := 0; i < len(domain); {
		c := domain[i]
		if c < utf8.RuneSelf {
			// ASCII maps to itself, but for A-Z, which map to a-z.
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(domain[i:])
		if r == utf8.RuneError && size <= 1 {
			b = append(b, "\uFFFD"...)
			i++
			continue
		}
		b = append(b, mapRune(domain[i:i+size])...)
		i += size
	}
	return norm.NFC.String(string(b))
}

// mapRune returns UTS #46's nontransitional mapping of the one rune that r
// holds (a disallowed rune maps to itself, an ignored one to nothing). A
// single rune's mapping never contains a label starting with "xn--", so
// ToUnicode only maps it.
func mapRune(r []byte) string {
	m, _ := idnaLenient.ToUnicode(string(r))
	return m
}

// hyphens34 reports whether label has U+002D (-) as its third and fourth
// code points.
func hyphens34(label string) bool {
	n := 0
	for _, r := range label {
		n++
		switch n {
		case 1, 2:
		case 3:
			if r != '-' {
				return false
			}
		default:
			return r == '-'
		}
	}
	return false
}

// hasACELabel reports whether an item of strictly splitting the ASCII domain
// on U+002E (.) starts with an ASCII case-insensitive match for "xn--".
func hasACELabel(domain []byte) bool {
	for i := 0; i+4 <= len(domain); i++ {
		if (i == 0 || domain[i-1] == '.') && domain[i]|0x20 == 'x' && domain[i+1]|0x20 == 'n' &&
			domain[i+2] == '-' && domain[i+3] == '-' {
			return true
		}
	}
	return false
}

// isForbiddenDomainASCII reports whether the ASCII byte c is a forbidden
// domain code point: a forbidden host code point, a C0 control, U+0025 (%),
// or U+007F DELETE.
func isForbiddenDomainASCII(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|', '%', 0x7F:
		return true
	}
	return c < 0x20
}

func isASCIIBytes(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
