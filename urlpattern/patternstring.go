package urlpattern

import (
	"strings"
	"unicode/utf8"
)

// generatePatternString is generate a pattern string: the normalized
// pattern string of a part list.
// https://urlpattern.spec.whatwg.org/#generate-a-pattern-string
func generatePatternString(partList []part, opts options) string {
	// 1. Let result be the empty string.
	var result strings.Builder
	// 2. Let index list be the result of getting the indices for part list.
	// 3. For each index of index list:
	for index := range partList {
		// 3.1. Let part be part list[index].
		pt := &partList[index]
		// 3.2. Let previous part be part list[index - 1] if index is greater than 0, otherwise let it be null.
		var previousPart *part
		if index > 0 {
			previousPart = &partList[index-1]
		}
		// 3.3. Let next part be part list[index + 1] if index is less than index list's size - 1, otherwise let it be null.
		var nextPart *part
		if index < len(partList)-1 {
			nextPart = &partList[index+1]
		}
		// 3.4. If part's type is "fixed-text" then:
		if pt.typ == partFixedText {
			// 3.4.1. If part's modifier is "none" then:
			if pt.modifier == modNone {
				// 3.4.1.1. Append the result of running escape a pattern string given part's value to the end of result.
				result.WriteString(escapePatternString(pt.value))
				// 3.4.1.2. Continue.
				continue
			}
			// 3.4.2. Append "{" to the end of result.
			// 3.4.3. Append the result of running escape a pattern string given part's value to the end of result.
			// 3.4.4. Append "}" to the end of result.
			// 3.4.5. Append the result of running convert a modifier to a string given part's modifier to the end of result.
			result.WriteString("{" + escapePatternString(pt.value) + "}" + modifierString(pt.modifier))
			// 3.4.6. Continue.
			continue
		}
		// 3.5. Let custom name be true if part's name[0] is not an ASCII digit; otherwise false.
		customName := !isASCIIDigit(pt.name[0])
		// 3.6. Let needs grouping be true if at least one of the following are true, otherwise let it be false:
		// part's suffix is not the empty string; part's prefix is not the empty string and is not options's prefix code point.
		needsGrouping := pt.suffix != "" || (pt.prefix != "" && pt.prefix != opts.prefix)
		// 3.7. If all of the following are true: needs grouping is false; custom name is true; part's type is "segment-wildcard"; part's modifier is "none"; next part is not null; next part's prefix is the empty string; and next part's suffix is the empty string
		if !needsGrouping && customName && pt.typ == partSegmentWildcard && pt.modifier == modNone &&
			nextPart != nil && nextPart.prefix == "" && nextPart.suffix == "" {
			if nextPart.typ == partFixedText {
				// 3.7.1. If next part's type is "fixed-text":
				// 3.7.1.1. Set needs grouping to true if the result of running is a valid name code point given next part's value's first code point and the boolean false is true.
				first, _ := utf8.DecodeRuneInString(nextPart.value)
				needsGrouping = isValidNameCodePoint(first, false)
			} else {
				// 3.7.2. Otherwise:
				// 3.7.2.1. Set needs grouping to true if next part's name[0] is an ASCII digit.
				needsGrouping = isASCIIDigit(nextPart.name[0])
			}
		}
		// 3.8. If all of the following are true: needs grouping is false; part's prefix is the empty string; previous part is not null; previous part's type is "fixed-text"; and previous part's value's last code point is options's prefix code point. then set needs grouping to true.
		if !needsGrouping && pt.prefix == "" && previousPart != nil && previousPart.typ == partFixedText {
			last, _ := utf8.DecodeLastRuneInString(previousPart.value)
			if opts.prefix != "" && string(last) == opts.prefix {
				needsGrouping = true
			}
		}
		// 3.9. Assert: part's name is not the empty string or null.
		// 3.10. If needs grouping is true, then append "{" to the end of result.
		if needsGrouping {
			result.WriteString("{")
		}
		// 3.11. Append the result of running escape a pattern string given part's prefix to the end of result.
		result.WriteString(escapePatternString(pt.prefix))
		// 3.12. If custom name is true:
		if customName {
			// 3.12.1. Append ":" to the end of result.
			// 3.12.2. Append part's name to the end of result.
			result.WriteString(":" + pt.name)
		}
		switch {
		// 3.13. If part's type is "regexp" then:
		case pt.typ == partRegexp:
			// 3.13.1. Append "(" to the end of result.
			// 3.13.2. Append part's value to the end of result.
			// 3.13.3. Append ")" to the end of result.
			result.WriteString("(" + pt.value + ")")
		// 3.14. Otherwise if part's type is "segment-wildcard" and custom name is false:
		case pt.typ == partSegmentWildcard && !customName:
			// 3.14.1. Append "(" to the end of result.
			// 3.14.2. Append the result of running generate a segment wildcard regexp given options to the end of result.
			// 3.14.3. Append ")" to the end of result.
			result.WriteString("(" + generateSegmentWildcardRegexp(opts) + ")")
		// 3.15. Otherwise if part's type is "full-wildcard":
		case pt.typ == partFullWildcard:
			// 3.15.1. If custom name is false and one of the following is true: previous part is null; or previous part's type is "fixed-text"; or previous part's modifier is not "none"; or needs grouping is true; or part's prefix is not the empty string then append "*" to the end of result.
			if !customName && (previousPart == nil || previousPart.typ == partFixedText || previousPart.modifier != modNone || needsGrouping || pt.prefix != "") {
				result.WriteString("*")
			} else {
				// 3.15.2. Otherwise:
				// 3.15.2.1. Append "(" to the end of result.
				// 3.15.2.2. Append full wildcard regexp value to the end of result.
				// 3.15.2.3. Append ")" to the end of result.
				result.WriteString("(" + fullWildcardRegexpValue + ")")
			}
		}
		// 3.16. If all of the following are true: part's type is "segment-wildcard"; and custom name is true; and part's suffix is not the empty string; and The result of running is a valid name code point given part's suffix's first code point and the boolean false is true then append U+005C (\) to the end of result.
		if pt.typ == partSegmentWildcard && customName && pt.suffix != "" {
			first, _ := utf8.DecodeRuneInString(pt.suffix)
			if isValidNameCodePoint(first, false) {
				result.WriteString(`\`)
			}
		}
		// 3.17. Append the result of running escape a pattern string given part's suffix to the end of result.
		result.WriteString(escapePatternString(pt.suffix))
		// 3.18. If needs grouping is true, then append "}" to the end of result.
		if needsGrouping {
			result.WriteString("}")
		}
		// 3.19. Append the result of running convert a modifier to a string given part's modifier to the end of result.
		result.WriteString(modifierString(pt.modifier))
	}
	// 4. Return result.
	return result.String()
}

// escapePatternString is escape a pattern string.
// https://urlpattern.spec.whatwg.org/#escape-a-pattern-string
func escapePatternString(input string) string {
	// 1. Assert: input is an ASCII string.
	// 2. Let result be the empty string.
	var result strings.Builder
	// 3. Let index be 0.
	// 4. While index is less than input's length:
	for index := 0; index < len(input); {
		// 4.1. Let c be input[index].
		c := input[index]
		// 4.2. Increment index by 1.
		index++
		// 4.3. If c is one of + * ? : { } ( ) \, then append U+005C (\) to the end of result.
		if strings.IndexByte(`+*?:{}()\`, c) >= 0 {
			result.WriteByte('\\')
		}
		// 4.4. Append c to the end of result.
		result.WriteByte(c)
	}
	// 5. Return result.
	return result.String()
}

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }
