// Command ghroutes writes the router benchmark's route table
// (../../testdata/github-routes.txt) from the list of GitHub's REST API
// operations that github.com/google/go-github keeps in
// openapi_operations.yaml (generated there from GitHub's OpenAPI
// descriptions). Run it from bench/:
//
//	go mod download -json github.com/google/go-github/v74@v74.0.0   # prints its Dir
//	go run ./cmd/ghroutes -in DIR/openapi_operations.yaml -n 1000 > testdata/github-routes.txt
//
// Each distinct path of the operations whose description is
// api.github.com or ghec becomes a pattern on https://api.github.com, then
// each of GitHub Enterprise Server's (ghes-*) one on any host under
// /api/v3, where GHES serves the REST API; "{name}" becomes ":name". Both
// lists are sorted, and the first n patterns are kept.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
)

func main() {
	in := flag.String("in", "", "go-github's openapi_operations.yaml")
	n := flag.Int("n", 1000, "how many patterns to write")
	flag.Parse()
	if *in == "" || flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*in, *n); err != nil {
		fmt.Fprintln(os.Stderr, "ghroutes:", err)
		os.Exit(1)
	}
}

func run(in string, n int) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	dotcom, ghes := map[string]bool{}, map[string]bool{}
	// The operations section lists each operation as "  - name: METHOD
	// PATH" followed by the descriptions it comes from, as
	// "      - descriptions/NAME/NAME.json".
	on, path := false, ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case l == "openapi_operations:":
			on = true
		case !strings.HasPrefix(l, " "):
			on = false
		case !on:
		case strings.HasPrefix(l, "  - name: "):
			fields := strings.Fields(l)
			path = fields[len(fields)-1]
		case strings.HasPrefix(l, "      - descriptions/api.github.com/"), strings.HasPrefix(l, "      - descriptions/ghec/"):
			dotcom[path] = true
		case strings.HasPrefix(l, "      - descriptions/ghes-"):
			ghes[path] = true
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	var out []string
	for _, set := range []struct {
		paths  map[string]bool
		prefix string
	}{{dotcom, "https://api.github.com"}, {ghes, "https://*/api/v3"}} {
		var paths []string
		for p := range set.paths {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		for _, p := range paths {
			out = append(out, set.prefix+toPattern(p))
		}
	}
	if len(out) < n {
		return fmt.Errorf("%s has %d paths, fewer than %d", in, len(out), n)
	}
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "# GitHub's REST API as URL patterns: go run ./cmd/ghroutes -n %d (see testdata/README.md)\n", n)
	for _, p := range out[:n] {
		fmt.Fprintln(w, p)
	}
	return w.Flush()
}

// toPattern rewrites an OpenAPI path's "{name}" parameters as URL pattern
// named groups.
func toPattern(path string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(path[:i])
		b.WriteString(":" + path[i+1:i+j])
		path = path[i+j+1:]
	}
	b.WriteString(path)
	return b.String()
}
