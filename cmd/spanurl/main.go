// Spanurl parses URLs the way browsers do (the WHATWG URL Standard), one
// per line, and prints their serializations, their components as JSON, or
// the validation errors the parser met. "spanurl wpt" speaks a JSON-lines
// protocol for conformance tooling.
//
// Usage:
//
//	spanurl [-base URL] [-json] [-validate] [FILE...]
//	spanurl -sample [-base URL] [-json] [-validate]
//	spanurl wpt
//
// Run "spanurl -h" for the manual.
package main

import (
	"bufio"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spanurl/spanurl/span"
)

// sample is the bundled sample of URLs that -sample (and a bare run on a
// terminal) parses.
//
//go:embed sample-urls.txt
var sample string

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0 // every line parsed
	exitFailure = 1 // some line failed to parse, or an I/O error
	exitUsage   = 2 // bad flags or arguments
)

// run is the whole command: it parses args, reads stdin or the files named,
// writes to stdout and stderr, and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "wpt" {
		return runWPT(args[1:], stdin, stdout, stderr)
	}

	fs := flag.NewFlagSet("spanurl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { io.WriteString(fs.Output(), manual) }
	var p printer
	base := fs.String("base", "", "resolve each line against `URL`")
	fs.BoolVar(&p.json, "json", false, "print every component as JSON")
	fs.BoolVar(&p.validate, "validate", false, "print the validation errors")
	useSample := fs.Bool("sample", false, "run on the bundled sample")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if isSet(fs, "base") {
		u, err := span.Parse(*base)
		if err != nil {
			fmt.Fprintf(stderr, "spanurl: -base: %v\n", err)
			return exitUsage
		}
		p.base = u
	}

	files := fs.Args()
	if *useSample && len(files) > 0 {
		fmt.Fprintln(stderr, "spanurl: -sample takes no FILE arguments")
		return exitUsage
	}
	if !*useSample && len(files) == 0 {
		if !isTerminal(stdin) {
			files = []string{"-"}
		} else {
			fmt.Fprintln(stderr, "spanurl: standard input is a terminal: running on the bundled sample (spanurl -h for help)")
			*useSample = true
		}
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	p.init(out)
	status := exitOK
	if *useSample {
		if err := eachLine(strings.NewReader(sample), out, p.print); err != nil {
			fmt.Fprintf(stderr, "spanurl: %v\n", err)
			return exitFailure
		}
		// The sample holds lines that fail on purpose: a demo run
		// succeeds unless output could not be written.
		p.failed = false
	}
	for _, name := range files {
		if err := readFile(name, stdin, out, p.print); err != nil {
			fmt.Fprintf(stderr, "spanurl: %v\n", err)
			status = exitFailure
			if errors.Is(err, errWrite) {
				return status
			}
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "spanurl: %v: %v\n", errWrite, err)
		return exitFailure
	}
	if p.failed {
		status = exitFailure
	}
	return status
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// readFile runs fn on every line of the file name ("-" is stdin).
func readFile(name string, stdin io.Reader, out *bufio.Writer, fn func(string)) error {
	if name == "-" {
		return eachLine(stdin, out, fn)
	}
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return eachLine(f, out, fn)
}

// errWrite marks a failure to write the output.
var errWrite = errors.New("writing output")

// eachLine calls fn with every line of r, without its line feed and without
// one carriage return before it. Lines may be of any length. Before every
// read that may block it flushes out, so that output keeps pace with a slow
// input (tail -f) while a fast one is still written in large blocks.
func eachLine(r io.Reader, out *bufio.Writer, fn func(string)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		if br.Buffered() == 0 {
			if err := out.Flush(); err != nil {
				return fmt.Errorf("%w: %v", errWrite, err)
			}
		}
		line, err := br.ReadString('\n')
		if len(line) > 0 {
			line = strings.TrimSuffix(line, "\n")
			fn(strings.TrimSuffix(line, "\r"))
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// isTerminal reports whether r is a character device such as a terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
