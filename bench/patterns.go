package bench

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/urlpattern"
)

// PatternCase is one URL pattern of the URL pattern benchmarks: either a
// pathname pattern (an init with only the pathname, which matches any
// scheme and host) or a whole pattern string.
type PatternCase struct {
	Name     string
	Pattern  string
	Pathname bool // Pattern is the init's pathname, not a pattern string
}

// PatternCases returns the patterns of the URL pattern benchmarks, typical
// routes: fixed text and a named group, a wildcard after a group in a
// segment, a host wildcard with a repeated group, and a regexp group.
func PatternCases() []PatternCase {
	return []PatternCase{
		{Name: "books", Pattern: "/books/:id", Pathname: true},
		{Name: "api", Pattern: "/api/v:version/*", Pathname: true},
		{Name: "host", Pattern: "https://*.example.com/:path*"},
		{Name: "regexp", Pattern: `/items/:id(\d+)`, Pathname: true},
	}
}

// Compile compiles the case with spanurl's urlpattern.
func (c PatternCase) Compile() (*urlpattern.Pattern, error) {
	if c.Pathname {
		return urlpattern.NewFromInit(urlpattern.Init{Pathname: urlpattern.String(c.Pattern)}, urlpattern.Options{})
	}
	return urlpattern.New(c.Pattern)
}

// PatternInputs are the URLs a PatternCase is benchmarked on: ones that
// match it and ones that do not, each derived from a line of
// requests.txt.
type PatternInputs struct {
	Match, Miss       []string
	AvgMatch, AvgMiss int64
}

// LoadPatternInputs derives the inputs of the case named name from
// requests.txt (in the shuffled order of LoadRequests). Each request gives
// one URL meant to match and one meant to fail, the latter sharing the
// pattern's fixed text where it can (a near miss); URLs that spanurl's
// urlpattern does not judge as meant are left out, and the peers are
// tested to judge the rest alike (TestPatternPeersAgree).
func LoadPatternInputs(name string) (*PatternInputs, error) {
	return cached("patterns:"+name, func() (*PatternInputs, error) {
		var c PatternCase
		for _, pc := range PatternCases() {
			if pc.Name == name {
				c = pc
			}
		}
		if c.Name == "" {
			return nil, fmt.Errorf("no pattern case %q", name)
		}
		p, err := c.Compile()
		if err != nil {
			return nil, err
		}
		r, err := LoadRequests()
		if err != nil {
			return nil, err
		}
		in := new(PatternInputs)
		for i, target := range r.Ref {
			if !strings.HasPrefix(target, "/") {
				continue
			}
			match, miss := derive(name, r.Hosts[r.Base[i]], target)
			if p.Test(match) {
				in.Match = append(in.Match, match)
			}
			if !p.Test(miss) {
				in.Miss = append(in.Miss, miss)
			}
		}
		if len(in.Match) == 0 || len(in.Miss) == 0 {
			return nil, fmt.Errorf("pattern case %s: no inputs derived from requests.txt", name)
		}
		contiguous(in.Match)
		contiguous(in.Miss)
		in.AvgMatch, in.AvgMiss = averageLen(in.Match), averageLen(in.Miss)
		return in, nil
	})
}

// derive makes the URLs of the case named name from a request's host and
// target.
func derive(name, host, target string) (match, miss string) {
	path, query := target, ""
	if i := strings.IndexAny(target, "?#"); i >= 0 {
		path, query = target[:i], target[i:]
	}
	segs := strings.FieldsFunc(path, func(r rune) bool { return r == '/' })
	last, first := "index", "index"
	if len(segs) > 0 {
		first, last = segs[0], segs[len(segs)-1]
	}
	origin := "http://" + host
	switch name {
	case "books":
		// /books/ID, and the whole target under /books (more than one
		// segment after it).
		return origin + "/books/" + last + query, origin + "/books" + target
	case "api":
		// /api/vN/TARGET, and /api/TARGET (no "v").
		return origin + "/api/v" + strconv.Itoa(1+len(segs)%3) + target, origin + "/api" + target
	case "host":
		// The target on a subdomain of example.com, and on the request's
		// own host.
		label := strings.Map(func(r rune) rune {
			if 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-' {
				return r
			}
			return -1
		}, strings.SplitN(host, ".", 2)[0])
		if label == "" {
			label = "www"
		}
		return "https://" + label + ".example.com" + strings.TrimSuffix(path, "/") + query, "https://" + host + target
	default: // regexp
		// /items/DIGITS (the target's first number, else its length), and
		// /items/FIRST-SEGMENT.
		id := strconv.Itoa(len(target))
		for _, s := range segs {
			if strings.Trim(s, "0123456789") == "" {
				id = s
				break
			}
		}
		return origin + "/items/" + id + query, origin + "/items/" + first + query
	}
}

func averageLen(v []string) int64 {
	total := 0
	for _, s := range v {
		total += len(s)
	}
	return average(total, len(v))
}

// RouteTable is the router benchmark's route table,
// testdata/github-routes.txt (see testdata/README.md): 1,000 URL patterns
// of GitHub's REST API.
const RouteTable = "testdata/github-routes.txt"

// LoadRoutes reads the route table, one pattern a line ('#' starts a
// comment line).
func LoadRoutes() ([]string, error) {
	return cached("routes", func() ([]string, error) {
		f, err := os.Open(RouteTable)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		var routes []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
				routes = append(routes, l)
			}
		}
		return routes, sc.Err()
	})
}

// RouterInputs are the router benchmark's URLs, and for each the index of
// the route it was made from (Route[i]).
type RouterInputs struct {
	URLs     []string
	Route    []int
	AvgBytes int64
}

// LoadRouterInputs derives the router benchmark's URLs from requests.txt:
// for the i-th request, the i-th route (cycling) with its groups filled
// from the request path's segments, then the request itself on
// api.github.com, which no route matches but which the router must rule
// out; both are noted as made from the i-th route.
func LoadRouterInputs() (*RouterInputs, error) {
	return cached("router", func() (*RouterInputs, error) {
		routes, err := LoadRoutes()
		if err != nil {
			return nil, err
		}
		r, err := LoadRequests()
		if err != nil {
			return nil, err
		}
		in := new(RouterInputs)
		for i, target := range r.Ref {
			if !strings.HasPrefix(target, "/") {
				continue
			}
			path, _, _ := strings.Cut(target, "?")
			// Dot segments and backslashes (probes in the log) would
			// change the path the URL parser makes.
			segs := slices.DeleteFunc(strings.FieldsFunc(path, func(r rune) bool { return r == '/' }), func(s string) bool {
				return strings.Contains(s, `\`) || strings.Trim(strings.ReplaceAll(strings.ToLower(s), "%2e", "."), ".") == ""
			})
			if len(segs) == 0 {
				segs = []string{"index"}
			}
			k := i % len(routes)
			in.URLs = append(in.URLs, fillRoute(routes[k], segs), "https://api.github.com"+target)
			in.Route = append(in.Route, k, k)
		}
		contiguous(in.URLs)
		in.AvgBytes = averageLen(in.URLs)
		return in, nil
	})
}

// fillRoute turns a route of the table into a URL: a host wildcard
// becomes ghe.example.com, and each ":name" the next segment of segs.
func fillRoute(route string, segs []string) string {
	route = strings.Replace(route, "://*/", "://ghe.example.com/", 1)
	scheme, rest, _ := strings.Cut(route, "://")
	var b strings.Builder
	b.WriteString(scheme + "://")
	k := 0
	for i := 0; i < len(rest); i++ {
		if rest[i] != ':' {
			b.WriteByte(rest[i])
			continue
		}
		for i+1 < len(rest) && isNameByte(rest[i+1]) {
			i++
		}
		b.WriteString(segs[k%len(segs)])
		k++
	}
	return b.String()
}

func isNameByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
