package slow

import (
	"bytes"
	"strings"

	"github.com/spanurl/spanurl/internal/pct"
)

// The path, opaque path, query and fragment states handle one code point
// per step. When validation errors are not collected, a step on a code
// point that is ASCII, outside the state's percent-encode set and not one
// of the state's delimiters only appends it unchanged (its URL-unit check
// reports nothing), so a run of such code points is appended at once:
// exactly what running those steps one by one would do, without a trip
// around the state machine per byte.

// The authority and host states append every byte but their delimiters
// to the buffer as it is, with nothing to report, so they take runs too.

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
	if p.errs.on {
		return 0
	}
	return p.runOf(i, t)
}

// nonASCIIRun returns how many bytes from p.input[i] are non-ASCII, or 0
// when validation errors are collected (each code point is then checked on
// its own step).
func (p *Parser) nonASCIIRun(i int) int {
	if p.errs.on {
		return 0
	}
	return pct.NonASCIIEnd(p.input, i) - i
}

// takeRun is a step of the authority or host state that appends
// p.input[i] to dst, taking along the run of bytes in t after it (the steps
// that would append them one by one). It returns the position of the last
// byte taken, where the state machine's pointer goes.
func (p *Parser) takeRun(dst []byte, i int, t *plainSet) ([]byte, int) {
	n := max(p.runOf(i, t), 1)
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
func (p *Parser) encodeRun(dst []byte, i int, plain *plainSet, set *pct.Set) ([]byte, int) {
	if k := p.plainRun(i, plain); k > 0 {
		return append(dst, p.input[i:i+k]...), i + k - 1
	}
	if k := p.nonASCIIRun(i); k > 0 {
		return pct.AppendAll(dst, p.input[i:i+k]), i + k - 1
	}
	p.checkURLUnit(i)
	return appendEncodedByte(dst, p.input[i], set), i
}

// queryRun is plainRun for the query state, which appends every code
// point but "#" to its buffer as it is (the buffer is percent-encoded once,
// at its end).
func (p *Parser) queryRun(i int) int {
	if p.errs.on {
		return 0
	}
	if k := bytes.IndexByte(p.input[i:], '#'); k >= 0 {
		return k
	}
	return len(p.input) - i
}
