package slow

import (
	"slices"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
)

// parseHost runs the host parser on input (UTF-8, tabs and newlines already
// removed) with isOpaque, writing the host to h. It returns false for
// failure, and then has reported the validation error that made it fail
// last, leaving h unchanged. Validation errors are reported to r at offset
// at+i for input[i], or at at for errors about the whole host.
//
// tmp is scratch the caller keeps between calls, so that parsing a host
// stops allocating once it has grown; input must not share memory with it.
// https://url.spec.whatwg.org/#concept-host-parser
func parseHost(h *record.Host, input []byte, isOpaque bool, r *reporter, at int, tmp *[]byte) bool {
	// 1. If input starts with U+005B ([), then:
	if len(input) > 0 && input[0] == '[' {
		// 1.1. If input does not end with U+005D (]), IPv6-unclosed validation error, return failure.
		if input[len(input)-1] != ']' {
			r.add(record.IPv6Unclosed, at)
			return false
		}
		// 1.2. Return the result of IPv6 parsing input with its leading "[" and trailing "]" removed.
		address, ok := parseIPv6(input[1:len(input)-1], r, at+1)
		if !ok {
			return false
		}
		h.SetIPv6(address)
		return true
	}

	// 2. If isOpaque is true, then return the result of opaque-host parsing input.
	if isOpaque {
		buf, ok := parseOpaqueHost((*tmp)[:0], input, r, at)
		*tmp = buf[:0]
		if !ok {
			return false
		}
		// The empty string is the empty host, not an opaque host.
		kind := record.HostOpaque
		if len(buf) == 0 {
			kind = record.HostEmpty
		}
		h.SetText(kind, buf)
		return true
	}

	// 3. Assert: input is not the empty string. (Defensively, fail as
	// domain to ASCII would on the empty string.)
	if len(input) == 0 {
		r.add(record.DomainToASCII, at)
		return false
	}

	// 4. Let domain be the result of running UTF-8 decode without BOM on the
	// percent-decoding of input. The bytes are kept as they are (a BOM is not
	// removed); for invalid UTF-8 the "UTF-8 decode without BOM or fail"
	// alternative is used: domain to ASCII would fail on U+FFFD anyway.
	hasPercent, nonASCII := false, false
	for _, c := range input {
		if c == '%' {
			hasPercent = true
		} else if c >= utf8.RuneSelf {
			nonASCII = true
		}
	}
	buf := (*tmp)[:0]
	domain := input
	if hasPercent {
		buf = pct.AppendDecoded(buf, input)
		domain = buf
		nonASCII = false
		for _, c := range domain {
			if c >= utf8.RuneSelf {
				nonASCII = true
				break
			}
		}
	}
	if nonASCII && !utf8.Valid(domain) {
		*tmp = buf[:0]
		r.add(record.DomainToASCII, at)
		return false
	}

	// 5. Let asciiDomain be the result of running domain to ASCII with domain and false.
	// It is appended to tmp after domain; room for an ASCII domain's
	// result (as long as domain) is made first, so that it never reallocates.
	n := len(buf)
	buf = slices.Grow(buf, len(domain))
	asciiDomain, t := domainToASCII(buf[n:n], domain, false)
	if cap(asciiDomain) > cap(buf) {
		*tmp = asciiDomain[:0]
	} else {
		*tmp = buf[:0]
	}

	// 6. If asciiDomain is failure, then return failure.
	if t != 0 {
		r.add(t, at)
		return false
	}
	if len(asciiDomain) == 0 { // cannot happen: domain to ASCII asserts it
		r.add(record.DomainToASCII, at)
		return false
	}

	// 7. If asciiDomain ends in a number, then return the result of IPv4 parsing asciiDomain.
	if endsInANumber(asciiDomain) {
		// Offsets in asciiDomain are offsets in input only when domain to
		// ASCII merely lowercased input; otherwise they all go to at.
		stride := 0
		if !hasPercent && !nonASCII && len(asciiDomain) == len(input) {
			stride = 1
		}
		address, ok := ipv4Parser(asciiDomain, r, at, stride)
		if !ok {
			return false
		}
		h.SetIPv4(address)
		return true
	}

	// 8. Return asciiDomain.
	h.SetText(record.HostDomain, asciiDomain)
	return true
}

// endsInANumber is the ends in a number checker, for an ASCII string input.
// https://url.spec.whatwg.org/#ends-in-a-number-checker
func endsInANumber(input []byte) bool {
	// 1. Let parts be the result of strictly splitting input on U+002E (.).
	// (Only the last part or the one before it is needed.)
	// 2. If the last item in parts is the empty string, then:
	if len(input) == 0 || input[len(input)-1] == '.' {
		// 2.1. If parts's size is 1, then return false.
		if len(input) == 0 {
			return false
		}
		// 2.2. Remove the last item from parts.
		input = input[:len(input)-1]
	}

	// 3. Let last be the last item in parts.
	last := input
	for i := len(input) - 1; i >= 0; i-- {
		if input[i] == '.' {
			last = input[i+1:]
			break
		}
	}

	// 4. If last is non-empty and contains only ASCII digits, then return true.
	allDigits := len(last) > 0
	for _, c := range last {
		if c < '0' || c > '9' {
			allDigits = false
			break
		}
	}
	if allDigits {
		return true
	}

	// 5. If parsing last as an IPv4 number does not return failure, then return true.
	if _, _, ok := parseIPv4Number(last); ok {
		return true
	}

	// 6. Return false.
	return false
}
