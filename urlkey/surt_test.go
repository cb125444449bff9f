package urlkey_test

import (
	"testing"

	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

// TestSURT checks SURT against the keys web archives make: the examples of
// the Internet Archive's surt library (from its WaybackURLKeyMaker tests)
// and of its canonicalizer, with session identifiers.
func TestSURT(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://www.archive.org/", "org,archive)/"},
		{"http://archive.org/", "org,archive)/"},
		{"http://archive.org/goo/", "org,archive)/goo"},
		{"http://archive.org/goo/?", "org,archive)/goo"},
		{"http://archive.org/goo/?b&a", "org,archive)/goo?a&b"},
		{"http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b"},
		{"http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221", "org,archive)/index.php?action=profile;u=4221"},
		{"whois://whois.isoc.org.il/shaveh.co.il", "il,org,isoc,whois)/shaveh.co.il"},
		{"http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2",
			"com,yahoo,webhosting,visit)/visit.gif?b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2"},
		{"mailto:foo@example.com", "mailto:foo@example.com"},
		{"http://ARCHIVE.ORG/", "org,archive)/"},
		{"http://www.archive.org:80/", "org,archive)/"},
		{"https://www.archive.org:80/", "org,archive:80)/"},
		{"http://www.archive.org:443/", "org,archive:443)/"},
		{"https://www.archive.org:443/", "org,archive)/"},
		{"http://www.archive.org/big/", "org,archive)/big"},
		{"http://www34.archive.org/index.html?b=a&b=b&a=b", "org,archive)/index.html?a=b&b=a&b=b"},
		{"http://www2foo.com/", "com,www2foo)/"},
		{"http://www2.www2foo.com/", "com,www2foo)/"},
		{"http://www.com/", "com,www)/"},
		{"http://example.com/foo?X=Y", "com,example)/foo?x=y"},
		{"http://example.com/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx", "com,example)/mileg.aspx"},
		{"http://example.com/(4hqa0555fwsecu455xqckv45)/mileg.aspx", "com,example)/mileg.aspx"},
		{"http://example.com/(a(4hqa0555fwsecu455xqckv45)S(4hqa0555fwsecu455xqckv45)f(4hqa0555fwsecu455xqckv45))/mileg.aspx?page=sessionschedules", "com,example)/mileg.aspx?page=sessionschedules"},
		{"http://example.com/photos/36050182@N05/", "com,example)/photos/36050182@n05"},
		{"http://example.com/?jsessionid=0123456789abcdefghijklemopqrstuv&x=y", "com,example)/?x=y"},
		{"http://example.com/?jsessionid=0123456789abcdefghijklemopqrstuv0", "com,example)/?jsessionid=0123456789abcdefghijklemopqrstuv0"},
		{"http://example.com/?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y", "com,example)/?x=y"},
		{"http://example.com/?sid=9682993c8daa2c5497996114facdc805&x=y", "com,example)/?x=y"},
		{"http://example.com/?CFID=1169580&CFTOKEN=48630702&dtstamp=22%2F08%2F2006%7C06%3A58%3A11", "com,example)/?dtstamp=22/08/2006|06:58:11"},
		{"http://123.45.167.89/x", "89,167,45,123)/x"},
		{"http://[2001:DB8::1]:8080/x", "[2001:db8::1]:8080)/x"},
		{"https://user:pw@example.com/a#frag", "com,example)/a"},
		{"http://host/%25%32%35", "host)/%25"},
		{"http://host/%2525252525252525", "host)/%25"},
		{"http://example.com/a%20b/%7Ec", "com,example)/a%20b/~c"},
		{"https://bücher.example/", "example,xn--bcher-kva)/"},
		{"file:///etc/hosts", "file:///etc/hosts"},
	} {
		u, err := span.Parse(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := urlkey.SURT(u); got != c.want {
			t.Errorf("SURT(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	if urlkey.SURT(span.URL{}) != "" {
		t.Error("zero URL: key not empty")
	}
}
