// Spanurl parses URLs the way browsers do (the WHATWG URL Standard), one
// per line, and prints their serializations, chosen components as TSV or
// JSON, or the validation errors the parser met. It reads plain lists of
// URLs, one column of a TSV file, Apache/nginx access logs, or one field of
// JSON lines, streams any amount of input in constant memory on every core
// with the output in input order, and can summarize a run (-stats).
// "spanurl wpt" speaks a JSON-lines protocol for conformance tooling.
//
// Usage:
//
//	spanurl [-base URL] [-col N [-sep S]] [-fields LIST] [-json] [-validate] [-stats] [FILE...]
//	spanurl -format combined [-host HOST | -base URL] [-fields LIST] [-json] [-stats] [FILE...]
//	spanurl -format jsonl [-json-field PATH] [-json-kind url|target|request] [-json-host PATH] [...] [FILE...]
//	spanurl -match PATTERN... [-match-file FILE] [any of the above] [FILE...]
//	spanurl -sample [-json] [-validate]
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
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/spanurl/spanurl/accesslog"
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
	exitFailure = 1 // some line failed to parse or was malformed, or an I/O error
	exitUsage   = 2 // bad flags or arguments
)

// run is the whole command: it parses args, reads stdin or the files named,
// writes to stdout and stderr, and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "wpt" {
		return runWPT(args[1:], stdin, stdout, stderr)
	}

	var cfg config
	fs, opt := newFlagSet(io.Discard, &cfg)
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "spanurl: "+format+" (spanurl -h for help)\n", a...)
		return exitUsage
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// The manual is the output asked for: spanurl -h | less.
			if _, err := io.WriteString(stdout, manual); err != nil {
				return exitFailure
			}
			return exitOK
		}
		return usage("%v", err)
	}

	var err error
	if cfg.format, err = parseFormat(*opt.format); err != nil {
		return usage("-format: %v", err)
	}
	if cfg.format == formatJSONL {
		if err := cfg.setJSONInput(*opt.jsonField, *opt.jsonKind, *opt.jsonHost); err != nil {
			return usage("%v", err)
		}
	} else {
		for _, name := range []string{"json-field", "json-kind", "json-host"} {
			if isSet(fs, name) {
				return usage("-%s names a field of JSON lines: it needs -format jsonl", name)
			}
		}
	}
	// A log, or JSON lines of requests, names servers and request
	// targets rather than URLs.
	requests := cfg.format != formatLines && (cfg.format != formatJSONL || cfg.jsonl.kind != jsonURL)
	if isSet(fs, "base") {
		u, err := span.Parse(*opt.base)
		if err != nil {
			return usage("-base: %v", err)
		}
		cfg.base = u
	}
	switch {
	case cfg.format != formatLines && (isSet(fs, "col") || isSet(fs, "sep")):
		return usage("-col and -sep read lines of columns, not -format %s", *opt.format)
	case requests:
		if isSet(fs, "host") && isSet(fs, "base") {
			return usage("-host and -base both name the server: give one")
		}
		var msg string
		if isSet(fs, "base") {
			cfg.scheme, cfg.host, msg = serverOfBase(cfg.base)
		} else {
			cfg.scheme = "http"
			cfg.host, msg = serverOfHost(*opt.host)
		}
		if msg != "" {
			return usage("%s", msg)
		}
		if !isSet(fs, "base") && !isSet(fs, "host") && (cfg.format == accesslog.Combined || cfg.format == accesslog.Common) {
			fmt.Fprintf(stderr, "spanurl: warning: -format %s does not say which server the requests went to: using http://%s (give -host or -base)\n", cfg.format, cfg.host)
		}
		if !isSet(fs, "base") && !isSet(fs, "host") && cfg.format == formatJSONL && cfg.jsonl.host == nil {
			fmt.Fprintf(stderr, "spanurl: warning: -json-kind %s without -json-host does not say which server the requests went to: using http://%s (give -host, -base or -json-host)\n", jsonKindNames[cfg.jsonl.kind], cfg.host)
		}
		cfg.base = span.URL{}
	case isSet(fs, "host") && cfg.format == formatJSONL:
		return usage("-host names the server of request targets: it needs -json-kind target or request")
	case isSet(fs, "host"):
		return usage("-host names the server of an access log: it needs -format combined (or another log format)")
	case isSet(fs, "sep") && !isSet(fs, "col"):
		return usage("-sep separates the columns of -col: give -col too")
	}
	if isSet(fs, "col") {
		if *opt.col < 1 {
			return usage("-col %d: columns are numbered from 1", *opt.col)
		}
		s := *opt.sep
		if s == `\t` {
			s = "\t"
		}
		if s == "" || strings.ContainsAny(s, "\r\n") {
			return usage("-sep %q: the separator must be a non-empty string without line breaks", *opt.sep)
		}
		cfg.col, cfg.sep = *opt.col, s
		cfg.noColumn = "malformed line: no column " + strconv.Itoa(*opt.col)
	}
	if len(opt.match) > 0 {
		base := ""
		if isSet(fs, "base") {
			base = *opt.base
		}
		if cfg.routes, err = loadRoutes(opt.match, base); err != nil {
			return usage("%v", err)
		}
	}
	if err := cfg.setFields(*opt.fields, isSet(fs, "fields")); err != nil {
		return usage("-fields: %v", err)
	}
	if err := cfg.setStatsField(*opt.statsField); err != nil {
		return usage("-stats-field: %v", err)
	}
	if isSet(fs, "stats-field") && !cfg.stats {
		return usage("-stats-field names what -stats ranks: give -stats too")
	}
	switch *opt.errors {
	case "stdout":
	case "stderr":
		cfg.errStderr = true
	default:
		return usage("-errors %q: error lines go to stdout or stderr", *opt.errors)
	}
	if *opt.jobs < 1 {
		return usage("-j %d: at least one worker is needed", *opt.jobs)
	}

	files := fs.Args()
	if *opt.sample && len(files) > 0 {
		return usage("-sample takes no FILE arguments")
	}
	if *opt.sample && cfg.format != formatLines {
		return usage("-sample is a list of URLs, not -format %s", *opt.format)
	}
	if !*opt.sample && len(files) == 0 {
		if !isTerminal(stdin) {
			files = []string{"-"}
		} else {
			fmt.Fprintln(stderr, "spanurl: standard input is a terminal: running on the bundled sample (spanurl -h for help)")
			*opt.sample = true
		}
	}

	errw := &lockedWriter{w: stderr}
	cfg.warn = errw
	p := newPipeline(&cfg, stdout, *opt.jobs)
	p.stderr = errw
	// The error lines of -errors stderr would break into the progress
	// line: they take standard error for themselves.
	if *opt.progress && isTerminalWriter(stderr) && !*opt.sample && !cfg.errStderr {
		if total, ok := regularSize(files, stdin); ok {
			p.progress = startProgress(errw, total, &p.read, &p.lines)
		}
	}
	warn := func(err error) {
		if p.progress != nil {
			p.progress.clear()
		}
		fmt.Fprintf(errw, "spanurl: %v\n", err)
	}

	status := exitOK
	stopped := false
	if *opt.sample {
		if err := p.feed(strings.NewReader(sample)); err != nil {
			warn(err)
			status, stopped = exitFailure, true
		}
	}
	for _, name := range files {
		if stopped {
			break
		}
		p.next = 1
		if len(files) > 1 {
			p.file = name
		}
		if err := feedFile(p, name, stdin); err != nil {
			if errors.Is(err, errStopped) {
				break // the writer's error is reported below
			}
			warn(err)
			status = exitFailure
			stopped = errors.Is(err, errWrite)
		}
	}
	if err := p.finish(); err != nil {
		warn(err)
		status = exitFailure
	}
	if p.progress != nil {
		p.progress.stop()
	}
	st, hosts := p.stats()
	if cfg.stats {
		st.report(errw, &cfg, hosts)
	}
	// The sample holds lines that fail on purpose: a demo run succeeds
	// unless output could not be written.
	if st.failed > 0 && !*opt.sample {
		status = exitFailure
	}
	return status
}

// options are the flags that config does not hold as they are.
type options struct {
	base, sep, format, host, fields, errors   *string
	statsField, jsonField, jsonKind, jsonHost *string
	col, jobs                                 *int
	progress, sample                          *bool
	match                                     []matchSource // -match and -match-file
}

// newFlagSet defines the flags of spanurl.
func newFlagSet(out io.Writer, cfg *config) (*flag.FlagSet, *options) {
	fs := flag.NewFlagSet("spanurl", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {} // run reports flag errors in one line
	opt := &options{
		base:     fs.String("base", "", "resolve each line against `URL`"),
		col:      fs.Int("col", 0, "read the URL from column `N` (1-based)"),
		sep:      fs.String("sep", "\t", "the column `separator` for -col"),
		format:   fs.String("format", "lines", "the input `format`: lines, jsonl, combined, common, vhost_combined, combined_host"),
		host:     fs.String("host", "localhost", "the `HOST` of origin-form request targets"),
		fields:   fs.String("fields", "", "print the comma-separated `LIST` of fields"),
		errors:   fs.String("errors", "stdout", "write error lines to `stdout` or stderr"),
		jobs:     fs.Int("j", runtime.GOMAXPROCS(0), "use `N` worker goroutines"),
		progress: fs.Bool("progress", true, "show progress on a terminal"),
		sample:   fs.Bool("sample", false, "run on the bundled sample"),

		statsField: fs.String("stats-field", "hostname", "rank the values of `FIELD` with -stats"),
		jsonField:  fs.String("json-field", "url", "with -format jsonl, read the `PATH` (keys joined by dots)"),
		jsonKind:   fs.String("json-kind", "url", "what -json-field holds: url, target or `request`"),
		jsonHost:   fs.String("json-host", "", "the `PATH` of the Host header, for -json-kind target or request"),
	}
	fs.Var(matchFlag{list: &opt.match}, "match", "report which `PATTERN` (repeatable) each URL matches")
	fs.Var(matchFlag{list: &opt.match, file: true}, "match-file", "read match patterns from `FILE`, one per line")
	fs.BoolVar(&cfg.json, "json", false, "print JSON objects")
	fs.BoolVar(&cfg.validate, "validate", false, "collect validation errors")
	fs.BoolVar(&cfg.stats, "stats", false, "print a summary on stderr")
	return fs, opt
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// feedFile feeds the file name ("-" is stdin) to p.
func feedFile(p *pipeline, name string, stdin io.Reader) error {
	if name == "-" {
		return p.feed(stdin)
	}
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return p.feed(f)
}

// errWrite marks a failure to write the output.
var errWrite = errors.New("writing output")

// eachLine calls fn with every line of r, without its line feed and without
// one carriage return before it. Lines may be of any length. Before every
// read that may block it flushes out, so that output keeps pace with a slow
// input. spanurl wpt reads its requests with it.
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

// isTerminalWriter reports whether w is a character device such as a
// terminal; tests replace it.
var isTerminalWriter = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}

// regularSize returns the total size of the inputs named (with "-" for
// stdin) when every one is a regular file.
func regularSize(files []string, stdin io.Reader) (int64, bool) {
	var total int64
	for _, name := range files {
		var fi os.FileInfo
		var err error
		if name == "-" {
			f, ok := stdin.(*os.File)
			if !ok {
				return 0, false
			}
			fi, err = f.Stat()
		} else {
			fi, err = os.Stat(name)
		}
		if err != nil || !fi.Mode().IsRegular() {
			return 0, false
		}
		total += fi.Size()
	}
	return total, true
}

// lockedWriter serializes writes to stderr, which the progress display
// shares with the warnings.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
