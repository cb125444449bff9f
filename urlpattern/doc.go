// Package urlpattern is the WHATWG URL Pattern Standard: URL patterns
// such as "https://*.example.com/books/:id", compiled once and matched
// against URLs component by component.
//
// The standard's IDL maps onto Go as follows:
//
//	new URLPattern(input, baseURL, options)   NewWithOptions(input, options, baseURL)
//	new URLPattern(input, baseURL)            New(input, baseURL)
//	new URLPattern(init, options)             NewFromInit(init, options)
//	pattern.test(url, baseURL)                p.Test(url, baseURL), p.TestURL(span.URL)
//	pattern.test(init)                        p.TestInit(init)
//	pattern.exec(url, baseURL)                p.Exec(url, baseURL), p.ExecURL(span.URL)
//	pattern.exec(init)                        p.ExecInit(init)
//	pattern.protocol ... pattern.hash         p.Protocol() ... p.Hash()
//	pattern.hasRegExpGroups                   p.HasRegExpGroups()
//	TypeError                                 *Error wrapping ErrSyntax, ErrInvalidURL,
//	                                          ErrInvalidRegexp, ErrUnsupportedRegexp or
//	                                          ErrInvalidInput
//
// test(init, baseURL), which the standard makes throw, has no Go
// counterpart: an Init carries its base URL in Init.BaseURL.
//
// A group that did not take part in a match (the standard's undefined) is
// a Group with Matched false; an empty match is Matched with Value "".
//
// CompareComponent and Generate are the proposed compareComponent and
// generate (tentative in the web-platform-tests). Router holds many
// patterns and returns the most specific that matches, narrowing the
// candidates with a trie over their pathnames' leading fixed text; Mux
// serves HTTP with it, on the URL httpurl.FromRequest builds.
//
// # Matching
//
// Most components (fixed text, named groups, wildcards and modifiers in
// the shapes of routes) are matched by a direct matcher over the parsed
// parts, in one pass with no backtracking and no regexp; TestURL then
// allocates nothing and ExecURL only its Result. The others use Go's
// regexp on the translated expression. Both take time linear in the
// input, and they are tested to agree wherever both run.
//
// The standard's algorithms are transcribed step by step, one comment per
// step with the standard's names: the tokenizer with both policies, the
// pattern parser, the constructor string parser, part list to regular
// expression and to pattern string, the canonicalization callbacks (which
// run the URL parser with a state override through package api's setters
// on a dummy URL), and URLPatternInit processing.
//
// # Regular expressions
//
// The standard matches each component with an ECMAScript regular
// expression with the v flag (and i for ignoreCase). The package
// translates those, with the regexp groups they contain such as
// ":id(\\d+)", to Go's regexp (RE2), which matches in linear time. The
// translation keeps ECMAScript's meaning where the two differ in syntax:
//
//   - "." matches any code point but the line terminators \n, \r, U+2028
//     and U+2029; \s is ECMAScript's white space and line terminators; \w,
//     \d and their negations are ASCII; with the i flag, \w takes in
//     U+017F and U+212A, which fold to "s" and "k".
//   - Character classes use the v flag's syntax: nested classes,
//     intersection ("&&"), subtraction ("--"), \q{...} of single code
//     points, and escapes of the class set punctuators.
//   - Escapes: \f \n \r \t \v, \cX, \0, \xHH, \uHHHH (surrogate pairs
//     combine), \u{H...}, and the identity escapes of syntax characters
//     and "/". Other identity escapes (such as \m) are errors, as with the
//     v flag.
//   - \p{...} and \P{...} for General_Category values (short and long
//     names, with or without "General_Category=" or "gc="), scripts
//     ("Script=" or "sc="), Any and ASCII.
//   - Quantifiers *, +, ?, {n}, {n,}, {n,m}, greedy or lazy, up to 1000.
//   - Groups: capturing, non-capturing, named "(?<name>...)" (counted by
//     index, as the standard reads them), and modifiers "(?i:...)",
//     "(?s:...)" and their "-" forms.
//   - Assertions ^, $, \b, \B.
//
// What RE2 cannot express makes the constructor fail with
// ErrUnsupportedRegexp: lookahead and lookbehind, backreferences (\1,
// \k<name>), the m flag in a modifier group, \q{...} strings of other than
// one code point, Unicode properties other than the ones above (binary
// properties, Script_Extensions, properties of strings), and repetition
// counts above 1000. Invalid ECMAScript fails with ErrInvalidRegexp.
//
// Two matching differences remain for custom regexp groups: RE2 keeps the
// value a group captured in an earlier iteration of a quantifier where
// ECMAScript resets it, and RE2 accepts an empty iteration of a quantified
// group that can match the empty string where ECMAScript rejects it
// (except "(.*)?", the one such form the standard generates, which is
// translated to match as ECMAScript does).
package urlpattern
