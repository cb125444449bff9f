package span

import (
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/internal/fast"
	"github.com/spanurl/spanurl/internal/mask"
)

// An Arena parses URLs like Parse and (URL).Parse, with results that are
// just as permanent, but it writes the new hrefs they need one after the
// other into blocks of memory of 8 KiB (larger for a larger href) instead
// of allocating each: one allocation per block, where the package-level
// functions make one per URL whose href is new. It is for a program that
// keeps what it parses, such as a crawl frontier resolving the links of
// each page it fetches, where allocating a new string per URL costs as
// much as parsing it.
//
// The price is memory held: a URL keeps its whole block alive, so a
// program that keeps few of the URLs it parses holds a block for each of
// them. Keep such a URL with URL.Clone, or parse with Parse, whose
// URLs hold only their own bytes.
//
// An href that needs no new bytes is not copied at all, as with Parse:
// input in its serialized form is the href itself, and a reference that
// only drops the base's fragment is a part of the base's href. Inputs the
// fast path declines go to the standard's state machine and allocate as
// Parse does.
//
// An Arena is not safe for concurrent use; give each goroutine its own.
// The zero Arena is ready to use.
type Arena struct {
	// MaxInput, when positive, is the longest input Parse accepts, and
	// the longest reference ParseRef accepts, in bytes: a longer one
	// fails with a *ParseError matching ErrInputTooLong before any of it
	// past the bytes the error quotes is read. 0 leaves the limit of
	// every parse, 4 GiB minus 2 bytes. The result of ParseRef may be
	// longer.
	MaxInput int

	// Encoding is the output encoding of the document whose URLs the
	// Arena parses (see Encoding and ParseWithEncoding): UTF-8 when zero.
	// Input of printable ASCII alone parses as fast in any encoding;
	// other input in a legacy encoding goes to the standard's parser.
	Encoding Encoding

	buf fast.Buffer
}

// Parse parses input as an absolute URL, like the package-level Parse.
func (a *Arena) Parse(input string) (URL, error) {
	if a.MaxInput > 0 && len(input) > a.MaxInput {
		return URL{}, inputTooLong(input)
	}
	if !fastEncodes(a.Encoding, input) {
		return parseSlowEncoded(input, URL{}, a.Encoding.e)
	}
	a.buf.Keep = true
	if href, p, ok := fast.ParseAbsolute(input, &a.buf); ok {
		return URL{href, p}, nil
	}
	if a.Encoding.e != nil {
		return parseSlowEncoded(input, URL{}, a.Encoding.e)
	}
	return parseSlow(input)
}

// ParseBytes is Parse for input that arrives as bytes, such as a line a
// log reader reuses: the URL never aliases input (an href that would be
// input itself is copied into the Arena's block), so that input may
// change once ParseBytes returns.
func (a *Arena) ParseBytes(input []byte) (URL, error) {
	u, err := a.Parse(view(input))
	return a.own(u, input), ownError(err)
}

// ParseRef resolves ref against base, like base.Parse(ref).
func (a *Arena) ParseRef(base URL, ref string) (URL, error) {
	if base.IsZero() {
		return a.Parse(ref)
	}
	if a.MaxInput > 0 && len(ref) > a.MaxInput {
		return URL{}, inputTooLong(ref)
	}
	if !fastEncodes(a.Encoding, ref) {
		return parseSlowEncoded(ref, base, a.Encoding.e)
	}
	a.buf.Keep = true
	if href, p, ok := fast.Resolve(base.href, base.p, ref, &a.buf); ok {
		return URL{href, p}, nil
	}
	if a.Encoding.e != nil {
		return parseSlowEncoded(ref, base, a.Encoding.e)
	}
	return base.parseSlow(ref)
}

// ParseRefBytes is ParseRef for a reference that arrives as bytes: the
// URL never aliases ref (see ParseBytes).
func (a *Arena) ParseRefBytes(base URL, ref []byte) (URL, error) {
	u, err := a.ParseRef(base, view(ref))
	return a.own(u, ref), ownError(err)
}

// own returns u with its href copied into a's block if it lies in input.
func (a *Arena) own(u URL, input []byte) URL {
	h := uintptr(unsafe.Pointer(unsafe.StringData(u.href)))
	in := uintptr(unsafe.Pointer(unsafe.SliceData(input)))
	if len(u.href) > 0 && h-in < uintptr(len(input)) {
		u.href = fast.KeepString(&a.buf, u.href)
	}
	return u
}

// ownError returns err with the input it quotes copied, since that may be
// a part of a byte slice the caller reuses.
func ownError(err error) error {
	if e, ok := err.(*ParseError); ok {
		e.Input = strings.Clone(e.Input)
	}
	return err
}

// inputTooLong is the error of an input longer than an Arena's MaxInput:
// it quotes the start of input (see mask.Head), copied, so that the error
// does not keep all of input alive.
func inputTooLong(input string) error {
	b, cut := mask.AppendHead(make([]byte, 0, mask.MaxQuoted), input)
	return &ParseError{Input: unsafe.String(unsafe.SliceData(b), len(b)), Truncated: cut, Err: ErrInputTooLong}
}
