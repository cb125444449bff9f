package slow

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/record"
)

// idnaCase is a test of WPT's toascii.json or IdnaTestV2.json. A null
// output (failure) decodes as nil.
type idnaCase struct {
	Comment string  `json:"comment"`
	Input   string  `json:"input"`
	Output  *string `json:"output"`
}

// hostParse runs the host parser on input with isOpaque false and returns
// the host's serialization, or false for failure.
func hostParse(input string) (string, bool) {
	var h record.Host
	var tmp []byte
	if !parseHost(&h, []byte(input), false, nil, 0, &tmp) {
		return "", false
	}
	return string(h.Text), true
}

// testIDNAFile checks every test of a WPT IDNA file at the host parser's
// level. The URL-level form of these tests ("https://" + input + "/x",
// comparing the hostname) gives the same answers: no input holds a code
// point that ends the host or is removed before host parsing (/ ? # \ @ :
// tab, newline), and "%" in the three inputs that have it is not followed
// by two hex digits.
func testIDNAFile(t *testing.T, name string) {
	cases := testvectors.LoadJSON[idnaCase](t, name)
	pass := 0
	for _, c := range cases {
		if c.Input == "" {
			// The host parser asserts a non-empty input; at URL level
			// "https:///x" is another test (of the URL parser).
			continue
		}
		got, ok := hostParse(c.Input)
		switch {
		case c.Output == nil && ok:
			t.Errorf("%+q (%s): got %+q, want failure", c.Input, c.Comment, got)
		case c.Output != nil && !ok:
			t.Errorf("%+q (%s): got failure, want %+q", c.Input, c.Comment, *c.Output)
		case c.Output != nil && got != *c.Output:
			t.Errorf("%+q (%s): got %+q, want %+q", c.Input, c.Comment, got, *c.Output)
		default:
			pass++
		}
	}
	t.Logf("%s: %d passed", name, pass)
}

func TestIDNAToASCIIWPT(t *testing.T) { testIDNAFile(t, "toascii.json") }

func TestIDNAIdnaTestV2WPT(t *testing.T) { testIDNAFile(t, "IdnaTestV2.json") }

// TestIDNAProfiles checks that the option order gives the spec's flags
// (MapForLookup turns on UseSTD3ASCIIRules and CheckHyphens, the options
// after it must turn them off again) and that the Unicode versions agree.
func TestIDNAProfiles(t *testing.T) {
	for _, c := range []struct {
		p    *idna.Profile
		want string
	}{
		{idnaLenient, "NonTransitional:CheckJoiners"},
		{idnaStrictASCII, "NonTransitional:UseSTD3Rules:CheckJoiners:VerifyDNSLength"},
		{idnaStrictUnicode, "NonTransitional:UseSTD3Rules:CheckJoiners"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("profile %q, want %q", got, c.want)
		}
	}
	if idna.UnicodeVersion != "17.0.0" {
		t.Errorf("x/net/idna uses Unicode %s; WPT's IDNA data is Unicode 17.0.0 (build with Go 1.27)", idna.UnicodeVersion)
	}
}

// TestMapRuneASCII checks mapDomain's ASCII shortcut against x/net/idna's
// mapping: A-Z map to a-z, every other ASCII code point to itself.
func TestMapRuneASCII(t *testing.T) {
	for c := 0; c < utf8.RuneSelf; c++ {
		if c == '.' {
			continue
		}
		want := string(rune(c))
		if 'A' <= c && c <= 'Z' {
			want = string(rune(c + 'a' - 'A'))
		}
		if got := mapRune([]byte{byte(c)}); got != want {
			t.Errorf("mapRune(%+q) = %+q, want %+q", rune(c), got, want)
		}
		if got := mapDomain([]byte{byte(c)}); got != want {
			t.Errorf("mapDomain(%+q) = %+q, want %+q", rune(c), got, want)
		}
	}
}

// TestDomainToASCII covers the spec's steps, beStrict, and each deviation
// of x/net/idna from UTS #46 that the wrapper fixes (expected values are
// UTS #46's).
func TestDomainToASCII(t *testing.T) {
	const fail = "\x00fail"
	for _, c := range []struct {
		in       string
		lenient  string // result for beStrict false, or fail
		strict   string // result for beStrict true, or fail
		errType  record.ErrorType
		deviance string
	}{
		// ASCII fast path, also for "xn--" labels (WPT), and step 3.
		{in: "Example.COM", lenient: "example.com", strict: "example.com"},
		{in: "xn--a", lenient: "xn--a", strict: fail},
		{in: "xn--", lenient: "xn--", strict: fail},
		{in: "xn--ls8h=", lenient: "xn--ls8h=", strict: fail},
		{in: "a%b", lenient: fail, strict: fail, errType: record.DomainInvalidCodePoint},
		{in: "a b", lenient: fail, strict: fail, errType: record.DomainInvalidCodePoint},
		{in: "a\x7fb", lenient: fail, strict: fail, errType: record.DomainInvalidCodePoint},
		{in: "", lenient: fail, strict: fail, errType: record.DomainToASCII},
		{in: "x_y", lenient: "x_y", strict: fail},
		{in: "-x", lenient: "-x", strict: fail},
		{in: "x-", lenient: "x-", strict: fail},
		{in: "ab--c", lenient: "ab--c", strict: fail},
		{in: "a.b.", lenient: "a.b.", strict: fail},
		{in: "a..b", lenient: "a..b", strict: fail},
		{in: strings.Repeat("a", 63), lenient: strings.Repeat("a", 63), strict: strings.Repeat("a", 63)},
		{in: strings.Repeat("a", 64), lenient: strings.Repeat("a", 64), strict: fail},
		// Through IDNA.
		{in: "faß.de", lenient: "xn--fa-hia.de", strict: "xn--fa-hia.de"},
		{in: "Xn--Fa-Hia.DE", lenient: "xn--fa-hia.de", strict: "xn--fa-hia.de"},
		{in: "xn--a.ß", lenient: fail, strict: fail, errType: record.DomainToASCII},
		{in: "\uff0f", lenient: fail, strict: fail, errType: record.DomainInvalidCodePoint}, // maps to "/"
		{in: "a\u3002b", lenient: "a.b", strict: "a.b"},
		{in: "\u0628\u200c\u0627", lenient: "xn--mgbb899q", strict: "xn--mgbb899q"},
		{in: "\u0915\u094d\u200d\u0937", lenient: "xn--11b2ezcw70k", strict: "xn--11b2ezcw70k"},
		{in: "a\u200db", lenient: fail, strict: fail},
		{in: "\u0300a", lenient: fail, strict: fail},
		{in: "\ufffd", lenient: fail, strict: fail},
		{in: "a\xffb", lenient: fail, strict: fail}, // invalid UTF-8 is U+FFFD
		// The deviations.
		{in: "xn--.ß", lenient: fail, strict: fail, deviance: `"xn--" decodes to an empty label`},
		{in: "XN--.ß", lenient: fail, strict: fail, deviance: `"xn--" decodes to an empty label`},
		{in: "xn--jj7c\u2126--", lenient: fail, strict: fail, deviance: `"xn--" label with a non-ASCII code point`},
		{in: "XN--xn----e08h.ß", lenient: fail, strict: fail, deviance: `decoded label starts with "xn--"`},
		{in: "ab--", lenient: "ab--", strict: fail, deviance: "hyphens 3-4 in a four-code-point label"},
		{in: "ab--.ß", lenient: "ab--.xn--zca", strict: fail, deviance: "hyphens 3-4 in a four-code-point label"},
		{in: "é--x", lenient: "xn----x-9la", strict: "xn----x-9la", deviance: "hyphens 3-4 counted in code points"},
		{in: "\ufe70.com", lenient: fail, strict: fail, errType: record.DomainInvalidCodePoint, deviance: "not a Bidi domain name after mapping"},
		{in: "\ua872\u200cb", lenient: fail, strict: fail, deviance: "ZWNJ followed by Joining_Type U"},
		{in: "\ua872\u200c\ua840", lenient: "xn--0ug4674ciea", strict: "xn--0ug4674ciea"},
	} {
		for _, beStrict := range []bool{false, true} {
			want := c.lenient
			if beStrict {
				want = c.strict
			}
			dst := []byte("prefix:")
			got, errType := domainToASCII(dst, []byte(c.in), beStrict)
			switch {
			case want == fail && errType == 0:
				t.Errorf("domainToASCII(%+q, %v) = %+q, want failure (%s)", c.in, beStrict, got[len(dst):], c.deviance)
			case want != fail && errType != 0:
				t.Errorf("domainToASCII(%+q, %v) failed with %v, want %+q (%s)", c.in, beStrict, errType, want, c.deviance)
			case want != fail && string(got) != "prefix:"+want:
				t.Errorf("domainToASCII(%+q, %v) = %+q, want %+q (%s)", c.in, beStrict, got, "prefix:"+want, c.deviance)
			case want == fail && c.errType != 0 && errType != c.errType && !beStrict:
				t.Errorf("domainToASCII(%+q, %v) failed with %v, want %v", c.in, beStrict, errType, c.errType)
			case want == fail && beStrict && errType != record.DomainToASCII:
				t.Errorf("domainToASCII(%+q, %v) failed with %v, want %v", c.in, beStrict, errType, record.DomainToASCII)
			}
			if want == fail && string(got) != "prefix:" {
				t.Errorf("domainToASCII(%+q, %v) changed dst to %+q on failure", c.in, beStrict, got)
			}
			s, err := DomainToASCII(c.in, beStrict)
			if (err != nil) != (want == fail) || err == nil && s != want {
				t.Errorf("DomainToASCII(%+q, %v) = %+q, %v", c.in, beStrict, s, err)
			}
			if err != nil && !errors.Is(err, errType) {
				t.Errorf("DomainToASCII(%+q, %v) error %v, want %v", c.in, beStrict, err, errType)
			}
		}
	}
}

func TestDomainToUnicode(t *testing.T) {
	for _, c := range []struct {
		in       string
		beStrict bool
		want     string
		errs     bool
	}{
		{"xn--fa-hia.de", false, "faß.de", false},
		{"Xn--Fa-Hia.DE", true, "faß.de", false},
		{"Example.COM", false, "example.com", false},
		{"Example.COM", true, "example.com", false},
		{"a..b.", false, "a..b.", false},
		{"a..b.", true, "a..b.", false}, // no VerifyDnsLength in ToUnicode
		{"x_y.-a", false, "x_y.-a", false},
		{"x_y", true, "x_y", true},
		{"-a", true, "-a", true},
		{"faß.DE", false, "faß.de", false},
		{"xn--ls8h=.com", false, "xn--ls8h=.com", true}, // invalid Punycode stays
		{"xn--a.com", false, "\u0080.com", true},        // decodes to a disallowed code point
		{"xn--abc-.com", false, "abc.com", true},        // decodes to ASCII
		{"xn--.com", false, ".com", true},
		{"xn--jj7c\u2126--", false, "xn--jj7cω--", true},
		{"\u0627\u0031.com", false, "\u0627\u0031.com", false},
		{"1\u0627.com", false, "1\u0627.com", true}, // Bidi rule 1
		{"\ua872\u200cb", false, "\ua872\u200cb", true},
	} {
		got, hadErrors := domainToUnicode([]byte(c.in), c.beStrict)
		if got != c.want || hadErrors != c.errs {
			t.Errorf("domainToUnicode(%+q, %v) = %+q, %v; want %+q, %v", c.in, c.beStrict, got, hadErrors, c.want, c.errs)
		}
		s, err := DomainToUnicode(c.in, c.beStrict)
		if s != c.want || (err != nil) != c.errs || err != nil && !errors.Is(err, record.DomainToUnicode) {
			t.Errorf("DomainToUnicode(%+q, %v) = %+q, %v", c.in, c.beStrict, s, err)
		}
	}
}

// TestDomainToASCIILimit checks spanurl's label length limit and that long
// inputs take linear time (it completes; no wall-clock assertion).
func TestDomainToASCIILimit(t *testing.T) {
	// distinct returns n distinct CJK ideographs starting at base.
	distinct := func(base rune, n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteRune(base + rune(i))
		}
		return b.String()
	}
	ok := func(in string, beStrict bool) bool {
		_, errType := domainToASCII(nil, []byte(in), beStrict)
		return errType == 0
	}
	if !ok(distinct(0x4E00, maxLabelCodePoints), false) {
		t.Errorf("a %d-code-point label failed", maxLabelCodePoints)
	}
	if ok(distinct(0x4E00, maxLabelCodePoints+1), false) {
		t.Errorf("a %d-code-point label did not fail", maxLabelCodePoints+1)
	}
	// The limit applies after mapping: U+FDFA maps to 18 code points.
	if ok(strings.Repeat("\ufdfa", 100), false) {
		t.Errorf("a label mapping to 1,800 code points did not fail")
	}
	// A long "xn--" label: the ASCII fast path has no limit, IDNA does.
	long := "xn--" + strings.Repeat("a", 2000) + "-zca"
	if !ok(long, false) {
		t.Errorf("ASCII fast path failed on a long xn-- label")
	}
	if ok(long, true) || ok(long+".ß", false) {
		t.Errorf("a 2,008-byte xn-- label did not fail in IDNA")
	}
	// Long inputs. The worst case is labels of 1,000 distinct code points,
	// Punycode-encoded by x/net/idna, so the test runs 10 of them; 100,000
	// code points in 100 labels of one code point each, and one label of
	// 100,000 code points (rejected before Punycode) must complete too.
	labels := make([]string, 10)
	for i := range labels {
		labels[i] = distinct(0x4E00+rune(i*1000), maxLabelCodePoints)
	}
	if !ok(strings.Join(labels, "."), false) {
		t.Errorf("10 labels of 1,000 distinct code points failed")
	}
	labels = make([]string, 100)
	for i := range labels {
		labels[i] = strings.Repeat("\u4e00", 999)
	}
	if !ok(strings.Join(labels, "."), false) {
		t.Errorf("100 labels of 999 code points failed")
	}
	if ok(strings.Repeat(distinct(0x4E00, 1000), 100), false) {
		t.Errorf("a 100,000-code-point label did not fail")
	}
	if s, err := DomainToUnicode("xn--"+strings.Repeat("a", 100_000)+"-zca", false); err == nil || len(s) < 100_000 {
		t.Errorf("DomainToUnicode on a 100,000-byte xn-- label: %v", err)
	}
}

// TestDomainToASCIIFastPathAllocs checks that the ASCII fast path does not
// allocate beyond dst.
func TestDomainToASCIIFastPathAllocs(t *testing.T) {
	in := []byte("WWW.Example.COM")
	dst := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		if _, errType := domainToASCII(dst[:0], in, false); errType != 0 {
			t.Fatal(errType)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations, want 0", allocs)
	}
}

func TestContextJ(t *testing.T) {
	for _, c := range []struct {
		label string
		want  bool
	}{
		{"ab", true},
		{"\u200c", false},
		{"\u200d", false},
		{"a\u200db", false},
		{"\u0915\u094d\u200d\u0937", true},                    // ZWJ after a virama
		{"\u0915\u094d\u200c\u0937", true},                    // ZWNJ after a virama
		{"\u0628\u200c\u0627", true},                          // D ZWNJ R
		{"\u0628\u064b\u200c\u064b\u0628", true},              // D T ZWNJ T D
		{"\u0627\u200c\u0628", false},                         // R ZWNJ D
		{"\u0628\u200c", false},                               // nothing after
		{"\u0628\u200ca", false},                              // U after
		{"\ua872\u200c\ua840", true},                          // L ZWNJ D (Phags-pa)
		{"\u0628\u200c\u0628\u200c\u0628", true},              // two
		{"\u0628\u200c\u0628\u200ca", false},                  // second fails
		{"\u0628\u200c\u0640", false},                         // C is not R or D
		{"\u0628\u064b\u200c\u0627\u064b\u200c\u0628", false}, // R before the second ZWNJ
	} {
		if got := contextJ(c.label); got != c.want {
			t.Errorf("contextJ(%+q) = %v, want %v", c.label, got, c.want)
		}
	}
}
