package span_test

import (
	"bufio"
	"os"
	"testing"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// addSeeds adds our hand-written seeds (testdata/fuzz/seeds.txt) and, when
// the WPT data is present, every urltestdata.json input.
func addSeeds(f *testing.F, add func(input, base string)) {
	file, err := os.Open("../testdata/fuzz/seeds.txt")
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		add(sc.Text(), "")
	}
	for _, tc := range testvectors.LoadJSON[testvectors.URLTest](f, "urltestdata.json") {
		base := ""
		if tc.Base != nil {
			base = *tc.Base
		}
		add(tc.Input, base)
	}
}

// checkParsed asserts what every successful parse must satisfy: offsets
// consistent with the href, every getter callable, and idempotence (the
// serialization parses to an equal URL).
func checkParsed(t *testing.T, u span.URL, what string) {
	t.Helper()
	if msg := offsets.Check(u.Offsets(), u.Href()); msg != "" {
		t.Fatalf("%s: href %q: %s", what, u.Href(), msg)
	}
	_ = u.Origin() + u.Protocol() + u.Username() + u.Password() + u.Host() + u.Hostname() +
		u.Port() + u.Pathname() + u.Search() + u.Hash()
	again, err := span.Parse(u.Href())
	if err != nil {
		t.Fatalf("%s: href %q does not parse: %v", what, u.Href(), err)
	}
	if again != u {
		t.Fatalf("%s: href %q reparses to %q", what, u.Href(), again.Href())
	}
}

// FuzzParse: parsing never panics, and every URL it returns is idempotent
// under serialize-then-parse with consistent offsets.
func FuzzParse(f *testing.F) {
	addSeeds(f, func(input, _ string) { f.Add(input) })
	f.Fuzz(func(t *testing.T, input string) {
		u, err := span.Parse(input)
		sameWithErrors(t, input, span.URL{}, u, err)
		sameThroughParser(t, input, span.URL{}, u, err)
		sameThroughArena(t, input, span.URL{}, u, err)
		if err != nil {
			return
		}
		checkParsed(t, u, "Parse("+input+")")
	})
}

// sameWithErrors asserts that ParseWithErrors gives what Parse gave. It
// always takes the slow path one code point per step (to report each
// one), where Parse takes the fast path or the slow path's runs of
// code points that a state appends unchanged.
func sameWithErrors(t *testing.T, input string, base span.URL, u span.URL, err error) {
	t.Helper()
	v, _, verr := span.ParseWithErrors(input, base)
	if (err == nil) != (verr == nil) || v != u {
		t.Fatalf("input %q base %q: Parse gives %q (%v), ParseWithErrors %q (%v)", input, base.Href(), u.Href(), err, v.Href(), verr)
	}
}

// sameThroughParser asserts that a Parser gives what Parse gave, and that
// its result does not change when the caller then reuses its slice.
func sameThroughParser(t *testing.T, input string, base span.URL, u span.URL, err error) {
	t.Helper()
	var p span.Parser
	in := []byte(input)
	v, verr := p.ParseRef(base, in)
	if (err == nil) != (verr == nil) || v != u {
		t.Fatalf("input %q base %q: Parse gives %q (%v), a Parser %q (%v)", input, base.Href(), u.Href(), err, v.Href(), verr)
	}
	for i := range in {
		in[i] = 0
	}
	if v != u {
		t.Fatalf("input %q base %q: a Parser's result changed with the caller's slice: %q", input, base.Href(), v.Href())
	}
}

// sameThroughArena asserts that an Arena gives what Parse gave, and that
// its result stays the same when the Arena parses the input again (into
// the same block, after the first result).
func sameThroughArena(t *testing.T, input string, base span.URL, u span.URL, err error) {
	t.Helper()
	var a span.Arena
	v, verr := a.ParseRef(base, input)
	if (err == nil) != (verr == nil) || v != u {
		t.Fatalf("input %q base %q: Parse gives %q (%v), an Arena %q (%v)", input, base.Href(), u.Href(), err, v.Href(), verr)
	}
	a.ParseRef(base, input)
	a.ParseRef(base, "//x"+input)
	if v != u {
		t.Fatalf("input %q base %q: an Arena's result changed with its next calls: %q", input, base.Href(), v.Href())
	}
}

// FuzzParseWithBase: the same for relative resolution against a base.
func FuzzParseWithBase(f *testing.F) {
	addSeeds(f, func(input, base string) {
		if base == "" {
			base = "http://example.com/a/b?c#d"
		}
		f.Add(input, base)
	})
	f.Fuzz(func(t *testing.T, input, baseInput string) {
		base, err := span.Parse(baseInput)
		if err != nil {
			return
		}
		u, err := base.Parse(input)
		sameWithErrors(t, input, base, u, err)
		sameThroughParser(t, input, base, u, err)
		sameThroughArena(t, input, base, u, err)
		if err != nil {
			return
		}
		checkParsed(t, u, "Parse("+input+", "+baseInput+")")
	})
}
