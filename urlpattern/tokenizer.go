package urlpattern

import "unicode"

// tokenType is a token's type.
// https://urlpattern.spec.whatwg.org/#token-type
type tokenType uint8

const (
	tokInvalidChar tokenType = iota
	tokOpen
	tokClose
	tokRegexp
	tokName
	tokChar
	tokEscapedChar
	tokOtherModifier
	tokAsterisk
	tokEnd
)

// token is a single lexical token of a pattern string: its type, the code
// point index where it starts (index) and the code points it stands for
// (value).
// https://urlpattern.spec.whatwg.org/#token
type token struct {
	typ   tokenType
	index int
	value string
}

// tokenizePolicy is a tokenize policy: strict fails on an invalid code
// point, lenient turns it into an invalid-char token.
// https://urlpattern.spec.whatwg.org/#tokenize-policy
type tokenizePolicy uint8

const (
	policyStrict tokenizePolicy = iota
	policyLenient
)

// tokenizer is the tokenizer struct; input is held as code points because
// every index of the algorithm counts code points.
// https://urlpattern.spec.whatwg.org/#tokenizer
type tokenizer struct {
	input     []rune
	source    string
	policy    tokenizePolicy
	tokenList []token
	index     int
	nextIndex int
	codePoint rune
}

// tokenize runs the tokenize algorithm on input with policy.
// https://urlpattern.spec.whatwg.org/#tokenize
func tokenize(input string, policy tokenizePolicy) ([]token, error) {
	// 1. Let tokenizer be a new tokenizer.
	// 2. Set tokenizer's input to input.
	// 3. Set tokenizer's policy to policy.
	t := &tokenizer{input: []rune(input), source: input, policy: policy}
	n := len(t.input)
	// 4. While tokenizer's index is less than tokenizer's input's code point length:
	for t.index < n {
		// 4.1. Run seek and get the next code point given tokenizer and tokenizer's index.
		t.seekAndGetNextCodePoint(t.index)
		switch t.codePoint {
		// 4.2. If tokenizer's code point is U+002A (*):
		case '*':
			// 4.2.1. Run add a token with default position and length given tokenizer and "asterisk".
			t.addTokenWithDefaultPositionAndLength(tokAsterisk)
			// 4.2.2. Continue.
			continue
		// 4.3. If tokenizer's code point is U+002B (+) or U+003F (?):
		case '+', '?':
			// 4.3.1. Run add a token with default position and length given tokenizer and "other-modifier".
			t.addTokenWithDefaultPositionAndLength(tokOtherModifier)
			// 4.3.2. Continue.
			continue
		// 4.4. If tokenizer's code point is U+005C (\):
		case '\\':
			// 4.4.1. If tokenizer's index is equal to tokenizer's input's code point length − 1:
			if t.index == n-1 {
				// 4.4.1.1. Run process a tokenizing error given tokenizer, tokenizer's next index, and tokenizer's index.
				if err := t.processTokenizingError(t.nextIndex, t.index, "a pattern cannot end with a backslash"); err != nil {
					return nil, err
				}
				// 4.4.1.2. Continue.
				continue
			}
			// 4.4.2. Let escaped index be tokenizer's next index.
			escapedIndex := t.nextIndex
			// 4.4.3. Run get the next code point given tokenizer.
			t.getNextCodePoint()
			// 4.4.4. Run add a token with default length given tokenizer, "escaped-char", tokenizer's next index, and escaped index.
			t.addTokenWithDefaultLength(tokEscapedChar, t.nextIndex, escapedIndex)
			// 4.4.5. Continue.
			continue
		// 4.5. If tokenizer's code point is U+007B ({):
		case '{':
			// 4.5.1. Run add a token with default position and length given tokenizer and "open".
			t.addTokenWithDefaultPositionAndLength(tokOpen)
			// 4.5.2. Continue.
			continue
		// 4.6. If tokenizer's code point is U+007D (}):
		case '}':
			// 4.6.1. Run add a token with default position and length given tokenizer and "close".
			t.addTokenWithDefaultPositionAndLength(tokClose)
			// 4.6.2. Continue.
			continue
		// 4.7. If tokenizer's code point is U+003A (:):
		case ':':
			// 4.7.1. Let name position be tokenizer's next index.
			namePosition := t.nextIndex
			// 4.7.2. Let name start be name position.
			nameStart := namePosition
			// 4.7.3. While name position is less than tokenizer's input's code point length:
			for namePosition < n {
				// 4.7.3.1. Run seek and get the next code point given tokenizer and name position.
				t.seekAndGetNextCodePoint(namePosition)
				// 4.7.3.2. Let first code point be true if name position equals name start and false otherwise.
				firstCodePoint := namePosition == nameStart
				// 4.7.3.3. Let valid code point be the result of running is a valid name code point given tokenizer's code point and first code point.
				validCodePoint := isValidNameCodePoint(t.codePoint, firstCodePoint)
				// 4.7.3.4. If valid code point is false break.
				if !validCodePoint {
					break
				}
				// 4.7.3.5. Set name position to tokenizer's next index.
				namePosition = t.nextIndex
			}
			// 4.7.4. If name position is less than or equal to name start:
			if namePosition <= nameStart {
				// 4.7.4.1. Run process a tokenizing error given tokenizer, name start, and tokenizer's index.
				if err := t.processTokenizingError(nameStart, t.index, "a \":\" must be followed by a group name"); err != nil {
					return nil, err
				}
				// 4.7.4.2. Continue.
				continue
			}
			// 4.7.5. Run add a token with default length given tokenizer, "name", name position, and name start.
			t.addTokenWithDefaultLength(tokName, namePosition, nameStart)
			// 4.7.6. Continue.
			continue
		// 4.8. If tokenizer's code point is U+0028 (():
		case '(':
			if err := t.regexpGroup(); err != nil {
				return nil, err
			}
			continue
		}
		// 4.9. Run add a token with default position and length given tokenizer and "char".
		t.addTokenWithDefaultPositionAndLength(tokChar)
	}
	// 5. Run add a token with default length given tokenizer, "end", tokenizer's index, and tokenizer's index.
	t.addTokenWithDefaultLength(tokEnd, t.index, t.index)
	// 6. Return tokenizer's token list.
	return t.tokenList, nil
}

// regexpGroup is step 4.8 of tokenize: a "(" starts a regexp token that
// runs to its balanced ")".
// https://urlpattern.spec.whatwg.org/#tokenize
func (t *tokenizer) regexpGroup() error {
	n := len(t.input)
	// 4.8.1. Let depth be 1.
	depth := 1
	// 4.8.2. Let regexp position be tokenizer's next index.
	regexpPosition := t.nextIndex
	// 4.8.3. Let regexp start be regexp position.
	regexpStart := regexpPosition
	// 4.8.4. Let error be false.
	var failed error
	reason := ""
	// 4.8.5. While regexp position is less than tokenizer's input's code point length:
	for regexpPosition < n {
		// 4.8.5.1. Run seek and get the next code point given tokenizer and regexp position.
		t.seekAndGetNextCodePoint(regexpPosition)
		// 4.8.5.2. If tokenizer's code point is not an ASCII code point:
		if t.codePoint > 0x7F {
			// 4.8.5.2.1. Run process a tokenizing error given tokenizer, regexp start, and tokenizer's index.
			// 4.8.5.2.2. Set error to true.
			// 4.8.5.2.3. Break.
			reason = "a regexp group may only contain ASCII code points"
			failed = t.processTokenizingError(regexpStart, t.index, reason)
			break
		}
		// 4.8.5.3. If regexp position equals regexp start and tokenizer's code point is U+003F (?):
		if regexpPosition == regexpStart && t.codePoint == '?' {
			// 4.8.5.3.1-3. Run process a tokenizing error ...; set error to true; break.
			reason = "a regexp group cannot start with \"?\""
			failed = t.processTokenizingError(regexpStart, t.index, reason)
			break
		}
		// 4.8.5.4. If tokenizer's code point is U+005C (\):
		if t.codePoint == '\\' {
			// 4.8.5.4.1. If regexp position equals tokenizer's input's code point length − 1:
			if regexpPosition == n-1 {
				// 4.8.5.4.1.1-3. Run process a tokenizing error ...; set error to true; break.
				reason = "a regexp group cannot end with a backslash"
				failed = t.processTokenizingError(regexpStart, t.index, reason)
				break
			}
			// 4.8.5.4.2. Run get the next code point given tokenizer.
			t.getNextCodePoint()
			// 4.8.5.4.3. If tokenizer's code point is not an ASCII code point:
			if t.codePoint > 0x7F {
				// 4.8.5.4.3.1-3. Run process a tokenizing error ...; set error to true; break.
				reason = "a regexp group may only contain ASCII code points"
				failed = t.processTokenizingError(regexpStart, t.index, reason)
				break
			}
			// 4.8.5.4.4. Set regexp position to tokenizer's next index.
			regexpPosition = t.nextIndex
			// 4.8.5.4.5. Continue.
			continue
		}
		// 4.8.5.5. If tokenizer's code point is U+0029 ()):
		if t.codePoint == ')' {
			// 4.8.5.5.1. Decrement depth by 1.
			depth--
			// 4.8.5.5.2. If depth is 0:
			if depth == 0 {
				// 4.8.5.5.2.1. Set regexp position to tokenizer's next index.
				regexpPosition = t.nextIndex
				// 4.8.5.5.2.2. Break.
				break
			}
		} else if t.codePoint == '(' {
			// 4.8.5.6. Otherwise if tokenizer's code point is U+0028 (():
			// 4.8.5.6.1. Increment depth by 1.
			depth++
			// 4.8.5.6.2. If regexp position equals tokenizer's input's code point length − 1:
			if regexpPosition == n-1 {
				// 4.8.5.6.2.1-3. Run process a tokenizing error ...; set error to true; break.
				reason = "a regexp group is not closed"
				failed = t.processTokenizingError(regexpStart, t.index, reason)
				break
			}
			// 4.8.5.6.3. Let temporary position be tokenizer's next index.
			temporaryPosition := t.nextIndex
			// 4.8.5.6.4. Run get the next code point given tokenizer.
			t.getNextCodePoint()
			// 4.8.5.6.5. If tokenizer's code point is not U+003F (?):
			if t.codePoint != '?' {
				// 4.8.5.6.5.1-3. Run process a tokenizing error ...; set error to true; break.
				reason = "a group inside a regexp group must be non-capturing (\"(?\")"
				failed = t.processTokenizingError(regexpStart, t.index, reason)
				break
			}
			// 4.8.5.6.6. Set tokenizer's next index to temporary position.
			t.nextIndex = temporaryPosition
		}
		// 4.8.5.7. Set regexp position to tokenizer's next index.
		regexpPosition = t.nextIndex
	}
	// 4.8.6. If error is true continue.
	if reason != "" {
		return failed
	}
	// 4.8.7. If depth is not zero:
	if depth != 0 {
		// 4.8.7.1. Run process a tokenizing error given tokenizer, regexp start, and tokenizer's index.
		// 4.8.7.2. Continue.
		return t.processTokenizingError(regexpStart, t.index, "a regexp group is not closed")
	}
	// 4.8.8. Let regexp length be regexp position − regexp start − 1.
	regexpLength := regexpPosition - regexpStart - 1
	// 4.8.9. If regexp length is zero:
	if regexpLength == 0 {
		// 4.8.9.1. Run process a tokenizing error given tokenizer, regexp start, and tokenizer's index.
		// 4.8.9.2. Continue.
		return t.processTokenizingError(regexpStart, t.index, "a regexp group cannot be empty")
	}
	// 4.8.10. Run add a token given tokenizer, "regexp", regexp position, regexp start, and regexp length.
	t.addToken(tokRegexp, regexpPosition, regexpStart, regexpLength)
	// 4.8.11. Continue.
	return nil
}

// getNextCodePoint is get the next code point.
// https://urlpattern.spec.whatwg.org/#get-the-next-code-point
func (t *tokenizer) getNextCodePoint() {
	// 1. Set tokenizer's code point to the Unicode code point in tokenizer's input at the position indicated by tokenizer's next index.
	t.codePoint = t.input[t.nextIndex]
	// 2. Increment tokenizer's next index by 1.
	t.nextIndex++
}

// seekAndGetNextCodePoint is seek and get the next code point.
// https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point
func (t *tokenizer) seekAndGetNextCodePoint(index int) {
	// 1. Set tokenizer's next index to index.
	t.nextIndex = index
	// 2. Run get the next code point given tokenizer.
	t.getNextCodePoint()
}

// addToken is add a token.
// https://urlpattern.spec.whatwg.org/#add-a-token
func (t *tokenizer) addToken(typ tokenType, nextPosition, valuePosition, valueLength int) {
	// 1. Let token be a new token.
	// 2. Set token's type to type.
	// 3. Set token's index to tokenizer's index.
	// 4. Set token's value to the code point substring from value position with length value length within tokenizer's input.
	tok := token{typ: typ, index: t.index, value: string(t.input[valuePosition : valuePosition+valueLength])}
	// 5. Append token to the back of tokenizer's token list.
	t.tokenList = append(t.tokenList, tok)
	// 6. Set tokenizer's index to next position.
	t.index = nextPosition
}

// addTokenWithDefaultLength is add a token with default length.
// https://urlpattern.spec.whatwg.org/#add-a-token-with-default-length
func (t *tokenizer) addTokenWithDefaultLength(typ tokenType, nextPosition, valuePosition int) {
	// 1. Let computed length be next position − value position.
	computedLength := nextPosition - valuePosition
	// 2. Run add a token given tokenizer, type, next position, value position, and computed length.
	t.addToken(typ, nextPosition, valuePosition, computedLength)
}

// addTokenWithDefaultPositionAndLength is add a token with default position
// and length.
// https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length
func (t *tokenizer) addTokenWithDefaultPositionAndLength(typ tokenType) {
	// 1. Run add a token with default length given tokenizer, type, tokenizer's next index, and tokenizer's index.
	t.addTokenWithDefaultLength(typ, t.nextIndex, t.index)
}

// processTokenizingError is process a tokenizing error; reason says what is
// wrong for the strict policy's error.
// https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error
func (t *tokenizer) processTokenizingError(nextPosition, valuePosition int, reason string) error {
	// 1. If tokenizer's policy is "strict", then throw a TypeError.
	if t.policy == policyStrict {
		return newError(ErrSyntax, t.source, valuePosition, reason)
	}
	// 2. Assert: tokenizer's policy is "lenient".
	// 3. Run add a token with default length given tokenizer, "invalid-char", next position, and value position.
	t.addTokenWithDefaultLength(tokInvalidChar, nextPosition, valuePosition)
	return nil
}

// isValidNameCodePoint is is a valid name code point: ECMAScript's
// IdentifierStart (first) or IdentifierPart code points.
// https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point
func isValidNameCodePoint(c rune, first bool) bool {
	// 1. If first is true return the result of checking if code point is contained in the IdentifierStart set of code points.
	if first {
		return c == '$' || c == '_' || isIDStart(c)
	}
	// 2. Otherwise return the result of checking if code point is contained in the IdentifierPart set of code points.
	return c == '$' || c == '\u200C' || c == '\u200D' || isIDContinue(c)
}

// isIDStart reports Unicode's ID_Start property: letters, letter numbers
// and Other_ID_Start, less Pattern_Syntax and Pattern_White_Space.
func isIDStart(c rune) bool {
	if unicode.Is(unicode.Pattern_Syntax, c) || unicode.Is(unicode.Pattern_White_Space, c) {
		return false
	}
	return unicode.IsLetter(c) || unicode.Is(unicode.Nl, c) || unicode.Is(unicode.Other_ID_Start, c)
}

// isIDContinue reports Unicode's ID_Continue property: ID_Start with
// combining marks, decimal digits, connector punctuation and
// Other_ID_Continue.
func isIDContinue(c rune) bool {
	if isIDStart(c) {
		return true
	}
	if unicode.Is(unicode.Pattern_Syntax, c) || unicode.Is(unicode.Pattern_White_Space, c) {
		return false
	}
	return unicode.In(c, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}
