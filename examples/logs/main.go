// Command logs reports what the requests of an access log asked for: the
// requests per path, read as a proxy built on httpurl reads a live
// request (the strict routing policy, so that "/a/../index.html",
// "/%69ndex.html" and "https://host/index.html" count as "/index.html"),
// and the lines it cannot read or that the proxy would refuse, per reason.
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

// reasons name the refusals, most specific first: an error of the
// routing policy or of a control character also matches ErrInvalidTarget
// or ErrInvalidHost, and ErrRequestLine matches ErrMalformed.
var reasons = []struct {
	err  error
	name string
}{
	{accesslog.ErrRequestLine, "no request line"},
	{accesslog.ErrMalformed, "malformed line"},
	{httpurl.ErrConnect, "CONNECT (a tunnel, not a URL)"},
	{httpurl.ErrAsteriskForm, "OPTIONS * (not a URL)"},
	{httpurl.ErrSchemeMismatch, "scheme not the server's"},
	{httpurl.ErrEncodedSeparator, "encoded separator"},
	{httpurl.ErrTargetTooLong, "target too long"},
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
	p := accesslog.Parser{Format: format} // the zero Policy is the proxy's strict one
	var l accesslog.Line
	var paths, refused accesslog.Counter // they copy a key they keep
	err := eachLine(stdin, func(line []byte) {
		if err := p.Parse(line, &l); err != nil {
			refused.Add(reason(err))
		} else if u, err := p.URL(&l, *host, *scheme); err != nil { // u is valid until p's next call
			refused.Add(reason(err))
		} else {
			paths.Add(u.Pathname())
		}
	})
	if err != nil {
		return err
	}
	report(stdout, "requests  path", &paths)
	report(stdout, "refused   reason", &refused)
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
func report(w io.Writer, title string, c *accesslog.Counter) {
	fmt.Fprintln(w, title)
	keys := slices.SortedFunc(maps.Keys(maps.Collect(c.All())), func(a, b string) int {
		return cmp.Or(cmp.Compare(c.Count(b), c.Count(a)), strings.Compare(a, b))
	})
	for _, k := range keys {
		fmt.Fprintf(w, "%8d  %s\n", c.Count(k), k)
	}
}
