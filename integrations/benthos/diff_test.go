package benthos

import (
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/redpanda-data/benthos/v4/public/bloblang"
)

// diffCounts counts how Bloblang's parse_url (net/url) and
// parse_url_whatwg read the same inputs: per outcome and per component,
// each difference in one class (the first that explains it).
type diffCounts struct {
	inputs   int
	classes  map[string]int
	examples map[string][]string
}

func (d *diffCounts) add(class, example string) {
	d.classes[class]++
	if len(d.examples[class]) < 3 {
		d.examples[class] = append(d.examples[class], example)
	}
}

// String lists the counts, sorted by class.
func (d *diffCounts) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "inputs: %d\n", d.inputs)
	names := make([]string, 0, len(d.classes))
	for k := range d.classes {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(&b, "%-58s %6d  e.g. %q\n", k, d.classes[k], d.examples[k])
	}
	return b.String()
}

var ipv4 = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+(:[0-9]+)?$`)

var dotSegment = regexp.MustCompile(`(?i)(^|[/\\])(\.|%2e){1,2}([/\\?#]|$)`)

// compareParsers runs both methods and both query parsers on the URL of
// every request.
func compareParsers(t testing.TB, reqs []request) *diffCounts {
	t.Helper()
	mustParse := func(m string) *bloblang.Executor {
		e, err := bloblang.Parse(m)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	goURL := mustParse(`root = this.parse_url()`)
	whatwg := mustParse(`root = this.parse_url_whatwg()`)
	goForm := mustParse(`root = this.parse_form_url_encoded()`)
	whatwgForm := mustParse(`root = this.parse_query_whatwg()`)

	d := &diffCounts{classes: map[string]int{}, examples: map[string][]string{}}
	for _, r := range reqs {
		in := r.url()
		d.inputs++
		av, aerr := goURL.Query(in)
		bv, berr := whatwg.Query(in)
		switch {
		case aerr != nil && berr != nil:
			d.add("outcome: both refuse", in)
			continue
		case aerr != nil:
			d.add("outcome: only parse_url refuses (a % without hex digits)", in)
			continue
		case berr != nil:
			d.add("outcome: only parse_url_whatwg refuses", in)
			continue
		}
		d.add("outcome: both parse", "")
		a, b := av.(map[string]any), bv.(map[string]any)

		// Host: net/url keeps it as written (with its port).
		ah, bh := a["host"].(string), b["host"].(string)
		if ah != bh {
			lower := strings.ToLower(ah)
			switch {
			case strings.HasSuffix(lower, ":443") && strings.TrimSuffix(lower, ":443") == bh,
				strings.HasSuffix(lower, ":80") && strings.TrimSuffix(lower, ":80") == bh:
				d.add("host: default port kept by parse_url", in)
			case lower == bh:
				d.add("host: case (parse_url keeps uppercase)", in)
			case strings.Contains(bh, "xn--") || !isASCII(ah):
				d.add("host: IDNA (parse_url keeps Unicode)", in)
			case ipv4.MatchString(bh):
				d.add("host: IPv4 number forms (0x7f.1 is 127.0.0.1)", in)
			default:
				d.add("host: other", in)
			}
		}

		// Path: net/url's escaped form against the pathname.
		path, _ := a["path"].(string)
		rawPath, _ := a["raw_path"].(string)
		ap := (&url.URL{Path: path, RawPath: rawPath}).EscapedPath()
		if a["opaque"] != "" {
			ap = a["opaque"].(string)
		}
		bp := b["pathname"].(string)
		inPath := in
		if i := strings.IndexAny(inPath, "?#"); i >= 0 {
			inPath = inPath[:i]
		}
		if ap != bp {
			switch {
			case strings.Contains(inPath, `\`):
				d.add("path: backslash (a slash to WHATWG)", in)
			case dotSegment.MatchString(inPath):
				d.add("path: dot segments (removed by WHATWG)", in)
			case unescape(ap) == unescape(bp):
				d.add("path: percent-encoding (same bytes, other escapes)", in)
			default:
				d.add("path: other", in)
			}
		}
		if path != bp {
			d.add("path: parse_url's decoded .path differs from pathname", in)
		}

		// Query: raw_query against the search.
		aq, _ := a["raw_query"].(string)
		bq := strings.TrimPrefix(b["search"].(string), "?")
		if aq != bq {
			if unescape(aq) == unescape(bq) {
				d.add("query: percent-encoding (same bytes, other escapes)", in)
			} else {
				d.add("query: other", in)
			}
		}
		if aq == "" {
			continue
		}

		// Query parameters: parse_form_url_encoded against the URL
		// Standard's form parser.
		if strings.Contains(aq, ";") {
			d.add("params: query has ';'", in)
		}
		fa, ferr := goForm.Query(aq)
		fb, err := whatwgForm.Query(b["search"])
		if err != nil {
			t.Fatalf("%q: parse_query_whatwg: %v", bq, err)
		}
		switch {
		case ferr != nil && strings.Contains(aq, ";"):
			d.add("params: parse_form_url_encoded fails: ';'", in)
		case ferr != nil:
			d.add("params: parse_form_url_encoded fails: bad %-escape", in)
		case !reflect.DeepEqual(fa, fb):
			if hasInvalidUTF8(fa) {
				d.add("params: values differ: bytes not UTF-8 (U+FFFD in WHATWG)", in)
			} else {
				d.add("params: values differ: other", in)
			}
		}
	}
	return d
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// unescape percent-decodes s, leaving a "%" without two hex digits as it is.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// hasInvalidUTF8 reports whether a parse_form_url_encoded result holds a
// name or a value that is not UTF-8.
func hasInvalidUTF8(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if !utf8.ValidString(k) || hasInvalidUTF8(e) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if hasInvalidUTF8(e) {
				return true
			}
		}
	case string:
		return !utf8.ValidString(v)
	}
	return false
}

// TestDifferencesSample checks that the classes the sample was written
// for are found in it.
func TestDifferencesSample(t *testing.T) {
	d := compareParsers(t, sampleRequests(t))
	t.Logf("\n%s", d)
	for _, class := range []string{
		"host: default port kept by parse_url",
		"host: case (parse_url keeps uppercase)",
		"host: IDNA (parse_url keeps Unicode)",
		"path: backslash (a slash to WHATWG)",
		"path: dot segments (removed by WHATWG)",
		"path: percent-encoding (same bytes, other escapes)",
		"query: percent-encoding (same bytes, other escapes)",
		"params: parse_form_url_encoded fails: ';'",
		"params: parse_form_url_encoded fails: bad %-escape",
		"outcome: only parse_url_whatwg refuses",
		"outcome: only parse_url refuses (a % without hex digits)",
		"host: IPv4 number forms (0x7f.1 is 127.0.0.1)",
	} {
		if d.classes[class] == 0 {
			t.Errorf("no input of the sample in the class %q", class)
		}
	}
}

// TestDifferencesDataset counts the differences on all of requests.txt;
// run it with -v for the table the README gives.
func TestDifferencesDataset(t *testing.T) {
	d := compareParsers(t, datasetRequests(t, 0))
	t.Logf("\n%s", d)
	if d.classes["outcome: both parse"] == 0 {
		t.Error("no input parsed by both")
	}
}
