package urlpattern

import "strings"

// generateRegexpAndNameList is generate a regular expression and name list:
// the ECMAScript regular expression source that the standard matches a
// component with, and the group names in capture order.
// https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list
func generateRegexpAndNameList(partList []part, opts options) (string, []string) {
	var result strings.Builder
	// 1. Let result be "^".
	result.WriteString("^")
	// 2. Let name list be a new list.
	var nameList []string
	// 3. For each part of part list:
	for _, pt := range partList {
		// 3.1. If part's type is "fixed-text":
		if pt.typ == partFixedText {
			if pt.modifier == modNone {
				// 3.1.1. If part's modifier is "none", then append the result of running escape a regexp string given part's value to the end of result.
				result.WriteString(escapeRegexpString(pt.value))
			} else {
				// 3.1.2. Otherwise:
				// 3.1.2.1. Append "(?:" to the end of result.
				result.WriteString("(?:")
				// 3.1.2.2. Append the result of running escape a regexp string given part's value to the end of result.
				result.WriteString(escapeRegexpString(pt.value))
				// 3.1.2.3. Append ")" to the end of result.
				result.WriteString(")")
				// 3.1.2.4. Append the result of running convert a modifier to a string given part's modifier to the end of result.
				result.WriteString(modifierString(pt.modifier))
			}
			// 3.1.3. Continue.
			continue
		}
		// 3.2. Assert: part's name is not the empty string.
		// 3.3. Append part's name to name list.
		nameList = append(nameList, pt.name)
		// 3.4. Let regexp value be part's value.
		regexpValue := pt.value
		if pt.typ == partSegmentWildcard {
			// 3.5. If part's type is "segment-wildcard", then set regexp value to the result of running generate a segment wildcard regexp given options.
			regexpValue = generateSegmentWildcardRegexp(opts)
		} else if pt.typ == partFullWildcard {
			// 3.6. Otherwise if part's type is "full-wildcard", then set regexp value to full wildcard regexp value.
			regexpValue = fullWildcardRegexpValue
		}
		// 3.7. If part's prefix is the empty string and part's suffix is the empty string:
		if pt.prefix == "" && pt.suffix == "" {
			if pt.modifier == modNone || pt.modifier == modOptional {
				// 3.7.1. If part's modifier is "none" or "optional", then:
				// 3.7.1.1. Append "(" to the end of result.
				// 3.7.1.2. Append regexp value to the end of result.
				// 3.7.1.3. Append ")" to the end of result.
				// 3.7.1.4. Append the result of running convert a modifier to a string given part's modifier to the end of result.
				result.WriteString("(" + regexpValue + ")" + modifierString(pt.modifier))
			} else {
				// 3.7.2. Otherwise:
				// 3.7.2.1. Append "((?:" to the end of result.
				// 3.7.2.2. Append regexp value to the end of result.
				// 3.7.2.3. Append ")" to the end of result.
				// 3.7.2.4. Append the result of running convert a modifier to a string given part's modifier to the end of result.
				// 3.7.2.5. Append ")" to the end of result.
				result.WriteString("((?:" + regexpValue + ")" + modifierString(pt.modifier) + ")")
			}
			// 3.7.3. Continue.
			continue
		}
		// 3.8. If part's modifier is "none" or "optional":
		if pt.modifier == modNone || pt.modifier == modOptional {
			// 3.8.1. Append "(?:" to the end of result.
			result.WriteString("(?:")
			// 3.8.2. Append the result of running escape a regexp string given part's prefix to the end of result.
			result.WriteString(escapeRegexpString(pt.prefix))
			// 3.8.3. Append "(" to the end of result.
			// 3.8.4. Append regexp value to the end of result.
			// 3.8.5. Append ")" to the end of result.
			result.WriteString("(" + regexpValue + ")")
			// 3.8.6. Append the result of running escape a regexp string given part's suffix to the end of result.
			result.WriteString(escapeRegexpString(pt.suffix))
			// 3.8.7. Append ")" to the end of result.
			result.WriteString(")")
			// 3.8.8. Append the result of running convert a modifier to a string given part's modifier to the end of result.
			result.WriteString(modifierString(pt.modifier))
			// 3.8.9. Continue.
			continue
		}
		// 3.9. Assert: part's modifier is "zero-or-more" or "one-or-more".
		// 3.10. Assert: part's prefix is not the empty string or part's suffix is not the empty string.
		// 3.11. Append "(?:" to the end of result.
		result.WriteString("(?:")
		// 3.12. Append the result of running escape a regexp string given part's prefix to the end of result.
		result.WriteString(escapeRegexpString(pt.prefix))
		// 3.13. Append "((?:" to the end of result.
		result.WriteString("((?:")
		// 3.14. Append regexp value to the end of result.
		result.WriteString(regexpValue)
		// 3.15. Append ")(?:" to the end of result.
		result.WriteString(")(?:")
		// 3.16. Append the result of running escape a regexp string given part's suffix to the end of result.
		result.WriteString(escapeRegexpString(pt.suffix))
		// 3.17. Append the result of running escape a regexp string given part's prefix to the end of result.
		result.WriteString(escapeRegexpString(pt.prefix))
		// 3.18. Append "(?:" to the end of result.
		result.WriteString("(?:")
		// 3.19. Append regexp value to the end of result.
		result.WriteString(regexpValue)
		// 3.20. Append "))*)" to the end of result.
		result.WriteString("))*)")
		// 3.21. Append the result of running escape a regexp string given part's suffix to the end of result.
		result.WriteString(escapeRegexpString(pt.suffix))
		// 3.22. Append ")" to the end of result.
		result.WriteString(")")
		// 3.23. If part's modifier is "zero-or-more" then append "?" to the end of result.
		if pt.modifier == modZeroOrMore {
			result.WriteString("?")
		}
	}
	// 4. Append "$" to the end of result.
	result.WriteString("$")
	// 5. Return (result, name list).
	return result.String(), nameList
}

// escapeRegexpString is escape a regexp string.
// https://urlpattern.spec.whatwg.org/#escape-a-regexp-string
func escapeRegexpString(input string) string {
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
		// 4.3. If c is one of . + * ? ^ $ { } ( ) [ ] | / \, then append "\" to the end of result.
		if strings.IndexByte(`.+*?^${}()[]|/\`, c) >= 0 {
			result.WriteByte('\\')
		}
		// 4.4. Append c to the end of result.
		result.WriteByte(c)
	}
	// 5. Return result.
	return result.String()
}

// modifierString is convert a modifier to a string.
// https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string
func modifierString(m modifier) string {
	switch m {
	// 1. If modifier is "zero-or-more", then return "*".
	case modZeroOrMore:
		return "*"
	// 2. If modifier is "optional", then return "?".
	case modOptional:
		return "?"
	// 3. If modifier is "one-or-more", then return "+".
	case modOneOrMore:
		return "+"
	}
	// 4. Return the empty string.
	return ""
}
