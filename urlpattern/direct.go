package urlpattern

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A directMatcher matches a component without a regular expression, in one
// left-to-right pass with no backtracking, for the part lists whose
// regular expression leaves every group exactly one way to match: fixed
// text, segment wildcards each followed by text that starts with the
// delimiter, and one last wildcard (with any modifier in the forms below)
// followed only by fixed text. Nearly all routes have this shape. A
// regexp group without modifier counts as a wildcard whose text must
// also match its expression (checked with Go's regexp on that text
// alone), where the expression has no assertion and no capture, and,
// before the last wildcard, cannot match the delimiter.
//
// Why the one pass is the regular expression's answer: a segment wildcard
// "[^d]+?" cannot contain the delimiter d, and what follows it can only
// match at a d or at the end, so the wildcard must run to the next d or
// to the end, and every shorter choice fails. The last wildcard is
// followed by fixed text to the end, so the text it matches is fixed too:
// what lies between the position reached and that fixed tail; its
// modifier only decides whether that text is accepted and what the group
// holds. Each step reads its part of the input once, so a match costs
// time linear in the input.
type directMatcher struct {
	hasDelim bool
	delim    byte
	fold     bool // compare fixed text under simple case folding
	head     []elem
	tail     elem // kind elemLit: no last wildcard
	tailLit  string
	names    []string
	any      bool // the part list is a lone full wildcard, "*"
}

// elemKind is the kind of a directMatcher element.
type elemKind uint8

const (
	elemLit  elemKind = iota // fixed text
	elemSeg                  // a segment wildcard "[^d]+?"
	elemFull                 // a full wildcard ".*"
	elemRe                   // a regexp group
)

// elem is fixed text or a wildcard group with its modifier, prefix and
// suffix (the last two only in the tail: elsewhere they are elemLit
// elements of their own).
type elem struct {
	kind           elemKind
	lit            string
	mod            modifier
	prefix, suffix string
	group          int
	re             *regexp.Regexp // elemRe: the group's expression, anchored at both ends
	reHoldsDelim   bool           // elemRe: the expression may match text with the delimiter
}

// newDirectMatcher returns a direct matcher for the part list, or nil when
// the part list has a shape it does not handle.
func newDirectMatcher(parts []part, opts options) *directMatcher {
	m := &directMatcher{fold: opts.ignoreCase}
	if len(opts.delimiter) == 1 {
		m.hasDelim, m.delim = true, opts.delimiter[0]
	}
	var elems []elem
	// lit gathers a run of fixed text, which becomes one literal element
	// before the next other element: joined by appends to a buffer, as a
	// string would be copied whole at each.
	var lit []byte
	addLit := func(s string) { lit = append(lit, s...) }
	flushLit := func() {
		if len(lit) > 0 {
			elems = append(elems, elem{kind: elemLit, lit: string(lit)})
			lit = lit[:0]
		}
	}
	for _, pt := range parts {
		if strings.ContainsRune(pt.value+pt.prefix+pt.suffix, utf8.RuneError) {
			// Go's regexp matches U+FFFD against any invalid byte; text
			// compared byte by byte would not.
			return nil
		}
		kind := elemSeg
		var re *regexp.Regexp
		holdsDelim := false
		switch pt.typ {
		case partRegexp:
			if pt.modifier != modNone {
				return nil
			}
			var ok bool
			if re, holdsDelim, ok = groupRegexp(pt.value, opts); !ok {
				return nil
			}
			kind = elemRe
		case partFixedText:
			if pt.modifier != modNone {
				return nil
			}
			addLit(pt.value)
			continue
		case partFullWildcard:
			kind = elemFull
		}
		g := len(m.names)
		m.names = append(m.names, pt.name)
		if pt.modifier == modNone {
			addLit(pt.prefix)
			flushLit()
			elems = append(elems, elem{kind: kind, group: g, re: re, reHoldsDelim: holdsDelim})
			addLit(pt.suffix)
			continue
		}
		flushLit()
		elems = append(elems, elem{kind: kind, mod: pt.modifier, prefix: pt.prefix, suffix: pt.suffix, group: g})
	}
	flushLit()
	last := -1
	for i, e := range elems {
		if e.kind != elemLit {
			last = i
		}
	}
	if last < 0 {
		// Fixed text only.
		if len(elems) == 1 {
			m.tailLit = elems[0].lit
		}
		return m
	}
	if last+1 < len(elems) {
		m.tailLit = elems[last+1].lit
	}
	m.tail = elems[last]
	m.head = elems[:last]
	m.any = len(elems) == 1 && m.tail.kind == elemFull && m.tail.mod == modNone
	// Every wildcard before the last one is a segment wildcard with no
	// modifier, followed by something that can only match at a delimiter.
	for i, e := range m.head {
		if e.kind == elemLit {
			continue
		}
		if e.kind == elemFull || e.kind == elemRe && e.reHoldsDelim || e.mod != modNone || !m.hasDelim {
			return nil
		}
		next := elems[i+1]
		switch {
		case next.kind == elemLit:
			if next.lit[0] != m.delim {
				return nil
			}
		case i+1 == last && next.mod != modNone:
			// The last wildcard starts with the delimiter when it takes
			// part, and what follows it does when it does not.
			if next.prefix == "" || next.prefix[0] != m.delim {
				return nil
			}
			if next.mod != modOneOrMore && m.tailLit != "" && m.tailLit[0] != m.delim {
				return nil
			}
		default:
			return nil
		}
	}
	// A repeated last wildcard with a prefix or suffix is handled in its
	// one common form, "/:name*" and "/:name+" in a pathname.
	t := m.tail
	if (t.mod == modZeroOrMore || t.mod == modOneOrMore) && (t.prefix != "" || t.suffix != "") {
		if t.kind != elemSeg || t.suffix != "" || !m.hasDelim || t.prefix != string(m.delim) {
			return nil
		}
	}
	return m
}

// match reports whether input matches and, when groups is not nil, sets
// the groups (len(m.names) of them). fromURL says that input is a
// component of a parsed URL, which holds no line terminator (the URL
// parser removes newlines and percent-encodes non-ASCII code points), so
// that a full wildcard need not look for one.
func (m *directMatcher) match(input string, groups []Group, fromURL bool) bool {
	if m.any {
		// "*": the whole input, when it has no line terminator.
		if !fromURL && hasLineTerminator(input) {
			return false
		}
		if len(groups) > 0 {
			groups[0] = Group{Name: m.names[0], Value: input, Matched: true}
		}
		return true
	}
	for i := range groups {
		groups[i] = Group{Name: m.names[i]}
	}
	pos := 0
	for _, e := range m.head {
		if e.kind == elemLit {
			n, ok := m.hasPrefix(input[pos:], e.lit)
			if !ok {
				return false
			}
			pos += n
			continue
		}
		// A segment wildcard runs to the next delimiter or the end, and
		// so does a regexp group that cannot match the delimiter.
		j := strings.IndexByte(input[pos:], m.delim)
		if j < 0 {
			j = len(input) - pos
		}
		if e.kind == elemRe && !e.re.MatchString(input[pos:pos+j]) || e.kind == elemSeg && j == 0 {
			return false
		}
		set(groups, e.group, input[pos:pos+j])
		pos += j
	}
	n, ok := m.hasSuffix(input[pos:], m.tailLit)
	if !ok {
		return false
	}
	region := input[pos : len(input)-n]
	t := &m.tail
	if t.kind == elemLit {
		return region == ""
	}
	if t.prefix == "" && t.suffix == "" {
		switch t.mod {
		case modNone, modOneOrMore:
			// (R) and ((?:R)+): one segment, or any text for ".*" (whose
			// one iteration may be empty).
			if !m.matches(t, region, fromURL) {
				return false
			}
		case modOptional:
			// (R)?: an empty iteration does not count, so the empty
			// region leaves the group undefined.
			if region == "" {
				return true
			}
			if !m.matches(t, region, fromURL) {
				return false
			}
		case modZeroOrMore:
			// ((?:R)*): the group holds all the iterations, perhaps none.
			if region != "" && !m.matches(t, region, fromURL) {
				return false
			}
		}
		set(groups, t.group, region)
		return true
	}
	if region == "" {
		// The prefix or suffix is not there: only a modifier that allows
		// no iteration matches, with the group undefined.
		return t.mod == modOptional || t.mod == modZeroOrMore
	}
	if t.mod == modNone || t.mod == modOptional {
		// (?:p(R)s) and (?:p(R)s)?
		np, ok := m.hasPrefix(region, t.prefix)
		if !ok {
			return false
		}
		ns, ok := m.hasSuffix(region[np:], t.suffix)
		if !ok {
			return false
		}
		middle := region[np : len(region)-ns]
		if !m.matches(t, middle, fromURL) {
			return false
		}
		set(groups, t.group, middle)
		return true
	}
	// (?:d((?:[^d]+?)(?:d(?:[^d]+?))*))? and its "+" form: "d" and one or
	// more segments separated by "d", none empty.
	if region[0] != m.delim {
		return false
	}
	rest := region[1:]
	for seg := rest; ; {
		j := strings.IndexByte(seg, m.delim)
		if j == 0 || seg == "" {
			return false
		}
		if j < 0 {
			break
		}
		seg = seg[j+1:]
	}
	set(groups, t.group, rest)
	return true
}

// matches reports whether the wildcard e matches all of s: a segment
// wildcard one or more code points that are not the delimiter, a full
// wildcard any code points but the line terminators (which a component
// of a parsed URL, fromURL, does not have), a regexp group what its
// expression matches.
func (m *directMatcher) matches(e *elem, s string, fromURL bool) bool {
	switch e.kind {
	case elemSeg:
		return s != "" && (!m.hasDelim || strings.IndexByte(s, m.delim) < 0)
	case elemRe:
		return e.re.MatchString(s)
	}
	return fromURL || !hasLineTerminator(s)
}

// groupRegexp compiles the expression of a regexp group to match a whole
// text on its own, and reports whether it may match text holding the
// delimiter. ok is false where matching the group alone could answer
// otherwise than the component's expression: an assertion (^, $, \b, \B)
// reads what lies around the group, and a capture shifts the groups that
// follow.
func groupRegexp(value string, opts options) (re *regexp.Regexp, holdsDelim, ok bool) {
	inner, err := translateRegexp("(?:"+value+")", opts.ignoreCase)
	if err != nil {
		return nil, false, false
	}
	tree, err := syntax.Parse(inner, syntax.Perl)
	if err != nil || !standsAlone(tree) {
		return nil, false, false
	}
	whole, err := translateRegexp("^(?:"+value+")$", opts.ignoreCase)
	if err != nil {
		return nil, false, false
	}
	re, err = regexp.Compile(whole)
	if err != nil {
		return nil, false, false
	}
	return re, len(opts.delimiter) != 1 || mayMatchByte(tree, opts.delimiter[0]), true
}

// standsAlone reports whether the expression has no assertion and no
// capture.
func standsAlone(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpCapture:
		return false
	}
	for _, s := range re.Sub {
		if !standsAlone(s) {
			return false
		}
	}
	return true
}

// mayMatchByte reports whether the expression may match a text holding
// the ASCII byte b: whether any of its literals, classes or wildcards
// takes b.
func mayMatchByte(re *syntax.Regexp, b byte) bool {
	switch re.Op {
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return true
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r == rune(b) || re.Flags&syntax.FoldCase != 0 && equalFold(r, rune(b)) {
				return true
			}
		}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= rune(b) && rune(b) <= re.Rune[i+1] {
				return true
			}
		}
	}
	for _, s := range re.Sub {
		if mayMatchByte(s, b) {
			return true
		}
	}
	return false
}

// hasLineTerminator reports whether s holds \n, \r, U+2028 or U+2029,
// which ECMAScript's "." does not match.
func hasLineTerminator(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return true
		case 0xE2:
			if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				return true
			}
		}
	}
	return false
}

func set(groups []Group, i int, v string) {
	if groups != nil {
		groups[i].Value, groups[i].Matched = v, true
	}
}

// hasPrefix reports whether s starts with lit (under simple case folding
// when m.fold) and how many bytes of s that prefix is.
func (m *directMatcher) hasPrefix(s, lit string) (int, bool) {
	if !m.fold {
		return len(lit), strings.HasPrefix(s, lit)
	}
	n := 0
	for _, want := range lit {
		if n >= len(s) {
			return 0, false
		}
		got, w := utf8.DecodeRuneInString(s[n:])
		if !equalFold(got, want) {
			return 0, false
		}
		n += w
	}
	return n, true
}

// hasSuffix is hasPrefix at the end of s.
func (m *directMatcher) hasSuffix(s, lit string) (int, bool) {
	if !m.fold {
		return len(lit), strings.HasSuffix(s, lit)
	}
	n := 0
	for i := len(lit); i > 0; {
		want, wl := utf8.DecodeLastRuneInString(lit[:i])
		i -= wl
		if n >= len(s) {
			return 0, false
		}
		got, w := utf8.DecodeLastRuneInString(s[:len(s)-n])
		if !equalFold(got, want) {
			return 0, false
		}
		n += w
	}
	return n, true
}

// equalFold reports whether a and b are equal under simple case folding:
// in the same orbit of unicode.SimpleFold, as Go's regexp compares under
// (?i).
func equalFold(a, b rune) bool {
	if a == b {
		return true
	}
	if a < utf8.RuneSelf && b < utf8.RuneSelf {
		return 'A' <= a && a <= 'Z' && a+'a'-'A' == b || 'A' <= b && b <= 'Z' && b+'a'-'A' == a
	}
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}
