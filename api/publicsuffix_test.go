package api

import (
	"testing"

	"github.com/spanurl/spanurl/span"
)

func strOrNull(s string, ok bool) string {
	if !ok {
		return "null"
	}
	return `"` + s + `"`
}

func TestPublicSuffixSpecTable(t *testing.T) {
	ex := loadSpecExamplesAPI(t)
	if len(ex.PublicSuffix) == 0 {
		t.Fatal("no examples")
	}
	for _, tc := range ex.PublicSuffix {
		wantPS, wantRD := "null", "null"
		if tc.PublicSuffix != nil {
			wantPS = `"` + *tc.PublicSuffix + `"`
		}
		if tc.RegistrableDomain != nil {
			wantRD = `"` + *tc.RegistrableDomain + `"`
		}
		if got := strOrNull(PublicSuffix(tc.Host)); got != wantPS {
			t.Errorf("PublicSuffix(%q) = %s, want %s", tc.Host, got, wantPS)
		}
		if got := strOrNull(RegistrableDomain(tc.Host)); got != wantRD {
			t.Errorf("RegistrableDomain(%q) = %s, want %s", tc.Host, got, wantRD)
		}
		// The same through a URL with that host.
		u, err := span.Parse("https://" + tc.Host + "/")
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		if got := strOrNull(URLPublicSuffix(u)); got != wantPS {
			t.Errorf("URLPublicSuffix(%q) = %s, want %s", u.Href(), got, wantPS)
		}
		if got := strOrNull(URLRegistrableDomain(u)); got != wantRD {
			t.Errorf("URLRegistrableDomain(%q) = %s, want %s", u.Href(), got, wantRD)
		}
	}
}

func TestPublicSuffixMore(t *testing.T) {
	tests := []struct{ host, ps, rd string }{
		// Not domains.
		{"", "null", "null"},
		{"127.0.0.1", "null", "null"},
		{"0x7f.1", "null", "null"},
		{"[::1]", "null", "null"},
		{"a b", "null", "null"},
		{"example.com:443", "null", "null"},
		// Multi-label suffixes, wildcard and exception rules.
		{"co.uk", `"co.uk"`, "null"},
		{"bbc.co.uk", `"co.uk"`, `"bbc.co.uk"`},
		{"www.bbc.co.uk", `"co.uk"`, `"bbc.co.uk"`},
		{"www.ck", `"ck"`, `"www.ck"`},       // !www.ck
		{"a.b.ck", `"b.ck"`, `"a.b.ck"`},     // *.ck
		{"localhost", `"localhost"`, "null"}, // the default rule "*"
		{"foo.localhost", `"localhost"`, `"foo.localhost"`},
		// Trailing dot, percent-encoding and IDNA go through the host parser.
		{"www.example.com.", `"com."`, `"example.com."`},
		{"ex%41mple.COM", `"com"`, `"example.com"`},
		{"xn--bcher-kva.example", `"example"`, `"xn--bcher-kva.example"`},
		// Empty labels: the PSL algorithm on the labels as they are.
		{"a..example.com", `"com"`, `"example.com"`},
		{".com", `"com"`, `".com"`},
		{".", `"."`, "null"},
		{"com.", `"com."`, "null"},
	}
	for _, tc := range tests {
		if got := strOrNull(PublicSuffix(tc.host)); got != tc.ps {
			t.Errorf("PublicSuffix(%q) = %s, want %s", tc.host, got, tc.ps)
		}
		if got := strOrNull(RegistrableDomain(tc.host)); got != tc.rd {
			t.Errorf("RegistrableDomain(%q) = %s, want %s", tc.host, got, tc.rd)
		}
	}
}

// TestICANNOnly: with the ICANN rules alone, a private rule's suffix gives
// way to the ICANN suffix under it; hosts under ICANN rules answer as
// with every rule.
func TestICANNOnly(t *testing.T) {
	for _, c := range []struct{ host, ps, rd, psAll, rdAll string }{
		{"whatwg.github.io", "io", "github.io", "github.io", "whatwg.github.io"},
		{"x.s3.amazonaws.com", "com", "amazonaws.com", "s3.amazonaws.com", "x.s3.amazonaws.com"},
		{"github.io", "io", "github.io", "github.io", ""},
		{"www.example.com", "com", "example.com", "com", "example.com"},
		{"www.example.co.uk.", "co.uk.", "example.co.uk.", "co.uk.", "example.co.uk."},
		{"x.example.unlisted", "unlisted", "example.unlisted", "unlisted", "example.unlisted"},
		{"io", "io", "", "io", ""},
	} {
		ps, _ := PublicSuffixICANN(c.host)
		rd, _ := RegistrableDomainICANN(c.host)
		psAll, _ := PublicSuffix(c.host)
		rdAll, _ := RegistrableDomain(c.host)
		if ps != c.ps || rd != c.rd || psAll != c.psAll || rdAll != c.rdAll {
			t.Errorf("%s: ICANN %q %q, all rules %q %q; want %q %q, %q %q", c.host, ps, rd, psAll, rdAll, c.ps, c.rd, c.psAll, c.rdAll)
		}
		u, err := span.Parse("https://" + c.host + "/")
		if err != nil {
			t.Fatal(err)
		}
		ups, _ := URLPublicSuffixICANN(u)
		urd, _ := URLRegistrableDomainICANN(u)
		if ups != ps || urd != rd {
			t.Errorf("%s: URL forms %q %q", c.host, ups, urd)
		}
	}
	if _, ok := RegistrableDomainICANN("127.0.0.1"); ok {
		t.Error("an IP address has a registrable domain")
	}
}
