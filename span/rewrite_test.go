package span

import "testing"

// TestRewriteAllocs checks that a With method given a common value
// allocates the new href and nothing else.
func TestRewriteAllocs(t *testing.T) {
	u := MustParse("https://user:pw@example.com:8080/a/b?q=1#frag")
	cases := []struct {
		name string
		f    func() URL
	}{
		{"WithPathname", func() URL { v, _ := u.WithPathname("/x/y"); return v }},
		{"WithSearch", func() URL { v, _ := u.WithSearch("?a=b"); return v }},
		{"WithHash", func() URL { v, _ := u.WithHash("#x"); return v }},
		{"WithHost", func() URL { v, _ := u.WithHost("example.org"); return v }},
		{"WithHost port", func() URL { v, _ := u.WithHost("example.org:9090"); return v }},
		{"WithPort", func() URL { v, _ := u.WithPort("9090"); return v }},
		{"WithoutCredentials", u.WithoutCredentials},
	}
	for _, c := range cases {
		var v URL
		if n := testing.AllocsPerRun(100, func() { v = c.f() }); n > 1 {
			t.Errorf("%s: %v allocations, want 1", c.name, n)
		}
		if v == u {
			t.Errorf("%s: unchanged", c.name)
		}
	}
}
