package api

import (
	"strconv"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/pct"
)

// EncodeSet names one of the standard's eight percent-encode sets. Each set
// contains every code point above U+007E, so percent-encoding with any of
// them gives ASCII.
type EncodeSet int

// The percent-encode sets, each containing the one before it except Query,
// SpecialQuery and Path, which do not contain Fragment's U+0060 (`)
// (SpecialQuery and Path contain Query).
const (
	// C0Control is the C0 control percent-encode set: the C0 controls
	// (U+0000 to U+001F) and every code point above U+007E (~).
	C0Control EncodeSet = iota
	// Fragment is C0Control and space " < > `.
	Fragment
	// Query is C0Control and space " # < >.
	Query
	// SpecialQuery is Query and ' (the query of a special URL).
	SpecialQuery
	// Path is Query and ? ^ ` { }.
	Path
	// Userinfo is Path and / : ; = @ [ \ ] |.
	Userinfo
	// Component is Userinfo and $ % & + ,: with UTF-8 it percent-encodes
	// exactly as JavaScript's encodeURIComponent, leaving only ASCII
	// alphanumerics and - _ . ! ~ * ' ( ) unencoded.
	Component
	// FormURLEncoded is Component and ! ' ( ) ~: the
	// application/x-www-form-urlencoded percent-encode set, leaving only
	// ASCII alphanumerics and * - . _ unencoded.
	FormURLEncoded
)

var encodeSetNames = [...]string{
	C0Control:      "C0 control",
	Fragment:       "fragment",
	Query:          "query",
	SpecialQuery:   "special-query",
	Path:           "path",
	Userinfo:       "userinfo",
	Component:      "component",
	FormURLEncoded: "application/x-www-form-urlencoded",
}

// String returns the standard's name of the set without "percent-encode
// set", e.g. "special-query".
func (s EncodeSet) String() string {
	if s >= 0 && int(s) < len(encodeSetNames) {
		return encodeSetNames[s]
	}
	return "EncodeSet(" + strconv.Itoa(int(s)) + ")"
}

// Contains reports whether the code point r is in the set. Every code point
// above U+007E is; s must be one of the eight sets.
func (s EncodeSet) Contains(r rune) bool {
	if r < 0 || r >= utf8.RuneSelf {
		return true
	}
	return s.table().Contains(byte(r))
}

// table returns the percent-encode set s names; an unknown set is
// FormURLEncoded, the largest.
func (s EncodeSet) table() *pct.Set {
	switch s {
	case C0Control:
		return &pct.C0ControlSet
	case Fragment:
		return &pct.FragmentSet
	case Query:
		return &pct.QuerySet
	case SpecialQuery:
		return &pct.SpecialQuerySet
	case Path:
		return &pct.PathSet
	case Userinfo:
		return &pct.UserinfoSet
	case Component:
		return &pct.ComponentSet
	}
	return &pct.FormURLEncodedSet
}

// PercentEncode runs the standard's UTF-8 percent-encode on s with set:
// every byte of s's UTF-8 encoding that is in set (for non-ASCII code
// points, all of them) is written as "%" and two upper-case hex digits,
// every other byte as itself. Space is "%20" with every set (the
// application/x-www-form-urlencoded serializer's "+" for space is
// SerializeForm's). Bytes that are not valid UTF-8 are read as UTF-8
// decode reads them, each maximal invalid subpart being U+FFFD, "%EF%BF%BD".
//
// An unknown set is taken as FormURLEncoded.
func PercentEncode(s string, set EncodeSet) string {
	t := set.table()
	for i := 0; i < len(s); i++ {
		if t.Contains(s[i]) {
			return string(appendPercentEncode(make([]byte, 0, len(s)+16), s, t))
		}
	}
	return s
}

// AppendPercentEncode appends PercentEncode(s, set) to dst.
func AppendPercentEncode(dst []byte, s string, set EncodeSet) []byte {
	return appendPercentEncode(dst, s, set.table())
}

// appendPercentEncode is UTF-8 percent-encode of s with the set t.
func appendPercentEncode(dst []byte, s string, t *pct.Set) []byte {
	// UTF-8 percent-encode a scalar value string: for each code point, the
	// UTF-8 percent-encode of it: percent-encode after encoding with UTF-8,
	// whose encoder never fails and gives the code point's UTF-8 bytes.
	if !utf8.ValidString(s) {
		s = usvString(s)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; t.Contains(c) {
			dst = pct.AppendByte(dst, c)
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// PercentDecode runs the standard's percent-decode on s: each "%" followed
// by two ASCII hex digits (either case) is the byte they spell; every other
// byte, including a "%" not so followed, is itself. The result may not be
// valid UTF-8 (see PercentDecodeString).
func PercentDecode(s string) []byte {
	return AppendPercentDecode(make([]byte, 0, len(s)), s)
}

// AppendPercentDecode appends the percent-decoding of s to dst.
func AppendPercentDecode(dst []byte, s string) []byte {
	return pct.AppendDecoded(dst, s)
}

// PercentDecodeString percent-decodes s and reads the bytes with UTF-8
// decode without BOM, the way the standard turns percent-decoded bytes into
// a string (as the application/x-www-form-urlencoded parser does, without
// its "+"): the result is valid UTF-8, each maximal invalid subpart being
// U+FFFD. s without "%" is returned as it is when it is valid UTF-8.
func PercentDecodeString(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			return decodeUTF8WithoutBOM(AppendPercentDecode(make([]byte, 0, len(s)), s))
		}
	}
	return usvString(s)
}
