package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/urlpattern"
)

// lines is a Writer that hands each Write to a channel.
type lines chan string

func (l lines) Write(p []byte) (int, error) { l <- string(p); return len(p), nil }

// TestProxy sends raw requests to the proxy over TCP and checks which
// reach the backend, and with which target and Host.
func TestProxy(t *testing.T) {
	var hits atomic.Int32
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprintf(w, "backend: %s %s host %s", r.Method, r.RequestURI, r.Host)
	}))
	defer backend.Close()

	ctx, cancel := context.WithCancel(context.Background())
	out := make(lines, 1)
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"-listen", "127.0.0.1:0", "-backend", backend.URL}, out) }()
	var addr string
	select {
	case l := <-out:
		addr = strings.TrimSpace(strings.TrimPrefix(l, "listening on "))
	case err := <-done:
		t.Fatal(err)
	}
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	}()

	for _, tc := range []struct {
		request string // the request line and a Host header
		status  int
		backend string // what the backend got; "" when nothing reached it
		err     error  // the reason the proxy gives, for a refusal
	}{
		{"GET /static/app.js?v=1\r\nHost: www.example", 200, "backend: GET /static/app.js?v=1 host www.example", nil},
		{"HEAD /static/app.js\r\nHost: www.example", 200, "", nil}, // HEAD: no body to read the backend's view from
		{"GET /static/css/%2e%2e/adm%69n.js\r\nHost: WWW.Example.", 200, "backend: GET /static/admin.js host www.example", nil},
		{"GET /v1/users?id=1\r\nHost: api.example", 200, "backend: GET /v1/users?id=1 host api.example", nil},
		{"POST /v1/users\r\nHost: api.example\r\nContent-Length: 0", 200, "backend: POST /v1/users host api.example", nil},
		{"GET http://api.example/v1/users\r\nHost: api.example", 200, "backend: GET /v1/users host api.example", nil},
		// The deny rule sees the path as the backend would.
		{"GET /static/%2e%2e/admin\r\nHost: www.example", 403, "", nil},
		{"GET /%61dmin/users\r\nHost: www.example", 403, "", nil},
		{"GET /static/..%2F..%2Fadmin\r\nHost: www.example", 400, "", httpurl.ErrEncodedSeparator},
		{"GET /a%2fb\r\nHost: www.example", 400, "", httpurl.ErrEncodedSeparator},
		{"GET /static/%zz\r\nHost: www.example", 400, "", nil}, // net/http refuses it before any handler
		{"GET /static/50%\r\nHost: www.example", 400, "", nil},
		{"GET /static/x\r\nHost: exa_mple", 400, "", httpurl.ErrNotDNSName},
		// The scheme is the connection's, never the client's.
		{"GET https://evil.example/static/x\r\nHost: evil.example", 400, "", httpurl.ErrSchemeMismatch},
		// The API is pinned to its host.
		{"GET /v1/users\r\nHost: www.example", 404, "", nil},
		{"GET http://evil.example/v1/users\r\nHost: evil.example", 404, "", nil},
		{"DELETE /v1/users\r\nHost: api.example", 405, "", urlpattern.ErrMethodNotAllowed},
		{"CONNECT 127.0.0.1:22\r\nHost: 127.0.0.1:22", 405, "", httpurl.ErrConnect},
		{"OPTIONS *\r\nHost: www.example", 400, "", httpurl.ErrAsteriskForm},
	} {
		before := hits.Load()
		method, _, _ := strings.Cut(tc.request, " ")
		status, body := roundTrip(t, addr, method, tc.request)
		reached := hits.Load() != before
		switch {
		case status != tc.status:
			t.Errorf("%q: status %d, want %d (%s)", tc.request, status, tc.status, body)
		case tc.backend != "" && body != tc.backend:
			t.Errorf("%q: %q, want %q", tc.request, body, tc.backend)
		case tc.backend == "" && reached && method != "HEAD", method == "HEAD" && !reached:
			t.Errorf("%q: reached the backend: %v", tc.request, reached)
		case tc.err != nil && !strings.Contains(body, tc.err.Error()):
			t.Errorf("%q: %q, want the reason %q", tc.request, body, tc.err)
		}
	}
}

// roundTrip sends one HTTP/1.1 request on a new connection and returns the
// response's status and body.
func roundTrip(t *testing.T, addr, method, request string) (int, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	line, headers, _ := strings.Cut(request, "\r\n")
	if _, err := fmt.Fprintf(c, "%s HTTP/1.1\r\n%s\r\nConnection: close\r\n\r\n", line, headers); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%q: %v", request, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, strings.TrimSpace(string(body))
}

func TestProxyArgs(t *testing.T) {
	for _, args := range [][]string{{"-backend", "127.0.0.1:9000"}, {"-backend", "http://127.0.0.1:9000", "-api", "a b"}, {"-listen", "127.0.0.1:-1", "-backend", "http://127.0.0.1:9000"}, {"-bogus"}} {
		if err := run(context.Background(), args, io.Discard); err == nil {
			t.Errorf("run(%q): no error", args)
		}
	}
}
