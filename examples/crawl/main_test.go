package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCrawl(t *testing.T) {
	dir := t.TempDir()
	// A UTF-8 page with a <base href> (the first one counts), entities in
	// attributes, duplicates under the key policy and links to drop.
	news := `<!doctype html><html><head><meta charset="utf-8">
<base href="/archive/2024/"><base href="/ignored/"></head><body>
<a href="story?id=2&amp;lang=en">story</a>
<a href="./story?lang=en&id=2&utm_source=feed#comments">the same story</a>
<a href="../../sport/%7Escores">sport</a>
<a href="//cdn.example.com/img.png">image</a>
<a href="https://blog.example.org/post?fbclid=IwAR0">blog</a>
<a href="HTTPS://BÜCHER.example/">idn</a>
<a href="  /search?q=café  ">search</a>
<a href="mailto:desk@example.com">mail</a><a href="javascript:void(0)">js</a>
<a href="http://[::1">broken</a><a>no href</a>
</body></html>`
	// A windows-1252 page: its bytes are decoded, and the query of a
	// link is encoded back in windows-1252 (the path in UTF-8).
	shop := "<html><head><meta charset=\"windows-1252\"></head><body>\n" +
		"<a href=\"/search?q=caf\xe9\">q</a><a href=\"/caf\xe9\">p</a>\n" +
		"<a href=\"https://news.example.com/archive/2024/story?lang=en&amp;id=2\">seen</a>\n" +
		"<a href=\"https://www.example.co.uk:443/\">www</a><a href=\"ftp://files.example.co.uk/\">ftp</a>\n" +
		"</body></html>"
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	args := []string{
		"https://news.example.com/world/today.html", write("news.html", news),
		"http://shop.example.co.uk/list", write("shop.html", shop),
	}
	var out strings.Builder
	if err := run(args, &out); err != nil {
		t.Fatal(err)
	}
	want := `example.co.uk
	http://shop.example.co.uk/caf%C3%A9
	http://shop.example.co.uk/search?q=caf%E9
	https://www.example.co.uk/
example.com
	https://cdn.example.com/img.png
	https://news.example.com/archive/2024/story?id=2&lang=en
	https://news.example.com/search?q=caf%C3%A9
	https://news.example.com/sport/~scores
example.org
	https://blog.example.org/post
xn--bcher-kva.example
	https://xn--bcher-kva.example/
`
	if got := out.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestCrawlErrors(t *testing.T) {
	for _, args := range [][]string{nil, {"https://example.com/"}, {"https://example.com/", filepath.Join(t.TempDir(), "missing")}, {"not a url", os.Args[0]}} {
		if err := run(args, new(strings.Builder)); err == nil {
			t.Errorf("run(%q): no error", args)
		}
	}
}
