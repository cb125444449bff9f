package slow

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/spanurl/spanurl/internal/lineartest"
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/testvectors"
)

// encPercent runs percent-encode after encoding with the encoding label
// (failing t on an unknown label).
func encPercent(t *testing.T, label, input string, set *pct.Set, spaceAsPlus bool) string {
	t.Helper()
	enc, err := LookupEncoding(label)
	if err != nil {
		t.Fatalf("LookupEncoding(%q): %v", label, err)
	}
	return string(appendPercentEncodeAfterEncoding(nil, enc, []byte(input), set, spaceAsPlus))
}

// TestPercentEncodingWPT runs percent-encoding.json as WPT does: a document
// in each encoding parses "https://doesnotmatter.invalid/?INPUT#INPUT"; the
// query goes through percent-encode after encoding with the document's
// encoding and the special-query percent-encode set, the fragment through
// UTF-8 and the fragment percent-encode set.
func TestPercentEncodingWPT(t *testing.T) {
	type row struct {
		Input  string            `json:"input"`
		Output map[string]string `json:"output"`
	}
	rows := testvectors.LoadJSON[row](t, "percent-encoding.json")
	if len(rows) == 0 {
		t.Fatal("percent-encoding.json has no tests")
	}
	for _, r := range rows {
		for label, want := range r.Output {
			if got := encPercent(t, label, r.Input, &pct.SpecialQuerySet, false); got != want {
				t.Errorf("query: %q in %s = %q, want %q", r.Input, label, got, want)
			}
		}
		want, ok := r.Output["utf-8"]
		if !ok {
			t.Errorf("%q: no utf-8 output", r.Input)
			continue
		}
		if got := string(appendPercentEncodeAfterEncoding(nil, nil, []byte(r.Input), &pct.FragmentSet, false)); got != want {
			t.Errorf("fragment: %q = %q, want %q", r.Input, got, want)
		}
	}
}

// TestPercentEncodeAfterEncodingSpecExamples is the URL Standard's table of
// examples under "Percent-encoded bytes".
func TestPercentEncodeAfterEncodingSpecExamples(t *testing.T) {
	tests := []struct {
		label       string
		input       string
		set         *pct.Set
		setName     string
		spaceAsPlus bool
		want        string
	}{
		{"Shift_JIS", " ", &pct.UserinfoSet, "userinfo", false, "%20"},
		{"Shift_JIS", "≡", &pct.UserinfoSet, "userinfo", false, "%81%DF"},
		{"Shift_JIS", "‽", &pct.UserinfoSet, "userinfo", false, "%26%238253%3B"},
		// The standard's table gives "%1B(J\%1B(B" with the userinfo set,
		// but that set contains U+005C (\), so the algorithm gives %5C;
		// whatwg/url#896 changed the example to the special-query set,
		// which gives "%1B(J\%1B(B". Both follow from the algorithm.
		{"ISO-2022-JP", "¥", &pct.UserinfoSet, "userinfo", false, "%1B(J%5C%1B(B"},
		{"ISO-2022-JP", "¥", &pct.SpecialQuerySet, "special-query", false, `%1B(J\%1B(B`},
		{"Shift_JIS", "1+1 ≡ 2%20‽", &pct.UserinfoSet, "userinfo", true, "1+1+%81%DF+2%20%26%238253%3B"},
		// whatwg/url#896 moved that example to the form-urlencoded set.
		{"Shift_JIS", "1+1 ≡ 2%20‽", &pct.FormURLEncodedSet, "form-urlencoded", true, "1%2B1+%81%DF+2%2520%26%238253%3B"},
		{"UTF-8", "≡", &pct.UserinfoSet, "userinfo", false, "%E2%89%A1"},
		{"UTF-8", "‽", &pct.UserinfoSet, "userinfo", false, "%E2%80%BD"},
		{"UTF-8", "Say what‽", &pct.UserinfoSet, "userinfo", false, "Say%20what%E2%80%BD"},
	}
	for _, tt := range tests {
		if got := encPercent(t, tt.label, tt.input, tt.set, tt.spaceAsPlus); got != tt.want {
			t.Errorf("%s, %q, %s set, spaceAsPlus %v = %q, want %q", tt.label, tt.input, tt.setName, tt.spaceAsPlus, got, tt.want)
		}
	}
}

func TestLookupEncoding(t *testing.T) {
	tests := []struct {
		label string
		want  string // Name(); "" for an error
		isNil bool   // UTF-8 (nil)
	}{
		{"utf-8", "UTF-8", true},
		{"UTF8", "UTF-8", true},
		{"unicode-1-1-utf-8", "UTF-8", true},
		{"x-unicode20utf8", "UTF-8", true},
		// get an output encoding: UTF-16BE/LE and replacement are UTF-8.
		{"utf-16", "UTF-8", true},
		{"utf-16be", "UTF-8", true},
		{"UnicodeFFFE", "UTF-8", true},
		{"ucs-2", "UTF-8", true},
		{"replacement", "UTF-8", true},
		{"iso-2022-kr", "UTF-8", true},
		{"hz-gb-2312", "UTF-8", true},
		{" SHIFT_JIS ", "Shift_JIS", false},
		{"\t\n\f\r x-sjis \r\n\f\t", "Shift_JIS", false},
		{"windows-31j", "Shift_JIS", false},
		{"latin1", "windows-1252", false},
		{"iso-8859-1", "windows-1252", false},
		{"ASCII", "windows-1252", false},
		{"us-ascii", "windows-1252", false},
		{"iso-8859-9", "windows-1254", false},
		{"iso-8859-11", "windows-874", false},
		{"iso-8859-8-i", "ISO-8859-8-I", false},
		{"logical", "ISO-8859-8-I", false},
		{"visual", "ISO-8859-8", false},
		{"koi8-r", "KOI8-R", false},
		{"koi8-ru", "KOI8-U", false},
		{"x-mac-ukrainian", "x-mac-cyrillic", false},
		{"mac", "macintosh", false},
		{"866", "IBM866", false},
		{"gb2312", "GBK", false},
		{"GB18030", "gb18030", false},
		{"big5-hkscs", "Big5", false},
		{"cseucpkdfmtjapanese", "EUC-JP", false},
		{"csiso2022jp", "ISO-2022-JP", false},
		{"windows-949", "EUC-KR", false},
		{"x-user-defined", "x-user-defined", false},
		{"iso_8859-2:1987", "ISO-8859-2", false},
		// Failures.
		{"", "", false},
		{"   ", "", false},
		{"utf-7", "", false},
		{"iso-8859-12", "", false},
		{"utf8 ", "UTF-8", true},
		{"\vutf-8", "", false},            // U+000B is not ASCII whitespace
		{"\u00a0utf-8", "", false},        // nor is U+00A0
		{"utf-8\u0085", "", false},        // nor U+0085
		{"\u212aoi8-r", "", false},        // KELVIN SIGN is not ASCII K
		{"utf\u017f8", "", false},         // LATIN SMALL LETTER LONG S
		{"unicode-1-1-utf-8x", "", false}, // no prefix matching
		{"shift_jis\x00", "", false},
		{strings.Repeat("a", 1000), "", false},
	}
	for _, tt := range tests {
		e, err := LookupEncoding(tt.label)
		if tt.want == "" {
			var le *EncodingLabelError
			if err == nil || !errors.As(err, &le) || le.Label != tt.label {
				t.Errorf("LookupEncoding(%q) = %v, %v; want an *EncodingLabelError", tt.label, e.Name(), err)
			}
			continue
		}
		if err != nil {
			t.Errorf("LookupEncoding(%q): %v", tt.label, err)
			continue
		}
		if (e == nil) != tt.isNil || e.Name() != tt.want {
			t.Errorf("LookupEncoding(%q) = %q (nil %v), want %q (nil %v)", tt.label, e.Name(), e == nil, tt.want, tt.isNil)
		}
	}
	if n := (*Encoding)(nil).Name(); n != "UTF-8" {
		t.Errorf("nil Name() = %q", n)
	}
	// Every output encoding is found by its own name, as the same value.
	for canonical, want := range outputEncodings() {
		if want == nil {
			continue
		}
		e, err := LookupEncoding(want.Name())
		if err != nil || e != want {
			t.Errorf("LookupEncoding(%q) = %v, %v; want the %s encoding", want.Name(), e, err, canonical)
		}
		if e.lookup == nil && e.kind != kindXUserDefined {
			t.Errorf("%s has no x/text encoder", e.Name())
		}
	}
	if n := len(outputEncodings()); n != len(encodingNames)+len(utf8OutputNames) {
		t.Errorf("%d output encodings, want %d", n, len(encodingNames)+len(utf8OutputNames))
	}
}

// TestPercentEncodeAfterEncodingEncoders checks each encoder on the cases
// where x/text's encoders differ from the Encoding Standard's (see the list
// in encoding.go), with the special-query percent-encode set unless noted.
func TestPercentEncodeAfterEncodingEncoders(t *testing.T) {
	tests := []struct {
		label, input, want string
	}{
		// Single-byte: the C1 entries x/text drops.
		{"windows-1252", "\u0081\u008d\u008f\u0090\u009d", "%81%8D%8F%90%9D"},
		{"windows-1252", "\u0080", "%26%23128%3B"}, // 0x80 is €
		{"windows-1252", "€†¢ÿ", "%80%86%A2%FF"},
		{"windows-1252", "Ā", "%26%23256%3B"},
		{"ISO-8859-2", "\u0080\u009f", "%80%9F"},
		{"ISO-8859-2", "Ąą¢", "%A1%B1%26%23162%3B"},
		{"windows-874", "\u0081\u0098€", "%81%98%80"},
		{"windows-1253", "\u0081", "%81"},
		{"KOI8-R", "\u0080", "%26%23128%3B"}, // 0x80 is U+2500
		{"KOI8-R", "─Ж", "%80%F6"},
		{"IBM866", "\u0080", "%26%23128%3B"},
		{"macintosh", "\u0080Ä", "%26%23128%3B%80"},
		{"x-user-defined", "\uf780\uf7ff", "%80%FF"},
		{"x-user-defined", "\u0080\uf77f\uf800", "%26%23128%3B%26%2363359%3B%26%2363488%3B"},
		// gb18030 and GBK.
		{"gb18030", "\ue5e5", "%26%2358853%3B"},
		{"gb18030", "\u3000", "%A1%A1"},
		{"gb18030", "€", "%A2%E3"},
		{"gb18030", "\u1e3f", "%A8%BC"},                         // GB18030-2005
		{"gb18030", "\ue7c7", "%815%F47"},                       // pointer 7457
		{"gb18030", "\ufe10\ufe11\ufe12", "%A6%D9%A6%DB%A6%DA"}, // GB18030-2022
		{"gb18030", "\ufe19\u9fb4\u9fbb", "%A6%F3%FEY%FE%A0"},
		{"gb18030", "\ue78d\ue796\ue81e\ue864", "%A6%D9%A6%F3%FEY%FE%A0"},   // encoder table
		{"gb18030", "\ue000\ue233\ue234\ue4c5", "%AA%A1%AF%FE%F8%A1%FE%FE"}, // user-defined areas
		{"gb18030", "\ue4c6\ue5e4\ue765", "%A1@%A3%9F%A7%A0"},
		{"gb18030", "\ue766\ue76d\ue810\ue816\ue855", "%A2%AB%A2%E4%D7%FA%FEQ%FE%91"},
		{"gb18030", "\ue76c", "%836%C79"}, // not in index gb18030: ranges
		{"gb18030", "\ufffd", "%841%A47"},
		{"gb18030", "\U00010000\U0010ffff", "%900%810%E32%9A5"},
		{"gb18030", "中", "%D6%D0"},
		{"GBK", "€", "%80"},
		{"GBK", "\u1e3f\ufe10\ue78d\ue000", "%A8%BC%A6%D9%A6%D9%AA%A1"},
		{"GBK", "\ue7c7\ue76c\ue5e5\U00010000", "%26%2359335%3B%26%2359244%3B%26%2358853%3B%26%2365536%3B"},
		// Big5.
		{"Big5", "†", "%26%238224%3B"},
		{"Big5", "\u43f0\u00ca", "%26%2317392%3B%26%23202%3B"},                                 // only below (0xA1-0x81)*157
		{"Big5", "\u2550\u255e\u2561\u256a\u5341\u5345", "%F9%F9%F9%E9%F9%EB%F9%EA%A4Q%A4%CA"}, // last pointer
		{"Big5", "\u3003\u5344\u256d", "%A1%B2%A2%CD%A2~"},                                     // first pointer
		{"Big5", "者中", "%AA%CC%A4%A4"},
		// Shift_JIS.
		{"Shift_JIS", "\u0080¥‾", `%80\~`},
		{"Shift_JIS", "−－", "%81|%81|"},
		{"Shift_JIS", "｡ﾟ", "%A1%DF"},
		{"Shift_JIS", "\u2170\u7e8a", `%FA@%FA\`}, // IBM extensions, not 8272-8835
		{"Shift_JIS", "∵≒￢", "%81%E6%81%E0%81%CA"},
		{"Shift_JIS", "\u02d8", "%26%23728%3B"},
		// EUC-JP.
		{"EUC-JP", "¥‾｡ﾟ", `\~%8E%A1%8E%DF`},
		{"EUC-JP", "−", "%A1%DD"},
		{"EUC-JP", "\u2170\u4e28", "%FC%F1%F9%AD"},
		{"EUC-JP", "\u02d8", "%26%23728%3B"}, // JIS X 0212 only
		// ISO-2022-JP.
		{"ISO-2022-JP", "abc", "abc"},
		{"ISO-2022-JP", "a¥b", `a%1B(J\b%1B(B`},
		{"ISO-2022-JP", "¥\\", `%1B(J\%1B(B\`},
		{"ISO-2022-JP", "‾~", "%1B(J~%1B(B~"},
		{"ISO-2022-JP", "\u000e\u000f\u001b", "%26%2365533%3B%26%2365533%3B%26%2365533%3B"},
		{"ISO-2022-JP", "¥\u000e", `%1B(J\%26%2365533%3B%1B(B`}, // error in Roman
		{"ISO-2022-JP", "漢\u000e", "%1B$B4A%1B(B%26%2365533%3B"},
		{"ISO-2022-JP", "漢a", "%1B$B4A%1B(Ba"},
		{"ISO-2022-JP", "漢¥漢", `%1B$B4A%1B(J\%1B$B4A%1B(B`},
		{"ISO-2022-JP", "−", "%1B$B!]%1B(B"},
		{"ISO-2022-JP", "ｱ", "%1B$B%%22%1B(B"},
		{"ISO-2022-JP", "ﾞﾟ", "%1B$B!+!,%1B(B"},
		// whatwg/url#557: one encoder for the whole query.
		{"ISO-2022-JP", "\uff90\u4f69", "%1B$B%_PP%1B(B"},
		{"ISO-2022-JP", "\uff90a\u4f69", "%1B$B%_%1B(Ba%1B$BPP%1B(B"},
		{"ISO-2022-JP", "☃", "%26%239731%3B"},
		{"ISO-2022-JP", "漢☃漢", "%1B$B4A%1B(B%26%239731%3B%1B$B4A%1B(B"},
		{"ISO-2022-JP", "¥☃a", `%1B(J\%26%239731%3Ba%1B(B`},
		{"ISO-2022-JP", "\u02d8", "%26%23728%3B"},
		// EUC-KR.
		{"EUC-KR", "†가갂", "%A2%D3%B0%A1%81A"},
		{"EUC-KR", "¥", "%26%23165%3B"},
		// Supplementary code points in decimal.
		{"Shift_JIS", "😀", "%26%23128512%3B"},
	}
	for _, tt := range tests {
		if got := encPercent(t, tt.label, tt.input, &pct.SpecialQuerySet, false); got != tt.want {
			t.Errorf("%s %+q = %q, want %q", tt.label, tt.input, got, tt.want)
		}
	}
}

func TestPercentEncodeAfterEncodingSetsAndPlus(t *testing.T) {
	tests := []struct {
		label, input string
		set          *pct.Set
		spaceAsPlus  bool
		want         string
	}{
		// spaceAsPlus comes before the set: even a set without U+0020.
		{"UTF-8", "a b", &pct.C0ControlSet, true, "a+b"},
		{"UTF-8", "a b", &pct.C0ControlSet, false, "a b"},
		{"UTF-8", "a b+", &pct.FormURLEncodedSet, true, "a+b%2B"},
		{"windows-1252", "a b€", &pct.FormURLEncodedSet, true, "a+b%80"},
		{"UTF-8", "\x00\x1f\x7f~é", &pct.C0ControlSet, false, "%00%1F%7F~%C3%A9"},
		{"UTF-8", "\"#<>'`{}", &pct.QuerySet, false, "%22%23%3C%3E'`{}"},
		{"UTF-8", "\"#<>'`{}", &pct.SpecialQuerySet, false, "%22%23%3C%3E%27`{}"},
		{"UTF-8", "\"#<>'`{}", &pct.FragmentSet, false, "%22#%3C%3E'%60{}"},
		{"UTF-8", "!'()*-._~", &pct.FormURLEncodedSet, false, "%21%27%28%29*-._%7E"},
		{"gb18030", "\"#<>'", &pct.QuerySet, false, "%22%23%3C%3E'"},
		// ISO-2022-JP's escapes go through the set like any byte.
		{"ISO-2022-JP", "漢", &pct.ComponentSet, false, "%1B%24B4A%1B(B"},
		// The error's "%26%23...%3B" is not percent-encoded again.
		{"Shift_JIS", "‽", &pct.FormURLEncodedSet, false, "%26%238253%3B"},
		// Invalid UTF-8: each invalid byte is U+FFFD.
		{"UTF-8", "a\xffb\xe2\x80", &pct.QuerySet, false, "a%EF%BF%BDb%EF%BF%BD%EF%BF%BD"},
		{"Shift_JIS", "a\xffb", &pct.QuerySet, false, "a%26%2365533%3Bb"},
		{"gb18030", "\xc0", &pct.QuerySet, false, "%841%A47"},
		{"ISO-2022-JP", "漢\xff", &pct.QuerySet, false, "%1B$B4A%1B(B%26%2365533%3B"},
	}
	for _, tt := range tests {
		if got := encPercent(t, tt.label, tt.input, tt.set, tt.spaceAsPlus); got != tt.want {
			t.Errorf("%s %+q (plus %v) = %q, want %q", tt.label, tt.input, tt.spaceAsPlus, got, tt.want)
		}
	}
	// The exported form is the same algorithm, appending.
	e, _ := LookupEncoding("shift_jis")
	if got := string(AppendPercentEncodeAfterEncoding([]byte("x="), e, []byte("≡ ‽"), &pct.FormURLEncodedSet, true)); got != "x=%81%DF+%26%238253%3B" {
		t.Errorf("AppendPercentEncodeAfterEncoding = %q", got)
	}
}

// xtextDecodeOne decodes bytes with x/text's decoder for label: the code point, or
// false for an error or more than one code point.
func xtextDecodeOne(t *testing.T, label string, b []byte) (rune, bool) {
	t.Helper()
	x, err := htmlindex.Get(label)
	if err != nil {
		t.Fatal(err)
	}
	var out [16]byte
	n, nSrc, err := x.NewDecoder().Transform(out[:], b, true)
	r, size := utf8.DecodeRune(out[:n])
	if err != nil || nSrc != len(b) || size != n || r == utf8.RuneError {
		return 0, false
	}
	return r, true
}

// TestGB18030Index checks the index gb18030 reconstructed from x/text's
// table and the entries it lacks: every pointer has exactly one code point,
// the additions fill exactly x/text's gaps, and the encoder's index pointer
// is the first pointer of each code point.
func TestGB18030Index(t *testing.T) {
	const size = 126 * 190
	var index [size]rune
	for p := range size {
		trailing := p % 190
		offset := 0x41
		if trailing < 0x3F {
			offset = 0x40
		}
		if r, ok := xtextDecodeOne(t, "gb18030", []byte{byte(p/190 + 0x81), byte(trailing + offset)}); ok {
			index[p] = r
		}
	}
	add := func(c rune, p int) {
		if p < 0 || p >= size {
			t.Fatalf("U+%04X: pointer %d out of range", c, p)
		}
		if index[p] != 0 {
			t.Errorf("U+%04X: pointer %d already has U+%04X", c, p, index[p])
		}
		index[p] = c
	}
	add(0x1E3F, 7533)
	for _, m := range gb18030Index2022 {
		add(m.cp, int(m.pointer))
	}
	for c := rune(0xE000); c <= 0xE864; c++ {
		if p, ok := gb18030PUAPointer(c); ok {
			add(c, p)
		}
	}
	first := map[rune]int{}
	for p, c := range index {
		if c == 0 {
			t.Errorf("pointer %d has no code point", p)
			continue
		}
		if _, ok := first[c]; !ok {
			first[c] = p
		}
	}
	if index[6555] != 0x3000 {
		t.Errorf("0xA3 0xA0 is U+%04X, want U+3000", index[6555])
	}
	// The encoder table's bytes are the pointers GB18030-2022 changed.
	for i, m := range gb18030EncoderTable {
		offset := 0x41
		if m.b2 < 0x7F {
			offset = 0x40
		}
		if p := int(m.b1-0x81)*190 + int(m.b2) - offset; p != int(gb18030Index2022[i].pointer) {
			t.Errorf("encoder table U+%04X: pointer %d, want %d", m.cp, p, gb18030Index2022[i].pointer)
		}
		if _, ok := first[m.cp]; ok {
			t.Errorf("encoder table U+%04X is in index gb18030", m.cp)
		}
	}
	e := legacyEncoder{enc: mustLookupEncoding(t, "gb18030")}
	for c, want := range first {
		if got, ok := e.gb18030IndexPointer(c); !ok || got != want {
			t.Errorf("index pointer for U+%04X = %d, %v; want %d", c, got, ok, want)
		}
	}
	for _, c := range []rune{0xE5E5, 0xE7C7, 0xE76C, 0xE7C8, 0xE815, 0xFFFD, 0x10000} {
		if p, ok := e.gb18030IndexPointer(c); ok {
			t.Errorf("U+%04X is not in index gb18030, got pointer %d", c, p)
		}
	}
}

func mustLookupEncoding(t *testing.T, label string) *Encoding {
	t.Helper()
	e, err := LookupEncoding(label)
	if err != nil || e == nil {
		t.Fatalf("LookupEncoding(%q) = %v, %v", label, e, err)
	}
	return e
}

// TestBig5Pointer compares the index Big5 pointer of every code point of
// index Big5 (as x/text decodes it) with the standard's definition.
func TestBig5Pointer(t *testing.T) {
	first, last := map[rune]int{}, map[rune]int{}
	for p := big5HKSCSEnd; p < 126*157; p++ {
		trailing := p % 157
		offset := 0x62
		if trailing < 0x3F {
			offset = 0x40
		}
		r, ok := xtextDecodeOne(t, "big5", []byte{byte(p/157 + 0x81), byte(trailing + offset)})
		if !ok {
			continue
		}
		if _, ok := first[r]; !ok {
			first[r] = p
		}
		last[r] = p
	}
	if len(first) < 13000 {
		t.Fatalf("only %d code points in index Big5", len(first))
	}
	e := legacyEncoder{enc: mustLookupEncoding(t, "big5")}
	for c, want := range first {
		switch c {
		case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			want = last[c]
		}
		if got, ok := e.big5Pointer(c); !ok || got != want {
			t.Errorf("index Big5 pointer for U+%04X = %d, %v; want %d", c, got, ok, want)
		}
	}
	// Code points only in the excluded part of the index.
	for _, c := range []rune{0x43F0, 0x00CA, 0x00EA} {
		if p, ok := e.big5Pointer(c); ok {
			t.Errorf("U+%04X: pointer %d, want null", c, p)
		}
	}
}

// TestJIS0208Pointers compares the EUC-JP, ISO-2022-JP (index pointer) and
// Shift_JIS (index Shift_JIS pointer) look-ups with every entry of index
// jis0208 as x/text's Shift_JIS decoder reads it.
func TestJIS0208Pointers(t *testing.T) {
	first, sjis := map[rune]int{}, map[rune]int{}
	for p := range 120 * 94 {
		if 8836 <= p && p <= 10715 {
			continue // EUDC, not in the index
		}
		leading, trailing := p/188, p%188
		leadingOffset, offset := 0xC1, 0x41
		if leading < 0x1F {
			leadingOffset = 0x81
		}
		if trailing < 0x3F {
			offset = 0x40
		}
		if leading+leadingOffset > 0xFC {
			break
		}
		r, ok := xtextDecodeOne(t, "shift_jis", []byte{byte(leading + leadingOffset), byte(trailing + offset)})
		if !ok {
			continue
		}
		if _, ok := first[r]; !ok {
			first[r] = p
		}
		if _, ok := sjis[r]; !ok && (p < 8272 || p > 8835) {
			sjis[r] = p
		}
	}
	if len(first) < 7000 {
		t.Fatalf("only %d code points in index jis0208", len(first))
	}
	e := legacyEncoder{enc: mustLookupEncoding(t, "shift_jis")}
	for c, want := range first {
		if got, ok := e.jis0208Pointer(c); !ok || got != want {
			t.Errorf("index jis0208 pointer for U+%04X = %d, %v; want %d", c, got, ok, want)
		}
		want, inSJIS := sjis[c]
		if got, ok := e.shiftJISPointer(c); ok != inSJIS || got != want {
			t.Errorf("index Shift_JIS pointer for U+%04X = %d, %v; want %d, %v", c, got, ok, want, inSJIS)
		}
	}
	// Every katakana mapping lands in index jis0208.
	for i, c := range iso2022JPKatakana {
		if _, ok := first[rune(c)]; !ok {
			t.Errorf("katakana U+%04X -> U+%04X is not in index jis0208", 0xFF61+i, c)
		}
	}
}

// TestPercentEncodeAfterEncodingNoAlloc: the UTF-8 path never allocates
// when dst has room.
func TestPercentEncodeAfterEncodingNoAlloc(t *testing.T) {
	in := []byte("a b\"c<d>é‽\x00\xff")
	dst := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(100, func() {
		dst = appendPercentEncodeAfterEncoding(dst[:0], nil, in, &pct.SpecialQuerySet, true)
	})
	if allocs != 0 {
		t.Errorf("UTF-8 percent-encode after encoding: %v allocs", allocs)
	}
	e := mustLookupEncoding(t, "windows-1252")
	allocs = testing.AllocsPerRun(100, func() {
		dst = appendPercentEncodeAfterEncoding(dst[:0], e, []byte("ascii only query"), &pct.SpecialQuerySet, false)
	})
	if allocs != 0 {
		t.Errorf("windows-1252, ASCII input: %v allocs", allocs)
	}
}

// TestPercentEncodeAfterEncodingLinear: a 16x longer input takes well under
// 48x the time, for inputs that switch encoder state or fail on every code
// point. It checks the ratio, not a wall-clock limit, measured by
// lineartest so that a busy machine does not fail it.
func TestPercentEncodeAfterEncodingLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("linear-time ratios need full-size inputs")
	}
	shapes := []struct{ label, unit string }{
		{"UTF-8", "é \x00\xff"},
		{"ISO-2022-JP", "漢a¥\u000e☃"},
		{"gb18030", "\ue7c7\ue5e5\u3000\ue000"},
		{"Big5", "\u5344†"},
		{"Shift_JIS", "\u2170‽"},
		{"windows-1252", "\u0081☃"},
	}
	for _, s := range shapes {
		t.Run(s.label, func(t *testing.T) {
			enc, err := LookupEncoding(s.label)
			if err != nil {
				t.Fatal(err)
			}
			encode := func(n int) func() {
				in := []byte(strings.Repeat(s.unit, n))
				dst := make([]byte, 0, 40*len(in))
				return func() { appendPercentEncodeAfterEncoding(dst[:0], enc, in, &pct.SpecialQuerySet, false) }
			}
			lineartest.Check(t, 48, encode(4<<10), encode(64<<10))
		})
	}
}

// FuzzPercentEncodeAfterEncoding: no panic; output is ASCII; with UTF-8 it
// percent-decodes back to the input (invalid bytes as U+FFFD) when the set
// contains '%'.
func FuzzPercentEncodeAfterEncoding(f *testing.F) {
	labels := []string{"utf-8", "gb18030", "gbk", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr", "windows-1252", "iso-8859-2", "x-user-defined", "koi8-u"}
	for i, s := range []string{"", "a b", "¥‾\\~", "漢\u000e¥☃", "\ue5e5\ue7c7\ufe10", "\xff\xe2\x80", "ｱﾞ−", "†€\u0081"} {
		f.Add(uint8(i), []byte(s), i%2 == 0)
	}
	f.Fuzz(func(t *testing.T, which uint8, input []byte, plus bool) {
		label := labels[int(which)%len(labels)]
		enc, err := LookupEncoding(label)
		if err != nil {
			t.Fatal(err)
		}
		out := appendPercentEncodeAfterEncoding(nil, enc, input, &pct.ComponentSet, plus)
		for _, b := range out {
			if b >= utf8.RuneSelf {
				t.Fatalf("%s %q: non-ASCII output %q", label, input, out)
			}
		}
		if enc == nil {
			want := []rune(string(input)) // invalid bytes become U+FFFD
			decoded := pct.AppendDecoded(nil, out)
			if plus {
				decoded = pct.AppendDecoded(nil, []byte(strings.ReplaceAll(string(out), "+", "%20")))
			}
			if string(decoded) != string(want) {
				t.Fatalf("%q: round trip gave %q", input, decoded)
			}
		}
	})
}

// TestPercentEncodeAfterEncodingConcurrent shares each Encoding between
// goroutines (run with -race): encodings and their lazy tables are
// read-only once built.
func TestPercentEncodeAfterEncodingConcurrent(t *testing.T) {
	inputs := map[string]string{
		"big5":         "\u5344†者",
		"shift_jis":    "\u2170−‽",
		"iso-2022-jp":  "漢a¥\u000e☃ｱ",
		"gb18030":      "\ue7c7\ue000€\U00010000",
		"gbk":          "€\ue7c7",
		"euc-kr":       "†가",
		"windows-1252": "\u0081€☃",
	}
	for label, in := range inputs {
		enc := mustLookupEncoding(t, label)
		want := string(appendPercentEncodeAfterEncoding(nil, enc, []byte(in), &pct.SpecialQuerySet, false))
		done := make(chan string)
		for range 4 {
			go func() {
				var got string
				for range 50 {
					e, _ := LookupEncoding(label)
					got = string(appendPercentEncodeAfterEncoding(nil, e, []byte(in), &pct.SpecialQuerySet, false))
				}
				done <- got
			}()
		}
		for range 4 {
			if got := <-done; got != want {
				t.Errorf("%s: concurrent result %q, want %q", label, got, want)
			}
		}
	}
}
