package urlpattern

import (
	"encoding/json"
	"errors"
	"testing"
)

// patternFromJSON builds a pattern from a WPT value: a constructor string
// or an Init dictionary.
func patternFromJSON(raw json.RawMessage) (*Pattern, error) {
	return construct([]json.RawMessage{raw})
}

func TestWPTCompareComponent(t *testing.T) {
	type compareCase struct {
		Component string          `json:"component"`
		Left      json.RawMessage `json:"left"`
		Right     json.RawMessage `json:"right"`
		Expected  int             `json:"expected"`
	}
	cases := loadWPT[compareCase](t, "urlpattern-compare-test-data.json")
	pass := 0
	for _, tc := range cases {
		c, ok := ParseComponent(tc.Component)
		if !ok {
			t.Fatalf("unknown component %q", tc.Component)
		}
		left, err := patternFromJSON(tc.Left)
		if err != nil {
			t.Fatalf("%s: %v", tc.Left, err)
		}
		right, err := patternFromJSON(tc.Right)
		if err != nil {
			t.Fatalf("%s: %v", tc.Right, err)
		}
		ok = true
		for _, check := range []struct {
			l, r *Pattern
			want int
		}{{left, right, tc.Expected}, {right, left, -tc.Expected}, {left, left, 0}} {
			if got := CompareComponent(c, check.l, check.r); got != check.want {
				t.Errorf("CompareComponent(%s, %s, %s) = %d, want %d", tc.Component, tc.Left, tc.Right, got, check.want)
				ok = false
			}
		}
		if ok {
			pass++
		}
	}
	t.Logf("urlpattern-compare-test-data.json: %d/%d pass", pass, len(cases))
}

func TestWPTGenerate(t *testing.T) {
	type generateCase struct {
		Pattern   json.RawMessage   `json:"pattern"`
		Component string            `json:"component"`
		Groups    map[string]string `json:"groups"`
		Expected  *string           `json:"expected"`
	}
	cases := loadWPT[generateCase](t, "urlpattern-generate-test-data.json")
	pass := 0
	for _, tc := range cases {
		p, err := patternFromJSON(tc.Pattern)
		if err != nil {
			t.Fatalf("%s: %v", tc.Pattern, err)
		}
		c, ok := ParseComponent(tc.Component)
		if !ok {
			// generate() with an invalid component throws, as the
			// expected null says; Go's Component type cannot name one.
			if tc.Expected != nil {
				t.Errorf("%s: component %q is not valid, want %q", tc.Pattern, tc.Component, *tc.Expected)
			} else {
				pass++
			}
			continue
		}
		got, err := p.Generate(c, tc.Groups)
		switch {
		case tc.Expected == nil && err == nil:
			t.Errorf("Generate(%s, %s, %v) = %q, want an error", tc.Pattern, tc.Component, tc.Groups, got)
		case tc.Expected != nil && err != nil:
			t.Errorf("Generate(%s, %s, %v): %v, want %q", tc.Pattern, tc.Component, tc.Groups, err, *tc.Expected)
		case tc.Expected != nil && got != *tc.Expected:
			t.Errorf("Generate(%s, %s, %v) = %q, want %q", tc.Pattern, tc.Component, tc.Groups, got, *tc.Expected)
		default:
			pass++
		}
	}
	t.Logf("urlpattern-generate-test-data.json: %d/%d pass", pass, len(cases))
}

func TestCompareUTF16(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"a", "b", -1}, {"b", "a", 1}, {"ab", "a", 1}, {"", "", 0}, {"a", "a", 0},
		{"\U0001F345", "\uFFFD", -1}, {"\uE000", "\U00010000", 1}, {"\u00e9", "z", 1},
	}
	for _, tc := range tests {
		if got := compareUTF16(tc.a, tc.b); got != tc.want {
			t.Errorf("compareUTF16(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestInvalidComponent checks that a Component past ComponentHash fails
// Generate and compares as equal, rather than indexing past the
// components.
func TestInvalidComponent(t *testing.T) {
	p, q := MustNew("https://example.com/:id"), MustNew("https://example.com/x")
	for _, c := range []Component{ComponentHash + 1, 255} {
		if _, err := p.Generate(c, map[string]string{"id": "1"}); !errors.Is(err, ErrInvalidInput) {
			t.Errorf("Generate(%d): %v, want ErrInvalidInput", c, err)
		}
		if r := CompareComponent(c, p, q); r != 0 {
			t.Errorf("CompareComponent(%d) = %d, want 0", c, r)
		}
	}
}
