package span

import (
	"errors"
	"strconv"

	"github.com/spanurl/spanurl/internal/slow"
)

// Encoding is the output encoding of a document whose URLs are parsed:
// the URL parser percent-encodes the query of a special URL (other than
// ws: and wss:) after encoding it in the document's encoding, so that
// "?q=é" in a windows-1252 page is "?q=%E9". LookupEncoding finds one
// from its label once; Parser.Encoding and Arena.Encoding then apply it
// to every URL of the document. The zero Encoding is UTF-8. Encodings are
// comparable.
type Encoding struct {
	e *slow.Encoding
}

// ErrUnknownEncoding is matched (errors.Is) by the error of
// LookupEncoding and ParseWithEncoding for a label that names no
// encoding of the Encoding Standard.
var ErrUnknownEncoding = errors.New("unknown encoding label")

// LookupEncoding returns the encoding that label names, as the Encoding
// Standard's "get an encoding" reads labels (ASCII case-insensitive,
// without leading and trailing ASCII whitespace: "Shift_JIS", "latin1",
// "gb2312"), followed by "get an output encoding": the UTF-16 labels and
// "replacement" give UTF-8.
func LookupEncoding(label string) (Encoding, error) {
	e, err := slow.LookupEncoding(label)
	if err != nil {
		return Encoding{}, &encodingError{label}
	}
	return Encoding{e}, nil
}

// Name returns the Encoding Standard's name of e, such as "Shift_JIS" or
// "windows-1252"; "UTF-8" for the zero Encoding.
func (e Encoding) Name() string { return e.e.Name() }

// encodingError is the error of an unknown label: it matches
// ErrUnknownEncoding and quotes the label.
type encodingError struct{ label string }

func (e *encodingError) Error() string {
	return ErrUnknownEncoding.Error() + " " + strconv.Quote(e.label)
}

func (e *encodingError) Unwrap() error { return ErrUnknownEncoding }

// ParseWithEncoding parses input against base (zero for none) the way a
// document in a legacy encoding does: the query of a special URL other than
// ws: and wss: is percent-encoded after encoding with the encoding that the
// WHATWG label names ("shift_jis", "windows-1252", "gb18030", ...). UTF-16
// labels and "replacement" mean UTF-8, as "get an output encoding" says. An
// unknown label is an error matching ErrUnknownEncoding. To parse many
// URLs of one document, look its encoding up once (LookupEncoding) and
// give it to a Parser or an Arena.
func ParseWithEncoding(input string, base URL, label string) (URL, error) {
	enc, err := LookupEncoding(label)
	if err != nil {
		return URL{}, err
	}
	return parseSlowEncoded(input, base, enc.e)
}

// parseSlowEncoded runs the standard's parser on input against base (zero
// for none) with the document encoding enc.
func parseSlowEncoded(input string, base URL, enc *slow.Encoding) (URL, error) {
	sc := getScratch()
	defer scratches.Put(sc)
	b := &sc.base
	if base.IsZero() {
		b = nil
	} else {
		base.toRecord(b)
	}
	r, err := sc.slow.Parse(input, b, enc)
	if err != nil {
		return URL{}, parseError(err)
	}
	return fromParsed(r), nil
}

// fastEncodes reports whether the fast path, which encodes as UTF-8,
// parses input as enc does: always for UTF-8, and for input of printable
// ASCII alone (0x20 to 0x7E) in any encoding, since every output encoding
// encodes those code points as the bytes of their ASCII values. Other
// input in a legacy encoding goes to the standard's parser: a non-ASCII
// query is encoded otherwise, and ISO-2022-JP encodes even ESC, SO and
// SI otherwise.
func fastEncodes(enc Encoding, input string) bool {
	if enc.e == nil {
		return true
	}
	for i := 0; i < len(input); i++ {
		if c := input[i]; c < 0x20 || c > 0x7E {
			return false
		}
	}
	return true
}
