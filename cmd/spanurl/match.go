package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/internal/jsonstr"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlpattern"
)

// matchSource is one -match PATTERN or -match-file FILE, kept in the
// order of the command line: of equally specific patterns the first
// given wins.
type matchSource struct {
	pattern string
	file    bool // pattern names a file of patterns
}

// matchFlag is the flag.Value of -match (file false) and -match-file
// (file true); both append to the same list.
type matchFlag struct {
	list *[]matchSource
	file bool
}

func (m matchFlag) String() string { return "" }

func (m matchFlag) Set(s string) error {
	*m.list = append(*m.list, matchSource{pattern: s, file: m.file})
	return nil
}

// routes are the patterns of -match and -match-file, compiled into one
// router whose values are indexes into patterns.
type routes struct {
	router   urlpattern.Router[int]
	patterns []string // as given
	// wild tells, for each pattern, the components whose pattern is "*":
	// their one group is the whole component, which says nothing about
	// the route, so the groups field leaves it out.
	wild [][numComponents]bool
}

// numComponents is the number of components of a URL pattern.
const numComponents = 8

// loadRoutes compiles the patterns of sources, a pattern starting with
// "/" as a route's pathname alone (urlpattern.NewPathname) and any other
// as a constructor string resolved against base (when not ""). The error
// is a usage error's message.
func loadRoutes(sources []matchSource, base string) (*routes, error) {
	r := &routes{}
	add := func(where, pattern string) error {
		var p *urlpattern.Pattern
		var err error
		switch {
		case strings.HasPrefix(pattern, "/"):
			p, err = urlpattern.NewPathname(pattern, urlpattern.Options{})
		case base != "":
			p, err = urlpattern.New(pattern, base)
		default:
			p, err = urlpattern.New(pattern)
		}
		if err != nil {
			return fmt.Errorf("%s%q: %s", where, pattern, oneLine(err.Error()))
		}
		var wild [numComponents]bool
		for i, s := range [numComponents]string{p.Protocol(), p.Username(), p.Password(), p.Hostname(), p.Port(), p.Pathname(), p.Search(), p.Hash()} {
			wild[i] = s == "*"
		}
		r.router.Add(p, len(r.patterns))
		r.patterns = append(r.patterns, pattern)
		r.wild = append(r.wild, wild)
		return nil
	}
	for _, src := range sources {
		if !src.file {
			if err := add("-match ", src.pattern); err != nil {
				return nil, err
			}
			continue
		}
		f, err := os.Open(src.pattern)
		if err != nil {
			return nil, fmt.Errorf("-match-file: %v", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		n := 0
		for sc.Scan() {
			n++
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if err := add("-match-file "+src.pattern+":"+strconv.Itoa(n)+": ", line); err != nil {
				f.Close()
				return nil, err
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("-match-file %s: %v", src.pattern, err)
		}
	}
	return r, nil
}

// oneLine returns s with its line breaks written as \r and \n.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return string(appendOneLine(nil, s))
}

// match finds the best route for u, once per line, for the fields match
// and groups and for -stats.
func (w *worker) match(u span.URL) {
	rt := w.cfg.routes
	if w.cfg.hasGroups {
		w.route, w.result, w.matched = rt.router.Match(u)
	} else {
		w.route, w.matched = rt.router.Test(u)
		w.result = nil
	}
	if w.st.routes != nil {
		if w.matched {
			w.st.routes[w.route]++
		} else {
			w.st.routes[len(rt.patterns)]++
		}
	}
}

// resultComponents returns the component results of res in the standard's
// order.
func resultComponents(res *urlpattern.Result) [numComponents]*urlpattern.ComponentResult {
	return [numComponents]*urlpattern.ComponentResult{
		&res.Protocol, &res.Username, &res.Password, &res.Hostname,
		&res.Port, &res.Pathname, &res.Search, &res.Hash,
	}
}

// componentNames are the components' names, in the standard's order.
var componentNames = [numComponents]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// shownGroup reports whether the groups field shows g: not the group
// "0" of an empty match (a wildcard that matched nothing).
func shownGroup(g *urlpattern.Group) bool {
	return !(g.Name == "0" && g.Matched && g.Value == "")
}

// appendMatchTSV appends the match field: the pattern as given, or "-".
func (w *worker) appendMatchTSV(out []byte) []byte {
	if !w.matched {
		return append(out, '-')
	}
	return appendTSVInput(out, w.cfg.routes.patterns[w.route], false)
}

// appendGroupsTSV appends the groups field: component.name=value pairs
// separated by spaces. A group that did not take part in the match is
// left out, and a space in a value (which only an opaque path holds) is
// written %20, so that the pairs split at spaces.
func (w *worker) appendGroupsTSV(out []byte) []byte {
	if !w.matched {
		return out
	}
	wild := &w.cfg.routes.wild[w.route]
	first := true
	for c, cr := range resultComponents(w.result) {
		if wild[c] {
			continue
		}
		for i := range cr.Groups {
			g := &cr.Groups[i]
			if !g.Matched || !shownGroup(g) {
				continue
			}
			if !first {
				out = append(out, ' ')
			}
			first = false
			out = append(out, componentNames[c]...)
			out = append(out, '.')
			out = append(out, g.Name...)
			out = append(out, '=')
			if strings.ContainsAny(g.Value, " \t\r\n") {
				out = appendSpaceless(out, g.Value)
			} else {
				out = w.appendValue(out, g.Value, encRaw)
			}
		}
	}
	return out
}

// appendSpaceless appends s with its spaces, tabs and line breaks
// percent-encoded.
func appendSpaceless(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ':
			out = append(out, "%20"...)
		case '\t':
			out = append(out, "%09"...)
		case '\n':
			out = append(out, "%0A"...)
		case '\r':
			out = append(out, "%0D"...)
		default:
			out = append(out, c)
		}
	}
	return out
}

// appendMatchJSON appends the value of the key match: the pattern as a
// string, or null.
func (w *worker) appendMatchJSON(out []byte) []byte {
	if !w.matched {
		return append(out, "null"...)
	}
	return jsonstr.Append(out, w.cfg.routes.patterns[w.route], false)
}

// appendGroupsJSON appends the value of the key groups: an object of
// the components that have groups, each an object of the groups' values
// (null for a group that did not take part in the match); null when no
// pattern matches.
func (w *worker) appendGroupsJSON(out []byte) []byte {
	if !w.matched {
		return append(out, "null"...)
	}
	wild := &w.cfg.routes.wild[w.route]
	out = append(out, '{')
	firstComponent := true
	for c, cr := range resultComponents(w.result) {
		if wild[c] {
			continue
		}
		first := true
		for i := range cr.Groups {
			g := &cr.Groups[i]
			if !shownGroup(g) {
				continue
			}
			if first {
				out = appendKey(out, &firstComponent, componentNames[c])
				out = append(out, '{')
			}
			if !first {
				out = append(out, ',')
			}
			first = false
			out = jsonstr.Append(out, g.Name, false)
			out = append(out, ':')
			if !g.Matched {
				out = append(out, "null"...)
				continue
			}
			out = append(out, '"')
			out = w.appendValue(out, g.Value, encJSON)
			out = append(out, '"')
		}
		if !first {
			out = append(out, '}')
		}
	}
	return append(out, '}')
}
