package api

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf16"
)

func pairsOf(p *SearchParams) []Pair { return p.Pairs() }

func TestNewSearchParams(t *testing.T) {
	tests := []struct {
		init string
		want []Pair
	}{
		{"", []Pair{}},
		{"?", []Pair{}},
		{"?a=b&c", []Pair{{"a", "b"}, {"c", ""}}},
		// Only one leading "?" is removed.
		{"??a=b", []Pair{{"?a", "b"}}},
		{"a=b?c", []Pair{{"a", "b?c"}}},
		{"a=b+c&a=%7E", []Pair{{"a", "b c"}, {"a", "~"}}},
	}
	for _, tc := range tests {
		p := NewSearchParams(tc.init)
		if got := pairsOf(p); !slices.Equal(got, tc.want) {
			t.Errorf("NewSearchParams(%q) = %q, want %q", tc.init, got, tc.want)
		}
		if p.Size() != len(tc.want) {
			t.Errorf("NewSearchParams(%q).Size() = %d, want %d", tc.init, p.Size(), len(tc.want))
		}
	}
}

// TestSearchParamsStringNotes covers the standard's notes on how the
// serialization differs from a URL's search: "~" is percent-encoded and
// space is "+".
func TestSearchParamsStringNotes(t *testing.T) {
	tests := []struct{ init, want string }{
		{"a=b~", "a=b%7E"},
		{"a=b c", "a=b+c"},
		{"a=b%20c", "a=b+c"},
		{"a=b+c", "a=b+c"},
		{"a=%2B", "a=%2B"},
		{"a", "a="},
		{"&&", ""},
		{"a=b&&c=d", "a=b&c=d"},
		{"é=%C3%A9", "%C3%A9=%C3%A9"},
		{"a=%zz", "a=%25zz"},
		{"*-._!'()", "*-._%21%27%28%29="},
	}
	for _, tc := range tests {
		if got := NewSearchParams(tc.init).String(); got != tc.want {
			t.Errorf("NewSearchParams(%q).String() = %q, want %q", tc.init, got, tc.want)
		}
	}

	// A URL's search percent-encodes space as %20 and keeps "~"; its
	// searchParams serializes with "+" and "%7E".
	u, err := NewURL("https://example.com/?a=b c~")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := u.Search(), "?a=b%20c~"; got != want {
		t.Errorf("Search() = %q, want %q", got, want)
	}
	if got, want := u.SearchParams().String(), "a=b+c%7E"; got != want {
		t.Errorf("SearchParams().String() = %q, want %q", got, want)
	}
}

func TestSearchParamsMethods(t *testing.T) {
	p := NewSearchParams("a=1&b=2&a=3&c=&a=1")
	if got, ok := p.Get("a"); got != "1" || !ok {
		t.Errorf(`Get("a") = %q, %v, want "1", true`, got, ok)
	}
	if got, ok := p.Get("c"); got != "" || !ok {
		t.Errorf(`Get("c") = %q, %v, want "", true`, got, ok)
	}
	if got, ok := p.Get("z"); got != "" || ok {
		t.Errorf(`Get("z") = %q, %v, want "", false (null)`, got, ok)
	}
	if got, want := p.GetAll("a"), []string{"1", "3", "1"}; !slices.Equal(got, want) {
		t.Errorf(`GetAll("a") = %q, want %q (list order)`, got, want)
	}
	if got := p.GetAll("z"); len(got) != 0 {
		t.Errorf(`GetAll("z") = %q, want empty`, got)
	}
	if !p.Has("a") || !p.Has("c") || p.Has("z") || p.Has("A") {
		t.Error("Has is wrong")
	}
	if !p.HasValue("a", "3") || p.HasValue("a", "2") || !p.HasValue("c", "") || p.HasValue("z", "") {
		t.Error("HasValue is wrong")
	}

	// delete(name, value) removes only the matching pairs.
	p.DeleteValue("a", "1")
	if got, want := p.String(), "b=2&a=3&c="; got != want {
		t.Errorf("after DeleteValue: %q, want %q", got, want)
	}
	p.DeleteValue("a", "nope")
	if p.Size() != 3 {
		t.Errorf("DeleteValue of an absent pair changed the list: %q", p.String())
	}

	// set: the first pair keeps its position, the others go.
	p.Append("a", "4")
	p.Append("b", "5")
	if got, want := p.String(), "b=2&a=3&c=&a=4&b=5"; got != want {
		t.Errorf("after Append: %q, want %q", got, want)
	}
	p.Set("b", "x")
	if got, want := p.String(), "b=x&a=3&c=&a=4"; got != want {
		t.Errorf("after Set: %q, want %q", got, want)
	}
	p.Set("new", "y")
	if got, want := p.String(), "b=x&a=3&c=&a=4&new=y"; got != want {
		t.Errorf("after Set of a new name: %q, want %q", got, want)
	}

	p.Delete("a")
	if got, want := p.String(), "b=x&c=&new=y"; got != want {
		t.Errorf("after Delete: %q, want %q", got, want)
	}
	if p.Size() != 3 {
		t.Errorf("Size() = %d, want 3", p.Size())
	}
	p.Delete("zzz")
	if p.Size() != 3 {
		t.Errorf("Delete of an absent name changed the list")
	}

	// Names and values are compared as scalar value strings.
	p.Append("\xff", "\xE2\x82")
	if got, ok := p.Get("\uFFFD"); !ok || got != "\uFFFD" {
		t.Errorf("invalid UTF-8 not read as U+FFFD: Get = %q, %v", got, ok)
	}
	if !p.Has("\xfe") {
		t.Error(`Has("\xfe") = false, want true (both are U+FFFD)`)
	}
}

func TestSearchParamsZeroValue(t *testing.T) {
	var p SearchParams
	if p.Size() != 0 || p.String() != "" || p.Has("a") {
		t.Fatal("zero SearchParams is not empty")
	}
	p.Append("a", "b")
	p.Sort()
	p.Set("c", "d")
	if got, want := p.String(), "a=b&c=d"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSearchParamsSortStable(t *testing.T) {
	p := NewSearchParams("z=1&a=1&z=2&a=2&z=3&b=&a=3")
	p.Sort()
	if got, want := p.String(), "a=1&a=2&a=3&b=&z=1&z=2&z=3"; got != want {
		t.Errorf("Sort: %q, want %q", got, want)
	}
	// Equal names keep their order for any list: sort many pairs with
	// few names and check the values of each name are still ascending.
	r := rand.New(rand.NewPCG(1, 2))
	q := new(SearchParams)
	for i := range 1000 {
		q.Append(string(rune('a'+r.IntN(5))), string(rune('0'+i%10))+string(rune('A'+i/10%26))+string(rune('a'+i/260)))
	}
	before := q.Pairs()
	q.Sort()
	var want []Pair
	for _, name := range []string{"a", "b", "c", "d", "e"} {
		for _, pr := range before {
			if pr.Name == name {
				want = append(want, pr)
			}
		}
	}
	if !slices.Equal(q.Pairs(), want) {
		t.Error("Sort is not stable")
	}
}

// TestSearchParamsSortUTF16 pins the direction of the UTF-16 code unit
// order: a code point above U+FFFF (a surrogate pair, D800-DBFF first)
// sorts before U+E000-U+FFFF, although its UTF-8 encoding is greater.
func TestSearchParamsSortUTF16(t *testing.T) {
	const astral = "\U0001F600" // UTF-16 D83D DE00, UTF-8 F0 9F 98 80
	const pua = "\uE000"        // UTF-16 E000, UTF-8 EE 80 80
	if !(pua < astral) {
		t.Fatal("Go byte order: want U+E000 < U+1F600")
	}
	if compareUTF16(astral, pua) != -1 || compareUTF16(pua, astral) != 1 {
		t.Fatal("UTF-16 order: want U+1F600 < U+E000")
	}
	p := NewSearchParamsFromPairs([][2]string{
		{"\uFFFF", "1"}, {pua, "2"}, {astral, "3"}, {"\uD7FF", "4"}, {"é", "5"},
		{"z", "6"}, {"\U0010FFFF", "7"}, {"\uFF21", "8"}, {"", "9"}, {"a" + pua, "10"}, {"a" + astral, "11"},
	})
	p.Sort()
	var got []string
	for name := range p.Keys() {
		got = append(got, name)
	}
	want := []string{"", "a" + astral, "a" + pua, "z", "é", "\uD7FF", astral, "\U0010FFFF", pua, "\uFF21", "\uFFFF"}
	if !slices.Equal(got, want) {
		t.Errorf("Sort order:\n got %+q\nwant %+q", got, want)
	}
}

// TestCompareUTF16 checks compareUTF16 against comparing the UTF-16
// encodings, on random strings from an alphabet around the boundaries.
func TestCompareUTF16(t *testing.T) {
	alphabet := []rune{0, 'a', 'b', 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF}
	r := rand.New(rand.NewPCG(3, 4))
	gen := func() string {
		s := make([]rune, r.IntN(4))
		for i := range s {
			s[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(s)
	}
	for range 20000 {
		a, b := gen(), gen()
		want := slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
		if got := compareUTF16(a, b); got != want {
			t.Fatalf("compareUTF16(%+q, %+q) = %d, want %d", a, b, got, want)
		}
	}
}

func TestNewSearchParamsFromSequences(t *testing.T) {
	p, err := NewSearchParamsFromSequences([][]string{{"a", "1"}, {"b", "2"}, {"a", "3"}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.String(), "a=1&b=2&a=3"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, bad := range [][][]string{{{"a"}}, {{"a", "b"}, {"a", "b", "c"}}, {{}}} {
		p, err := NewSearchParamsFromSequences(bad)
		if p != nil || !errors.Is(err, ErrSequenceSize) {
			t.Errorf("NewSearchParamsFromSequences(%q) = %v, %v, want nil, ErrSequenceSize", bad, p, err)
		}
	}
	if p, err := NewSearchParamsFromSequences(nil); err != nil || p.Size() != 0 {
		t.Errorf("NewSearchParamsFromSequences(nil) = %v, %v", p, err)
	}
}

func TestNewSearchParamsFromMap(t *testing.T) {
	p := NewSearchParamsFromMap(map[string]string{"b": "2", "a": "1", "\uE000": "3", "\U0001F600": "4", "a b": "5"})
	if got, want := p.String(), "a=1&a+b=5&b=2&%F0%9F%98%80=4&%EE%80%80=3"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// Keys equal as scalar value strings are one record entry; the value of
	// the greatest original key wins.
	p = NewSearchParamsFromMap(map[string]string{"\xff": "1", "\xfe": "2", "\uFFFD": "3"})
	if got := p.Pairs(); !slices.Equal(got, []Pair{{"\uFFFD", "1"}}) {
		t.Errorf("got %q, want one U+FFFD pair with value 1", got)
	}
}

func TestSearchParamsIterators(t *testing.T) {
	p := NewSearchParams("a=1&b=2&a=3")
	var got []Pair
	for n, v := range p.All() {
		got = append(got, Pair{n, v})
	}
	if !slices.Equal(got, []Pair{{"a", "1"}, {"b", "2"}, {"a", "3"}}) {
		t.Errorf("All = %q", got)
	}
	if got := slices.Collect(p.Keys()); !slices.Equal(got, []string{"a", "b", "a"}) {
		t.Errorf("Keys = %q", got)
	}
	if got := slices.Collect(p.Values()); !slices.Equal(got, []string{"1", "2", "3"}) {
		t.Errorf("Values = %q", got)
	}
	// Break early.
	for range p.All() {
		break
	}
	// As in JavaScript, the iterator reads the live list by index: a pair
	// appended while iterating is visited; deleting the current pair skips
	// the next one.
	q := NewSearchParams("a=1&b=2")
	var names []string
	for n := range q.Keys() {
		names = append(names, n)
		if n == "a" {
			q.Append("c", "3")
		}
	}
	if !slices.Equal(names, []string{"a", "b", "c"}) {
		t.Errorf("append while iterating: %q", names)
	}
	q = NewSearchParams("a=1&b=2&c=3")
	names = nil
	for n := range q.Keys() {
		names = append(names, n)
		if n == "a" {
			q.Delete("a")
		}
	}
	if !slices.Equal(names, []string{"a", "c"}) {
		t.Errorf("delete while iterating: %q", names)
	}
}

// TestSearchParamsBound checks the URL object binding: every change
// updates the URL's query, an empty list makes the query null, and the
// href and search setters replace the list.
func TestSearchParamsBound(t *testing.T) {
	u, err := NewURL("https://example.com/path?a=1&b=2#frag")
	if err != nil {
		t.Fatal(err)
	}
	p := u.SearchParams()
	if p != u.SearchParams() {
		t.Fatal("SearchParams() is not the same object")
	}
	p.Append("c", "x y")
	if got, want := u.Href(), "https://example.com/path?a=1&b=2&c=x+y#frag"; got != want {
		t.Errorf("after Append: %q, want %q", got, want)
	}
	p.Delete("a")
	p.Set("b", "~")
	if got, want := u.Href(), "https://example.com/path?b=%7E&c=x+y#frag"; got != want {
		t.Errorf("after Delete, Set: %q, want %q", got, want)
	}
	p.Sort()
	p.DeleteValue("c", "x y")
	if got, want := u.Href(), "https://example.com/path?b=%7E#frag"; got != want {
		t.Errorf("after Sort, DeleteValue: %q, want %q", got, want)
	}
	// Update 3: the empty serialization makes the query null (no "?").
	p.Delete("b")
	if got, want := u.Href(), "https://example.com/path#frag"; got != want {
		t.Errorf("after deleting everything: %q, want %q", got, want)
	}
	u.SetSearch("?x=1&y=%7E")
	if got := p.Pairs(); !slices.Equal(got, []Pair{{"x", "1"}, {"y", "~"}}) {
		t.Errorf("after SetSearch: list %q", got)
	}
	if err := u.SetHref("https://example.org/?q=%C3%A9"); err != nil {
		t.Fatal(err)
	}
	if got, ok := p.Get("q"); !ok || got != "é" {
		t.Errorf("after SetHref: Get(q) = %q, %v", got, ok)
	}
	// A read-only operation does not rewrite the query.
	u2, _ := NewURL("https://example.com/?a=b%20c~")
	u2.SearchParams().Get("a")
	u2.SearchParams().Has("a")
	if got, want := u2.Href(), "https://example.com/?a=b%20c~"; got != want {
		t.Errorf("reading changed the href: %q, want %q", got, want)
	}
	// An unbound SearchParams (made from the URL's search) leaves it alone.
	q := NewSearchParams(u2.Search())
	q.Sort()
	q.Append("z", "1")
	if got, want := u2.Href(), "https://example.com/?a=b%20c~"; got != want {
		t.Errorf("unbound params changed the URL: %q, want %q", got, want)
	}
}

type specSearchParamsExample struct {
	Comment      string            `json:"comment"`
	InitRecord   map[string]string `json:"init_record"`
	ToString     *string           `json:"to_string"`
	URL          string            `json:"url"`
	Href         *string           `json:"href"`
	Search       *string           `json:"search"`
	SortedHref   *string           `json:"sorted_href"`
	SortedSearch *string           `json:"sorted_search"`
	Get          map[string]string `json:"get"`
}

type specExamplesAPI struct {
	PublicSuffix []struct {
		Host              string  `json:"host"`
		PublicSuffix      *string `json:"public_suffix"`
		RegistrableDomain *string `json:"registrable_domain"`
	} `json:"public_suffix"`
	DomainToASCII []struct {
		Domain   string  `json:"domain"`
		BeStrict bool    `json:"be_strict"`
		Output   *string `json:"output"`
	} `json:"domain_to_ascii"`
	URLSearchParams []specSearchParamsExample `json:"url_search_params"`
}

func loadSpecExamplesAPI(t *testing.T) specExamplesAPI {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "spec-examples-api.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex specExamplesAPI
	if err := json.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	return ex
}

func TestSpecExamplesSearchParams(t *testing.T) {
	ex := loadSpecExamplesAPI(t)
	if len(ex.URLSearchParams) == 0 {
		t.Fatal("no examples")
	}
	for _, tc := range ex.URLSearchParams {
		if tc.InitRecord != nil {
			p := NewSearchParamsFromMap(tc.InitRecord)
			if tc.ToString != nil && p.String() != *tc.ToString {
				t.Errorf("%s: String() = %q, want %q", tc.Comment, p.String(), *tc.ToString)
			}
			continue
		}
		u, err := NewURL(tc.URL)
		if err != nil {
			t.Errorf("%s: NewURL(%q): %v", tc.Comment, tc.URL, err)
			continue
		}
		if tc.Href != nil && u.Href() != *tc.Href {
			t.Errorf("%s: href = %q, want %q", tc.Comment, u.Href(), *tc.Href)
		}
		if tc.Search != nil && u.Search() != *tc.Search {
			t.Errorf("%s: search = %q, want %q", tc.Comment, u.Search(), *tc.Search)
		}
		for name, want := range tc.Get {
			if got, ok := u.SearchParams().Get(name); !ok || got != want {
				t.Errorf("%s: get(%q) = %q, %v, want %q", tc.Comment, name, got, ok, want)
			}
		}
		if tc.SortedHref != nil || tc.SortedSearch != nil {
			u.SearchParams().Sort()
			if tc.SortedHref != nil && u.Href() != *tc.SortedHref {
				t.Errorf("%s: href after sort = %q, want %q", tc.Comment, u.Href(), *tc.SortedHref)
			}
			if tc.SortedSearch != nil && u.Search() != *tc.SortedSearch {
				t.Errorf("%s: search after sort = %q, want %q", tc.Comment, u.Search(), *tc.SortedSearch)
			}
		}
	}
}

var searchParamsSink string

// TestSearchParamsAllocs checks that a SearchParams its caller keeps to
// itself is not allocated (NewSearchParams is inlined), and that a query
// with nothing to decode costs its list and its serialization only.
func TestSearchParamsAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() {
		p := NewSearchParams("?")
		p.Sort()
		searchParamsSink = p.String()
	}); n != 0 {
		t.Errorf("empty query: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		p := NewSearchParams("?b=2&a=1&c=%41")
		p.Sort()
		searchParamsSink = p.String()
	}); n > 3 {
		t.Errorf("b=2&a=1&c=%%41: %v allocations, want at most 3 (list, decoded block, serialization)", n)
	}
}
