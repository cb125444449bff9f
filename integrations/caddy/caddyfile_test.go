package caddyspanurl_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2/caddyconfig"
)

// adapt returns the JSON of a Caddyfile.
func adapt(t *testing.T, cf string) (string, error) {
	t.Helper()
	cfg, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(cf), map[string]any{"filename": "Caddyfile"})
	return string(cfg), err
}

// TestCaddyfile checks the directive, its subdirectives and its order:
// spanurl is the first handler of the site without an order option,
// before handlers that come earlier in the Caddyfile.
func TestCaddyfile(t *testing.T) {
	js, err := adapt(t, `:8080 {
	respond @u "user"
	@u spanurl_pattern /users/:id {
		ignore_case
		base_url https://example.com
	}
	uri strip_prefix /api
	spanurl {
		whatwg
		max_target_length 4096
		max_host_length -1
		allow_host_mismatch
		allow_encoded_separators
		allow_empty_segments
		scheme https
		trust_forwarded
		trusted_proxies private_ranges 192.0.2.1
		default_host example.com
		status 404
		reason "refused: {http.spanurl.error}"
		handle_errors
	}
}`)
	if err != nil {
		t.Fatal(err)
	}
	want := `"routes":[{"handle":[{"allow_empty_segments":true,"default_host":"example.com","handle_errors":true,"handler":"spanurl","policy":{"allow_encoded_separators":true,"allow_host_mismatch":true,"max_host_length":-1,"max_target_length":4096,"whatwg":true},"reason":"refused: {http.spanurl.error}","scheme":"https","status":404,"trust_forwarded":true,"trusted_proxies":["private_ranges","192.0.2.1"]},`
	if !strings.Contains(js, want) {
		t.Errorf("adapted JSON lacks the handler:\n%s\nwant %s", js, want)
	}
	if i, j := strings.Index(js, `"handler":"spanurl"`), strings.Index(js, `"handler":"rewrite"`); i < 0 || j < 0 || i > j {
		t.Errorf("spanurl is not before rewrite: %s", js)
	}
	if !strings.Contains(js, `"spanurl_pattern":{"pattern":"/users/:id","base_url":"https://example.com","ignore_case":true}`) {
		t.Errorf("adapted JSON lacks the matcher: %s", js)
	}
	for _, bad := range []string{
		"spanurl {\n\tno_such_thing\n}",
		"spanurl {\n\tstatus\n}",
		"spanurl {\n\tstatus x\n}",
		"spanurl {\n\twhatwg yes\n}",
		"spanurl extra",
		"@m spanurl_pattern\nrespond @m 1",
		"@m spanurl_pattern /a /b\nrespond @m 1",
		"@m spanurl_pattern /a {\n\tno_such_thing\n}\nrespond @m 1",
	} {
		if _, err := adapt(t, ":8080 {\n"+bad+"\n}"); err == nil {
			t.Errorf("%q: adapted without an error", bad)
		}
	}
}

// get sends a GET for target to Caddy at addr and returns the status and
// body.
func get(t *testing.T, addr, target string) (int, string) {
	t.Helper()
	var conn net.Conn
	var err error
	for range 50 {
		if conn, err = net.Dial("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, addr)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestServe runs the handler and matcher in Caddy: refusals with the
// default and a configured status and reason, placeholders that read the
// checked URL, the matcher's groups, and a matcher after a rewrite,
// which matches the rewritten URL; refusals through handle_errors.
func TestServe(t *testing.T) {
	port := freePort(t)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	startCaddy(t, caddyfile(port, `
	spanurl
	uri /api/* strip_prefix /api
	@user spanurl_pattern /users/:id
	respond @user "user {http.spanurl_pattern.pathname.id} at {path}"
	respond "{uri} on {host}"`, ""))
	for _, tc := range []struct {
		target string
		code   int
		body   string
	}{
		{"/a/./b/../c?q=%7e", 200, "/a/c?q=%7e on 127.0.0.1"},
		{"/a/%2e%2E/%7Euser/x", 200, "/~user/x on 127.0.0.1"},
		{"/users/42", 200, "user 42 at /users/42"},
		{"/api/users/7", 200, "user 7 at /users/7"},
		{"/api/x/../users/8", 200, "user 8 at /users/8"},
		{"/x/..%2fusers/9", 400, "httpurl: encoded separator in the path: target \"/x/..%2fusers/9\": %2f at offset 5\n"},
		{"/x//users/9", 400, "caddyspanurl: empty path segment in \"/x//users/9\"\n"},
		{"/x|/..%3b", 400, "caddyspanurl: the path cannot be forwarded byte for byte through net/url: \"/x|/..%3b\"\n"},
	} {
		code, body := get(t, addr, tc.target)
		if code != tc.code || body != tc.body {
			t.Errorf("GET %s = %d %q; want %d %q", tc.target, code, body, tc.code, tc.body)
		}
	}
	_ = stopCaddy()

	port = freePort(t)
	addr = fmt.Sprintf("127.0.0.1:%d", port)
	startCaddy(t, caddyfile(port, `
	spanurl {
		status 404
		reason "refused ({http.spanurl.error})"
	}
	respond "ok"`, ""))
	code, body := get(t, addr, "/a/..%5Cb")
	if want := "refused (httpurl: encoded separator in the path: target \"/a/..%5Cb\": %5C at offset 5)\n"; code != 404 || body != want {
		t.Errorf("GET /a/..%%5Cb = %d %q; want 404 %q", code, body, want)
	}
	_ = stopCaddy()

	// handle_errors: the refusal goes to the site's error routes.
	port = freePort(t)
	addr = fmt.Sprintf("127.0.0.1:%d", port)
	startCaddy(t, caddyfile(port, `
	spanurl {
		status 403
		handle_errors
	}
	respond "ok"
	handle_errors {
		respond "error route {err.status_code}"
	}`, ""))
	if code, body := get(t, addr, "/a/..%2fb"); code != 403 || body != "error route 403" {
		t.Errorf("GET /a/..%%2fb with handle_errors = %d %q; want 403 %q", code, body, "error route 403")
	}
	if code, body := get(t, addr, "/a/../b"); code != 200 || body != "ok" {
		t.Errorf("GET /a/../b with handle_errors = %d %q; want 200 ok", code, body)
	}
}
