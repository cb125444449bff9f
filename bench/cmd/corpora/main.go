// Command corpora writes the benchmark inputs exactly as the Go benchmarks
// see them (the same loaders, hence the same shuffle and order) into a
// directory, for the native C++ ada benchmark in ../../adacpp, which then
// measures ada on the same inputs in the same order. Run it from bench/ (the
// corpora are found as by the benchmarks: ../../shared/datasets or
// $SPANURL_DATASETS_DIR):
//
//	go run ./cmd/corpora -out out/corpora
//
// Files written (UTF-8, every line ended by LF, in the benchmarks' order):
//
//	absolute.txt        one URL per line (Absolute, CanParse)
//	messy.txt           one URL per line (Messy)
//	hosturls.txt        one "http://HOST/" per line (Hosts)
//	relative.tsv        "ref TAB i" per line (Relative): ref is resolved
//	                    against line i (0-based) of relative-bases.txt
//	relative-bases.txt  the distinct bases, one per line; the benchmarks
//	                    parse each once, before timing
//	requests.tsv        the same for Requests, whose bases are "http://HOST/"
//	requests-bases.txt
//	relative-hrefs.txt  for each reference of relative.tsv, in its order,
//	requests-hrefs.txt  spanurl's href for it after a '+' when (URL).Parse
//	                    allocates that href, after a '=' when it does not
//	                    (the href is then the reference or a part of the
//	                    base, or empty for a failure): the input of the
//	                    RelativeHref and RequestsHref controls
//	patterns.tsv        "name TAB kind TAB pattern" per URL pattern case
//	                    (kind "pathname": the pattern is an init's pathname;
//	                    "string": a pattern string)
//	pattern-NAME-match.txt, pattern-NAME-miss.txt
//	                    one URL per line: the inputs of the URL pattern
//	                    benchmarks (PatternTest, PatternExec) for case NAME
//	manifest.txt        "name count avgbytes" per corpus: the number of
//	                    inputs and the average input length that the Go
//	                    benchmarks pass to b.SetBytes (for MB/s)
//
// The output directory holds copies of the corpora: keep it under out/ (ignored
// by git) or /tmp.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/bench"
)

func main() {
	out := flag.String("out", "", "directory to write the corpora to (created if missing)")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: corpora -out DIR\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "corpora:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var manifest strings.Builder
	note := func(name string, count int, avg int64) {
		fmt.Fprintf(&manifest, "%s %d %d\n", name, count, avg)
	}

	for _, c := range []struct{ name, file string }{
		{"absolute", "absolute.txt"},
		{"messy", "messy.txt"},
	} {
		l, err := bench.LoadLines(c.file)
		if err != nil {
			return err
		}
		if err := writeLines(filepath.Join(dir, c.name+".txt"), l.Lines); err != nil {
			return err
		}
		note(c.name, len(l.Lines), l.AvgBytes)
	}

	hosts, err := bench.LoadHostURLs()
	if err != nil {
		return err
	}
	if err := writeLines(filepath.Join(dir, "hosturls.txt"), hosts.Lines); err != nil {
		return err
	}
	note("hosturls", len(hosts.Lines), hosts.AvgBytes)

	for _, c := range []struct {
		name string
		load func() (*bench.Refs, error)
	}{
		{"relative", bench.LoadRelative},
		{"requests", bench.LoadRequests},
	} {
		r, err := c.load()
		if err != nil {
			return err
		}
		if err := writeLines(filepath.Join(dir, c.name+"-bases.txt"), r.Bases); err != nil {
			return err
		}
		rows := make([]string, len(r.Ref))
		for i, ref := range r.Ref {
			if strings.Contains(ref, "\t") {
				return fmt.Errorf("%s: reference %q contains a TAB", c.name, ref)
			}
			rows[i] = ref + "\t" + strconv.Itoa(int(r.Base[i]))
		}
		if err := writeLines(filepath.Join(dir, c.name+".tsv"), rows); err != nil {
			return err
		}
		note(c.name, len(r.Ref), r.AvgBytes)
		hrefs, fresh := bench.SpanHrefs(r)
		for i, h := range hrefs {
			mark := "="
			if fresh[i] {
				mark = "+"
			}
			rows[i] = mark + h
		}
		if err := writeLines(filepath.Join(dir, c.name+"-hrefs.txt"), rows); err != nil {
			return err
		}
	}

	// The URL pattern benchmarks: the patterns, then each one's inputs.
	var cases []string
	for _, c := range bench.PatternCases() {
		kind := "string"
		if c.Pathname {
			kind = "pathname"
		}
		cases = append(cases, c.Name+"\t"+kind+"\t"+c.Pattern)
		in, err := bench.LoadPatternInputs(c.Name)
		if err != nil {
			return err
		}
		for _, set := range []struct {
			name string
			urls []string
			avg  int64
		}{{"match", in.Match, in.AvgMatch}, {"miss", in.Miss, in.AvgMiss}} {
			name := "pattern-" + c.Name + "-" + set.name
			if err := writeLines(filepath.Join(dir, name+".txt"), set.urls); err != nil {
				return err
			}
			note(name, len(set.urls), set.avg)
		}
	}
	if err := writeLines(filepath.Join(dir, "patterns.tsv"), cases); err != nil {
		return err
	}

	return os.WriteFile(filepath.Join(dir, "manifest.txt"), []byte(manifest.String()), 0o644)
}

// writeLines writes each string followed by LF. A string with an LF (or CR,
// which a line reader might strip) could not be read back as one line.
func writeLines(path string, lines []string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	for _, l := range lines {
		if strings.ContainsAny(l, "\n\r") {
			f.Close()
			return fmt.Errorf("%s: line %q contains CR or LF", path, l)
		}
		w.WriteString(l)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
