package reqtarget

import (
	"slices"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/pct"
)

// AppendOrigin appends the text the URL parser reads for an origin-form
// target: scheme, "://", host, then target as AppendBytes appends it.
// host has no "/", "\", "?", "#" or "@" once ScanHost accepted it, so
// the authority is exactly host, and target, which starts with "/", is
// the path and query.
func AppendOrigin(dst []byte, scheme, host, target string) []byte {
	if len(target) >= longText {
		dst = slices.Grow(dst, len(scheme)+len("://")+len(host)+bytesLen(target))
	}
	dst = append(dst, scheme...)
	dst = append(dst, "://"...)
	dst = append(dst, host...)
	return AppendBytes(dst, target)
}

// AppendBytes appends s with each byte of every sequence that is not
// UTF-8 percent-encoded on its own ("\xff\xfe" becomes "%FF%FE").
//
// The URL Standard parses strings: a server that decodes the bytes it
// received as UTF-8 before parsing turns each such sequence into U+FFFD,
// which the parser then encodes as "%EF%BF%BD", and the bytes are lost.
// A request target is bytes, and a browser percent-encodes every byte it
// sends outside ASCII, so the bytes percent-encoded one by one are the
// target the client meant. Valid UTF-8 is left as it is: the parser
// encodes it to the same bytes.
//
// A long s that dst has no room for gives dst its room at once, counted
// first, rather than a copy outgrown at every step.
func AppendBytes(dst []byte, s string) []byte {
	if len(s) >= longText && cap(dst)-len(dst) < len(s) {
		dst = slices.Grow(dst, bytesLen(s))
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			j := i + 1
			for j < len(s) && s[j] < utf8.RuneSelf {
				j++
			}
			dst = append(dst, s[i:j]...)
			i = j
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = pct.AppendByte(dst, c)
		} else {
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return dst
}

// longText is the length from which AppendBytes counts the room it needs.
const longText = 64 << 10

// bytesLen returns the length of what AppendBytes appends for s: three
// bytes for each byte of a sequence that is not UTF-8, one for the rest.
func bytesLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, k := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && k == 1 {
			n += 2
		}
		i += k
	}
	return n
}
