package mask

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestInput(t *testing.T) {
	long := strings.Repeat("a", 300)
	tests := []struct {
		in, want  string
		truncated bool
	}{
		// Nothing to mask.
		{"https://example.com/", "https://example.com/", false},
		{"https://user@example.com/", "https://user@example.com/", false},
		{"https://host:8080/", "https://host:8080/", false},
		{"mailto:someone@example.org", "mailto:someone@example.org", false},
		{"https://host/a:b", "https://host/a:b", false},
		{"", "", false},
		// The password between "scheme://user:" and "@".
		{"https://user:secret@exa mple.com/", "https://user:xxxxx@exa mple.com/", false},
		{"https://:secret@host", "https://:xxxxx@host", false},
		{"https://user:se:cret@host", "https://user:xxxxx@host", false},
		{"https://user:p@ss@host/", "https://user:xxxxx@host/", false},
		{"foo://u:secret@host:99999999", "foo://u:xxxxx@host:99999999", false},
		// Every way the parser reaches credentials.
		{"https:user:secret@exa mple.com", "https:user:xxxxx@exa mple.com", false},
		{`https:\\user:secret@exa mple.com`, `https:\\user:xxxxx@exa mple.com`, false},
		{"https:/user:secret@h", "https:/user:xxxxx@h", false},
		{"//user:secret@exa mple.com", "//user:xxxxx@exa mple.com", false},
		{"  https://user:secret@h ", "  https://user:xxxxx@h ", false},
		{"ht\ttps://user:secret@h", "ht\ttps://user:xxxxx@h", false},
		{"https:/\n/user:secret@h", "https:/\n/user:xxxxx@h", false},
		{"https://user:sec\tret@h", "https://user:xxxxx@h", false},
		{"1x://user:secret@h", "1x:xxxxx@h", false}, // no scheme: from the first ":"
		// Wider than the parser: an intended password with a delimiter.
		{"https://user:pa/ss@host/", "https://user:xxxxx@host/", false},
		{"https://user:pa?ss@host/", "https://user:xxxxx@host/", false},
		{"https://user:pa#ss@host/", "https://user:xxxxx@host/", false},
		{"https://host:8080/?mail@b", "https://host:xxxxx@b", false},
		// The password span and a value that overlap are one mask.
		{"https://host:8080/?mail=a@b", "https://host:xxxxx", false},
		{"https://u:secret@h/?k=secret&x#y=secret", "https://u:xxxxx@h/?k=xxxxx&x#y=xxxxx", false},
		// Truncation after masking; a password past the cut is not shown.
		{"https://u:" + long + "@h", "https://u:xxxxx@h", false},
		{"https://u:secret@h/" + long, ("https://u:xxxxx@h/" + long)[:MaxQuoted], true},
		{"https://" + long + ":secret@h", ("https://" + long)[:MaxQuoted], true},
	}
	for _, tc := range tests {
		got, cut := Input(tc.in)
		if got != tc.want || cut != tc.truncated {
			t.Errorf("Input(%q) = %q, %v; want %q, %v", tc.in, got, cut, tc.want, tc.truncated)
		}
		if strings.Contains(got, "secret") {
			t.Errorf("Input(%q) = %q leaks the password", tc.in, got)
		}
	}
}

// TestInputParameters: the values of the query's and the fragment's
// parameters are masked, names and parameters without "=" are shown.
func TestInputParameters(t *testing.T) {
	long := strings.Repeat("a", 300)
	tests := []struct {
		in, want  string
		truncated bool
	}{
		{"https://h/p?token=secret", "https://h/p?token=xxxxx", false},
		{"https://h/p?a=secret&b=&c&d=secret&=secret", "https://h/p?a=xxxxx&b=&c&d=xxxxx&=xxxxx", false},
		{"https://h/p?a==secret=x&&b=secret#", "https://h/p?a=xxxxx&&b=xxxxx#", false},
		{"https://h/p#access_token=secret&state=secret", "https://h/p#access_token=xxxxx&state=xxxxx", false},
		{"https://h/p?q=secret#frag", "https://h/p?q=xxxxx#frag", false},
		{"https://h/p#f?q=secret", "https://h/p#f?q=xxxxx", false},
		{"https://h/p#a=secret?b=secret", "https://h/p#a=xxxxx", false},
		{"?a=secret", "?a=xxxxx", false},
		{"#a=secret", "#a=xxxxx", false},
		{"/relative?x#y", "/relative?x#y", false},
		{"https://h/?a=1&b=2", "https://h/?a=xxxxx&b=xxxxx", false},
		{"https://h/p=secret&q=secret", "https://h/p=secret&q=secret", false},
		// Cut after masking; a long value is one mask.
		{"https://h/?k=" + long + "&k2=secret", "https://h/?k=xxxxx&k2=xxxxx", false},
		{"https://h/" + long + "?k=secret", ("https://h/" + long)[:MaxQuoted], true},
		{"https://h/" + long[:240] + "?k=secret", ("https://h/" + long[:240] + "?k=xxxxx")[:MaxQuoted], true},
		{"https://h/?" + strings.Repeat("k=secret&", 100), strings.Repeat("k=xxxxx&", 100)[:MaxQuoted-len("https://h/?")], true},
	}
	for _, tc := range tests {
		want := tc.want
		if strings.HasPrefix(tc.in, "https://h/?k=secret&") {
			want = "https://h/?" + tc.want
		}
		got, cut := Input(tc.in)
		if got != want || cut != tc.truncated {
			t.Errorf("Input(%q) = %q, %v; want %q, %v", tc.in, got, cut, want, tc.truncated)
		}
		if strings.Contains(got, "secret") && !strings.Contains(tc.in, "/p=secret") {
			t.Errorf("Input(%q) = %q leaks a value", tc.in, got)
		}
		b, masked, cut2 := AppendInput([]byte("x"), tc.in)
		if !masked {
			b = append(b, tc.in[:min(len(tc.in), MaxQuoted)]...)
		}
		if string(b) != "x"+want || cut2 != tc.truncated {
			t.Errorf("AppendInput(%q) = %q, %v", tc.in, b, cut2)
		}
	}
}

// TestInputNoAllocs: without anything to mask, masking is free.
func TestInputNoAllocs(t *testing.T) {
	for _, in := range []string{
		"https://exa mple.com/",
		"https://user@exa mple.com/",
		"https://host:99999/",
		"https://example.com/" + strings.Repeat("x", 1000),
	} {
		if n := testing.AllocsPerRun(100, func() { Input(in) }); n != 0 {
			t.Errorf("Input(%.30q) allocates %v times", in, n)
		}
	}
}

// TestAuthority: an authority's password lies between its first ":" and
// its last "@"; a path or a URL is masked as Input masks it.
func TestAuthority(t *testing.T) {
	for in, want := range map[string]string{
		"user:secret@h":       "user:xxxxx@h",
		"user:se:cret@h:8080": "user:xxxxx@h:8080",
		"u:p@ss@h":            "u:xxxxx@h",
		"h:8080":              "h:8080",
		"user@h":              "user@h",
		"/a:b@c":              "/a:xxxxx@c", // a path, masked as Input masks it
		"http://u:secret@h/":  "http://u:xxxxx@h/",
		"":                    "",
	} {
		if got, cut := Authority(in); got != want || cut {
			t.Errorf("Authority(%q) = %q, %v; want %q", in, got, cut, want)
		}
	}
}

// TestAppendInput: the masked text goes to dst only when masking changes
// s; cut or not, it is what Input returns.
func TestAppendInput(t *testing.T) {
	long := strings.Repeat("a", 300)
	for _, in := range []string{"https://h/", "https://u:secret@h/", "https://u:secret@h/" + long, "https://h/" + long} {
		want, wantCut := Input(in)
		dst, masked, cut := AppendInput([]byte("old"), in)
		if cut != wantCut || masked != (want != in[:min(len(in), MaxQuoted)]) {
			t.Errorf("AppendInput(%.30q): masked %v, cut %v", in, masked, cut)
		}
		if masked && string(dst) != "old"+want || !masked && string(dst) != "old" {
			t.Errorf("AppendInput(%.30q) = %q, want %q after old", in, dst, want)
		}
	}
}

// TestReplace: Redacted's form, the one mask between the two ends.
func TestReplace(t *testing.T) {
	if got := Replace("https://u:secret@h/", 10, 16); got != "https://u:xxxxx@h/" {
		t.Errorf("Replace = %q", got)
	}
}

func TestHead(t *testing.T) {
	long := strings.Repeat("a", 300)
	tests := []struct {
		in, want  string
		truncated bool
	}{
		// Short: as Input.
		{"https://user:secret@host/", "https://user:xxxxx@host/", false},
		{"https://host/", "https://host/", false},
		// Long: the "@" may lie past the quoted bytes.
		{"https://user:" + long + "@host/", "https://user:xxxxx", true},
		{"https://user:secret@host/" + long, "https://user:xxxxx", true},
		{"https://host/" + long, ("https://host/" + long)[:MaxQuoted], true},
		{"https://host/" + long + ":x@", ("https://host/" + long)[:MaxQuoted], true},
		{"/" + long, ("/" + long)[:MaxQuoted], true},
	}
	for _, tc := range tests {
		got, cut := Head(tc.in)
		if got != tc.want || cut != tc.truncated {
			t.Errorf("Head(%.40q...) = %.40q..., %v; want %.40q..., %v", tc.in, got, cut, tc.want, tc.truncated)
		}
		b, cut2 := AppendHead([]byte("x"), tc.in)
		if string(b) != "x"+tc.want || cut2 != tc.truncated {
			t.Errorf("AppendHead(%.40q...) = %.40q..., %v", tc.in, b, cut2)
		}
	}
}

// TestInputNeverShowsValues: in URLs built at random from pieces (with
// no "@", so that only parameter values are masked and the text up to the
// first "?" or "#" is quoted as it is), no quoted text shows a value of a
// parameter of the query or the fragment, wherever the cut falls.
func TestInputNeverShowsValues(t *testing.T) {
	pieces := []string{"https://", "http:", "//", "u", ":", "h.example", "/p", "?", "#", "&", "=", "k", "\t", `\`, "%3D", strings.Repeat("a", 120)}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(14) {
			if p := pieces[rng.IntN(len(pieces))]; p == "=" {
				b.WriteString("=SECRET")
			} else {
				b.WriteString(p)
			}
		}
		in := b.String()
		q := strings.IndexAny(in, "?#")
		if q < 0 {
			continue
		}
		for name, got := range map[string]string{"Input": first(Input(in)), "Head": first(Head(in)), "Authority": first(Authority(in))} {
			if len(got) > q && strings.Contains(got[q:], "=SECRET") {
				t.Errorf("%s(%q) = %q shows a value", name, in, got)
			}
		}
	}
}

func first(s string, _ bool) string { return s }
