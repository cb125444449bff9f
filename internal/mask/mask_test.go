package mask

import (
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
		{"https://host:8080/?mail=a@b", "https://host:xxxxx@b", false},
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
