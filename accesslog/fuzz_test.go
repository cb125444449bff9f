package accesslog

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"unsafe"
)

// FuzzParse checks, in every format, that Parse never panics, that every
// field is a sub-slice of the line or of the Parser's buffer, that a
// malformed line gives an *Error with an offset inside the line, that a
// Line reused from another line ends up as a zero Line would, and that
// Parser.URL gives what Line.URL gives.
func FuzzParse(f *testing.F) {
	for _, c := range canonicalLines {
		f.Add([]byte(c.line))
	}
	for _, g := range goldenLogs {
		if g.file == "long.log" {
			continue
		}
		data, err := os.ReadFile(filepath.Join("testdata", g.file))
		if err != nil {
			f.Fatal(err)
		}
		for len(data) > 0 {
			i := 0
			for i < len(data) && data[i] != '\n' {
				i++
			}
			f.Add(data[:i])
			data = data[min(i+1, len(data)):]
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, format := range []Format{Common, Combined, VhostCombined, CombinedHost} {
			p := Parser{Format: format}
			var l Line
			err := p.Parse(line, &l)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || errors.Is(err, ErrMalformed) == (len(line) == 0) || errors.Is(err, ErrBlankLine) != (len(line) == 0) {
					t.Fatalf("%s: error %v is not an *Error matching ErrMalformed, or ErrBlankLine for an empty line", format, err)
				}
				if e.Offset < 0 || e.Offset > len(line) {
					t.Fatalf("%s: offset %d outside the line of %d bytes", format, e.Offset, len(line))
				}
			}
			for name, field := range map[string][]byte{
				"vhost": l.VHost, "port": l.Port, "client": l.Client, "ident": l.Ident, "user": l.User,
				"time": l.Time, "request": l.Request, "method": l.Method, "target": l.Target,
				"protocol": l.Protocol, "status": l.Status, "size": l.Size, "referer": l.Referer,
				"user-agent": l.UserAgent, "host": l.Host, "extra": l.Extra,
			} {
				if field != nil && !within(field, line) && !within(field, p.buf) {
					t.Fatalf("%s: field %s %q is in neither the line nor the buffer", format, name, field)
				}
			}
			reused := staleLine()
			q := Parser{Format: format}
			if reusedErr := q.Parse(line, &reused); !reflect.DeepEqual(err, reusedErr) || !reflect.DeepEqual(l, reused) {
				t.Fatalf("%s: a reused Line gives %+v, %v; a zero Line %+v, %v", format, reused, reusedErr, l, err)
			}
			if err == nil || errors.Is(err, ErrRequestLine) {
				sameURL(t, &p, &l, "example.com", "http", string(line))
			}
		}
	})
}

// within reports whether sub lies inside the bytes of s.
func within(sub, s []byte) bool {
	if len(sub) == 0 {
		return true
	}
	if len(s) == 0 {
		return false
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(sub)))
	return p >= start && p+uintptr(len(sub)) <= start+uintptr(len(s))
}

// FuzzSetRequest checks the entry points that take text from outside
// other than Parse: SetRequest with any request line, and URL, Parser.URL
// and Server with any server, on a Line that SetRequest filled. It never
// panics; a request that does not split gives an *Error matching
// ErrRequestLine at offset 0, with Method, Target and Protocol nil, and
// one that does splits into sub-slices of it, in order; Server gives the
// server it is given back (such a Line names none); Parser.URL gives
// what Line.URL gives, fresh and reused. FormatOf accepts a name only
// when the Format it gives has that name.
func FuzzSetRequest(f *testing.F) {
	for _, c := range []struct{ request, host, scheme string }{
		{"GET /a?b HTTP/1.1", "example.com", "http"},
		{"CONNECT example.com:443 HTTP/1.1", "example.com", "https"},
		{"OPTIONS * HTTP/1.1", "Example.COM:8080", "HTTP"},
		{"GET http://other.example/x HTTP/1.0", "example.com", "http"},
		{"GET //a/../b\\c HTTP/1.1", "[::1]:80", "http"},
		{"GET /\xff%zz\t HTTP/1.1", "a b", "ftp"},
		{"GET /x", "example.com", "combined"},
		{"BAD REQUEST LINE HTTP/9", "", ""},
		{"", "example.com", "http"},
	} {
		f.Add([]byte(c.request), c.host, c.scheme)
	}
	f.Fuzz(func(t *testing.T, request []byte, host, scheme string) {
		if format, ok := FormatOf(scheme); ok && format.String() != scheme {
			t.Fatalf("FormatOf(%q) gives %s", scheme, format)
		}
		var l Line
		err := l.SetRequest(request)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Kind != ErrRequestLine || e.Offset != 0 || !errors.Is(err, ErrMalformed) {
				t.Fatalf("SetRequest(%q): error %v", request, err)
			}
			if l.Method != nil || l.Target != nil || l.Protocol != nil {
				t.Fatalf("SetRequest(%q) fails with %q %q %q", request, l.Method, l.Target, l.Protocol)
			}
		} else {
			at := 0
			for _, part := range [][]byte{l.Method, l.Target, l.Protocol} {
				if part == nil {
					continue
				}
				i := bytes.Index(request[at:], part)
				if !within(part, request) || i < 0 {
					t.Fatalf("SetRequest(%q): %q is not in the request after offset %d", request, part, at)
				}
				at += i + len(part)
			}
		}
		if h, s := l.Server(host, scheme); h != host || s != scheme {
			t.Fatalf("Server(%q, %q) gives %q, %q", host, scheme, h, s)
		}
		var p Parser
		sameURL(t, &p, &l, host, scheme, string(request))
		sameURL(t, &p, &l, host, scheme, string(request)+" (reused)")
	})
}
