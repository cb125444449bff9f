package urlpattern

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

func TestTranslateRegexp(t *testing.T) {
	tests := []struct {
		src        string
		ignoreCase bool
		match      []string
		noMatch    []string
	}{
		{src: `^.$`, match: []string{"a", "\u00e9", "\t"}, noMatch: []string{"\n", "\r", "\u2028", "\u2029", ""}},
		{src: `^\s$`, match: []string{" ", "\u00a0", "\ufeff", "\u2028", "\v", "\u3000"}, noMatch: []string{"a", "\u200b"}},
		{src: `^\S$`, match: []string{"a"}, noMatch: []string{"\u00a0"}},
		{src: `^\w+$`, match: []string{"a_Z9"}, noMatch: []string{"\u00e9", "\u017f"}},
		{src: `^\w$`, ignoreCase: true, match: []string{"\u017f", "\u212a", "K"}, noMatch: []string{"\u00e9"}},
		{src: `^\W$`, ignoreCase: true, match: []string{"-"}, noMatch: []string{"\u017f", "\u212a", "k"}},
		{src: `^\d$`, match: []string{"7"}, noMatch: []string{"\u0667"}},
		{src: `^[^a]$`, ignoreCase: true, match: []string{"b"}, noMatch: []string{"a", "A"}},
		{src: `^[[a-z]--a]$`, match: []string{"z"}, noMatch: []string{"a", "A"}},
		{src: `^[\d&&[0-1]]$`, match: []string{"0", "1"}, noMatch: []string{"2"}},
		{src: `^[\q{x|y}z]$`, match: []string{"x", "y", "z"}, noMatch: []string{"w"}},
		{src: `^[\/\-\(]+$`, match: []string{"/-("}, noMatch: []string{"a"}},
		{src: `^[^]$`, match: []string{"\n", "a"}, noMatch: []string{""}},
		{src: `^[]$`, noMatch: []string{"a", ""}},
		{src: `^\u{1F345}\uD83C\uDF45$`, match: []string{"\U0001F345\U0001F345"}},
		{src: `^\x41\u0042\cJ\0$`, match: []string{"AB\n\x00"}},
		{src: `^\p{Lu}\P{Lu}\p{Script=Greek}$`, match: []string{"Aa\u03b1"}, noMatch: []string{"aa\u03b1"}},
		{src: `^\p{Letter}+$`, match: []string{"abc\u00e9"}, noMatch: []string{"1"}},
		{src: `^(?<year>\d{4})-(\d{2})$`, match: []string{"2024-05"}, noMatch: []string{"24-05"}},
		{src: `^(?i:ab)c$`, match: []string{"ABc"}, noMatch: []string{"ABC"}},
		{src: `^(?s:.)$`, match: []string{"\n"}},
		{src: `^a{2,3}?$`, match: []string{"aa", "aaa"}, noMatch: []string{"a"}},
		{src: `^\bfoo\b$`, match: []string{"foo"}},
		{src: `^caf\u00E9$`, ignoreCase: true, match: []string{"CAF\u00c9"}},
		{src: `^(?i:[^a])$`, match: []string{"b"}, noMatch: []string{"a", "A"}},
		{src: `^(?-i:[a])[a]$`, ignoreCase: true, match: []string{"aA"}, noMatch: []string{"AA"}},
		{src: `^(?i:\w)$`, match: []string{"\u212a"}},
	}
	for _, tc := range tests {
		goSrc, err := translateRegexp(tc.src, tc.ignoreCase)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		re, err := regexp.Compile(goSrc)
		if err != nil {
			t.Errorf("%s: translation %s does not compile: %v", tc.src, goSrc, err)
			continue
		}
		for _, s := range tc.match {
			if !re.MatchString(s) {
				t.Errorf("%s (%s) does not match %q", tc.src, goSrc, s)
			}
		}
		for _, s := range tc.noMatch {
			if re.MatchString(s) {
				t.Errorf("%s (%s) matches %q", tc.src, goSrc, s)
			}
		}
	}
}

func TestTranslateRegexpErrors(t *testing.T) {
	tests := []struct {
		src  string
		kind error
	}{
		{`a(?=b)`, ErrUnsupportedRegexp},
		{`a(?!b)`, ErrUnsupportedRegexp},
		{`(?<=a)b`, ErrUnsupportedRegexp},
		{`(?<!a)b`, ErrUnsupportedRegexp},
		{`(a)\1`, ErrUnsupportedRegexp},
		{`(?<n>a)\k<n>`, ErrUnsupportedRegexp},
		{`[\q{ab}]`, ErrUnsupportedRegexp},
		{`\p{Alphabetic}`, ErrUnsupportedRegexp},
		{`a{1001}`, ErrUnsupportedRegexp},
		{`(?m:^a)`, ErrUnsupportedRegexp},
		{`\m`, ErrInvalidRegexp},
		{`\H`, ErrInvalidRegexp},
		{`a{`, ErrInvalidRegexp},
		{`a}`, ErrInvalidRegexp},
		{`]`, ErrInvalidRegexp},
		{`*a`, ErrInvalidRegexp},
		{`[a-z&&b]`, ErrInvalidRegexp},
		{`[a&&b--c]`, ErrInvalidRegexp},
		{`[(]`, ErrInvalidRegexp},
		{`[a&&&b]`, ErrInvalidRegexp},
		{`[z-a]`, ErrInvalidRegexp},
		{`a{3,2}`, ErrInvalidRegexp},
		{`(?R)`, ErrInvalidRegexp},
		{`(a`, ErrInvalidRegexp},
		{`\u{110000}`, ErrInvalidRegexp},
		{`^*`, ErrInvalidRegexp},
	}
	for _, tc := range tests {
		_, err := translateRegexp(tc.src, false)
		if !errors.Is(err, tc.kind) {
			t.Errorf("%s: %v, want %v", tc.src, err, tc.kind)
		}
	}
}

// FuzzTranslateRegexp checks that the translation never panics and that
// what it accepts Go's regexp compiles, unless Go refuses its size.
func FuzzTranslateRegexp(f *testing.F) {
	for _, s := range []string{`[[a-z]--a]`, `[\d&&[0-1]]`, `(?<x>a)|b*?`, `\u{1F345}+`, `[^\q{a|b}]`, `(?i:[^a])`,
		`\p{Lu}{2,3}`, `.\s\S\w\W\b`, `a{1000}`, `[\-\/]`, `(?s-i:.)`} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, src string, ignoreCase bool) {
		goSrc, err := translateRegexp(src, ignoreCase)
		if err != nil {
			if !errors.Is(err, ErrInvalidRegexp) && !errors.Is(err, ErrUnsupportedRegexp) {
				t.Fatalf("%q: error %v wraps neither sentinel", src, err)
			}
			return
		}
		if _, err := regexp.Compile(goSrc); err != nil && !strings.Contains(err.Error(), "too large") && !strings.Contains(err.Error(), "nested too deeply") && !strings.Contains(err.Error(), "invalid repeat count") {
			t.Fatalf("%q translates to %q, which does not compile: %v", src, goSrc, err)
		}
	})
}
