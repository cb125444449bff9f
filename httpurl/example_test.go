package httpurl_test

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

func ExampleParseRequestTarget() {
	for _, target := range []string{
		"/shop/./cart/../items?id=7",
		"/static/%2E%2E/admin",
		`/static\..\admin`,
		"/static/..%2Fadmin",
		"//evil.example/x",
		"/a\r\nSet-Cookie: x",
	} {
		u, err := httpurl.ParseRequestTarget(target, "Shop.Example:443", "https")
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u.Href())
	}
	// Output:
	// https://shop.example/shop/items?id=7
	// https://shop.example/admin
	// https://shop.example/admin
	// https://shop.example/static/..%2Fadmin
	// https://shop.example//evil.example/x
	// httpurl: control character: target "/a\r\nSet-Cookie: x": CR at offset 2
}

func ExampleParseRequestTarget_hostErrors() {
	for _, host := range []string{"[::1]:8080", "[::1]junk", "[::ffff:127.0.0.1", "user:secret@example.com", "example.com:99999"} {
		u, err := httpurl.ParseRequestTarget("/", host, "http")
		switch {
		case errors.Is(err, httpurl.ErrInvalidHost):
			fmt.Println("400:", err)
		case err != nil:
			fmt.Println("other:", err)
		default:
			fmt.Println("ok:", u.Hostname(), u.PortOrDefault())
		}
	}
	// Output:
	// ok: [::1] 8080
	// 400: httpurl: invalid host: host "[::1]junk": malformed IPv6 literal (text after ']') at offset 5
	// 400: httpurl: invalid host: host "[::ffff:127.0.0.1": malformed IPv6 literal (no ']') at offset 17
	// 400: httpurl: invalid host: host "user:xxxxx@example.com": userinfo at offset 11
	// 400: httpurl: invalid host: host "example.com:99999": port-out-of-range at offset 12
}

// The strict routing policy (FromRequest's default) beside the standard's
// URL, for requests that the standard accepts.
func ExamplePolicy() {
	show := func(u span.URL, err error) string {
		if err != nil {
			return err.Error()
		}
		return u.Href()
	}
	for _, req := range []struct{ target, host string }{
		{"/adm%69n", "Example.com."},
		{"/~user/%7Efile", "example.com%2e:8080"},
		{"/", "[::ffff:127.0.0.1]"},
		{"/a/..%2fadmin", "example.com"},
		{"/", "a;b=c.example"},
		{"/", "example.com:0"},
		{"http://admin.example/x", "www.example"},
	} {
		fmt.Println(req.target, "Host:", req.host)
		fmt.Println("  standard:", show(httpurl.ParseRequestTarget(req.target, req.host, "http")))
		fmt.Println("  strict:  ", show(httpurl.Policy{}.ParseRequestTarget(req.target, req.host, "http")))
	}
	// Output:
	// /adm%69n Host: Example.com.
	//   standard: http://example.com./adm%69n
	//   strict:   http://example.com/admin
	// /~user/%7Efile Host: example.com%2e:8080
	//   standard: http://example.com.:8080/~user/%7Efile
	//   strict:   http://example.com:8080/~user/~file
	// / Host: [::ffff:127.0.0.1]
	//   standard: http://[::ffff:7f00:1]/
	//   strict:   http://127.0.0.1/
	// /a/..%2fadmin Host: example.com
	//   standard: http://example.com/a/..%2fadmin
	//   strict:   httpurl: encoded separator in the path: target "/a/..%2fadmin": %2f at offset 5
	// / Host: a;b=c.example
	//   standard: http://a;b=c.example/
	//   strict:   httpurl: host is not a DNS name or an IP address: host "a;b=c.example": character ';' at offset 1
	// / Host: example.com:0
	//   standard: http://example.com:0/
	//   strict:   httpurl: port 0: host "example.com:0" at offset 12
	// http://admin.example/x Host: www.example
	//   standard: http://admin.example/x
	//   strict:   httpurl: the request target does not match the Host header: host "www.example": the target names "admin.example"
}

func ExampleParseConnectTarget() {
	u, err := httpurl.ParseConnectTarget("[2001:db8::1]:443")
	if err != nil {
		panic(err)
	}
	a, _ := u.HostAddr()
	fmt.Println(net.JoinHostPort(a.String(), strconv.Itoa(int(u.PortOrDefault()))))
	// Output: [2001:db8::1]:443
}

// A log pipeline: request-targets and hosts from an access log, counted
// per URL (the spellings of one URL that the parser makes one together;
// urlkey.CacheKey also makes an empty or reordered query one) and per
// error kind.
func Example_logPipeline() {
	log := "/index.html\texample.com\n" +
		"/./index.html\tEXAMPLE.com:443\n" +
		"/a/../index.html?\texample.com\n" +
		"/search?q=go&page=1\texample.com\n" +
		"/search?page=1&q=go\texample.com\n" +
		"/../../etc/passwd\texample.com\n" +
		"/x\t[::1]junk\n" +
		"*\texample.com\n" +
		"1.2.3.4:25\texample.com\n"
	hits := map[string]int{}
	malformed := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(log))
	for sc.Scan() {
		target, host, _ := strings.Cut(sc.Text(), "\t")
		u, err := httpurl.ParseRequestTarget(target, host, "https")
		if err != nil {
			var e *httpurl.Error
			errors.As(err, &e)
			malformed[e.Kind.Error()]++
			continue
		}
		hits[u.Href()]++
	}
	fmt.Println(hits)
	fmt.Println(malformed)
	// Output:
	// map[https://example.com/etc/passwd:1 https://example.com/index.html:2 https://example.com/index.html?:1 https://example.com/search?page=1&q=go:1 https://example.com/search?q=go&page=1:1]
	// map[asterisk-form request target (OPTIONS *) has no URL:1 invalid host:1 invalid request target:1]
}
