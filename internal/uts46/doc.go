// Package uts46 runs UTS #46 ToASCII, with the URL Standard's flags for domain to ASCII
// when beStrict is false, on plain Unicode domains, without allocating: the common shape
// of an internationalized host, such as "münchen.de", "пример.рф", "例え.jp" or
// "مثال.إختبار", whose every code point maps to at most one other and which
// normalization leaves as it is. Anything else is not plain, and the caller runs the whole algorithm
// (internal/slow, on golang.org/x/net/idna), which costs microseconds and a dozen
// allocations per domain.
//
// A domain is plain when it is valid UTF-8, it has a non-ASCII code point, and it splits
// on U+002E (.) into labels that are each non-empty (but for one after a final '.'), do
// not start with "xn--" in any case, hold at most 63 code points, and consist of ASCII
// letters, digits and U+002D (-) and of code points of these four kinds:
//
//   - the plain set: code points that UTS #46 (nontransitional) maps to themselves and
//     holds valid, that are not combining marks, neither U+200C nor U+200D (below), of a
//     Bidi class other than R, AL and AN, in NFC, and that start a composition (Boundary
//     before: nothing combines with what precedes them);
//   - plain right-to-left code points: the same, of Bidi class R, AL or AN;
//   - plain marks: combining marks, such as Thai vowel and tone marks or Arabic vowel
//     signs, that map to themselves and are valid after a letter, in NFC, and that NFC
//     never composes with what precedes them. In a plain domain a mark does not start a
//     label (UTS #46 validity criterion 5) and follows the marks before it in canonical
//     order;
//   - mapped code points: those that UTS #46 maps to one code point of the first two
//     sets, such as uppercase letters (Ü to ü, П to п), which count as that code point.
//
// U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER may occur too, where the
// ContextJ rules of RFC 5892 allow them (after a virama, or U+200C between joining
// letters; contextj.go). A domain with a right-to-left code point is a Bidi domain name,
// and each of its labels must also pass the Bidi rule (RFC 5893 section 2, in bidi.go).
//
// For a plain domain the validity criteria hold by construction or by those checks,
// normalization changes nothing, and ToASCII is mapping (lowercasing the ASCII letters,
// replacing mapped code points) and encoding each label with a non-ASCII code point as
// "xn--" and its Punycode (RFC 3492).
//
// The sets (plain_table.go) are generated from golang.org/x/net/idna, golang.org/x/text's
// norm and bidi tables and package unicode by the test TestPlainTable, which also checks,
// on every run, that the committed tables are the ones those libraries give. That the rules
// are right is tested in internal/slow, against its full algorithm, on every code point of
// the sets.
package uts46
