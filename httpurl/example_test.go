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

func ExampleCacheKey() {
	for _, s := range []string{
		"https://example.com/list?page=2&sort=asc#results",
		"https://example.com/list?sort=asc&page=2",
		"https://example.com/list?sort=asc&&page=2&",
		"https://example.com/list?tag=b&tag=a&id=1",
	} {
		u, _ := span.Parse(s)
		fmt.Println(httpurl.CacheKey(u))
	}
	// Output:
	// https://example.com/list?page=2&sort=asc
	// https://example.com/list?page=2&sort=asc
	// https://example.com/list?page=2&sort=asc
	// https://example.com/list?id=1&tag=b&tag=a
}

func ExampleSiteKey() {
	for _, s := range []string{"https://www.example.co.uk/a", "https://static.example.co.uk/b", "https://alice.github.io/", "http://10.0.0.1:8080/"} {
		u, _ := span.Parse(s)
		fmt.Println(httpurl.SiteKey(u))
	}
	// Output:
	// example.co.uk
	// example.co.uk
	// alice.github.io
	// 10.0.0.1
}

// A crawl frontier: links found on a page are resolved against it,
// deduplicated on their CacheKey and queued per site.
func Example_crawler() {
	page, _ := span.Parse("https://news.example.com/world/today.html")
	links := []string{
		"story?id=2&lang=en", "story?lang=en&id=2#comments", "./story?id=2&lang=en",
		"/world/../sport/", "//cdn.example.com/img.png", "https://blog.example.org/post",
		"mailto:desk@example.com", "javascript:void(0)",
	}
	seen := map[string]bool{}
	queues := map[string][]string{}
	var order []string
	for _, href := range links {
		link, err := page.Parse(href)
		if err != nil || (link.Scheme() != "http" && link.Scheme() != "https") {
			continue
		}
		key := httpurl.CacheKey(link)
		if seen[key] {
			continue
		}
		seen[key] = true
		site := httpurl.SiteKey(link)
		if queues[site] == nil {
			order = append(order, site)
		}
		queues[site] = append(queues[site], key)
	}
	for _, site := range order {
		fmt.Println(site, queues[site])
	}
	// Output:
	// example.com [https://news.example.com/world/story?id=2&lang=en https://news.example.com/sport/ https://cdn.example.com/img.png]
	// example.org [https://blog.example.org/post]
}

// A log pipeline: request-targets and hosts from an access log, counted
// per resource (every spelling of one URL together) and per error kind.
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
		hits[httpurl.CacheKey(u)]++
	}
	fmt.Println(hits)
	fmt.Println(malformed)
	// Output:
	// map[https://example.com/etc/passwd:1 https://example.com/index.html:3 https://example.com/search?page=1&q=go:2]
	// map[asterisk-form request target (OPTIONS *) has no URL:1 invalid host:1 invalid request target:1]
}

// A crawler's policy: tracking parameters and session ids are left out,
// escapes of one byte spelled one way; the signed URL keeps its order.
func ExampleKeyOptions_CacheKey() {
	crawl := httpurl.KeyOptions{
		DropParams:        []string{"fbclid", "gclid", "sessionid"},
		DropParamPrefixes: []string{"utm_"},
		NormalizeEscapes:  true,
	}
	for _, s := range []string{
		"https://example.com/%7ealice/list?sort=asc&utm_source=news&page=2#top",
		"https://example.com/~alice/list?page=2&sort=asc&fbclid=IwAR0x",
		"https://example.com/~alice/list?sessionid=42&page=%32&sort=asc",
	} {
		_, key := crawl.CacheKey(span.MustParse(s))
		fmt.Println(key)
	}
	signed := httpurl.KeyOptions{DropParamPrefixes: []string{"utm_"}, KeepOrder: true}
	k, key := signed.CacheKey(span.MustParse("https://cdn.example.com/f?utm_medium=x&X-Expires=60&X-Signature=a1b2"))
	fmt.Println(key, k.Pathname())
	// Output:
	// https://example.com/~alice/list?page=2&sort=asc
	// https://example.com/~alice/list?page=2&sort=asc
	// https://example.com/~alice/list?page=2&sort=asc
	// https://cdn.example.com/f?X-Expires=60&X-Signature=a1b2 /f
}

// With the ICANN rules alone, the users of a hosting service are one
// politeness queue: one operator serves them all.
func ExampleKeyOptions_SiteKey() {
	perOperator := httpurl.KeyOptions{ICANNOnly: true}
	for _, s := range []string{"https://alice.github.io/", "https://bob.github.io/blog/", "https://www.example.co.uk/"} {
		u := span.MustParse(s)
		fmt.Println(httpurl.SiteKey(u), perOperator.SiteKey(u))
	}
	// Output:
	// alice.github.io github.io
	// bob.github.io github.io
	// example.co.uk example.co.uk
}
