package urlpattern

import (
	"strconv"
	"strings"
)

// partType is a part's type.
// https://urlpattern.spec.whatwg.org/#part-type
type partType uint8

const (
	partFixedText partType = iota
	partRegexp
	partSegmentWildcard
	partFullWildcard
)

// modifier is a part's modifier.
// https://urlpattern.spec.whatwg.org/#part-modifier
type modifier uint8

const (
	modNone modifier = iota
	modOptional
	modZeroOrMore
	modOneOrMore
)

// part is one piece of a parsed pattern string: at most one matching group
// with its fixed prefix and suffix, or fixed text, and a modifier.
// https://urlpattern.spec.whatwg.org/#part
type part struct {
	typ      partType
	value    string
	modifier modifier
	name     string
	prefix   string
	suffix   string
}

// options is the options struct: the delimiter code point that ends a
// segment wildcard, the prefix code point that an optional or repeated
// group takes along, and ignore case.
// https://urlpattern.spec.whatwg.org/#options
type options struct {
	delimiter  string
	prefix     string
	ignoreCase bool
}

// The default, hostname and pathname options.
// https://urlpattern.spec.whatwg.org/#default-options
// https://urlpattern.spec.whatwg.org/#hostname-options
// https://urlpattern.spec.whatwg.org/#pathname-options
var (
	defaultOptions  = options{}
	hostnameOptions = options{delimiter: "."}
	pathnameOptions = options{delimiter: "/", prefix: "/"}
)

// encodingCallback validates and encodes a piece of fixed text.
// https://urlpattern.spec.whatwg.org/#encoding-callback
type encodingCallback func(string) (string, error)

// fullWildcardRegexpValue is the full wildcard regexp value.
// https://urlpattern.spec.whatwg.org/#full-wildcard-regexp-value
const fullWildcardRegexpValue = ".*"

// patternParser is the pattern parser struct.
// https://urlpattern.spec.whatwg.org/#pattern-parser
type patternParser struct {
	source                string
	tokenList             []token
	encodingCallback      encodingCallback
	segmentWildcardRegexp string
	partList              []part
	// pendingFixedValue grows by appends, which a string would copy
	// whole each time.
	pendingFixedValue []byte
	index             int
	nextNumericName   int

	// partStart and pendingStart are the code point indexes where the
	// tokens of the part being read and of the pending fixed value start,
	// to locate an encoding callback's error.
	partStart, pendingStart int
	// names holds the names of the parts added.
	names map[string]struct{}
}

// parsePatternString is parse a pattern string.
// https://urlpattern.spec.whatwg.org/#parse-a-pattern-string
func parsePatternString(input string, opts options, cb encodingCallback) ([]part, error) {
	// 1. Let parser be a new pattern parser whose encoding callback is encoding callback and segment wildcard regexp is the result of running generate a segment wildcard regexp given options.
	p := &patternParser{source: input, encodingCallback: cb, segmentWildcardRegexp: generateSegmentWildcardRegexp(opts)}
	// 2. Set parser's token list to the result of running tokenize given input and "strict".
	tokens, err := tokenize(input, policyStrict)
	if err != nil {
		return nil, err
	}
	p.tokenList = tokens
	// 3. While parser's index is less than parser's token list's size:
	for p.index < len(p.tokenList) {
		p.partStart = p.tokenList[p.index].index
		// 3.1. Let char token be the result of running try to consume a token given parser and "char".
		charToken := p.tryConsumeToken(tokChar)
		// 3.2. Let name token be the result of running try to consume a token given parser and "name".
		nameToken := p.tryConsumeToken(tokName)
		// 3.3. Let regexp or wildcard token be the result of running try to consume a regexp or wildcard token given parser and name token.
		regexpOrWildcardToken := p.tryConsumeRegexpOrWildcardToken(nameToken)
		// 3.4. If name token is not null or regexp or wildcard token is not null:
		if nameToken != nil || regexpOrWildcardToken != nil {
			// 3.4.1. Let prefix be the empty string.
			prefix := ""
			// 3.4.2. If char token is not null then set prefix to char token's value.
			if charToken != nil {
				prefix = charToken.value
			}
			// 3.4.3. If prefix is not the empty string and not options's prefix code point:
			if prefix != "" && prefix != opts.prefix {
				// 3.4.3.1. Append prefix to the end of parser's pending fixed value.
				p.appendPending(prefix)
				// 3.4.3.2. Set prefix to the empty string.
				prefix = ""
			}
			// 3.4.4. Run maybe add a part from the pending fixed value given parser.
			if err := p.maybeAddPartFromPendingFixedValue(); err != nil {
				return nil, err
			}
			// 3.4.5. Let modifier token be the result of running try to consume a modifier token given parser.
			modifierToken := p.tryConsumeModifierToken()
			// 3.4.6. Run add a part given parser, prefix, name token, regexp or wildcard token, the empty string, and modifier token.
			if err := p.addPart(prefix, nameToken, regexpOrWildcardToken, "", modifierToken); err != nil {
				return nil, err
			}
			// 3.4.7. Continue.
			continue
		}
		// 3.5. Let fixed token be char token.
		fixedToken := charToken
		// 3.6. If fixed token is null, then set fixed token to the result of running try to consume a token given parser and "escaped-char".
		if fixedToken == nil {
			fixedToken = p.tryConsumeToken(tokEscapedChar)
		}
		// 3.7. If fixed token is not null:
		if fixedToken != nil {
			// 3.7.1. Append fixed token's value to parser's pending fixed value.
			p.appendPending(fixedToken.value)
			// 3.7.2. Continue.
			continue
		}
		// 3.8. Let open token be the result of running try to consume a token given parser and "open".
		openToken := p.tryConsumeToken(tokOpen)
		// 3.9. If open token is not null:
		if openToken != nil {
			// 3.9.1. Let prefix be the result of running consume text given parser.
			prefix := p.consumeText()
			// 3.9.2. Set name token to the result of running try to consume a token given parser and "name".
			nameToken = p.tryConsumeToken(tokName)
			// 3.9.3. Set regexp or wildcard token to the result of running try to consume a regexp or wildcard token given parser and name token.
			regexpOrWildcardToken = p.tryConsumeRegexpOrWildcardToken(nameToken)
			// 3.9.4. Let suffix be the result of running consume text given parser.
			suffix := p.consumeText()
			// 3.9.5. Run consume a required token given parser and "close".
			if _, err := p.consumeRequiredToken(tokClose); err != nil {
				return nil, err
			}
			// 3.9.6. Let modifier token be the result of running try to consume a modifier token given parser.
			modifierToken := p.tryConsumeModifierToken()
			// 3.9.7. Run add a part given parser, prefix, name token, regexp or wildcard token, suffix, and modifier token.
			if err := p.addPart(prefix, nameToken, regexpOrWildcardToken, suffix, modifierToken); err != nil {
				return nil, err
			}
			// 3.9.8. Continue.
			continue
		}
		// 3.10. Run maybe add a part from the pending fixed value given parser.
		if err := p.maybeAddPartFromPendingFixedValue(); err != nil {
			return nil, err
		}
		// 3.11. Run consume a required token given parser and "end".
		if _, err := p.consumeRequiredToken(tokEnd); err != nil {
			return nil, err
		}
	}
	// 4. Return parser's part list.
	return p.partList, nil
}

// generateSegmentWildcardRegexp is generate a segment wildcard regexp.
// https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp
func generateSegmentWildcardRegexp(opts options) string {
	// 1. Let result be "[^".
	// 2. Append the result of running escape a regexp string given options's delimiter code point to the end of result.
	// 3. Append "]+?" to the end of result.
	// 4. Return result.
	return "[^" + escapeRegexpString(opts.delimiter) + "]+?"
}

// tryConsumeToken is try to consume a token.
// https://urlpattern.spec.whatwg.org/#try-to-consume-a-token
func (p *patternParser) tryConsumeToken(typ tokenType) *token {
	// 1. Assert: parser's index is less than parser's token list size.
	// 2. Let next token be parser's token list[parser's index].
	next := &p.tokenList[p.index]
	// 3. If next token's type is not type return null.
	if next.typ != typ {
		return nil
	}
	// 4. Increment parser's index by 1.
	p.index++
	// 5. Return next token.
	return next
}

// tryConsumeModifierToken is try to consume a modifier token.
// https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token
func (p *patternParser) tryConsumeModifierToken() *token {
	// 1. Let token be the result of running try to consume a token given parser and "other-modifier".
	// 2. If token is not null, then return token.
	if tok := p.tryConsumeToken(tokOtherModifier); tok != nil {
		return tok
	}
	// 3. Set token to the result of running try to consume a token given parser and "asterisk".
	// 4. Return token.
	return p.tryConsumeToken(tokAsterisk)
}

// tryConsumeRegexpOrWildcardToken is try to consume a regexp or wildcard
// token.
// https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token
func (p *patternParser) tryConsumeRegexpOrWildcardToken(nameToken *token) *token {
	// 1. Let token be the result of running try to consume a token given parser and "regexp".
	tok := p.tryConsumeToken(tokRegexp)
	// 2. If name token is null and token is null, then set token to the result of running try to consume a token given parser and "asterisk".
	if nameToken == nil && tok == nil {
		tok = p.tryConsumeToken(tokAsterisk)
	}
	// 3. Return token.
	return tok
}

// consumeRequiredToken is consume a required token.
// https://urlpattern.spec.whatwg.org/#consume-a-required-token
func (p *patternParser) consumeRequiredToken(typ tokenType) (*token, error) {
	// 1. Let result be the result of running try to consume a token given parser and type.
	result := p.tryConsumeToken(typ)
	// 2. If result is null, then throw a TypeError.
	if result == nil {
		tok := p.tokenList[p.index]
		want := "the end of the pattern"
		if typ == tokClose {
			want = "\"}\""
		}
		got := strconv.Quote(tok.value)
		if tok.typ == tokEnd {
			got = "the end of the pattern"
		}
		return nil, newError(ErrSyntax, p.source, tok.index, "expected "+want+", found "+got)
	}
	// 3. Return result.
	return result, nil
}

// consumeText is consume text.
// https://urlpattern.spec.whatwg.org/#consume-text
func (p *patternParser) consumeText() string {
	// 1. Let result be the empty string.
	var result strings.Builder
	// 2. While true:
	for {
		// 2.1. Let token be the result of running try to consume a token given parser and "char".
		tok := p.tryConsumeToken(tokChar)
		// 2.2. If token is null, then set token to the result of running try to consume a token given parser and "escaped-char".
		if tok == nil {
			tok = p.tryConsumeToken(tokEscapedChar)
		}
		// 2.3. If token is null, then break.
		if tok == nil {
			break
		}
		// 2.4. Append token's value to the end of result.
		result.WriteString(tok.value)
	}
	// 3. Return result.
	return result.String()
}

// appendPending appends s to the pending fixed value.
func (p *patternParser) appendPending(s string) {
	if len(p.pendingFixedValue) == 0 {
		p.pendingStart = p.partStart
	}
	p.pendingFixedValue = append(p.pendingFixedValue, s...)
}

// encode runs the encoding callback, locating its error at code point
// index at.
func (p *patternParser) encode(s string, at int) (string, error) {
	out, err := p.encodingCallback(s)
	if err != nil {
		return "", newError(ErrInvalidURL, p.source, at, err.Error())
	}
	return out, nil
}

// maybeAddPartFromPendingFixedValue is maybe add a part from the pending
// fixed value.
// https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value
func (p *patternParser) maybeAddPartFromPendingFixedValue() error {
	// 1. If parser's pending fixed value is the empty string, then return.
	if len(p.pendingFixedValue) == 0 {
		return nil
	}
	// 2. Let encoded value be the result of running parser's encoding callback given parser's pending fixed value.
	encoded, err := p.encode(string(p.pendingFixedValue), p.pendingStart)
	if err != nil {
		return err
	}
	// 3. Set parser's pending fixed value to the empty string.
	p.pendingFixedValue = p.pendingFixedValue[:0]
	// 4. Let part be a new part whose type is "fixed-text", value is encoded value, and modifier is "none".
	// 5. Append part to parser's part list.
	p.partList = append(p.partList, part{typ: partFixedText, value: encoded, modifier: modNone})
	return nil
}

// addPart is add a part.
// https://urlpattern.spec.whatwg.org/#add-a-part
func (p *patternParser) addPart(prefix string, nameToken, regexpOrWildcardToken *token, suffix string, modifierToken *token) error {
	// 1. Let modifier be "none".
	mod := modNone
	// 2. If modifier token is not null:
	if modifierToken != nil {
		switch modifierToken.value {
		// 2.1. If modifier token's value is "?" then set modifier to "optional".
		case "?":
			mod = modOptional
		// 2.2. Otherwise if modifier token's value is "*" then set modifier to "zero-or-more".
		case "*":
			mod = modZeroOrMore
		// 2.3. Otherwise if modifier token's value is "+" then set modifier to "one-or-more".
		case "+":
			mod = modOneOrMore
		}
	}
	// 3. If name token is null and regexp or wildcard token is null and modifier is "none":
	if nameToken == nil && regexpOrWildcardToken == nil && mod == modNone {
		// 3.1. Append prefix to the end of parser's pending fixed value.
		p.appendPending(prefix)
		// 3.2. Return.
		return nil
	}
	// 4. Run maybe add a part from the pending fixed value given parser.
	if err := p.maybeAddPartFromPendingFixedValue(); err != nil {
		return err
	}
	// 5. If name token is null and regexp or wildcard token is null:
	if nameToken == nil && regexpOrWildcardToken == nil {
		// 5.1. Assert: suffix is the empty string.
		// 5.2. If prefix is the empty string, then return.
		if prefix == "" {
			return nil
		}
		// 5.3. Let encoded value be the result of running parser's encoding callback given prefix.
		encoded, err := p.encode(prefix, p.partStart)
		if err != nil {
			return err
		}
		// 5.4. Let part be a new part whose type is "fixed-text", value is encoded value, and modifier is modifier.
		// 5.5. Append part to parser's part list.
		p.partList = append(p.partList, part{typ: partFixedText, value: encoded, modifier: mod})
		// 5.6. Return.
		return nil
	}
	// 6. Let regexp value be the empty string.
	regexpValue := ""
	switch {
	// 7. If regexp or wildcard token is null, then set regexp value to parser's segment wildcard regexp.
	case regexpOrWildcardToken == nil:
		regexpValue = p.segmentWildcardRegexp
	// 8. Otherwise if regexp or wildcard token's type is "asterisk", then set regexp value to the full wildcard regexp value.
	case regexpOrWildcardToken.typ == tokAsterisk:
		regexpValue = fullWildcardRegexpValue
	// 9. Otherwise set regexp value to regexp or wildcard token's value.
	default:
		regexpValue = regexpOrWildcardToken.value
	}
	// 10. Let type be "regexp".
	typ := partRegexp
	// 11. If regexp value is parser's segment wildcard regexp:
	if regexpValue == p.segmentWildcardRegexp {
		// 11.1. Set type to "segment-wildcard".
		typ = partSegmentWildcard
		// 11.2. Set regexp value to the empty string.
		regexpValue = ""
	} else if regexpValue == fullWildcardRegexpValue {
		// 12. Otherwise if regexp value is the full wildcard regexp value:
		// 12.1. Set type to "full-wildcard".
		typ = partFullWildcard
		// 12.2. Set regexp value to the empty string.
		regexpValue = ""
	}
	// 13. Let name be the empty string.
	name := ""
	if nameToken != nil {
		// 14. If name token is not null, then set name to name token's value.
		name = nameToken.value
	} else if regexpOrWildcardToken != nil {
		// 15. Otherwise if regexp or wildcard token is not null:
		// 15.1. Set name to parser's next numeric name, serialized.
		name = strconv.Itoa(p.nextNumericName)
		// 15.2. Increment parser's next numeric name by 1.
		p.nextNumericName++
	}
	// 16. If the result of running is a duplicate name given parser and name is true, then throw a TypeError.
	if p.isDuplicateName(name) {
		at := 0
		if nameToken != nil {
			at = nameToken.index
		}
		return newError(ErrSyntax, p.source, at, "duplicate group name "+strconv.Quote(name))
	}
	// 17. Let encoded prefix be the result of running parser's encoding callback given prefix.
	encodedPrefix, err := p.encode(prefix, p.partStart)
	if err != nil {
		return err
	}
	// 18. Let encoded suffix be the result of running parser's encoding callback given suffix.
	encodedSuffix, err := p.encode(suffix, p.partStart)
	if err != nil {
		return err
	}
	// 19. Let part be a new part whose type is type, value is regexp value, modifier is modifier, name is name, prefix is encoded prefix, and suffix is encoded suffix.
	// 20. Append part to parser's part list.
	p.partList = append(p.partList, part{typ: typ, value: regexpValue, modifier: mod, name: name, prefix: encodedPrefix, suffix: encodedSuffix})
	return nil
}

// isDuplicateName is is a duplicate name. The names of the part list are
// kept in a set as parts are added, so that a pattern with many groups
// costs linear time, not quadratic.
// https://urlpattern.spec.whatwg.org/#is-a-duplicate-name
func (p *patternParser) isDuplicateName(name string) bool {
	// 1. For each part of parser's part list:
	// 1.1. If part's name is name, then return true.
	if _, ok := p.names[name]; ok {
		return true
	}
	if p.names == nil {
		p.names = make(map[string]struct{})
	}
	p.names[name] = struct{}{}
	// 2. Return false.
	return false
}
