// Command logs reports what the requests of an access log asked for: the
// requests per path, as the URL Standard reads each request's target
// (with httpurl's rules for request targets, so that "/a/../index.html"
// and "http://host/index.html" count as "/index.html"), and the lines it
// cannot read, per reason.
//
//	go run ./examples/logs [-format combined] [-host www.example.com] [-scheme https] [FILE]
//
// It reads standard input when no FILE is given.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/httpurl"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "logs:", err)
		os.Exit(1)
	}
}

// reasons name the refusals, most specific first: an error of a control
// character also matches ErrInvalidTarget, and ErrRequestLine matches
// ErrMalformed.
var reasons = []struct {
	err  error
	name string
}{
	{accesslog.ErrRequestLine, "no request line"},
	{accesslog.ErrMalformed, "malformed line"},
	{httpurl.ErrControlCharacter, "control character"},
	{httpurl.ErrInvalidHost, "invalid host"},
	{httpurl.ErrInvalidTarget, "invalid target"},
}

func run(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("logs", flag.ContinueOnError)
	formatName := fs.String("format", "combined", "common, combined, vhost_combined or combined_host")
	host := fs.String("host", "localhost", "the server's host, for lines that do not name it")
	scheme := fs.String("scheme", "https", "the server's scheme")
	if err := fs.Parse(args); err != nil {
		return err
	}
	format, ok := accesslog.FormatOf(*formatName)
	if !ok || fs.NArg() > 1 {
		return errors.New("usage: logs [-format combined] [-host HOST] [-scheme https] [FILE]")
	}
	if fs.NArg() == 1 {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return err
		}
		defer f.Close()
		stdin = f
	}
	p := accesslog.Parser{Format: format}
	var l accesslog.Line
	paths, refused := counts{}, counts{}
	err := eachLine(stdin, func(line []byte) {
		if err := p.Parse(line, &l); err != nil {
			refused.add(reason(err))
		} else if u, err := p.URL(&l, *host, *scheme); err != nil { // u is valid until p's next call
			refused.add(reason(err))
		} else if string(l.Method) == "CONNECT" {
			paths.add("CONNECT " + u.Host())
		} else if string(l.Method) == "OPTIONS" && string(l.Target) == "*" {
			paths.add("OPTIONS *")
		} else {
			paths.add(u.Pathname())
		}
	})
	if err != nil {
		return err
	}
	report(stdout, "requests  path", paths)
	report(stdout, "refused   reason", refused)
	return nil
}

// eachLine calls f with each line of r, without its line ending, however
// long; the line is valid until f returns.
func eachLine(r io.Reader, f func([]byte)) error {
	rd := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := rd.ReadSlice('\n')
		if err == bufio.ErrBufferFull { // a line longer than the buffer: copy it before reading on
			head := bytes.Clone(line)
			line, err = rd.ReadBytes('\n')
			line = append(head, line...)
		}
		if line = bytes.TrimRight(line, "\r\n"); len(line) > 0 {
			f(line)
		}
		if err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// counts counts keys that may alias memory about to change (the Parser's
// results): a new key is stored as a copy, and an existing key's count
// changes through its pointer, since assigning to m[key] would store the
// transient key in place of the copy.
type counts map[string]*int

func (m counts) add(key string) {
	if n, ok := m[key]; ok {
		*n++
	} else {
		m[strings.Clone(key)] = new(1)
	}
}

// reason names a refusal.
func reason(err error) string {
	for _, r := range reasons {
		if errors.Is(err, r.err) {
			return r.name
		}
	}
	return err.Error()
}

// report prints counts, the largest first.
func report(w io.Writer, title string, m counts) {
	fmt.Fprintln(w, title)
	keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int {
		return cmp.Or(*m[b]-*m[a], strings.Compare(a, b))
	})
	for _, k := range keys {
		fmt.Fprintf(w, "%8d  %s\n", *m[k], k)
	}
}
