package span_test

import (
	"slices"
	"testing"

	"github.com/spanurl/spanurl/span"
)

func TestPathSegments(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"https://h/", []string{""}},
		{"https://h/a/b", []string{"a", "b"}},
		{"https://h/a/b/", []string{"a", "b", ""}},
		{"https://h/a%2Fb/c%20d", []string{"a/b", "c d"}},
		{"https://h//x", []string{"", "x"}},
		{"https://h/%FF", []string{"\xff"}},
		{"https://h/100%", []string{"100%"}},
		{"foo://h", nil},
		{"mailto:a@b/c", nil},
		{"foo:/a/b", []string{"a", "b"}},
	} {
		got := slices.Collect(span.MustParse(c.in).PathSegments())
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
	var n int
	for range span.MustParse("https://h/a/b/c").PathSegments() {
		if n++; n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("break after 2: ran %d", n)
	}
}

func TestQueryPairs(t *testing.T) {
	type pair struct{ k, v string }
	for _, c := range []struct {
		in   string
		want []pair
	}{
		{"https://h/", nil},
		{"https://h/?", nil},
		{"https://h/?a=1&b=2&a=3", []pair{{"a", "1"}, {"b", "2"}, {"a", "3"}}},
		{"https://h/?a+b=c%20d&&e&=f#x=y", []pair{{"a b", "c d"}, {"e", ""}, {"", "f"}}},
		{"https://h/?q=%FF&r=%E2%82%AC", []pair{{"q", "\uFFFD"}, {"r", "€"}}},
		{"https://h/?x=a=b", []pair{{"x", "a=b"}}},
	} {
		var got []pair
		for k, v := range span.MustParse(c.in).QueryPairs() {
			got = append(got, pair{k, v})
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
}

// TestIteratorAllocs: values that need no decoding cost no allocation.
func TestIteratorAllocs(t *testing.T) {
	u := span.MustParse("https://example.com/a/b/c/d?x=1&y=2&z=three")
	var n int
	allocs := testing.AllocsPerRun(100, func() {
		for s := range u.PathSegments() {
			n += len(s)
		}
		for k, v := range u.QueryPairs() {
			n += len(k) + len(v)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations", allocs)
	}
}
