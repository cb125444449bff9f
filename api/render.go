package api

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// Render returns u as the standard's "URL rendering" section asks a URL to
// be shown when the user is to make a security or trust decision from it:
// its serialization with these modifications.
//
//   - "Browsers should not render a URL's username and password": the
//     credentials and their "@" are left out.
//   - "Browsers should render a URL's host by running domain to Unicode
//     with the URL's host and false": the host is HostForDisplay's (which
//     keeps the ASCII form where domain to Unicode records an error).
//   - "Other parts of the URL, if rendered, should have their sequences of
//     percent-encoded bytes replaced with code points resulting from
//     running UTF-8 decode without BOM on the percent-decoding of those
//     sequences, unless that renders those sequences invisible. Browsers
//     may choose to not decode certain sequences that present spoofing
//     risks": in the path, query and fragment, a percent-encoded UTF-8
//     sequence of a non-ASCII code point is decoded when the code point
//     is safe to show (below); everything else stays as it is.
//
// The scheme, port and delimiters are kept; Render does not elide or
// simplify (showing only the host, or the registrable domain, is the
// caller's choice; see HostForDisplay and URLRegistrableDomain).
//
// The decoding rule, exactly: a maximal run of percent-encoded bytes
// ("%" and two ASCII hex digits, either case) is percent-decoded, and the
// bytes are read as UTF-8 from the start:
//
//   - An ASCII byte stays percent-encoded. Decoding "%2F", "%3F", "%23",
//     "%25", "%20", "%26", "%3D" would change what the text means
//     (another path segment, the start of the query, ...), and decoding
//     "%41" to "A" would make the text another URL (the parser keeps "A"
//     as "A"), so no ASCII is decoded.
//   - Bytes that are not a complete, valid UTF-8 sequence stay encoded (the
//     "Percent-encoded bytes" section: such bytes "would not be rendered
//     percent-decoded").
//   - A valid sequence of a non-ASCII code point is decoded when the code
//     point is graphic (Unicode categories L, M, N, P, S), is not a space
//     separator (Zs, such as U+00A0 and U+3000), not a default-ignorable
//     code point (U+115F, U+1160, U+3164, U+FFA0 Hangul fillers, U+034F
//     and the rest of Other_Default_Ignorable_Code_Point), not U+2800
//     BRAILLE PATTERN BLANK or U+FFFD, and not one of the look-alikes of
//     URL delimiters ("/", "\", "?", "#", "%", "@", ":") or security icons
//     (U+1F50F to U+1F513 locks and keys, U+1F6E1 shield) listed in
//     renderSpoofy. Control (Cc), format (Cf, including the bidirectional
//     controls), private use (Co) and unassigned code points stay encoded.
//   - A combining mark (M, including the variation selectors) is decoded
//     only right after a code point decoded from the same run, so that it
//     never combines with a delimiter or with text that was not encoded;
//     U+200D ZERO WIDTH JOINER only between two decoded code points of the
//     same run (as inside emoji sequences such as "🏳️‍🌈").
//
// So every decoded character is one the URL parser percent-encodes again,
// as the same UTF-8 bytes: parsing the rendered text gives u back without
// its credentials (with upper-case hex digits where u had lower-case ones
// in a decoded sequence), whenever the displayed host parses back to the
// same host, which domain to Unicode without errors ensures.
//
// Bidirectional text in the result should be displayed in a left-to-right
// embedding, as the standard says; for URLs with right-to-left text it
// advises showing only the host.
func Render(u span.URL) string {
	if u.IsZero() {
		return ""
	}
	href := u.Href()
	off := u.Offsets()
	var b strings.Builder
	b.Grow(len(href))
	// The scheme and ":".
	b.WriteString(href[:off.SchemeEnd+1])
	rest := href[off.SchemeEnd+1:] // "/." and the path for a null host
	if u.HostKind() != record.HostNull {
		// "//", the host for display without credentials, ":" and the port.
		b.WriteString("//")
		b.WriteString(HostForDisplay(u))
		b.WriteString(href[off.HostEnd:off.PathStart])
		rest = href[off.PathStart:]
	}
	// The path, query and fragment.
	appendRenderDecoded(&b, rest)
	return b.String()
}

// appendRenderDecoded writes s to b with the percent-encoded sequences of
// displayable non-ASCII code points decoded (see Render).
func appendRenderDecoded(b *strings.Builder, s string) {
	var run []byte
	for i := 0; i < len(s); {
		if !isPercentEncodedByte(s, i) {
			j := i + 1
			for j < len(s) && !isPercentEncodedByte(s, j) {
				j++
			}
			b.WriteString(s[i:j])
			i = j
			continue
		}
		// A maximal sequence of percent-encoded bytes, s[i:j].
		run = run[:0]
		j := i
		for ; isPercentEncodedByte(s, j); j += 3 {
			run = append(run, pct.HexValue(s[j+1])<<4|pct.HexValue(s[j+2]))
		}
		appendRenderRun(b, s[i:j], run)
		i = j
	}
}

// isPercentEncodedByte reports whether s[i:] starts with a percent-encoded
// byte.
func isPercentEncodedByte(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && pct.IsASCIIHexDigit(s[i+1]) && pct.IsASCIIHexDigit(s[i+2])
}

// appendRenderRun writes one run of percent-encoded bytes, enc (three
// characters per byte of run), decoding what Render's rule allows.
func appendRenderRun(b *strings.Builder, enc string, run []byte) {
	prevDecoded := false // the previous code point of the run was decoded
	for k := 0; k < len(run); {
		r, size := rune(run[k]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(run[k:])
		}
		decode := false
		switch {
		case r < utf8.RuneSelf || size == 1:
			// ASCII, or an invalid sequence (size 1 and U+FFFD): encoded.
		case r == '\u200D':
			if prevDecoded && k+size < len(run) {
				next, nsize := utf8.DecodeRune(run[k+size:])
				decode = nsize > 1 && renderBase(next)
			}
		case unicode.In(r, unicode.M):
			decode = prevDecoded && renderMark(r)
		default:
			decode = renderBase(r)
		}
		if decode {
			b.Write(run[k : k+size])
		} else {
			b.WriteString(enc[3*k : 3*(k+size)])
		}
		prevDecoded = decode
		k += size
	}
}

// renderBase reports whether the non-ASCII code point r, other than a
// combining mark, may be shown decoded.
func renderBase(r rune) bool {
	if !unicode.IsGraphic(r) || unicode.In(r, unicode.M, unicode.Zs) {
		// Controls, format characters, private use, surrogates,
		// noncharacters and unassigned code points; spaces; marks (which
		// only follow a base).
		return false
	}
	if unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) {
		return false
	}
	return !renderSpoofy(r)
}

// renderMark reports whether the combining mark r may be shown decoded
// after a decoded base.
func renderMark(r rune) bool {
	// U+034F COMBINING GRAPHEME JOINER is default ignorable (invisible).
	return !unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) && !renderSpoofy(r)
}

// renderSpoofy reports whether r is a code point Render keeps encoded
// because it presents a spoofing risk: it is invisible, or it looks like a
// URL delimiter or a security indicator.
func renderSpoofy(r rune) bool {
	switch r {
	case '\u2800', // BRAILLE PATTERN BLANK (renders as nothing)
		'\uFFFD', // REPLACEMENT CHARACTER (looks like a decoding failure)
		// "/" look-alikes.
		'\u2044', '\u2215', '\u2571', '\u29F8', '\uFF0F', '\u1735', '\u0338', '\u20EB',
		// "\" look-alikes.
		'\u2216', '\u29F5', '\u29F9', '\uFE68', '\uFF3C',
		// "?" look-alikes.
		'\uFE16', '\uFE56', '\uFF1F', '\u2047', '\u2048', '\u2049',
		// "#" look-alikes.
		'\uFE5F', '\uFF03',
		// "%" look-alikes.
		'\u2052', '\uFE6A', '\uFF05',
		// "@" look-alikes.
		'\uFE6B', '\uFF20',
		// ":" look-alikes.
		'\u2236', '\uA789', '\uFE13', '\uFE55', '\uFF1A',
		// Security indicators: SHIELD.
		'\U0001F6E1':
		return true
	}
	// LOCK WITH INK PEN to OPEN LOCK (🔏 🔐 🔑 🔒 🔓).
	return r >= 0x1F50F && r <= 0x1F513
}
