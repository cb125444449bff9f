package slow

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/record"
)

// shortcutCase is one input of TestShortcutsChangeNothing, with its base
// (hasBase false for none) and where it comes from.
type shortcutCase struct {
	input, base string
	hasBase     bool
	from        string
}

// outcome is everything a run of the parser produces that the shortcuts
// could change.
type outcome struct {
	href       string
	components string
	failure    string
	errs       []record.ValidationError
}

func (o outcome) String() string {
	if o.failure != "" {
		return fmt.Sprintf("failure %s, errors %v", o.failure, o.errs)
	}
	return fmt.Sprintf("%q {%s}, errors %v", o.href, o.components, o.errs)
}

func (o outcome) equal(v outcome) bool {
	return o.href == v.href && o.components == v.components && o.failure == v.failure && slices.Equal(o.errs, v.errs)
}

// components spells out every field of u.
func components(u *record.URL) string {
	return fmt.Sprintf("scheme %q username %q password %q host %v %q %d %v port %d path %q opaque %v query %q %v fragment %q %v",
		u.Scheme, u.Username, u.Password, u.Host.Kind, u.Host.Text, u.Host.IPv4, u.Host.IPv6, u.Port,
		u.Path, u.OpaquePath, u.Query, u.HasQuery, u.Fragment, u.HasFragment)
}

// modeParser parses in one mode: shortcuts on or off, validation errors
// collected or not. Bases are parsed in the same mode, once each.
type modeParser struct {
	shortcuts bool
	p, baseP  Parser
	bases     map[string]*record.URL // nil: the base fails to parse
}

func newModeParser(shortcuts, collect bool) *modeParser {
	m := &modeParser{shortcuts: shortcuts, bases: map[string]*record.URL{}}
	m.p.CollectErrors = collect
	return m
}

func (m *modeParser) parse(c shortcutCase) (o outcome, baseOK bool) {
	run := func(f func()) {
		if m.shortcuts {
			f()
		} else {
			withoutShortcuts(f)
		}
	}
	var base *record.URL
	if c.hasBase {
		b, seen := m.bases[c.base]
		if !seen {
			run(func() {
				if u, err := m.baseP.Parse(c.base, nil, nil); err == nil {
					b = new(record.URL)
					b.CopyFrom(u)
				}
			})
			m.bases[c.base] = b
		}
		if b == nil {
			return o, false
		}
		base = b
	}
	run(func() {
		u, err := m.p.Parse(c.input, base, nil)
		if err != nil {
			o.failure = fmt.Sprintf("%v (%#v)", err, err)
		} else {
			o.href, o.components = u.String(), components(u)
		}
		if m.p.CollectErrors {
			o.errs = slices.Clone(m.p.Errors())
		}
	})
	return o, true
}

// TestShortcutsChangeNothing parses every input of the web platform tests'
// urltestdata.json (and of their IDNA files, as hosts) and every line of
// the corpora with the shortcuts of shortcuts.go on and off, with and
// without collecting validation errors, and requires the same URL record,
// href, failure and validation errors. Without the shortcuts, domain to
// ASCII is golang.org/x/net/idna and this package's UTS #46 steps alone,
// so this also compares internal/uts46 with code it does not share on
// every internationalized host of the corpora. With -short it reads every
// tenth corpus line.
func TestShortcutsChangeNothing(t *testing.T) {
	if !shortcuts {
		t.Fatal("shortcuts are off outside withoutShortcuts")
	}
	var cases []shortcutCase
	add := func(from, input string, base *string) {
		c := shortcutCase{input: input, from: from}
		if base != nil {
			c.base, c.hasBase = *base, true
		}
		cases = append(cases, c)
	}
	for _, name := range []string{"urltestdata.json", "urltestdata-javascript-only.json"} {
		for _, tc := range testvectors.LoadJSON[testvectors.URLTest](t, name) {
			add(name, tc.Input, tc.Base)
		}
	}
	type idnaTest struct {
		Input string `json:"input"`
	}
	for _, name := range []string{"toascii.json", "IdnaTestV2.json"} {
		for _, tc := range testvectors.LoadJSON[idnaTest](t, name) {
			add(name, "https://"+tc.Input+"/x", nil)
			add(name, "foo://"+tc.Input+"/x", nil)
		}
	}
	for _, in := range []string{
		"http://a\tb.c/p\na?q\r#f", " \x01http://h/ ", "http://h/\xff\xfe?\xc3#\xe2\x82",
		"http://\xffh/", "http://h\xef\xbf\xbd.com/", "http://Ü\t.com/", "non-spec://ü/ü?ü#ü",
		"http://h/a b?a b#a b", "sc:a b ?c", "http://u:p@h:8080/", "http://[::1]:80/",
	} {
		add("inline", in, nil)
	}
	datasets := testvectors.DatasetsDir(t)
	// Every corpus line takes 10-30 s on a loaded machine; -short takes
	// every tenth.
	sample := 1
	if testing.Short() {
		sample = 10
	}
	lines := func(name string, each func(line string)) {
		f, err := os.Open(filepath.Join(datasets, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for n := 0; sc.Scan(); n++ {
			if n%sample == 0 {
				each(sc.Text())
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"absolute.txt", "messy.txt"} {
		lines(name, func(line string) { add(name, line, nil) })
	}
	lines("hosts.txt", func(line string) { add("hosts.txt", "http://"+line+"/", nil) })
	lines("requests.txt", func(line string) {
		target, host, _ := strings.Cut(line, "\t")
		if host == "" {
			host = "localhost"
		}
		base := "http://" + host + "/"
		add("requests.txt", target, &base)
	})
	lines("relative.tsv", func(line string) {
		ref, base, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("relative.tsv: %q has no tab", line)
		}
		add("relative.tsv", ref, &base)
	})

	start := time.Now()
	diffs, noBase := 0, 0
	for _, collect := range []bool{false, true} {
		on, off := newModeParser(true, collect), newModeParser(false, collect)
		for _, c := range cases {
			want, baseOK := off.parse(c)
			got, gotBaseOK := on.parse(c)
			if !baseOK && !gotBaseOK {
				noBase++
				continue
			}
			if baseOK == gotBaseOK && got.equal(want) {
				continue
			}
			diffs++
			if diffs <= 20 {
				t.Errorf("%s: %+q base %+q (errors collected: %v):\nwith shortcuts    %v (base parses: %v)\nwithout shortcuts %v (base parses: %v)",
					c.from, c.input, c.base, collect, got, gotBaseOK, want, baseOK)
			}
		}
	}
	if diffs > 20 {
		t.Errorf("%d differences in all", diffs)
	}
	t.Logf("%d inputs, each parsed four times, in %v; %d runs skipped as their base fails to parse",
		len(cases), time.Since(start).Round(time.Millisecond), noBase)
}

// TestDomainShortcutsChangeNothing runs domain to ASCII and domain to
// Unicode, with beStrict false and true, with the shortcuts on and off on
// every input of the web platform tests' IDNA files and every line of
// hosts.txt, and requires the same results. (The parser only asks for
// domain to ASCII with beStrict false; the URL API asks for the rest.)
func TestDomainShortcutsChangeNothing(t *testing.T) {
	type idnaTest struct {
		Input string `json:"input"`
	}
	domains := []string{"a\ufffd.com", "\ufffd", "xn--a.\ufffd", "ÄB.xn--zca", "XN--ZCA", "WWW.Example.COM", "ZZ.Top", "a..b", ""}
	for _, name := range []string{"toascii.json", "IdnaTestV2.json"} {
		for _, tc := range testvectors.LoadJSON[idnaTest](t, name) {
			domains = append(domains, tc.Input)
		}
	}
	data, err := os.ReadFile(filepath.Join(testvectors.DatasetsDir(t), "hosts.txt"))
	if err != nil {
		t.Fatal(err)
	}
	domains = append(domains, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")...)

	type result struct {
		ascii        string
		asciiErr     record.ErrorType
		unicode      string
		unicodeError bool
	}
	run := func(domain string, beStrict bool) (r result) {
		out, errType := domainToASCII(nil, []byte(domain), beStrict)
		r.ascii, r.asciiErr = string(out), errType
		r.unicode, r.unicodeError = domainToUnicode([]byte(domain), beStrict)
		return r
	}
	diffs := 0
	for _, domain := range domains {
		for _, beStrict := range []bool{false, true} {
			got := run(domain, beStrict)
			var want result
			withoutShortcuts(func() { want = run(domain, beStrict) })
			if got != want {
				diffs++
				if diffs <= 20 {
					t.Errorf("%+q beStrict %v:\nwith shortcuts    %+v\nwithout shortcuts %+v", domain, beStrict, got, want)
				}
			}
		}
	}
	if diffs > 20 {
		t.Errorf("%d differences in all", diffs)
	}
	t.Logf("%d domains", len(domains))
}
