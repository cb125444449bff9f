package urlpattern

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// translateRegexp translates an ECMAScript regular expression, read with
// the v flag (and i when ignoreCase), to Go's regexp syntax with the same
// matches and the same capture groups in the same order. Syntax that is
// not valid ECMAScript fails with ErrInvalidRegexp; valid syntax that RE2
// cannot express fails with ErrUnsupportedRegexp.
//
// Character classes are evaluated to sets of code points here (v-mode set
// operations included) and written out as ranges, so that ECMAScript's \s,
// \w, ".", negation and case folding mean what they mean in ECMAScript
// whatever Go's own shorthands mean.
func translateRegexp(src string, ignoreCase bool) (string, error) {
	t := &ecmaTranslator{src: []rune(src), ignoreCase: ignoreCase}
	if ignoreCase {
		t.out.WriteString("(?i)")
	}
	if err := t.disjunction(); err != nil {
		return "", err
	}
	if t.pos < len(t.src) {
		return "", t.invalid("unbalanced \")\"")
	}
	return t.out.String(), nil
}

// ecmaTranslator reads the ECMAScript source and writes Go's.
type ecmaTranslator struct {
	src []rune
	pos int
	// ignoreCase and dotAll are the i and s flags where the translator
	// is, which modifier groups change.
	ignoreCase bool
	dotAll     bool
	out        strings.Builder
}

func (t *ecmaTranslator) invalid(reason string) error {
	return newError(ErrInvalidRegexp, string(t.src), t.pos, reason)
}

func (t *ecmaTranslator) unsupported(reason string) error {
	return newError(ErrUnsupportedRegexp, string(t.src), t.pos, reason)
}

func (t *ecmaTranslator) peek() rune {
	if t.pos < len(t.src) {
		return t.src[t.pos]
	}
	return -1
}

func (t *ecmaTranslator) lookingAt(s string) bool {
	r := []rune(s)
	return t.pos+len(r) <= len(t.src) && slices.Equal(t.src[t.pos:t.pos+len(r)], r)
}

// disjunction: Alternative ( "|" Alternative )*.
func (t *ecmaTranslator) disjunction() error {
	for {
		if err := t.alternative(); err != nil {
			return err
		}
		if t.peek() != '|' {
			return nil
		}
		t.pos++
		t.out.WriteByte('|')
	}
}

// alternative: Term*, up to "|", ")" or the end.
func (t *ecmaTranslator) alternative() error {
	for t.pos < len(t.src) && t.peek() != '|' && t.peek() != ')' {
		quantifiable, err := t.term()
		if err != nil {
			return err
		}
		if err := t.quantifier(quantifiable); err != nil {
			return err
		}
	}
	return nil
}

// quantifier reads an optional quantifier after a term.
func (t *ecmaTranslator) quantifier(quantifiable bool) error {
	c := t.peek()
	switch c {
	case '*', '+', '?':
		t.pos++
		if !quantifiable {
			return t.invalid("nothing to repeat")
		}
		t.out.WriteRune(c)
	case '{':
		start := t.pos
		lo, hi, ok := t.braces()
		if !ok {
			t.pos = start
			return t.invalid("a lone \"{\" must be escaped")
		}
		if !quantifiable {
			return t.invalid("nothing to repeat")
		}
		if lo > 1000 || hi > 1000 {
			return t.unsupported("repetition counts above 1000")
		}
		if hi >= 0 && hi < lo {
			return t.invalid("numbers out of order in a {} quantifier")
		}
		t.out.WriteString(string(t.src[start:t.pos]))
	default:
		return nil
	}
	if t.peek() == '?' {
		t.pos++
		t.out.WriteByte('?')
	}
	return nil
}

// braces reads "{n}", "{n,}" or "{n,m}"; hi is -1 for no upper bound.
func (t *ecmaTranslator) braces() (lo, hi int, ok bool) {
	t.pos++ // "{"
	lo, ok = t.decimal()
	if !ok {
		return 0, 0, false
	}
	hi = lo
	if t.peek() == ',' {
		t.pos++
		hi = -1
		if t.peek() != '}' {
			if hi, ok = t.decimal(); !ok {
				return 0, 0, false
			}
		}
	}
	if t.peek() != '}' {
		return 0, 0, false
	}
	t.pos++
	return lo, hi, true
}

func (t *ecmaTranslator) decimal() (int, bool) {
	start := t.pos
	n := 0
	for t.pos < len(t.src) && '0' <= t.src[t.pos] && t.src[t.pos] <= '9' {
		if n < 1<<20 {
			n = n*10 + int(t.src[t.pos]-'0')
		}
		t.pos++
	}
	return n, t.pos > start
}

// term reads one assertion or atom and reports whether a quantifier may
// follow it.
func (t *ecmaTranslator) term() (bool, error) {
	c := t.peek()
	switch c {
	case '^', '$':
		t.pos++
		t.out.WriteRune(c)
		return false, nil
	case '.':
		t.pos++
		if t.dotAll {
			t.out.WriteString(`(?s:.)`)
		} else {
			t.out.WriteString(`[^\n\r\x{2028}\x{2029}]`)
		}
		return true, nil
	case '(':
		return t.group()
	case '[':
		t.pos++
		set, err := t.classContents()
		if err != nil {
			return false, err
		}
		t.writeSet(set)
		return true, nil
	case '\\':
		return t.atomEscape()
	case '*', '+', '?':
		return false, t.invalid("nothing to repeat")
	case '{':
		return false, t.invalid("a lone \"{\" must be escaped")
	case ']', '}':
		return false, t.invalid("a lone \"" + string(c) + "\" must be escaped")
	}
	t.pos++
	t.writeLiteral(c)
	return true, nil
}

// group reads a parenthesized group.
func (t *ecmaTranslator) group() (bool, error) {
	t.pos++ // "("
	saved, savedCase := t.dotAll, t.ignoreCase
	switch {
	case t.lookingAt("?:"):
		t.pos += 2
		t.out.WriteString("(?:")
	case t.lookingAt("?="), t.lookingAt("?!"):
		return false, t.unsupported("lookahead assertions")
	case t.lookingAt("?<="), t.lookingAt("?<!"):
		return false, t.unsupported("lookbehind assertions")
	case t.lookingAt("?<"):
		t.pos += 2
		start := t.pos
		for t.pos < len(t.src) && t.src[t.pos] != '>' {
			if !isValidNameCodePoint(t.src[t.pos], t.pos == start) {
				return false, t.invalid("invalid capture group name")
			}
			t.pos++
		}
		if t.pos == start || t.pos == len(t.src) {
			return false, t.invalid("invalid capture group name")
		}
		t.pos++ // ">"
		// The name does not matter: groups are read by index.
		t.out.WriteString("(")
	case t.lookingAt("?"):
		t.pos++
		flags, err := t.modifiers()
		if err != nil {
			return false, err
		}
		t.out.WriteString("(?" + flags + ":")
	default:
		t.out.WriteString("(")
	}
	if t.lookingAt(".*)?") && !t.dotAll {
		// ECMAScript rejects an iteration of "?" that matches the empty
		// string, so "(.*)?" leaves its group undefined where RE2 would
		// capture "": "(.+)?" matches as ECMAScript does.
		t.pos += 2
		t.out.WriteString(`[^\n\r\x{2028}\x{2029}]+`)
	}
	if err := t.disjunction(); err != nil {
		return false, err
	}
	if t.peek() != ')' {
		return false, t.invalid("a group is not closed")
	}
	t.pos++
	t.out.WriteByte(')')
	t.dotAll, t.ignoreCase = saved, savedCase
	return true, nil
}

// modifiers reads the flags of a modifier group "(?ims-ims:" after "(?"
// and returns Go's flags for it.
func (t *ecmaTranslator) modifiers() (string, error) {
	var add, remove string
	cur := &add
	for {
		c := t.peek()
		switch {
		case c == ':':
			t.pos++
			if add == "" && remove == "" {
				return "", t.invalid("a modifier group needs a flag")
			}
			goFlags := ""
			for _, f := range add {
				switch f {
				case 's':
					t.dotAll = true
				case 'i':
					t.ignoreCase = true
					goFlags += "i"
				}
			}
			neg := ""
			for _, f := range remove {
				switch f {
				case 's':
					t.dotAll = false
				case 'i':
					t.ignoreCase = false
					neg += "i"
				}
			}
			if neg != "" {
				goFlags += "-" + neg
			}
			return goFlags, nil
		case c == '-' && cur == &add:
			t.pos++
			cur = &remove
		case c == 'i' || c == 's':
			if strings.ContainsRune(add, c) || strings.ContainsRune(remove, c) {
				return "", t.invalid("a flag repeated in a modifier group")
			}
			t.pos++
			*cur += string(c)
		case c == 'm':
			return "", t.unsupported("the m flag in a modifier group")
		default:
			return "", t.invalid("invalid group")
		}
	}
}

// atomEscape reads "\" and what follows outside a class.
func (t *ecmaTranslator) atomEscape() (bool, error) {
	t.pos++ // "\"
	c := t.peek()
	switch {
	case c < 0:
		return false, t.invalid("\\ at end of pattern")
	case c == 'b' || c == 'B':
		t.pos++
		t.out.WriteString(`\` + string(c))
		return false, nil
	case c == 'k':
		return false, t.unsupported("backreferences")
	case '1' <= c && c <= '9':
		return false, t.unsupported("backreferences")
	case c == 'd' || c == 'D' || c == 's' || c == 'S' || c == 'w' || c == 'W' || c == 'p' || c == 'P':
		set, err := t.classEscape()
		if err != nil {
			return false, err
		}
		t.writeSet(set)
		return true, nil
	}
	r, err := t.characterEscape(false)
	if err != nil {
		return false, err
	}
	t.writeLiteral(r)
	return true, nil
}

// characterEscape reads a CharacterEscape after "\" and returns its code
// point; inClass allows the escapes only a v-mode class allows.
func (t *ecmaTranslator) characterEscape(inClass bool) (rune, error) {
	c := t.peek()
	t.pos++
	switch c {
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'v':
		return '\v', nil
	case 'c':
		l := t.peek()
		if 'a' <= l && l <= 'z' || 'A' <= l && l <= 'Z' {
			t.pos++
			return l % 32, nil
		}
		return 0, t.invalid("invalid \\c escape")
	case '0':
		if d := t.peek(); '0' <= d && d <= '9' {
			return 0, t.invalid("invalid decimal escape")
		}
		return 0, nil
	case 'x':
		if v, ok := t.hex(2); ok {
			return v, nil
		}
		return 0, t.invalid("invalid \\x escape")
	case 'u':
		return t.unicodeEscape()
	}
	if strings.ContainsRune(`^$\.*+?()[]{}|/`, c) {
		return c, nil
	}
	if inClass && (strings.ContainsRune("&-!#%,:;<=>@`~", c) || c == 'b') {
		if c == 'b' {
			return '\b', nil
		}
		return c, nil
	}
	t.pos--
	return 0, t.invalid("invalid escape \\" + string(c))
}

// unicodeEscape reads the rest of \uXXXX (a surrogate pair of them making
// one code point) or \u{X...}.
func (t *ecmaTranslator) unicodeEscape() (rune, error) {
	if t.peek() == '{' {
		t.pos++
		start := t.pos
		var v rune
		for t.pos < len(t.src) && isASCIIHexDigit(t.src[t.pos]) {
			v = v*16 + hexValue(t.src[t.pos])
			if v > unicode.MaxRune {
				return 0, t.invalid("code point out of range in \\u{}")
			}
			t.pos++
		}
		if t.pos == start || t.peek() != '}' {
			return 0, t.invalid("invalid \\u{} escape")
		}
		t.pos++
		return v, nil
	}
	v, ok := t.hex(4)
	if !ok {
		return 0, t.invalid("invalid \\u escape")
	}
	if 0xD800 <= v && v <= 0xDBFF && t.lookingAt(`\u`) {
		save := t.pos
		t.pos += 2
		if lo, ok := t.hex(4); ok && 0xDC00 <= lo && lo <= 0xDFFF {
			return 0x10000 + (v-0xD800)<<10 + (lo - 0xDC00), nil
		}
		t.pos = save
	}
	return v, nil
}

func (t *ecmaTranslator) hex(n int) (rune, bool) {
	if t.pos+n > len(t.src) {
		return 0, false
	}
	var v rune
	for i := 0; i < n; i++ {
		c := t.src[t.pos+i]
		if !isASCIIHexDigit(c) {
			return 0, false
		}
		v = v*16 + hexValue(c)
	}
	t.pos += n
	return v, true
}

func hexValue(c rune) rune {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// classEscape reads \d \D \s \S \w \W \p{...} \P{...} (the "\" read) as a
// set.
func (t *ecmaTranslator) classEscape() (runeSet, error) {
	c := t.peek()
	t.pos++
	var s runeSet
	switch c {
	case 'd', 'D':
		s = runeSet{{'0', '9'}}
	case 's', 'S':
		s = whiteSpaceSet
	case 'w', 'W':
		s = runeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
		if t.ignoreCase {
			s = s.union(runeSet{{0x017F, 0x017F}, {0x212A, 0x212A}})
		}
	case 'p', 'P':
		var err error
		if s, err = t.property(); err != nil {
			return nil, err
		}
	}
	s = t.fold(s)
	if 'A' <= c && c <= 'Z' {
		s = s.complement()
	}
	return s, nil
}

// property reads "{Name}" or "{Name=Value}" of \p and returns its set.
func (t *ecmaTranslator) property() (runeSet, error) {
	if t.peek() != '{' {
		return nil, t.invalid("\\p needs {}")
	}
	end := slices.Index(t.src[t.pos:], '}')
	if end < 0 {
		return nil, t.invalid("\\p{ is not closed")
	}
	body := string(t.src[t.pos+1 : t.pos+end])
	t.pos += end + 1
	name, value, hasValue := strings.Cut(body, "=")
	var table *unicode.RangeTable
	switch {
	case !hasValue:
		if gc, ok := generalCategories[name]; ok {
			name = gc
		}
		table = unicode.Categories[name]
		if table == nil && name == "Any" {
			return runeSet{{0, unicode.MaxRune}}, nil
		}
		if table == nil && name == "ASCII" {
			return runeSet{{0, 0x7F}}, nil
		}
	case name == "General_Category" || name == "gc":
		if gc, ok := generalCategories[value]; ok {
			value = gc
		}
		table = unicode.Categories[value]
	case name == "Script" || name == "sc":
		table = unicode.Scripts[value]
	}
	if table == nil {
		return nil, t.unsupported("the Unicode property \\p{" + body + "}")
	}
	return setOfTable(table), nil
}

// generalCategories maps the long General_Category names to Go's short
// ones.
var generalCategories = map[string]string{
	"Letter": "L", "Cased_Letter": "LC", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt",
	"Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Combining_Mark": "M", "Nonspacing_Mark": "Mn",
	"Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N", "Decimal_Number": "Nd", "digit": "Nd",
	"Letter_Number": "Nl", "Other_Number": "No", "Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc",
	"Dash_Punctuation": "Pd", "Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
	"Final_Punctuation": "Pf", "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm", "Currency_Symbol": "Sc",
	"Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z", "Space_Separator": "Zs", "Line_Separator": "Zl",
	"Paragraph_Separator": "Zp", "Other": "C", "Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs",
	"Private_Use": "Co", "Unassigned": "Cn",
}

// classContents reads a v-mode class after "[" through its "]": a union
// of characters, ranges and operands, or an intersection ("&&") or a
// subtraction ("--") of operands.
func (t *ecmaTranslator) classContents() (runeSet, error) {
	negate := false
	if t.peek() == '^' {
		t.pos++
		negate = true
	}
	var result runeSet
	if t.peek() != ']' {
		first, single, err := t.classOperand()
		if err != nil {
			return nil, err
		}
		if op := ""; t.lookingAt("&&") || t.lookingAt("--") {
			op = string(t.src[t.pos : t.pos+2])
			result = first
			for t.lookingAt(op) {
				t.pos += 2
				if op == "&&" && t.peek() == '&' {
					return nil, t.invalid("\"&&&\" in a character class")
				}
				next, _, err := t.classOperand()
				if err != nil {
					return nil, err
				}
				if op == "&&" {
					result = result.intersect(next)
				} else {
					result = result.subtract(next)
				}
			}
			if t.peek() != ']' {
				return nil, t.invalid("set operations cannot be mixed without nested classes")
			}
		} else {
			operand := first
			for {
				if single >= 0 && t.peek() == '-' && !t.lookingAt("--") {
					t.pos++
					hiSet, hi, err := t.classOperand()
					if err != nil {
						return nil, err
					}
					if hi < 0 {
						return nil, t.invalid("a range must end with a character")
					}
					_ = hiSet
					if hi < single {
						return nil, t.invalid("range out of order in character class")
					}
					operand = t.fold(runeSet{{single, hi}})
				}
				result = result.union(operand)
				if t.peek() == ']' {
					break
				}
				if t.pos >= len(t.src) {
					return nil, t.invalid("a character class is not closed")
				}
				if t.lookingAt("&&") || t.lookingAt("--") {
					return nil, t.invalid("set operations cannot be mixed without nested classes")
				}
				if operand, single, err = t.classOperand(); err != nil {
					return nil, err
				}
			}
		}
	}
	if t.peek() != ']' {
		return nil, t.invalid("a character class is not closed")
	}
	t.pos++
	if negate {
		result = result.complement()
	}
	return result, nil
}

// classOperand reads one operand of a v-mode class: a nested class, a
// class escape, \q{...} of single characters, or a character (whose code
// point single is, -1 otherwise). The set is case-folded with the i flag.
func (t *ecmaTranslator) classOperand() (set runeSet, single rune, err error) {
	c := t.peek()
	switch {
	case c < 0:
		return nil, -1, t.invalid("a character class is not closed")
	case c == '[':
		t.pos++
		set, err = t.classContents()
		return set, -1, err
	case c == '\\':
		t.pos++
		switch t.peek() {
		case 'd', 'D', 's', 'S', 'w', 'W', 'p', 'P':
			set, err = t.classEscape()
			return set, -1, err
		case 'q':
			t.pos++
			set, err = t.stringDisjunction()
			return set, -1, err
		case -1:
			return nil, -1, t.invalid("\\ at end of pattern")
		}
		r, err := t.characterEscape(true)
		if err != nil {
			return nil, -1, err
		}
		return t.fold(runeSet{{r, r}}), r, nil
	case strings.ContainsRune("()[]{}/-|", c):
		return nil, -1, t.invalid("\"" + string(c) + "\" must be escaped in a v-mode character class")
	case strings.ContainsRune("&!#$%*+,.:;<=>?@^`~", c) && t.pos+1 < len(t.src) && t.src[t.pos+1] == c:
		return nil, -1, t.invalid("reserved double punctuator in a character class")
	}
	t.pos++
	return t.fold(runeSet{{c, c}}), c, nil
}

// stringDisjunction reads "{a|b|...}" of \q; only single code points are
// supported, as RE2's classes hold no strings.
func (t *ecmaTranslator) stringDisjunction() (runeSet, error) {
	if t.peek() != '{' {
		return nil, t.invalid("\\q needs {}")
	}
	t.pos++
	var set runeSet
	n := 0
	for {
		c := t.peek()
		switch {
		case c < 0:
			return nil, t.invalid("\\q{ is not closed")
		case c == '}' || c == '|':
			if n != 1 {
				return nil, t.unsupported("strings in a class (\\q{...} with other than one character)")
			}
			t.pos++
			n = 0
			if c == '}' {
				return set, nil
			}
			continue
		case c == '\\':
			t.pos++
			r, err := t.characterEscape(true)
			if err != nil {
				return nil, err
			}
			set = set.union(t.fold(runeSet{{r, r}}))
		default:
			t.pos++
			set = set.union(t.fold(runeSet{{c, c}}))
		}
		n++
	}
}

// writeLiteral writes code point c to match itself.
func (t *ecmaTranslator) writeLiteral(c rune) {
	if c < 0x80 && (unicode.IsLetter(c) || unicode.IsDigit(c)) {
		t.out.WriteRune(c)
		return
	}
	t.out.WriteString(`\x{` + strconv.FormatInt(int64(c), 16) + `}`)
}

// writeSet writes a class matching exactly the code points of s. With the
// i flag s is already closed under case folding, so the class is written
// where Go's regexp does not fold it again (which would cost it a pass
// over every code point of every range).
func (t *ecmaTranslator) writeSet(s runeSet) {
	if t.ignoreCase {
		t.out.WriteString("(?-i:")
		defer t.out.WriteString(")")
	}
	if len(s) == 0 {
		t.out.WriteString(`[^\x00-\x{10ffff}]`)
		return
	}
	t.out.WriteByte('[')
	for _, r := range s {
		t.out.WriteString(`\x{` + strconv.FormatInt(int64(r.lo), 16) + `}`)
		if r.hi != r.lo {
			t.out.WriteString(`-\x{` + strconv.FormatInt(int64(r.hi), 16) + `}`)
		}
	}
	t.out.WriteByte(']')
}

// fold returns s closed under simple case folding when the i flag is set
// (the standard's MaybeSimpleCaseFolding), s otherwise.
func (t *ecmaTranslator) fold(s runeSet) runeSet {
	if !t.ignoreCase {
		return s
	}
	folding := foldingRunes()
	var add runeSet
	for _, r := range s {
		i, _ := slices.BinarySearch(folding, r.lo)
		for ; i < len(folding) && folding[i] <= r.hi; i++ {
			for f := unicode.SimpleFold(folding[i]); f != folding[i]; f = unicode.SimpleFold(f) {
				add = append(add, rng{f, f})
			}
		}
	}
	if add == nil {
		return s
	}
	return s.union(normalize(add))
}
