package span_test

import (
	"testing"

	"github.com/spanurl/spanurl/internal/fast"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// checkVerdict fails t when the validation-only run (fast.CanParse, or
// fast.CanResolve against a base) decides input otherwise than the slow
// path, the oracle, parses it, or when CanParse disagrees with Parse. It
// returns whether the validation run decided.
func checkVerdict(t testing.TB, input string, base *span.URL) bool {
	t.Helper()
	var v fast.Verdict
	var canParse bool
	var err error
	baseHref := "<none>"
	if base == nil {
		v, canParse = fast.CanParse(input), span.CanParse(input)
		_, err = span.Parse(input)
	} else {
		bh, bp := span.FastBaseForTest(*base)
		v, canParse = fast.CanResolve(bh, bp, input), base.CanParse(input)
		_, err = base.Parse(input)
		baseHref = base.Href()
	}
	if canParse != (err == nil) {
		t.Fatalf("CanParse(%q) (base %s) = %v, but Parse gives error %v", input, baseHref, canParse, err)
	}
	if v == fast.Decline {
		return false
	}
	_, oracleErr := oracleParse(input, base)
	if (v == fast.Parses) != (oracleErr == nil) {
		t.Fatalf("validation run says %v for %q (base %s); the slow path gives error %v", v, input, baseHref, oracleErr)
	}
	return true
}

// checkVerdictString is checkVerdict for a base given as a string
// (fast.CanParseWithBase, span.CanParseWithBase): a base that does not
// parse makes every input fail.
func checkVerdictString(t testing.TB, input, base string) bool {
	t.Helper()
	want := false
	if b, err := span.Parse(base); err == nil {
		_, err = b.Parse(input)
		want = err == nil
	}
	if got := span.CanParseWithBase(input, base); got != want {
		t.Fatalf("CanParseWithBase(%q, %q) = %v, Parse says %v", input, base, got, want)
	}
	v := fast.CanParseWithBase(input, base)
	if v == fast.Decline {
		return false
	}
	oracle := false
	if b, err := oracleParse(base, nil); err == nil {
		_, err = oracleParse(input, &b)
		oracle = err == nil
	}
	if (v == fast.Parses) != oracle {
		t.Fatalf("validation run says %v for %q against %q; the slow path says %v", v, input, base, oracle)
	}
	return true
}

// TestCanParseValidateDatasets holds the validation-only run to the slow
// path on every line of the corpora, with no base (each line as an
// absolute URL, hosts.txt's as http://HOST/) and against its base
// (relative.tsv's page URL, requests.txt's http://HOST/), and logs how
// often it decides.
func TestCanParseValidateDatasets(t *testing.T) {
	dir := testvectors.DatasetsDir(t)
	for _, name := range []string{"absolute.txt", "messy.txt", "hosts.txt", "relative.tsv", "requests.txt"} {
		lines, decided, withBase, decidedBase, decidedString := 0, 0, 0, 0, 0
		eachCorpusCase(t, dir, name, func(_ int, input, baseStr string, base *span.URL) {
			lines++
			if checkVerdict(t, input, nil) {
				decided++
			}
			if base == nil {
				return
			}
			withBase++
			if checkVerdict(t, input, base) {
				decidedBase++
			}
			if checkVerdictString(t, input, baseStr) {
				decidedString++
			}
		})
		t.Logf("%s: decided %d of %d lines without a base (%.2f%%)", name, decided, lines, 100*float64(decided)/float64(max(lines, 1)))
		if withBase > 0 {
			t.Logf("%s: decided %d of %d lines against their base (%.2f%%), %d against it as a string (%.2f%%)", name, decidedBase, withBase,
				100*float64(decidedBase)/float64(withBase), decidedString, 100*float64(decidedString)/float64(withBase))
		}
	}
}

// TestCanParseValidateWPT holds the validation-only run to the slow path
// on every input of urltestdata.json, against its base and against none,
// and against the bases of the differential tests.
func TestCanParseValidateWPT(t *testing.T) {
	bases := validateBases(t)
	decided, runs := 0, 0
	for _, tc := range testvectors.LoadJSON[testvectors.URLTest](t, "urltestdata.json") {
		runs++
		if checkVerdict(t, tc.Input, nil) {
			decided++
		}
		if tc.Base != nil {
			runs++
			if checkVerdictString(t, tc.Input, *tc.Base) {
				decided++
			}
			if b, err := span.Parse(*tc.Base); err == nil {
				runs++
				if checkVerdict(t, tc.Input, &b) {
					decided++
				}
			}
		}
		for i := range bases {
			runs++
			if checkVerdict(t, tc.Input, &bases[i]) {
				decided++
			}
		}
	}
	t.Logf("decided %d of %d runs", decided, runs)
}

// validateBases are the bases the validation tests resolve against: the
// differential tests' and a few more schemes.
func validateBases(t testing.TB) []span.URL {
	var bases []span.URL
	for _, s := range append(differentialBases, "wss://h:1/", "HTTP://X/", "sc:opaque", "sc://h/p", "file://host/x") {
		b, err := span.Parse(s)
		if err != nil {
			t.Fatalf("base %q: %v", s, err)
		}
		bases = append(bases, b)
	}
	return bases
}

// TestCanParseValidate pins what the validation-only run decides and
// what it leaves to the slow path, each against the slow path.
func TestCanParseValidate(t *testing.T) {
	for _, tc := range []struct {
		input string
		want  fast.Verdict
	}{
		// A path, query and fragment are never read: nothing in them fails.
		{"http://example.com/a b/%zz/\x01\\..?<\"`>#\x00\t\xff", fast.Parses},
		{"HTTPS:example.com", fast.Parses},
		{"http:\\\\/\\example.com", fast.Parses},
		{"ws://user:p@ss@host:0080/", fast.Parses},
		{"http://a<b@host/", fast.Parses},
		{"http://h:65535", fast.Parses},
		{"http://h:000000000000000080", fast.Parses},
		{"http://h:65536", fast.Fails},
		{"http://h:8a/", fast.Fails},
		{"http://h:80:80/", fast.Fails},
		{"http://h:", fast.Parses},
		{"http://:80/", fast.Fails},
		{"http://user@/", fast.Fails},
		{"http:///", fast.Fails},
		{"http:", fast.Fails},
		{"http://exa mple.com/", fast.Fails},
		{"http://a^b/", fast.Fails},
		{"http://a\x7fb/", fast.Fails},
		{"http://a_b!$&'()*+,;=~{}\"`.example/", fast.Parses},
		{"http://xn--a.example/", fast.Parses},
		{"http://münchen.DE/", fast.Parses},
		{"http://例え.jp:8080?q", fast.Parses},
		{"http://192.168.0.1/", fast.Parses},
		{"http://0x7f.1/", fast.Parses},
		{"http://0X7F.0.0.1./", fast.Parses},
		{"http://4294967295/", fast.Parses},
		{"http://4294967296/", fast.Fails},
		{"http://1.2.3.4.5/", fast.Fails},
		{"http://256.0.0.1/", fast.Fails},
		{"http://1.2.65536/", fast.Fails},
		{"http://09.1/", fast.Fails},
		{"http://1..2/", fast.Fails},
		{"http://foo.0x/", fast.Fails},
		{"http://foo.0xg/", fast.Parses},
		{"http://foo.09a/", fast.Parses},
		{"http://мир.123/", fast.Fails},
		{"sc:anything at all \x00\x01x", fast.Parses},
		{"sc:/\\x", fast.Parses},
		{"sc://h\x01%zz\x7f\xff:1/", fast.Parses},
		{"sc://", fast.Parses},
		{"sc://@/", fast.Fails},
		{"sc://:1/", fast.Fails},
		{"sc://a\\b/", fast.Fails},
		{"sc://a b/", fast.Fails},
		{"sc://a\x00b/", fast.Fails},
		{"sc://h:1x/", fast.Fails},
		{"no scheme", fast.Fails},
		{"1http://x/", fast.Fails},
		{"é:x", fast.Fails},
		// Left to the slow path.
		{"", fast.Decline},
		{" http://x/", fast.Decline},
		{"http://x/ ", fast.Parses},
		{"http://x ", fast.Decline},
		{"http://x:1\x01", fast.Decline},
		{"http://a@\x01", fast.Decline},
		{"ht\ttp://x/", fast.Decline},
		{"http://ex\tample.com/", fast.Decline},
		{"http://ex%41mple.com/", fast.Decline},
		{"http://[::1]/", fast.Decline},
		{"http://a<\u0338b/", fast.Decline},
		{"http://\u00ad.example/", fast.Decline},
		{"file:///x", fast.Decline},
		{"sc:/\t/h", fast.Decline},
		{"sc://[::1]/", fast.Decline},
	} {
		if got := fast.CanParse(tc.input); got != tc.want {
			t.Errorf("fast.CanParse(%q) = %v, want %v", tc.input, got, tc.want)
		}
		checkVerdict(t, tc.input, nil)
	}
	base := span.MustParse("https://example.com/a/b?q#f")
	for _, tc := range []struct {
		ref  string
		want fast.Verdict
	}{
		{"", fast.Parses},
		{"x y/%zz\\..", fast.Parses},
		{"/", fast.Parses},
		{"\\", fast.Parses},
		{"?q", fast.Parses},
		{"#f", fast.Parses},
		{"//other.org:8080/x", fast.Parses},
		{"\\/other.org/x", fast.Parses},
		{"//", fast.Fails},
		{"//exa mple.com/", fast.Fails},
		{"https:foo", fast.Parses},
		{"HTTPS://h:99999", fast.Fails},
		{"https:/\\h:99999", fast.Fails},
		{"http:foo", fast.Parses},
		{"http:", fast.Fails},
		{"mailto:x", fast.Parses},
		{"1a:b", fast.Parses},
		{"/\t/h", fast.Decline},
		{"file:x", fast.Decline},
	} {
		bh, bp := span.FastBaseForTest(base)
		if got := fast.CanResolve(bh, bp, tc.ref); got != tc.want {
			t.Errorf("fast.CanResolve(%q, %q) = %v, want %v", base.Href(), tc.ref, got, tc.want)
		}
		checkVerdict(t, tc.ref, &base)
	}
	// A base given as a string: only whether it parses and its scheme.
	for _, tc := range []struct {
		ref, base string
		want      fast.Verdict
	}{
		{"x", "HTTPS://Example.COM:443/a/../b ?q", fast.Parses},
		{"HtTpS:x", "HTTPS://h", fast.Parses},
		{"https:x", "http://h", fast.Parses},
		{"http:", "http://h", fast.Parses},
		{"//h:1x", "wss://h", fast.Fails},
		{"x", "http://exa mple/", fast.Fails},
		{"x", "nope", fast.Fails},
		{"http://ok/", "http://:1/", fast.Fails},
		{"x", "sc://h/p", fast.Decline},
		{"x", "file:///p", fast.Decline},
		{"x", "http://[::1]/", fast.Decline},
		{"sc:x", "sc://h/p", fast.Parses},
	} {
		if got := fast.CanParseWithBase(tc.ref, tc.base); got != tc.want {
			t.Errorf("fast.CanParseWithBase(%q, %q) = %v, want %v", tc.ref, tc.base, got, tc.want)
		}
		checkVerdictString(t, tc.ref, tc.base)
	}
	// Against a base that is not special, only what does not depend on it.
	opaque := span.MustParse("sc:opaque")
	bh, bp := span.FastBaseForTest(opaque)
	for ref, want := range map[string]fast.Verdict{"": fast.Decline, "#f": fast.Decline, "x": fast.Decline, "http://h:1x": fast.Fails, "sc:x": fast.Parses} {
		if got := fast.CanResolve(bh, bp, ref); got != want {
			t.Errorf("fast.CanResolve(%q, %q) = %v, want %v", opaque.Href(), ref, got, want)
		}
		checkVerdict(t, ref, &opaque)
	}
}

// FuzzCanParseValidate holds the validation-only run and CanParse to the
// slow path and Parse, with no base and against several bases (which
// selects one, 0 for none) and against base when it parses.
func FuzzCanParseValidate(f *testing.F) {
	addSeeds(f, func(input, base string) { f.Add(input, uint8(0), base) })
	for _, s := range []string{"http://h:65536", "http://0x7f.1", "sc://a b", "//h:1", "\\\\h", "https:/\\h", "http://a@", "http://мир.123/"} {
		f.Add(s, uint8(1), "")
	}
	bases := validateBases(f)
	f.Fuzz(func(t *testing.T, input string, which uint8, base string) {
		checkVerdict(t, input, nil)
		if which > 0 {
			checkVerdict(t, input, &bases[int(which-1)%len(bases)])
		}
		if b, err := span.Parse(base); err == nil {
			checkVerdict(t, input, &b)
		}
		checkVerdictString(t, input, base)
	})
}

// TestCanParseValidateAllocs checks that CanParse and (URL).CanParse
// allocate nothing, whether the validation run decides or the slow path
// does.
func TestCanParseValidateAllocs(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("under -race sync.Pool drops a quarter of what it is given, so the slow path's pooled scratch is made again")
	}
	base := span.MustParse("https://example.com/a/b/c?q=1")
	for _, in := range []string{
		"http://example.com/a b/%zz", "HTTP://User:Pw@Example.COM:8080/x?y#z", "http://münchen.de/", "http://0x7f.1/",
		"http://h:65536/", "sc://h/p", "mailto:x", "http://ex%41mple.com/", "http://[::1]/", " http://x/", "nope",
	} {
		if n := testing.AllocsPerRun(100, func() { span.CanParse(in) }); n != 0 {
			t.Errorf("CanParse(%q) allocates %v times", in, n)
		}
		if n := testing.AllocsPerRun(100, func() { base.CanParse(in) }); n != 0 {
			t.Errorf("base.CanParse(%q) allocates %v times", in, n)
		}
		// A base the fast path would build a new href for.
		if n := testing.AllocsPerRun(100, func() { span.CanParseWithBase(in, "HTTPS://Example.com/a b/../c") }); n != 0 {
			t.Errorf("CanParseWithBase(%q) allocates %v times", in, n)
		}
	}
}
