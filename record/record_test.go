package record_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
)

type examples struct {
	IPv6Serialize []struct {
		Pieces [8]uint16 `json:"pieces"`
		Output string    `json:"output"`
	} `json:"ipv6_serialize"`
	StartsWithWindowsDriveLetter []struct {
		Input  string `json:"input"`
		Output bool   `json:"output"`
	} `json:"starts_with_windows_drive_letter"`
}

func load(t *testing.T) examples {
	data, err := os.ReadFile("../testdata/spec-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var ex examples
	if err := json.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	return ex
}

func TestIPv6SerializerExamples(t *testing.T) {
	for _, tc := range load(t).IPv6Serialize {
		if got := string(record.AppendIPv6(nil, tc.Pieces)); got != tc.Output {
			t.Errorf("%v: %q, want %q", tc.Pieces, got, tc.Output)
		}
	}
}

func TestStartsWithWindowsDriveLetterExamples(t *testing.T) {
	for _, tc := range load(t).StartsWithWindowsDriveLetter {
		if got := record.StartsWithWindowsDriveLetter([]byte(tc.Input)); got != tc.Output {
			t.Errorf("%q: %v, want %v", tc.Input, got, tc.Output)
		}
	}
	for _, s := range []string{"C|", "c:\\", "z:?", "a:#"} {
		if !record.StartsWithWindowsDriveLetter([]byte(s)) {
			t.Errorf("%q should start with a Windows drive letter", s)
		}
	}
	for _, s := range []string{"", "c", "1:", "::", "cc:"} {
		if record.StartsWithWindowsDriveLetter([]byte(s)) {
			t.Errorf("%q should not start with a Windows drive letter", s)
		}
	}
}

// TestErrorTypes: the standard's table names 29 validation errors; each
// has its spec name, round-trips through ErrorTypeByName, and works as an
// errors.Is target through a ValidationError.
func TestErrorTypes(t *testing.T) {
	types := record.ErrorTypes()
	if len(types) != 29 || record.NumErrorTypes != 29 {
		t.Fatalf("%d error types, want the standard's 29", len(types))
	}
	seen := map[string]bool{}
	for _, et := range types {
		name := et.String()
		if seen[name] || strings.HasPrefix(name, "ErrorType(") {
			t.Errorf("bad or duplicate name %q", name)
		}
		seen[name] = true
		if back, ok := record.ErrorTypeByName(name); !ok || back != et {
			t.Errorf("ErrorTypeByName(%q) = %v, %v", name, back, ok)
		}
		var err error = record.ValidationError{Type: et, Offset: 3}
		if !errors.Is(err, et) || err.Error() != name+" at offset 3" {
			t.Errorf("%v: errors.Is or Error() wrong: %q", et, err.Error())
		}
	}
	for _, name := range []string{"invalid-URL-unit", "IPv4-non-decimal-part", "file-invalid-Windows-drive-letter-host", "domain-to-ASCII"} {
		if !seen[name] {
			t.Errorf("missing %q", name)
		}
	}
}

// TestEncodeSets checks each percent-encode set against the standard's
// wording, code point by code point over ASCII (every set holds all bytes
// >= 0x80).
func TestEncodeSets(t *testing.T) {
	c0 := func(c byte) bool { return c <= 0x1f || c > 0x7e }
	fragment := func(c byte) bool { return c0(c) || strings.IndexByte(" \"<>`", c) >= 0 }
	query := func(c byte) bool { return c0(c) || strings.IndexByte(" \"#<>", c) >= 0 }
	specialQuery := func(c byte) bool { return query(c) || c == '\'' }
	path := func(c byte) bool { return query(c) || strings.IndexByte("?^`{}", c) >= 0 }
	userinfo := func(c byte) bool { return path(c) || strings.IndexByte("/:;=@[\\]|", c) >= 0 }
	component := func(c byte) bool { return userinfo(c) || strings.IndexByte("$%&+,", c) >= 0 }
	form := func(c byte) bool {
		alnum := c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		return !(alnum || c == '*' || c == '-' || c == '.' || c == '_')
	}
	for _, tc := range []struct {
		name string
		set  *record.EncodeSet
		want func(byte) bool
	}{
		{"C0 control", &record.C0ControlSet, c0},
		{"fragment", &record.FragmentSet, fragment},
		{"query", &record.QuerySet, query},
		{"special-query", &record.SpecialQuerySet, specialQuery},
		{"path", &record.PathSet, path},
		{"userinfo", &record.UserinfoSet, userinfo},
		{"component", &record.ComponentSet, component},
		{"application/x-www-form-urlencoded", &record.FormURLEncodedSet, form},
	} {
		for c := 0; c < 256; c++ {
			if got := tc.set.Contains(byte(c)); got != tc.want(byte(c)) {
				t.Errorf("%s set: Contains(%#x) = %v", tc.name, c, got)
			}
		}
	}
}

// TestAppendPercentEncodedAll: every byte becomes its "%XX", appended after
// what dst holds, whatever dst's spare capacity; dst's bytes are kept.
func TestAppendPercentEncodedAll(t *testing.T) {
	for _, tc := range []struct{ dst, s, want string }{
		{"", "", ""},
		{"P", "", "P"},
		{"", "\xc3\xa9", "%C3%A9"},
		{"/a", "\xe4\xb8\xad\xff\x80", "/a%E4%B8%AD%FF%80"},
		{"", "a\x00 ", "%61%00%20"},
	} {
		for spare := range 8 {
			dst := append(make([]byte, 0, len(tc.dst)+spare), tc.dst...)
			if got := record.AppendPercentEncodedAll(dst, tc.s); string(got) != tc.want {
				t.Errorf("AppendPercentEncodedAll(%q (cap +%d), %q) = %q, want %q", tc.dst, spare, tc.s, got, tc.want)
			}
		}
	}
	var all []byte
	for c := range 256 {
		all = append(all, byte(c))
	}
	var want []byte
	for _, c := range all {
		want = record.AppendPercentEncodedByte(want, c)
	}
	if got := record.AppendPercentEncodedAll(nil, string(all)); string(got) != string(want) {
		t.Errorf("AppendPercentEncodedAll of every byte = %q, want %q", got, want)
	}
}

// TestNonASCIIEnd: the end of the run of non-ASCII bytes from every start,
// with the first ASCII byte at every position (or none), for string and
// []byte, against a loop over every byte: the eight-byte steps and the
// tail agree.
func TestNonASCIIEnd(t *testing.T) {
	for n := range 40 {
		for stop := 0; stop <= n; stop++ {
			b := []byte(strings.Repeat("\x80\xff\xd0", n)[:n])
			if stop < n {
				b[stop] = 'a' + byte(stop%3)*0x3f // 'a', 0xA0 or 0xDF: only 'a' is ASCII
			}
			for i := 0; i <= n; i++ {
				want := i
				for want < n && b[want] >= 0x80 {
					want++
				}
				if got := record.NonASCIIEnd(string(b), i); got != want {
					t.Fatalf("NonASCIIEnd(%q, %d) = %d, want %d", b, i, got, want)
				}
				if got := record.NonASCIIEnd(b, i); got != want {
					t.Fatalf("NonASCIIEnd([]byte(%q), %d) = %d, want %d", b, i, got, want)
				}
			}
		}
	}
}

func TestPercentDecode(t *testing.T) {
	// The standard's examples.
	if got := string(record.AppendPercentDecoded(nil, []byte("%25%s%1G"))); got != "%%s%1G" {
		t.Errorf("got %q", got)
	}
	if got := record.AppendPercentDecoded(nil, []byte("‽%25%2E")); string(got) != "\xe2\x80\xbd%." {
		t.Errorf("got %q", got)
	}
	for in, want := range map[string]string{"%": "%", "%4": "%4", "%41": "A", "a%2f%2Fb": "a//b", "%%41": "%A"} {
		if got := string(record.AppendPercentDecoded(nil, []byte(in))); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	if got := string(record.AppendPercentEncodedByte(nil, 0x23)) + string(record.AppendPercentEncodedByte(nil, 0x7f)); got != "%23%7F" {
		t.Errorf("percent-encode: %q", got)
	}
}

// TestOffsetsCheck: the consistency check rejects broken offsets (so that
// the fuzzers relying on it can fail).
func TestOffsetsCheck(t *testing.T) {
	u := record.URL{}
	u.Reset()
	u.Scheme = []byte("https")
	u.Host.SetText(record.HostDomain, []byte("h"))
	u.Port = 8080
	u.Path = []byte("/p")
	u.Query, u.HasQuery = []byte("q"), true
	href, off := u.Serialize(nil, false)
	if msg := off.Check(string(href)); msg != "" {
		t.Fatalf("good offsets rejected: %s", msg)
	}
	for name, mutate := range map[string]func(o *record.Offsets){
		"scheme": func(o *record.Offsets) { o.SchemeEnd++ },
		"port":   func(o *record.Offsets) { o.Port = 8081 },
		"query":  func(o *record.Offsets) { o.QueryStart-- },
		"path":   func(o *record.Offsets) { o.PathStart = uint32(len(href) + 1) },
		"host":   func(o *record.Offsets) { o.HostStart = o.HostEnd + 1 },
	} {
		bad := off
		mutate(&bad)
		if bad.Check(string(href)) == "" {
			t.Errorf("%s: broken offsets accepted", name)
		}
	}
}

// TestPacked: packing keeps every offset, the port (or its absence), the
// host kind and the flags.
func TestPacked(t *testing.T) {
	for _, o := range []record.Offsets{
		{SchemeEnd: 5, UsernameEnd: 8, HostStart: 12, HostEnd: 23, Port: 8080, PathStart: 28, QueryStart: 30, FragmentStart: 40},
		{SchemeEnd: 6, UsernameEnd: 7, HostStart: 7, HostEnd: 7, Port: record.Omitted, PathStart: 7, QueryStart: record.Omitted, FragmentStart: record.Omitted},
		{SchemeEnd: 1 << 31, UsernameEnd: 1<<32 - 2, HostStart: 3, HostEnd: 4, Port: 0, PathStart: 1<<32 - 2, QueryStart: 1<<32 - 2, FragmentStart: 1<<32 - 2},
		{Port: 65535},
	} {
		for _, kind := range []record.HostKind{record.HostNull, record.HostDomain, record.HostEmpty} {
			for _, flags := range []uint8{0, record.FlagSpecial, record.FlagSpecial | record.FlagOpaquePath} {
				p := record.Pack(&o, kind, flags)
				if got := p.Offsets(); got != o || p.Kind() != kind || p.Flags() != flags {
					t.Errorf("Pack(%+v, %v, %d) unpacks to %+v, %v, %d", o, kind, flags, got, p.Kind(), p.Flags())
				}
			}
		}
	}
}
