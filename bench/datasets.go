// Package bench holds spanurl's benchmarks against its peers (net/url,
// nlnwa/whatwg-url, ada through goada, fasthttp). The benchmarks are in the
// _test files and run with `go test -bench`; this file loads the real-world
// corpora they share. See README.md.
//
// The module is separate from the library's so that the peers (goada needs
// cgo) never become dependencies of spanurl.
package bench

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// EnvDir names the environment variable that overrides where the corpora are
// read from. Without it they are read from ../../shared/datasets relative to
// this directory (the package directory, where `go test` runs).
const EnvDir = "SPANURL_DATASETS_DIR"

// DefaultDir is the corpora's directory relative to bench/.
const DefaultDir = "../../shared/datasets"

// ErrNoData reports that the corpora directory or one of its files is
// missing; benchmarks skip on it.
var ErrNoData = errors.New("dataset not found")

// Dir returns the directory the corpora are read from.
func Dir() string {
	if d := os.Getenv(EnvDir); d != "" {
		return d
	}
	return DefaultDir
}

// Lines is a corpus of single strings (one URL, or one host, per line).
type Lines struct {
	Lines    []string
	AvgBytes int64 // average length of a line, without its LF
}

// Refs is a corpus of references to resolve against bases: Ref[i] is
// resolved against Bases[Base[i]]. The distinct bases are listed once, so
// that every parser can parse each of them once, before timing.
type Refs struct {
	Ref   []string
	Base  []int32
	Bases []string
	// Hosts[j] is the host that Bases[j] was built from (requests.txt
	// only: the Host of the request, "localhost" when the log has none).
	Hosts    []string
	AvgBytes int64 // average length of a reference
}

var (
	mu    sync.Mutex
	cache = map[string]*entry{}
)

type entry struct {
	once sync.Once
	v    any
	err  error
}

// cached runs load once per key and keeps its result (and error) for the
// life of the process: benchmark functions run several times while the
// testing package calibrates b.N. Loads may nest (different keys).
func cached[T any](key string, load func() (T, error)) (T, error) {
	mu.Lock()
	e, ok := cache[key]
	if !ok {
		e = new(entry)
		cache[key] = e
	}
	mu.Unlock()
	e.once.Do(func() { e.v, e.err = load() })
	v, _ := e.v.(T)
	return v, e.err
}

// readLines reads a corpus file and returns its lines (substrings of one
// string, so loading costs one allocation per file plus the slice).
func readLines(name string) ([]string, error) {
	path := filepath.Join(Dir(), name)
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s (set $%s to the directory holding the corpora)", ErrNoData, path, EnvDir)
		}
		return nil, err
	}
	s := strings.TrimSuffix(string(data), "\n")
	if s == "" {
		return nil, fmt.Errorf("%w: %s is empty", ErrNoData, path)
	}
	return strings.Split(s, "\n"), nil
}

// shuffle permutes v with a fixed seed (Fisher-Yates over splitmix64), the
// same permutation on every run and Go version. The corpora are ordered by
// source; a slow parser that runs fewer iterations than there are lines
// then still measures a representative sample rather than the first source.
func shuffle[T any](v []T) {
	state := uint64(0x5370616e55524c21) // fixed seed
	for i := len(v) - 1; i > 0; i-- {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		z ^= z >> 31
		j := int(z % uint64(i+1))
		v[i], v[j] = v[j], v[i]
	}
}

// contiguous copies v, in its order, into one new string and makes each
// v[i] the substring of it that holds the old v[i]. After a shuffle the lines are scattered over the file's memory,
// and walking them would make every URL a cache miss, which is neither how
// a log processor or crawler reads its input (a buffer at a time) nor how
// ada's own benchmarks read a file; laid out again in the shuffled order,
// each URL follows the one before it in memory.
func contiguous(v []string) {
	total := 0
	for _, s := range v {
		total += len(s)
	}
	var b strings.Builder
	b.Grow(total)
	for _, s := range v {
		b.WriteString(s)
	}
	all := b.String()
	for i, s := range v {
		v[i], all = all[:len(s)], all[len(s):]
	}
}

func average(total, n int) int64 {
	if n == 0 {
		return 0
	}
	return int64((total + n/2) / n)
}

// LoadLines loads a one-item-per-line corpus (absolute.txt, messy.txt,
// hosts.txt), shuffled.
func LoadLines(name string) (*Lines, error) {
	return cached("lines:"+name, func() (*Lines, error) {
		lines, err := readLines(name)
		if err != nil {
			return nil, err
		}
		shuffle(lines)
		contiguous(lines)
		total := 0
		for _, l := range lines {
			total += len(l)
		}
		return &Lines{Lines: lines, AvgBytes: average(total, len(lines))}, nil
	})
}

// LoadHostURLs loads hosts.txt as "http://HOST/" strings, shuffled.
func LoadHostURLs() (*Lines, error) {
	return cached("hosturls", func() (*Lines, error) {
		hosts, err := LoadLines("hosts.txt")
		if err != nil {
			return nil, err
		}
		urls := make([]string, len(hosts.Lines))
		total := 0
		for i, h := range hosts.Lines {
			urls[i] = "http://" + h + "/"
			total += len(urls[i])
		}
		contiguous(urls)
		return &Lines{Lines: urls, AvgBytes: average(total, len(urls))}, nil
	})
}

// LoadRelative loads relative.tsv (href TAB base), shuffled.
func LoadRelative() (*Refs, error) {
	return cached("relative", func() (*Refs, error) {
		return loadRefs("relative.tsv", func(col2 string) (base, host string) {
			return col2, ""
		})
	})
}

// LoadRequests loads requests.txt (target TAB host), shuffled. The base of
// a target is "http://HOST/", or "http://localhost/" when the host column is
// empty (access logs do not record it).
func LoadRequests() (*Refs, error) {
	return cached("requests", func() (*Refs, error) {
		return loadRefs("requests.txt", func(host string) (string, string) {
			if host == "" {
				host = "localhost"
			}
			return "http://" + host + "/", host
		})
	})
}

func loadRefs(name string, base func(col2 string) (base, host string)) (*Refs, error) {
	lines, err := readLines(name)
	if err != nil {
		return nil, err
	}
	shuffle(lines)
	r := &Refs{Ref: make([]string, len(lines)), Base: make([]int32, len(lines))}
	index := map[string]int32{}
	total := 0
	for i, l := range lines {
		ref, col2, ok := strings.Cut(l, "\t")
		if !ok {
			return nil, fmt.Errorf("%s: line %q has no TAB", name, l)
		}
		b, host := base(col2)
		j, ok := index[b]
		if !ok {
			j = int32(len(r.Bases))
			index[b] = j
			r.Bases = append(r.Bases, b)
			r.Hosts = append(r.Hosts, host)
		}
		r.Ref[i], r.Base[i] = ref, j
		total += len(ref)
	}
	contiguous(r.Ref)
	r.AvgBytes = average(total, len(lines))
	return r, nil
}
