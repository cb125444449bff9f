// Command crawl is one step of a crawl frontier: it reads fetched HTML
// pages, resolves each link against the page's base URL as a browser
// does (the <base href>, and the page's <meta charset>, which decides how
// a link's query is encoded), keeps the http and https links, drops the
// ones already seen under their cache key and prints the new ones queued
// per site, sorted.
//
//	go run ./examples/crawl URL FILE [URL FILE ...]
//
// Each FILE holds the body fetched from URL.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"

	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "crawl:", err)
		os.Exit(1)
	}
}

// keys is the frontier's key policy: tracking parameters do not make a
// new page, nor do escapes of unreserved characters ("%7E" for "~").
var keys = urlkey.Options{DropParamPrefixes: []string{"utm_"}, DropParams: []string{"fbclid"}, NormalizeEscapes: true}

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 || len(args)%2 != 0 {
		return errors.New("usage: crawl URL FILE [URL FILE ...]")
	}
	seen := map[string]bool{}
	queues := map[string][]string{} // site -> cache keys, in the order found
	for i := 0; i < len(args); i += 2 {
		body, err := os.ReadFile(args[i+1])
		if err != nil {
			return err
		}
		page, err := span.Parse(args[i])
		if err != nil {
			return err
		}
		// The document's encoding: a BOM, else <meta charset>, else the
		// browsers' default. A fetcher passes the Content-Type header.
		dec, name, _ := charset.DetermineEncoding(body, "")
		enc, err := span.LookupEncoding(name)
		if err != nil {
			return err
		}
		utf8Body, err := dec.NewDecoder().Bytes(body)
		if err != nil {
			return err
		}
		arena := span.Arena{Encoding: enc}
		base, baseSet := page, false
		z := html.NewTokenizer(bytes.NewReader(utf8Body))
		for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
			tok := z.Token()
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			href, ok := attr(tok, "href")
			switch {
			case !ok:
			case tok.Data == "base" && !baseSet: // the first <base href> counts
				baseSet = true
				if u, err := arena.ParseRef(page, href); err == nil {
					base = u
				}
			case tok.Data == "a":
				link, err := arena.ParseRef(base, href)
				if err != nil || (link.Scheme() != "http" && link.Scheme() != "https") {
					continue
				}
				if key := keys.CacheKey(link); !seen[key] {
					seen[key] = true
					site := keys.SiteKey(link)
					queues[site] = append(queues[site], key)
				}
			}
		}
	}
	for _, site := range slices.Sorted(maps.Keys(queues)) {
		fmt.Fprintf(stdout, "%s\n", site)
		for _, key := range slices.Sorted(slices.Values(queues[site])) {
			fmt.Fprintf(stdout, "\t%s\n", key)
		}
	}
	return nil
}

// attr returns the value of tok's attribute name.
func attr(tok html.Token, name string) (string, bool) {
	for _, a := range tok.Attr {
		if a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}
