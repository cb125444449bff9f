package span

import (
	"iter"
	"strings"

	"github.com/spanurl/spanurl/internal/form"
)

// PathSegments returns an iterator over the segments of the URL's path,
// percent-decoded: "/a/b%2Fc/" gives "a", "b/c" and "". A decoded segment
// holds the bytes the percent-encoding stands for, which need not be
// UTF-8. A URL with an opaque path has no segments. A segment without "%"
// is a substring of the href; only a segment that needs decoding is a new
// string.
func (u URL) PathSegments() iter.Seq[string] {
	return func(yield func(string) bool) {
		p := u.Pathname()
		if p == "" || u.HasOpaquePath() {
			return
		}
		p = p[1:]
		for {
			seg := p
			i := strings.IndexByte(p, '/')
			if i >= 0 {
				seg = p[:i]
			}
			if !yield(percentDecode(seg)) || i < 0 {
				return
			}
			p = p[i+1:]
		}
	}
}

// QueryPairs returns an iterator over the name-value pairs of the URL's
// query, decoded as URLSearchParams decodes them (the
// application/x-www-form-urlencoded parser: "+" is a space, percent-encoded
// bytes are decoded, and the result is read as UTF-8 with U+FFFD for
// invalid bytes). Pairs come in the query's order, duplicates included;
// empty pairs ("&&") are skipped. A name or value without "+" or "%" is a
// substring of the href; only one that needs decoding is a new string.
func (u URL) QueryPairs() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		q, _ := u.Query()
		var scratch []byte
		for q != "" {
			seq := q
			if i := strings.IndexByte(q, '&'); i >= 0 {
				seq, q = q[:i], q[i+1:]
			} else {
				q = ""
			}
			if seq == "" {
				continue
			}
			name, value, _ := strings.Cut(seq, "=")
			name, scratch = form.DecodeComponent(name, scratch)
			value, scratch = form.DecodeComponent(value, scratch)
			if !yield(name, value) {
				return
			}
		}
	}
}
