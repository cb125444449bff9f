package slow

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
)

// The rest of this package is the standard's steps as written. This file
// holds the shortcuts: each one takes many steps at once where running
// them one by one gives the same URL and the same validation errors.
// They exist because span hands this parser every input the fast path
// declines, and those inputs must not cost a trip around the state
// machine per byte. Every use of a shortcut asks shortcuts first, so that
// turning it off leaves the transcription alone; TestShortcutsChangeNothing
// does so and checks that the results stay the same on the web platform
// tests and the corpora.
//
// The shortcuts:
//
//   - the path, opaque path, query and fragment states take a run of code
//     points at once when validation errors are not collected (encodeRun,
//     queryRun);
//   - the authority and host states take a run of bytes that are not their
//     delimiters (takeRun);
//   - the input steps copy the input at once when it has no tab or newline
//     and is valid UTF-8 (plainInput);
//   - percent-encode after encoding with UTF-8 copies a run of ASCII bytes
//     outside the percent-encode set at once (asciiRun);
//   - domain to ASCII runs internal/uts46 on the plain Unicode domains it
//     handles (plainToASCII) and fails on U+FFFD before calling
//     golang.org/x/net/idna; domain to Unicode lowercases an ASCII domain
//     without an "xn--" label (both in idna.go). Without the shortcuts,
//     domain to ASCII is golang.org/x/net/idna and this package's UTS #46
//     steps, so the fast path's internal/uts46 is checked against code it
//     does not share, but for the ContextJ rules (see contextJ).

// shortcuts turns the shortcuts on. Only tests turn it off (see
// export_test.go).
var shortcuts = true

// plainSet is the set of bytes that one state appends unchanged.
type plainSet [4]uint64

// plainOf is every byte outside set and stops (set holds every non-ASCII
// byte).
func plainOf(set *pct.Set, stops string) (t plainSet) {
	for c := range 256 {
		if !set.Contains(byte(c)) && strings.IndexByte(stops, byte(c)) < 0 {
			t[c>>6] |= 1 << (c & 63)
		}
	}
	return t
}

// The bytes each state appends unchanged: a code point outside the
// state's percent-encode set that is none of its delimiters (and for which
// the URL-unit check reports nothing when errors are not collected).
// Never modified after initialization.
var (
	pathPlain       = plainOf(&pct.PathSet, "/\\?#")
	opaquePathPlain = plainOf(&pct.C0ControlSet, "?# ")
	fragmentPlain   = plainOf(&pct.FragmentSet, "")
	authorityPlain  = allBut("@/\\?#")
	hostPlain       = allBut(":/\\?#[]")
)

// allBut is every byte outside stops.
func allBut(stops string) (t plainSet) {
	t = plainSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for i := 0; i < len(stops); i++ {
		t[stops[i]>>6] &^= 1 << (stops[i] & 63)
	}
	return t
}

// runOf returns how many bytes from p.input[i] are in t.
func (p *Parser) runOf(i int, t *plainSet) int {
	in := p.input
	j := i
	for j < len(in) && t[in[j]>>6]&(1<<(in[j]&63)) != 0 {
		j++
	}
	return j - i
}

// plainRun returns how many bytes from p.input[i] are in t, or 0 when
// validation errors are collected (each byte then takes its own step).
func (p *Parser) plainRun(i int, t *plainSet) int {
	if !shortcuts || p.errs.on {
		return 0
	}
	return p.runOf(i, t)
}

// nonASCIIRun returns how many bytes from p.input[i] are non-ASCII, or 0
// when validation errors are collected (each code point is then checked on
// its own step).
func (p *Parser) nonASCIIRun(i int) int {
	if !shortcuts || p.errs.on {
		return 0
	}
	return pct.NonASCIIEnd(p.input, i) - i
}

// takeRun is a step of the authority or host state that appends
// p.input[i] to dst, taking along the run of bytes in t after it (the steps
// that would append them one by one). It returns the position of the last
// byte taken, where the state machine's pointer goes.
func (p *Parser) takeRun(dst []byte, i int, t *plainSet) ([]byte, int) {
	n := 1
	if shortcuts {
		n = max(p.runOf(i, t), 1)
	}
	return append(dst, p.input[i:i+n]...), i + n - 1
}

// encodeRun is a step of the path, opaque path or fragment state: report
// p.input[i] if it is not a URL unit, then UTF-8 percent-encode it using
// set and append the result to dst. When errors are not collected, the run
// of bytes in plain from i on is appended at once instead (those steps
// would append them unchanged), and so is a run of non-ASCII bytes,
// encoded (those steps would encode every byte: every percent-encode set
// holds them all, and none ends these states). It returns the position of
// the last byte taken.
//
// dst is a component of u (part) or the buffer of one, which ends at the
// first byte of stops: a step that dst has no room for gives it room for
// the component's end at once (roomToEncode).
func (p *Parser) encodeRun(u *record.URL, dst []byte, part bool, stops string, i int, plain *plainSet, set *pct.Set) ([]byte, int) {
	if k := p.plainRun(i, plain); k > 0 {
		dst = p.roomToEncode(u, dst, part, k, 0, i, stops)
		return append(dst, p.input[i:i+k]...), i + k - 1
	}
	if k := p.nonASCIIRun(i); k > 0 {
		dst = p.roomToEncode(u, dst, part, 3*k, 0, i, stops)
		return pct.AppendAll(dst, p.input[i:i+k]), i + k - 1
	}
	p.checkURLUnit(i)
	dst = p.roomToEncode(u, dst, part, 3, 0, i, stops)
	return appendEncodedByte(dst, p.input[i], set), i
}

// queryRun is plainRun for the query state, which appends every code
// point but "#" to its buffer as it is (the buffer is percent-encoded once,
// at its end).
func (p *Parser) queryRun(i int) int {
	if !shortcuts || p.errs.on {
		return 0
	}
	if k := bytes.IndexByte(p.input[i:], '#'); k >= 0 {
		return k
	}
	return len(p.input) - i
}

// plainInput reports whether the input steps may take s as it is, without
// a copy: it is valid UTF-8 (valid says so) and has no ASCII tab or
// newline to remove.
func plainInput(s string, valid bool) bool {
	return shortcuts && valid &&
		strings.IndexByte(s, '\t') < 0 && strings.IndexByte(s, '\n') < 0 && strings.IndexByte(s, '\r') < 0
}

// asciiRun returns how many bytes from input[i] on percent-encode after
// encoding with UTF-8 appends unchanged: ASCII bytes outside set, but a
// space when spaceAsPlus.
func asciiRun(input []byte, i int, set *pct.Set, spaceAsPlus bool) int {
	if !shortcuts {
		return 0
	}
	j := i
	for j < len(input) && input[j] < utf8.RuneSelf && !set.Contains(input[j]) && !(input[j] == ' ' && spaceAsPlus) {
		j++
	}
	return j - i
}
