package bench

import (
	"sync"

	"github.com/valyala/fasthttp"
)

// fasthttp's URI is not a WHATWG parser: it splits scheme, host, path,
// query and hash, lowercases the host and normalizes the path (collapses
// slashes, removes dot segments, decodes and re-encodes), and rarely fails.
// It takes []byte and reuses one URI's buffers, so the loops reuse a single
// URI (its intended use, amortized zero allocations) and the corpora are
// converted to [][]byte before timing. FullURI serializes it.
func init() {
	register(&peer{
		name: "fasthttp",
		rank: 4,
		href: func(ref, base string) (string, error) {
			var u fasthttp.URI
			if base == "" {
				if err := u.Parse(nil, []byte(ref)); err != nil {
					return "", err
				}
				return string(u.FullURI()), nil
			}
			if err := u.Parse(nil, []byte(base)); err != nil {
				return "", err
			}
			u.Update(ref)
			return string(u.FullURI()), nil
		},
		absolute: func(lines []string) loop {
			in := bytesOf(lines)
			var u fasthttp.URI
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(in)), k+1 {
					if err := u.Parse(nil, in[i]); err != nil {
						n++
						continue
					}
					n += len(u.FullURI())
				}
				return n
			}
		},
		canParse: func(lines []string) loop {
			in := bytesOf(lines)
			var u fasthttp.URI
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(in)), k+1 {
					if u.Parse(nil, in[i]) == nil {
						n++
					}
				}
				return n
			}
		},
		// No resolution against a parsed base: copy the parsed base into a
		// scratch URI (CopyTo) and Update it with the reference. Update
		// knows "//host", "/path", "?query", "#hash" and path-relative
		// references; "scheme:" without "//" (mailto:, javascript:) is
		// taken as a relative path.
		relative: func(r *Refs) loop {
			refs := bytesOf(r.Ref)
			bases := make([]fasthttp.URI, len(r.Bases))
			for i, s := range r.Bases {
				_ = bases[i].Parse(nil, []byte(s))
			}
			var u fasthttp.URI
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(refs)), k+1 {
					bases[r.Base[i]].CopyTo(&u)
					u.UpdateBytes(refs[i])
					n += len(u.FullURI())
				}
				return n
			}
		},
		// A server's own way: Parse(Host, request-target).
		request: func(r *Refs) loop {
			refs := bytesOf(r.Ref)
			hosts := bytesOf(r.Hosts)
			var u fasthttp.URI
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(refs)), k+1 {
					if err := u.Parse(hosts[r.Base[i]], refs[i]); err != nil {
						n++
						continue
					}
					n += len(u.FullURI())
				}
				return n
			}
		},
		hosts: func(urls []string) loop {
			in := bytesOf(urls)
			var u fasthttp.URI
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(in)), k+1 {
					if err := u.Parse(nil, in[i]); err != nil {
						n++
						continue
					}
					// Host includes the port; there is no separate hostname.
					n += len(u.Host())
				}
				return n
			}
		},
	})
}

var (
	bytesMu    sync.Mutex
	bytesCache = map[*string][][]byte{}
)

// bytesOf converts a corpus to [][]byte once (cached by its first element).
func bytesOf(s []string) [][]byte {
	if len(s) == 0 {
		return nil
	}
	bytesMu.Lock()
	defer bytesMu.Unlock()
	if v, ok := bytesCache[&s[0]]; ok && len(v) == len(s) {
		return v
	}
	v := make([][]byte, len(s))
	for i, x := range s {
		v[i] = []byte(x)
	}
	bytesCache[&s[0]] = v
	return v
}
