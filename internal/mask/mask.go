// Package mask hides what may be secret wherever spanurl shows a URL or a
// part of one: span.URL.Redacted and LogValue replace a password with the
// one Mask, through Append; the parser's errors and httpurl's errors, which
// quote their input, also replace the value of each query parameter and
// of each parameter of the fragment ("?token=xxxxx", "#access_token=xxxxx"),
// where API keys, signatures and session tokens travel.
//
// A parsed URL knows where its password is. Text that failed to parse
// does not, and is masked conservatively: from the first ":" after the
// start of the authority to the last "@" (URLSpan), so that an error
// message may lose detail but never shows a secret. Its query is what
// follows the first "?" before any "#", and its fragment what follows the
// first "#", as the parser reads them.
//
// Masking changes the length of the text: an offset into the input as
// received does not count bytes of the masked text.
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

// Input returns s as an error message quotes it: its password (see
// URLSpan) and its parameter values (see the package doc) masked, cut to
// MaxQuoted bytes, reporting whether it was cut. It allocates only when
// it masks.
func Input(s string) (string, bool) {
	from, to, ok := URLSpan(s)
	return quote(s, from, to, ok)
}

// Authority is Input for a value that is an authority rather than a URL
// (a Host header, a CONNECT target): its password, if any, lies between
// its first ":" and its last "@". Without one, it is masked as Input
// masks.
func Authority(s string) (string, bool) {
	if from, to, ok := AuthoritySpan(s); ok {
		return quote(s, from, to, true)
	}
	return Input(s)
}

// AppendInput appends Input(s) to dst when masking changes s (masked is
// then true) and returns dst unchanged otherwise, for a caller that keeps
// the masked text in a buffer of its own; truncated reports whether the
// result is cut to MaxQuoted bytes.
func AppendInput(dst []byte, s string) (out []byte, masked, truncated bool) {
	from, to, ok := URLSpan(s)
	if !masks(s, from, ok) {
		return dst, false, len(s) > MaxQuoted
	}
	out, truncated = appendMasked(dst, s, from, to, ok)
	return out, true, truncated
}

// Quote is Input for s, the start of a value whose password, if any,
// the caller has located itself: s[from:to] is masked when ok, and so
// are the parameter values, as Input masks them.
func Quote(s string, from, to int, ok bool) (string, bool) {
	return quote(s, from, to, ok)
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
	q, _ := quote(head, from, len(head), ok)
	return q, true
}

// AppendHead appends Head(s) to dst, for a caller that keeps the quoted
// text in a buffer of its own, and reports whether it was cut.
func AppendHead(dst []byte, s string) ([]byte, bool) {
	if len(s) <= MaxQuoted {
		out, masked, cut := AppendInput(dst, s)
		if !masked {
			out = append(dst, s[:min(len(s), MaxQuoted)]...)
		}
		return out, cut
	}
	head := s[:MaxQuoted]
	from, ok := headSpan(head)
	out, _ := appendMasked(dst, head, from, len(head), ok)
	return out, true
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

// quote returns s masked (s[from:to] when ok, and the parameter values)
// and cut to MaxQuoted bytes, and whether it was cut; s itself, or its
// start, when nothing in what it quotes is masked.
func quote(s string, from, to int, ok bool) (string, bool) {
	if !masks(s, from, ok) {
		if len(s) > MaxQuoted {
			return s[:MaxQuoted], true
		}
		return s, false
	}
	b, cut := appendMasked(nil, s, from, to, ok)
	return string(b), cut
}

// masks reports whether quoting s masks anything in its first MaxQuoted
// bytes: the password span that starts at from (when ok), or a parameter
// value. It reads s up to the first value at most.
func masks(s string, from int, ok bool) bool {
	if ok && from < MaxQuoted {
		return true
	}
	sec := newSecrets(s[:min(len(s), MaxQuoted)])
	_, _, found := sec.next()
	return found
}

// appendMasked appends s to dst with s[from:to] (when pw) and every
// parameter value (see secrets) replaced by Mask, where two spans that
// overlap or touch become one Mask, cut to MaxQuoted bytes, and reports
// whether it cut. The text past what the cut keeps is never copied,
// however long s is.
func appendMasked(dst []byte, s string, from, to int, pw bool) ([]byte, bool) {
	start := len(dst)
	sec := newSecrets(s)
	qFrom, qTo, q := sec.next()
	i := 0 // s[:i] is written (or masked)
	// copyTo writes s[i:end], or only one byte more than the cut keeps,
	// and reports whether the output is still within MaxQuoted bytes.
	copyTo := func(end int) bool {
		room := start + MaxQuoted - len(dst)
		if end-i > room {
			dst = append(dst, s[i:i+room+1]...)
			return false
		}
		dst = append(dst, s[i:end]...)
		return true
	}
	for pw || q {
		var a, b int
		if pw && (!q || from <= qFrom) {
			a, b, pw = from, to, false
		} else {
			a, b = qFrom, qTo
			qFrom, qTo, q = sec.next()
		}
		if a <= i && i > 0 {
			// It overlaps or touches the Mask just written.
			i = max(i, b)
			continue
		}
		if !copyTo(a) {
			break
		}
		dst = append(dst, Mask...)
		i = b
		if len(dst)-start > MaxQuoted {
			break
		}
	}
	if len(dst)-start <= MaxQuoted {
		copyTo(len(s))
	}
	if len(dst)-start > MaxQuoted {
		return dst[:start+MaxQuoted], true
	}
	return dst, false
}

// secrets finds, in order, the parameter values of a URL that failed to
// parse: in its query (after the first "?" before any "#") and in its
// fragment (after the first "#"), each "&"-separated parameter's text
// after its first "=", when not empty. A parameter without "=" is a name,
// as the form parser reads it, and is shown.
type secrets struct {
	s     string
	i     int // where the next parameter starts
	end   int // where the parameters of the current component end
	frag  int // where the fragment starts, after its "#", or -1 once read
	inAny bool
}

func newSecrets(s string) secrets {
	sec := secrets{s: s, frag: -1, end: len(s)}
	h := strings.IndexByte(s, '#')
	if h >= 0 {
		sec.frag, sec.end = h+1, h
	}
	q := strings.IndexByte(s[:sec.end], '?')
	if q >= 0 {
		sec.i, sec.inAny = q+1, true
	} else if h >= 0 {
		sec.i, sec.end, sec.frag, sec.inAny = h+1, len(s), -1, true
	}
	return sec
}

// next returns the next value's span.
func (sec *secrets) next() (from, to int, ok bool) {
	for sec.inAny {
		if sec.i > sec.end {
			if sec.frag < 0 {
				sec.inAny = false
				break
			}
			sec.i, sec.end, sec.frag = sec.frag, len(sec.s), -1
		}
		param := sec.s[sec.i:sec.end]
		if amp := strings.IndexByte(param, '&'); amp >= 0 {
			param = param[:amp]
		}
		at := sec.i
		sec.i += len(param) + 1
		if eq := strings.IndexByte(param, '='); eq >= 0 && eq+1 < len(param) {
			return at + eq + 1, at + len(param), true
		}
	}
	return 0, 0, false
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
// "@" ("https://host:8080/?mail@b" becomes "https://host:xxxxx@b").
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
