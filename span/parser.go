package span

import (
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/internal/fast"
	"github.com/spanurl/spanurl/internal/mask"
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/reqtarget"
	"github.com/spanurl/spanurl/record"
)

// Parser parses URLs from byte slices, as log processors read them,
// without allocating once its buffers have grown: on every input, whether
// the fast path or the standard's state machine parses it, and on failures
// too. Hosts with non-ASCII characters that are not plain Unicode domains
// are the exception, such as one with a combining mark that NFC composes
// or a code point that maps to several: their domain to ASCII goes
// through golang.org/x/net/idna, which allocates. Plain ones, of every
// script, are nearly all that occur.
//
// The price is lifetime: a URL (and an error) returned by a Parser aliases
// the Parser's memory and is valid only until the next call on the same
// Parser. Keep one longer with URL.Clone. Never keep the string results
// of its getters past the next call either: they are substrings of the
// same memory. That includes map keys: assigning m[u.Hostname()] stores
// the string as it is (and Go overwrites an existing string key with the
// new one on every assignment), so clone a key before storing it.
//
// The compiler cannot see such a mistake, nor can the race detector. The
// spanurl_poison build tag makes it loud: with it, every call first
// overwrites the memory of the previous result with "!", so a kept URL or
// string reads "!!!!" where the program expected a host or a path. Run a
// program's tests with -tags spanurl_poison; this module's own tests run
// that way too.
//
// A Parser is not safe for concurrent use; give each goroutine its own.
// The zero Parser is ready to use.
type Parser struct {
	// MaxInput, when positive, is the longest input Parse accepts, and
	// the longest reference ParseRef accepts, in bytes: a longer one
	// fails with a *ParseError matching ErrInputTooLong before any of it
	// past the bytes the error quotes is read, so that a server's cost
	// for a hostile input is bounded by the limit. 0 leaves the limit of
	// every parse, 4 GiB minus 2 bytes. The result of ParseRef, the
	// reference resolved against its base, may be longer.
	MaxInput int

	// Encoding is the output encoding of the document whose URLs the
	// Parser parses (see Encoding and ParseWithEncoding): UTF-8 when
	// zero. Input of printable ASCII alone parses as fast in any
	// encoding; other input in a legacy encoding goes to the standard's
	// parser.
	Encoding Encoding

	in   []byte
	text []byte // the text a request target is parsed as
	// server is the last Host and scheme that ParseRequestTarget
	// accepted, checked once for the requests of one server.
	server reqtarget.Known
	buf    fast.Buffer
	out    []byte
	err    ParseError
	scratch
}

// Parse parses input as an absolute URL, like the package-level Parse. The
// result is valid until the next call on p.
func (p *Parser) Parse(input []byte) (URL, error) {
	p.poison()
	return p.parse(input)
}

// parse is Parse without the poisoning, for the methods that parse more
// than one text in a call.
func (p *Parser) parse(input []byte) (URL, error) {
	if p.MaxInput > 0 && len(input) > p.MaxInput {
		return URL{}, p.tooLong(input)
	}
	if fastEncodes(p.Encoding, view(input)) {
		if href, pk, ok := fast.ParseAbsolute(view(input), &p.buf); ok {
			return URL{p.own(href, input), pk}, nil
		}
	}
	return p.parseSlow(p.load(input), nil)
}

// ParseRef resolves ref against base, like base.Parse. The result is valid
// until the next call on p; base may be a result of p itself only if it
// was cloned.
func (p *Parser) ParseRef(base URL, ref []byte) (URL, error) {
	p.poison()
	if base.IsZero() {
		return p.Parse(ref)
	}
	if p.MaxInput > 0 && len(ref) > p.MaxInput {
		return URL{}, p.tooLong(ref)
	}
	if fastEncodes(p.Encoding, view(ref)) {
		if href, pk, ok := fast.Resolve(base.href, base.p, view(ref), &p.buf); ok {
			return URL{p.own(href, ref), pk}, nil
		}
	}
	base.toRecord(&p.base)
	return p.parseSlow(p.load(ref), &p.base)
}

// tooLong is the error of an input longer than p.MaxInput, in p's
// memory: the quoted start of input (see mask.Head) is copied, since
// input is the caller's to reuse.
func (p *Parser) tooLong(input []byte) error {
	var cut bool
	p.in, cut = mask.AppendHead(p.in[:0], view(input))
	p.err = ParseError{Input: unsafe.String(unsafe.SliceData(p.in), len(p.in)), Truncated: cut, Err: ErrInputTooLong}
	return &p.err
}

// view is input as a string, without a copy. The fast path only reads its
// input during the call and keeps none of it but the href it returns,
// which own moves into p's memory when it lies in input. A reference
// joined to its base, and every fix-up, is built in p's buffer anyway, so
// copying each input first would copy those bytes twice.
func view(input []byte) string {
	return unsafe.String(unsafe.SliceData(input), len(input))
}

// own returns href, copied into p's memory if it lies in input: results
// never alias the caller's slice, which a log reader reuses for the next
// line.
func (p *Parser) own(href string, input []byte) string {
	h := uintptr(unsafe.Pointer(unsafe.StringData(href)))
	in := uintptr(unsafe.Pointer(unsafe.SliceData(input)))
	if len(href) == 0 || h-in >= uintptr(len(input)) {
		return href // built in p's buffer, or a substring of the base
	}
	p.in = append(p.in[:0], href...)
	return unsafe.String(unsafe.SliceData(p.in), len(p.in))
}

// load copies input into p's memory for the slow path, whose records and
// errors may hold substrings of its input.
func (p *Parser) load(input []byte) string {
	p.in = append(p.in[:0], input...)
	return unsafe.String(unsafe.SliceData(p.in), len(p.in))
}

// parseSlow is the Parser's slow path: the standard's state machine on s,
// which p owns, with the result serialized into p's memory.
func (p *Parser) parseSlow(s string, base *record.URL) (URL, error) {
	p.slow.ReuseError = true
	r, err := p.slow.Parse(s, base, p.Encoding.e)
	if err != nil {
		return URL{}, parseError(err)
	}
	var off record.Offsets
	p.out, off = r.Serialize(p.out[:0], false)
	href := unsafe.String(unsafe.SliceData(p.out), len(p.out))
	return URL{href: href, p: offsets.Pack(&off, r.Host.Kind, recordFlags(r))}, nil
}

// Clone returns a copy of u that owns its memory: use it to keep a URL
// returned by a Parser past the Parser's next call, or one returned by an
// Arena without keeping the Arena's block of hrefs alive with it.
func (u URL) Clone() URL {
	u.href = strings.Clone(u.href)
	return u
}
