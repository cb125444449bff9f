package accesslog_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spanurl/spanurl/accesslog"
)

func Example() {
	log := `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /a/../index.html?q=1 HTTP/1.1" 200 2326 "-" "curl/8.5.0"
192.0.2.44 - - [10/Oct/2024:13:55:41 +0000] "CONNECT upstream.example.org:443 HTTP/1.1" 200 0 "-" "curl/8.5.0"
198.51.100.8 - - [10/Oct/2024:13:55:46 +0000] "-" 408 0 "-" "-"
not a log line
`
	p := accesslog.Parser{Format: accesslog.Combined}
	var l accesslog.Line
	sc := bufio.NewScanner(strings.NewReader(log))
	sc.Buffer(nil, 1<<20) // room for long request lines
	for sc.Scan() {
		if err := p.Parse(sc.Bytes(), &l); err != nil {
			fmt.Println(err)
			continue
		}
		u, err := l.URL("www.example.com", "https")
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s %s %s\n", l.Status, l.Method, u.Href())
	}
	if err := sc.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 200 GET https://www.example.com/index.html?q=1
	// httpurl: CONNECT request: an authority-form target names no URL to route: target "upstream.example.org:443"
	// accesslog: the request is not METHOD TARGET [HTTP/VERSION] at offset 47
	// accesslog: no [date] field at offset 0
}

func ExampleParser_Parse() {
	// nginx writes bytes that are not printable ASCII as \xHH; Parse
	// decodes them back to the bytes the server received.
	line := `2001:db8::7 - - [10/Oct/2024:13:55:36 +0000] "GET /caf\xC3\xA9 HTTP/1.1" 200 1 "-" "agent \x22x\x22" "www.example.com"`
	p := accesslog.Parser{Format: accesslog.CombinedHost}
	var l accesslog.Line
	if err := p.Parse([]byte(line), &l); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("client %s, target %q, user agent %q, host %s\n", l.Client, l.Target, l.UserAgent, l.Host)
	// Output:
	// client 2001:db8::7, target "/café", user agent "agent \"x\"", host www.example.com
}

func ExampleLine_URL() {
	p := accesslog.Parser{Format: accesslog.VhostCombined}
	var l accesslog.Line
	for _, line := range []string{
		`shop.example:443 203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET //cart/./items HTTP/2.0" 200 1 "-" "-"`,
		`shop.example:80 203.0.113.9 - - [10/Oct/2024:13:55:37 +0000] "OPTIONS * HTTP/1.1" 200 0 "-" "-"`,
		`shop.example:80 203.0.113.9 - - [10/Oct/2024:13:55:38 +0000] "GET /a b HTTP/1.1" 400 0 "-" "-"`,
	} {
		if err := p.Parse([]byte(line), &l); err != nil {
			fmt.Println(err)
			continue
		}
		u, err := l.URL("", "http")
		var malformed *accesslog.Error
		switch {
		case errors.As(err, &malformed):
			fmt.Println("malformed:", err)
		case err != nil:
			fmt.Println(err)
		default:
			fmt.Println(u.Href())
		}
	}
	// Output:
	// https://shop.example//cart/items
	// httpurl: asterisk-form request target (OPTIONS *) has no URL: target "*"
	// httpurl: invalid request target: target "/a b": space at offset 2
}

// A log processor that counts requests per path: it reads lines of any
// length (one here is 50 KB, longer than the reader's buffer) and checks the reader's error, and it
// counts with a Counter, which copies a path the first time it sees it,
// since the Parser's results alias its memory. The paths are the ones a
// proxy on httpurl's strict policy routes: "/%69ndex.html" is
// "/index.html", and CONNECT names no path.
func ExampleParser_countPaths() {
	long := "/search?q=" + strings.Repeat("x", 50<<10)
	logText := `192.0.2.1 - - [10/Oct/2026:13:55:36 +0000] "GET /a/../index.html HTTP/1.1" 200 512 "-" "curl/8"
192.0.2.2 - - [10/Oct/2026:13:55:37 +0000] "GET ` + long + ` HTTP/1.1" 200 10 "-" "curl/8"
192.0.2.3 - - [10/Oct/2026:13:55:38 +0000] "GET /%69ndex.html HTTP/1.1" 200 512 "-" "curl/8"

192.0.2.4 - - [10/Oct/2026:13:55:39 +0000] "GET /index.html HTTP/1.1" 304 0 "-" "curl/8"
192.0.2.5 - - [10/Oct/2026:13:55:40 +0000] "CONNECT example.org:443 HTTP/1.1" 200 0 "-" "curl/8"
`
	lp := accesslog.Parser{Format: accesslog.Combined}
	var l accesslog.Line
	var paths accesslog.Counter
	var blank, malformed, refused int
	rd := bufio.NewReaderSize(strings.NewReader(logText), 16<<10)
	for {
		line, err := rd.ReadSlice('\n')
		if err == bufio.ErrBufferFull { // a line longer than the buffer: read the rest of it
			head := bytes.Clone(line)
			var rest []byte
			rest, err = rd.ReadBytes('\n')
			line = append(head, rest...)
		}
		if len(line) > 0 || err == nil {
			switch perr := lp.Parse(bytes.TrimRight(line, "\r\n"), &l); {
			case errors.Is(perr, accesslog.ErrBlankLine):
				blank++
			case perr != nil:
				malformed++
			default:
				if u, uerr := lp.URL(&l, "example.com", "https"); uerr == nil {
					paths.Add(u.Pathname()) // valid until lp's next call: Add copies it
				} else {
					refused++
				}
			}
		}
		if err == io.EOF {
			break
		} else if err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(paths.Count("/index.html"), paths.Count("/search"), paths.Count("/%69ndex.html"))
	fmt.Println(blank, malformed, refused)
	// Output:
	// 3 1 0
	// 1 0 1
}
