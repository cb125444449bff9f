// Package mask hides passwords wherever spanurl shows a URL or a part of
// one: span.URL.Redacted and LogValue, the parser's errors and httpurl's
// errors all replace a password with the one Mask, through Append.
//
// A parsed URL knows where its password is. Text that failed to parse
// does not, and is masked conservatively: from the first ":" after the
// start of the authority to the last "@" (URLSpan), so that an error
// message may lose detail but never shows a secret.
package mask

import "strings"

// Mask is what a password becomes: the text net/url's URL.Redacted
// writes, so that logs of both packages read alike.
const Mask = "xxxxx"

// MaxQuoted is how many bytes of an input an error message quotes.
const MaxQuoted = 256

// Append appends s to dst with s[from:to] replaced by Mask.
func Append(dst []byte, s string, from, to int) []byte {
	dst = append(dst, s[:from]...)
	dst = append(dst, Mask...)
	return append(dst, s[to:]...)
}

// Replace returns s with s[from:to] replaced by Mask.
func Replace(s string, from, to int) string {
	return string(Append(make([]byte, 0, len(s)-(to-from)+len(Mask)), s, from, to))
}

// Input returns s as an error message quotes it: masked where URLSpan
// says and cut to MaxQuoted bytes, reporting whether it was cut. It
// allocates only when it masks.
func Input(s string) (string, bool) {
	return quote(s, URLSpan)
}

// Authority is Input for a value that is an authority rather than a URL
// (a Host header, a CONNECT target): its password, if any, lies between
// its first ":" and its last "@". Without one, it is masked as Input
// masks.
func Authority(s string) (string, bool) {
	if _, _, ok := AuthoritySpan(s); ok {
		return quote(s, AuthoritySpan)
	}
	return Input(s)
}

// AppendInput appends Input(s) to dst when masking changes s (masked is
// then true) and returns dst unchanged otherwise, for a caller that keeps
// the masked text in a buffer of its own; truncated reports whether the
// result is cut to MaxQuoted bytes.
func AppendInput(dst []byte, s string) (out []byte, masked, truncated bool) {
	from, to, ok := URLSpan(s)
	if !ok || from >= MaxQuoted {
		return dst, false, len(s) > MaxQuoted
	}
	out, truncated = appendShort(dst, s, from, to)
	return out, true, truncated
}

// Head is Input for an input refused for its length before it is read:
// it reads no more of s than the MaxQuoted bytes it quotes. When s is
// longer, the "@" that would end a password may lie past them, so Head
// masks from the first ":" after the start of the authority (see
// URLSpan) to the end of what it quotes.
func Head(s string) (string, bool) {
	if len(s) <= MaxQuoted {
		return Input(s)
	}
	head := s[:MaxQuoted]
	from, ok := headSpan(head)
	if !ok {
		return head, true
	}
	return head[:from] + Mask, true
}

// AppendHead appends Head(s) to dst, for a caller that keeps the quoted
// text in a buffer of its own, and reports whether it was cut.
func AppendHead(dst []byte, s string) ([]byte, bool) {
	if len(s) <= MaxQuoted {
		out, masked, cut := AppendInput(dst, s)
		if !masked {
			out = append(dst, s...)
		}
		return out, cut
	}
	head := s[:MaxQuoted]
	if from, ok := headSpan(head); ok {
		return append(append(dst, head[:from]...), Mask...), true
	}
	return append(dst, head...), true
}

// headSpan returns where Head's mask starts in head, the quoted start of
// a longer input: after the first ":" past the start of the authority.
func headSpan(head string) (int, bool) {
	start := authorityStart(head)
	colon := strings.IndexByte(head[start:], ':')
	if colon < 0 {
		return 0, false
	}
	return start + colon + 1, true
}

// quote masks and shortens s where locate says.
func quote(s string, locate func(string) (int, int, bool)) (string, bool) {
	from, to, ok := locate(s)
	if !ok || from >= MaxQuoted {
		if len(s) > MaxQuoted {
			return s[:MaxQuoted], true
		}
		return s, false
	}
	b, cut := appendShort(nil, s, from, to)
	return string(b), cut
}

// appendShort appends s masked from from to to, cut to MaxQuoted bytes,
// and reports whether it cut. The text past what the cut keeps is never
// copied, however long s is.
func appendShort(dst []byte, s string, from, to int) ([]byte, bool) {
	if from+len(Mask)+len(s)-to <= MaxQuoted {
		return Append(dst, s, from, to), false
	}
	start := len(dst)
	dst = Append(dst, s[:min(len(s), to+MaxQuoted)], from, to)
	return dst[:start+MaxQuoted], true
}

// URLSpan locates, conservatively, the text of s, a URL or a reference as
// given to the parser, that may be a password: from the first ":" after
// the start of the authority to the last "@" of s. There is none without
// an "@" (the cheap common case: one scan, no allocation) or without such
// a ":".
//
// The authority starts after leading C0 controls and spaces, the scheme
// and its ":" when s starts with one (an ASCII alpha, then ASCII
// alphanumerics, "+", "-" and "."), and any run of "/" and "\"; tabs and
// newlines, which the parser removes, are skipped in the scheme and the
// slashes. That covers every way the parser reaches credentials:
// "https://u:p@h", "https:u:p@h", "https:\\u:p@h", "//u:p@h" against a
// base, "ht\ttps://u:p@h".
//
// It is deliberately wider than the parser's own reading: the parser ends
// the authority at the first "/", "?" or "#" (and "\" in a special URL),
// so it reads "https://user:pa/ss@host" as the host "user" and the port
// "pa" (and fails on it), while the user meant the password "pa/ss".
// Masking up to the last "@" hides such intended passwords too, at the
// price of masking more than a password when a later component has an
// "@" ("https://host:8080/?mail=a@b" becomes "https://host:xxxxx@b").
func URLSpan(s string) (from, to int, ok bool) {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return 0, 0, false
	}
	start := authorityStart(s[:at])
	colon := strings.IndexByte(s[start:at], ':')
	if colon < 0 {
		return 0, 0, false
	}
	return start + colon + 1, at, true
}

// AuthoritySpan locates the password of s, an authority
// ("user:password@host:port"): from its first ":" to its last "@". A value
// that starts with "/" or holds "://" is a path or a URL, not an
// authority, and has none.
func AuthoritySpan(s string) (from, to int, ok bool) {
	if s == "" || s[0] == '/' || strings.Contains(s, "://") {
		return 0, 0, false
	}
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return 0, 0, false
	}
	colon := strings.IndexByte(s[:at], ':')
	if colon < 0 {
		return 0, 0, false
	}
	return colon + 1, at, true
}

// authorityStart returns where the authority of s would start: see
// URLSpan.
func authorityStart(s string) int {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	if i < len(s) && isAlpha(s[i]) {
		j := i + 1
		for j < len(s) && (isSchemeByte(s[j]) || isTabOrNewline(s[j])) {
			j++
		}
		if j < len(s) && s[j] == ':' {
			i = j + 1
		}
	}
	for i < len(s) && (s[i] == '/' || s[i] == '\\' || isTabOrNewline(s[i])) {
		i++
	}
	return i
}

func isAlpha(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isSchemeByte(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.'
}

func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }
