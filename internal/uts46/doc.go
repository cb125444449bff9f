// Package uts46 runs UTS #46 ToASCII, with the URL Standard's flags for domain to ASCII
// when beStrict is false, on plain Unicode domains, without allocating: the common shape
// of an internationalized host, such as "münchen.de", "пример.рф" or "例え.jp", whose
// every code point maps to itself and which no normalization, joiner or Bidi rule can
// change or reject. Anything else is not plain, and the caller runs the whole algorithm
// (internal/slow, on golang.org/x/net/idna), which costs microseconds and a dozen
// allocations per domain.
//
// A domain is plain when it is valid UTF-8, it has a non-ASCII code point, and it splits
// on U+002E (.) into labels that are each non-empty, do not start with "xn--" in any case,
// and consist of ASCII letters, digits and U+002D (-), of code points of the plain set and
// of plain marks, at most 63 code points in a label. The plain set
// holds the code points that UTS #46 (nontransitional) maps to themselves and holds valid,
// that are not combining marks, of no right-to-left or Arabic number Bidi class (so no
// label makes the domain a Bidi domain name), that are neither U+200C nor U+200D (the
// ContextJ rules), and that are in NFC and start a composition (Boundary before: nothing
// combines with what precedes it). Plain marks are the combining marks, such as Thai vowel
// and tone marks, that map to themselves and are valid after a letter, of those Bidi
// classes too, in NFC, and that NFC never composes with what precedes them; in a plain
// domain a mark does not start a label (UTS #46 validity criterion 5) and follows the
// marks before it in canonical order, so that NFC leaves the label as it is.
//
// For such a domain the validity criteria hold by construction, normalization changes
// nothing, and ToASCII is lowercasing the ASCII letters and encoding each label with a
// non-ASCII code point as "xn--" and its Punycode (RFC 3492).
//
// The sets (plain_table.go) are generated from golang.org/x/net/idna, golang.org/x/text's
// norm and bidi tables and package unicode by the test TestPlainTable, which also checks,
// on every run, that the committed tables are the ones those libraries give. That the rules
// are right is tested in internal/slow, against its full algorithm, on every code point of
// the sets.
package uts46
