package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLogs(t *testing.T) {
	line := func(request string) string {
		return `203.0.113.9 - - [10/Oct/2026:13:55:36 +0000] "` + request + `" 200 512 "-" "curl/8.5.0"`
	}
	long := "/search?q=" + strings.Repeat("x", 200<<10) // longer than the reader's buffer
	log := strings.Join([]string{
		line("GET /index.html HTTP/1.1"),
		line("GET /a/../index.html?q=1 HTTP/1.1"),
		line("GET /static/%2e%2e/index.html HTTP/1.1"),
		line("GET https://www.example.com/index.html HTTP/1.1"),
		line("GET http://www.example.com/%69ndex.html HTTP/1.1"), // not the server's scheme
		line("GET /%69ndex.html HTTP/1.1"),
		line("HEAD /index.html HTTP/1.0") + "\r", // a CRLF line
		line(`GET /caf\xC3\xA9 HTTP/1.1`),        // nginx's escapes
		line("GET /café HTTP/1.1"),
		line("GET /a%2Fb HTTP/1.1"),
		line("GET " + long + " HTTP/1.1"),
		line("CONNECT upstream.example:443 HTTP/1.1"),
		line("CONNECT upstream.example:8443 HTTP/1.1"),
		line("OPTIONS * HTTP/1.1"),
		line("-"),                                // a connection closed before a request
		line(`\x16\x03\x01\x00\xA5\x01\x00\x00`), // TLS sent to a plain HTTP port
		"not a log line",
		`203.0.113.9 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 2000 0`,
		line("GET /a b HTTP/1.1"),
		line("GET /x#fragment HTTP/1.1"),
		line(`GET /x\x00y HTTP/1.1`),
		line("GET https://exa%00mple/ HTTP/1.1"),
		line("CONNECT /path HTTP/1.1"),   // not an authority: an invalid host
		line("GET /index.html HTTP/1.1"), // the last line, without a newline
	}, "\n")
	want := `requests  path
       7  /index.html
       2  /caf%C3%A9
refused   reason
       3  CONNECT (a tunnel, not a URL)
       2  invalid target
       2  malformed line
       2  no request line
       1  OPTIONS * (not a URL)
       1  control character
       1  encoded separator
       1  invalid host
       1  scheme not the server's
       1  target too long
`
	var out strings.Builder
	if err := run([]string{"-host", "www.example.com"}, strings.NewReader(log), &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != want {
		t.Errorf("from stdin, got:\n%s\nwant:\n%s", got, want)
	}

	file := filepath.Join(t.TempDir(), "access.log")
	if err := os.WriteFile(file, []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run([]string{"-format", "combined", "-host", "www.example.com", file}, nil, &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != want {
		t.Errorf("from a file, got:\n%s\nwant:\n%s", got, want)
	}
}

func TestLogsArgs(t *testing.T) {
	for _, args := range [][]string{{"-format", "nope"}, {"a", "b"}, {filepath.Join(t.TempDir(), "missing")}, {"-bogus"}} {
		if err := run(args, strings.NewReader(""), new(strings.Builder)); err == nil {
			t.Errorf("run(%q): no error", args)
		}
	}
}
