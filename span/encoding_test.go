package span_test

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// encodingLabels name every kind of output encoder, and UTF-8.
var encodingLabels = []string{"utf-8", "windows-1252", "Shift_JIS", " euc-jp ", "iso-2022-jp", "gb18030", "gbk", "big5", "euc-kr", "x-user-defined", "utf-16le"}

// encodingInputs: non-ASCII queries, controls that ISO-2022-JP encodes
// otherwise, tabs and newlines, non-special and ws: URLs (never
// encoded), printable ASCII that the fast path takes, failures.
var encodingInputs = []string{
	"https://example.com/?q=é", "https://example.com/é?é#é", "http://example.com/?\x1b$B\x1b(B", "http://example.com/?a\x0eb\x0fc",
	"https://example.com/?q=\t1\n2", "https://example.com/?q=日本語&x=€", "foo://example.com/?q=é", "wss://example.com/?q=é",
	"https://example.com/a/../b?q=%E9&r=~", "HTTPS://EXAMPLE.com:443/?q", "https://example.com/?q=\U0001F600", "https://ex ample.com/?q=é",
	"?q=é", "/p?é", "x?q=\x7f", "//host.example/?é", "#é", "",
}

func TestEncodingParse(t *testing.T) {
	base := span.MustParse("https://example.com/dir/page?b=é")
	for _, label := range encodingLabels {
		enc, err := span.LookupEncoding(label)
		if err != nil {
			t.Fatalf("LookupEncoding(%q): %v", label, err)
		}
		p := span.Parser{Encoding: enc}
		a := span.Arena{Encoding: enc}
		for _, in := range encodingInputs {
			for _, b := range []span.URL{{}, base} {
				want, werr := span.ParseWithEncoding(in, b, label)
				check := func(what string, got span.URL, err error) {
					t.Helper()
					if got != want || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
						t.Errorf("%s %s(%q, base %q) = %q, %v; ParseWithEncoding gives %q, %v", enc.Name(), what, in, b.Href(), got.Href(), err, want.Href(), werr)
					}
				}
				u, err := p.ParseRef(b, []byte(in))
				check("Parser.ParseRef", u.Clone(), err)
				u, err = a.ParseRef(b, in)
				check("Arena.ParseRef", u, err)
				u, err = a.ParseRefBytes(b, []byte(in))
				check("Arena.ParseRefBytes", u, err)
				if b.IsZero() {
					u, err = p.Parse([]byte(in))
					check("Parser.Parse", u.Clone(), err)
					u, err = a.Parse(in)
					check("Arena.Parse", u, err)
					u, err = a.ParseBytes([]byte(in))
					check("Arena.ParseBytes", u, err)
				}
			}
		}
	}
	// The encoding applies: é is one byte in windows-1252.
	enc, _ := span.LookupEncoding("latin1")
	a := span.Arena{Encoding: enc}
	if u, _ := a.Parse("https://example.com/é?q=é#é"); u.Href() != "https://example.com/%C3%A9?q=%E9#%C3%A9" || enc.Name() != "windows-1252" {
		t.Errorf("windows-1252: %q (%s)", u.Href(), enc.Name())
	}
}

// TestEncodingSeeds: the hand-written seeds in Shift_JIS, through Arena
// and Parser, as ParseWithEncoding.
func TestEncodingSeeds(t *testing.T) {
	file, err := os.Open("../testdata/fuzz/seeds.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	enc, _ := span.LookupEncoding("shift_jis")
	p := span.Parser{Encoding: enc}
	a := span.Arena{Encoding: enc}
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		in := sc.Text()
		want, werr := span.ParseWithEncoding(in, span.URL{}, "shift_jis")
		got, err := a.Parse(in)
		pg, perr := p.Parse([]byte(in))
		if got != want || pg != want || (err == nil) != (werr == nil) || (perr == nil) != (werr == nil) {
			t.Errorf("%q: Arena %q, %v; Parser %q, %v; ParseWithEncoding %q, %v", in, got.Href(), err, pg.Href(), perr, want.Href(), werr)
		}
	}
}

func TestLookupEncoding(t *testing.T) {
	for _, tc := range []struct{ label, name string }{
		{"utf-8", "UTF-8"}, {"UTF-16BE", "UTF-8"}, {"replacement", "UTF-8"}, {" sjis\t", "Shift_JIS"},
		{"ISO-8859-1", "windows-1252"}, {"gb2312", "GBK"},
	} {
		enc, err := span.LookupEncoding(tc.label)
		if err != nil || enc.Name() != tc.name {
			t.Errorf("LookupEncoding(%q) = %s, %v; want %s", tc.label, enc.Name(), err, tc.name)
		}
	}
	if (span.Encoding{}).Name() != "UTF-8" {
		t.Error("the zero Encoding is not UTF-8")
	}
	for _, label := range []string{"", "utf-9", "ﬀ", "shift_jis\x00"} {
		if _, err := span.LookupEncoding(label); !errors.Is(err, span.ErrUnknownEncoding) || !strings.Contains(err.Error(), "unknown encoding label") {
			t.Errorf("LookupEncoding(%q): %v, want ErrUnknownEncoding", label, err)
		}
		if _, err := span.ParseWithEncoding("https://example.com/", span.URL{}, label); !errors.Is(err, span.ErrUnknownEncoding) {
			t.Errorf("ParseWithEncoding(label %q): %v, want ErrUnknownEncoding", label, err)
		}
	}
}

// TestBytesForms: the []byte forms give what the string forms give, and
// their results do not change when the caller reuses its slice.
func TestBytesForms(t *testing.T) {
	base := span.MustParse("https://example.com/dir/page")
	var a span.Arena
	buf := make([]byte, 0, 64)
	type kept struct {
		in   string
		got  span.URL
		want span.URL
		err  error
	}
	var all []kept
	for _, in := range append(encodingInputs, "https://example.com/", "https://user:pw@x y/", "http://[::1]/", "javascript:x") {
		buf = append(buf[:0], in...)
		if got, want := span.CanParseBytes(buf), span.CanParse(in); got != want {
			t.Errorf("CanParseBytes(%q) = %v, CanParse %v", in, got, want)
		}
		u, err := a.ParseBytes(buf)
		want, werr := span.Parse(in)
		all = append(all, kept{in, u, want, err})
		if (err == nil) != (werr == nil) {
			t.Errorf("ParseBytes(%q): %v, Parse: %v", in, err, werr)
		}
		buf = append(buf[:0], in...)
		u, err = a.ParseRefBytes(base, buf)
		want, _ = base.Parse(in)
		all = append(all, kept{in, u, want, err})
		for i := range buf {
			buf[i] = '!'
		}
	}
	for _, k := range all {
		if k.got != k.want {
			t.Errorf("%q: %q after the slice was reused, want %q", k.in, k.got.Href(), k.want.Href())
		}
		var pe *span.ParseError
		if errors.As(k.err, &pe) && strings.Contains(pe.Input, "!") {
			t.Errorf("%q: error quotes %q after the slice was reused", k.in, pe.Input)
		}
	}
}

func TestEncodingAllocs(t *testing.T) {
	enc, _ := span.LookupEncoding("shift_jis")
	a := span.Arena{Encoding: enc}
	in := "https://example.com/a/b?q=1&r=~"
	if n := testing.AllocsPerRun(100, func() { a.Parse(in) }); n != 0 {
		t.Errorf("Arena{Shift_JIS}.Parse(%q): %v allocations", in, n)
	}
	base := span.MustParse(in)
	if n := testing.AllocsPerRun(100, func() { a.ParseRef(base, "../c?d") }); n != 0 {
		t.Errorf("Arena{Shift_JIS}.ParseRef: %v allocations", n)
	}
	b := []byte(in)
	if n := testing.AllocsPerRun(100, func() { span.CanParseBytes(b) }); n != 0 {
		t.Errorf("CanParseBytes: %v allocations", n)
	}
	var plain span.Arena
	if n := testing.AllocsPerRun(100, func() { plain.ParseBytes(b) }); n != 0 {
		t.Errorf("Arena.ParseBytes: %v allocations (amortized)", n)
	}
	p := span.Parser{Encoding: enc}
	for _, s := range []string{in, "https://example.com/?q=日本語", "https://EXAMPLE.com/é?\x1b"} {
		b := []byte(s)
		p.Parse(b)
		if n := testing.AllocsPerRun(100, func() { p.Parse(b) }); n != 0 {
			t.Errorf("Parser{Shift_JIS}.Parse(%q): %v allocations", s, n)
		}
	}
}

// FuzzEncodingParse: a Parser and an Arena with an Encoding give what
// ParseWithEncoding gives, for any input and base.
func FuzzEncodingParse(f *testing.F) {
	for i, in := range encodingInputs {
		f.Add(in, "https://example.com/dir/page?b=1", uint8(i))
	}
	f.Fuzz(func(t *testing.T, input, baseText string, which uint8) {
		label := encodingLabels[int(which)%len(encodingLabels)]
		enc, err := span.LookupEncoding(label)
		if err != nil {
			t.Fatal(err)
		}
		base, _ := span.Parse(baseText)
		want, werr := span.ParseWithEncoding(input, base, label)
		p := span.Parser{Encoding: enc}
		a := span.Arena{Encoding: enc}
		pu, perr := p.ParseRef(base, []byte(input))
		au, aerr := a.ParseRef(base, input)
		bu, berr := a.ParseRefBytes(base, []byte(input))
		for what, got := range map[string]struct {
			u   span.URL
			err error
		}{"Parser": {pu, perr}, "Arena": {au, aerr}, "ParseRefBytes": {bu, berr}} {
			if got.u != want || (got.err == nil) != (werr == nil) {
				t.Errorf("%s %s(%q, base %q) = %q, %v; ParseWithEncoding gives %q, %v", label, what, input, base.Href(), got.u.Href(), got.err, want.Href(), werr)
			}
		}
	})
}
