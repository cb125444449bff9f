package slow

import (
	"strconv"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"

	"github.com/spanurl/spanurl/internal/pct"
)

// This file is the URL Standard's "percent-encode after encoding" with the
// Encoding Standard's encoders, as the query state uses it for documents in
// legacy encodings (and the form-urlencoded serializer for forms).
//
// golang.org/x/text provides the labels (htmlindex) and the index data, but
// its encoders do not all follow the Encoding Standard, so each encoder here
// is the standard's handler transcribed step by step, and x/text is asked
// only for the index look-ups where its tables agree with the standard's
// indexes. Where they do not, the difference is corrected here, each with a
// comment; the list:
//
//   - htmlindex.Get trims Unicode white space and lowercases with Unicode
//     rules ("\u212Aoi8-r" would match "koi8-r"); "get an encoding" trims
//     ASCII whitespace and matches ASCII case-insensitively.
//   - htmlindex names are lowercase; the standard's names are not.
//   - Single-byte encodings: x/text drops the index entries that map a byte
//     0x80-0x9F to the C1 control of the same value (windows-1252's 0x81,
//     ISO-8859-2's 0x80-0x9F, ...).
//   - gb18030 and GBK: x/text's two-byte table predates the standard's
//     current index gb18030: it has no Private Use entries (user-defined
//     areas and 174 others), not the GB18030-2005 change (0xA8 0xBC is
//     U+1E3F; U+E7C7 is four bytes, pointer 7457), not the GB18030-2022
//     changes (U+FE10-U+FE19, U+9FB4-U+9FBB become two bytes; the encoder
//     side table), and it encodes U+E5E5 (an error in the standard).
//   - Big5: x/text encodes to the last pointer of the whole index; the
//     standard excludes the HKSCS pointers below (0xA1-0x81)*157 and takes
//     the first pointer, except for six code points.
//   - Shift_JIS: x/text takes the first jis0208 pointer; the standard
//     excludes pointers 8272-8835 (NEC-selected IBM extensions) so the IBM
//     extensions are used. x/text also lacks U+0080, U+00A5, U+203E and
//     U+2212 -> U+FF0D (Shift_JIS, EUC-JP, ISO-2022-JP).
//   - EUC-JP: x/text also encodes JIS X 0212; the standard's encoder does not.
//   - ISO-2022-JP: x/text has no Roman state (U+00A5, U+203E), encodes
//     halfwidth katakana with ESC ( I instead of mapping them to fullwidth,
//     passes U+000E, U+000F and U+001B through instead of failing with
//     U+FFFD, and returns to ASCII at the end of every Transform call.
//
// The rest of x/text's data is used as it is: the single-byte tables, index
// EUC-KR, and the parts of index Big5, jis0208 and gb18030 (with its
// ranges) that it has.

// Encoding is an output encoding for the URL parser's query state; a nil
// *Encoding means UTF-8. Values come from LookupEncoding, are never
// modified, and are safe for concurrent use.
type Encoding struct {
	// name is the Encoding Standard's name, e.g. "Shift_JIS".
	name string
	kind encoderKind
	// x is the x/text encoding (from htmlindex), used for the index data.
	x encoding.Encoding
	// lookup is x's encoder, stateless for every kind that uses it: the
	// single-byte table, index EUC-KR, index Big5, index gb18030 (x/text's
	// gb18030 encoder), index jis0208 (x/text's EUC-JP encoder).
	lookup *encoding.Encoder
	// c1 has bit i set when index single-byte maps pointer i to U+0080+i,
	// an entry x/text drops.
	c1 uint32
}

// encoderKind selects the Encoding Standard encoder.
type encoderKind uint8

const (
	kindSingleByte encoderKind = iota
	kindXUserDefined
	kindGBK
	kindGB18030
	kindBig5
	kindEUCJP
	kindISO2022JP
	kindShiftJIS
	kindEUCKR
)

// Name returns the Encoding Standard's name of e: "UTF-8" for nil.
func (e *Encoding) Name() string {
	if e == nil {
		return "UTF-8"
	}
	return e.name
}

func (e *Encoding) String() string { return e.Name() }

// EncodingLabelError is LookupEncoding's failure: label is no encoding's
// label.
type EncodingLabelError struct{ Label string }

func (e *EncodingLabelError) Error() string {
	return "unknown encoding label " + strconv.Quote(e.Label)
}

// LookupEncoding gets an encoding from label, as the Encoding Standard's
// "get an encoding" (leading and trailing ASCII whitespace removed, ASCII
// case-insensitive), followed by "get an output encoding": UTF-8, UTF-16BE,
// UTF-16LE and replacement give nil (UTF-8). An unknown label is an
// *EncodingLabelError.
func LookupEncoding(label string) (*Encoding, error) {
	// get an encoding, 1. Remove any leading and trailing ASCII whitespace.
	s := trimLabelWhitespace(label)
	// get an encoding, 2. ASCII case-insensitive match against the labels.
	// Every label is ASCII lowercase letters, digits and "-_.:"; anything
	// else cannot match, and must not reach htmlindex, which would trim and
	// lowercase it with Unicode rules.
	var buf [32]byte
	if len(s) == 0 || len(s) > len(buf) {
		return nil, &EncodingLabelError{label}
	}
	lower := buf[:len(s)]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return nil, &EncodingLabelError{label}
		}
		lower[i] = c
	}
	x, err := htmlindex.Get(string(lower))
	if err != nil {
		return nil, &EncodingLabelError{label}
	}
	name, err := htmlindex.Name(x)
	if err != nil {
		return nil, &EncodingLabelError{label}
	}
	// get an output encoding, 1. replacement or UTF-16BE/LE: UTF-8 (nil).
	// 2. Otherwise the encoding itself.
	e, ok := outputEncodings()[name]
	if !ok {
		return nil, &EncodingLabelError{label}
	}
	return e, nil
}

// trimLabelWhitespace removes leading and trailing TAB, LF, FF, CR, SPACE.
func trimLabelWhitespace(s string) string {
	isWS := func(c byte) bool { return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ' }
	for len(s) > 0 && isWS(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isWS(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// encodingNames maps htmlindex's canonical (lowercase) name to the Encoding
// Standard's name and encoder, for every encoding "get an output encoding"
// can return other than UTF-8.
var encodingNames = map[string]struct {
	name string
	kind encoderKind
}{
	"ibm866":         {"IBM866", kindSingleByte},
	"iso-8859-2":     {"ISO-8859-2", kindSingleByte},
	"iso-8859-3":     {"ISO-8859-3", kindSingleByte},
	"iso-8859-4":     {"ISO-8859-4", kindSingleByte},
	"iso-8859-5":     {"ISO-8859-5", kindSingleByte},
	"iso-8859-6":     {"ISO-8859-6", kindSingleByte},
	"iso-8859-7":     {"ISO-8859-7", kindSingleByte},
	"iso-8859-8":     {"ISO-8859-8", kindSingleByte},
	"iso-8859-8-i":   {"ISO-8859-8-I", kindSingleByte},
	"iso-8859-10":    {"ISO-8859-10", kindSingleByte},
	"iso-8859-13":    {"ISO-8859-13", kindSingleByte},
	"iso-8859-14":    {"ISO-8859-14", kindSingleByte},
	"iso-8859-15":    {"ISO-8859-15", kindSingleByte},
	"iso-8859-16":    {"ISO-8859-16", kindSingleByte},
	"koi8-r":         {"KOI8-R", kindSingleByte},
	"koi8-u":         {"KOI8-U", kindSingleByte},
	"macintosh":      {"macintosh", kindSingleByte},
	"windows-874":    {"windows-874", kindSingleByte},
	"windows-1250":   {"windows-1250", kindSingleByte},
	"windows-1251":   {"windows-1251", kindSingleByte},
	"windows-1252":   {"windows-1252", kindSingleByte},
	"windows-1253":   {"windows-1253", kindSingleByte},
	"windows-1254":   {"windows-1254", kindSingleByte},
	"windows-1255":   {"windows-1255", kindSingleByte},
	"windows-1256":   {"windows-1256", kindSingleByte},
	"windows-1257":   {"windows-1257", kindSingleByte},
	"windows-1258":   {"windows-1258", kindSingleByte},
	"x-mac-cyrillic": {"x-mac-cyrillic", kindSingleByte},
	"x-user-defined": {"x-user-defined", kindXUserDefined},
	"gbk":            {"GBK", kindGBK},
	"gb18030":        {"gb18030", kindGB18030},
	"big5":           {"Big5", kindBig5},
	"euc-jp":         {"EUC-JP", kindEUCJP},
	"iso-2022-jp":    {"ISO-2022-JP", kindISO2022JP},
	"shift_jis":      {"Shift_JIS", kindShiftJIS},
	"euc-kr":         {"EUC-KR", kindEUCKR},
}

// utf8OutputNames are the encodings "get an output encoding" maps to UTF-8.
var utf8OutputNames = []string{"utf-8", "utf-16be", "utf-16le", "replacement"}

var (
	outputEncodingsOnce sync.Once
	outputEncodingsMap  map[string]*Encoding
)

// outputEncodings returns the output encodings by htmlindex name, built on
// first use: one *Encoding per encoding, shared.
func outputEncodings() map[string]*Encoding {
	outputEncodingsOnce.Do(func() {
		m := make(map[string]*Encoding, len(encodingNames)+len(utf8OutputNames))
		for _, n := range utf8OutputNames {
			m[n] = nil
		}
		for canonical, v := range encodingNames {
			x, err := htmlindex.Get(canonical)
			if err != nil {
				continue
			}
			e := &Encoding{name: v.name, kind: v.kind, x: x}
			switch v.kind {
			case kindSingleByte, kindEUCKR, kindBig5:
				e.lookup = x.NewEncoder()
			case kindGBK, kindGB18030:
				// x/text's gb18030 encoder: two bytes for its part of index
				// gb18030, four bytes from index gb18030 ranges.
				if g, err := htmlindex.Get("gb18030"); err == nil {
					e.lookup = g.NewEncoder()
				}
			case kindEUCJP, kindISO2022JP, kindShiftJIS:
				// x/text's EUC-JP encoder gives the first index jis0208
				// pointer (or JIS X 0212, which is ignored).
				if j, err := htmlindex.Get("euc-jp"); err == nil {
					e.lookup = j.NewEncoder()
				}
			}
			if v.kind == kindSingleByte {
				e.c1 = singleByteC1(x)
			}
			m[canonical] = e
		}
		outputEncodingsMap = m
	})
	return outputEncodingsMap
}

// singleByteC1 finds the bytes 0x80-0x9F that x/text decodes to U+FFFD:
// x/text drops the index entries mapping such a byte to the C1 control of
// the same value, and every index single-byte maps each of its first 32
// pointers either to another code point (which x/text keeps) or to that
// C1 control (the standard's indexes have no unmapped pointer there).
func singleByteC1(x encoding.Encoding) uint32 {
	d := x.NewDecoder()
	var mask uint32
	var out [8]byte
	for b := 0x80; b < 0xA0; b++ {
		n, _, err := d.Transform(out[:], []byte{byte(b)}, true)
		r, _ := utf8.DecodeRune(out[:n])
		if err == nil && n > 0 && r == utf8.RuneError {
			mask |= 1 << (b - 0x80)
		}
	}
	return mask
}

// AppendPercentEncodeAfterEncoding is appendPercentEncodeAfterEncoding for
// the api layer (the application/x-www-form-urlencoded serializer).
func AppendPercentEncodeAfterEncoding(dst []byte, enc *Encoding, input []byte, set *pct.Set, spaceAsPlus bool) []byte {
	return appendPercentEncodeAfterEncoding(dst, enc, input, set, spaceAsPlus)
}

// appendPercentEncodeAfterEncoding runs percent-encode after encoding with
// enc (nil: UTF-8), input (UTF-8; each byte of an invalid sequence is taken
// as U+FFFD), percentEncodeSet set and spaceAsPlus, appending the result to
// dst. It never fails and runs in time linear in len(input).
func appendPercentEncodeAfterEncoding(dst []byte, enc *Encoding, input []byte, set *pct.Set, spaceAsPlus bool) []byte {
	return appendPercentEncodeAfterEncodingWith(dst, enc, input, set, spaceAsPlus, nil)
}

// appendPercentEncodeAfterEncodingWith is appendPercentEncodeAfterEncoding
// with sc, when not nil, as the buffers of the x/text calls, so that a
// Parser that owns them does not allocate them for every query.
func appendPercentEncodeAfterEncodingWith(dst []byte, enc *Encoding, input []byte, set *pct.Set, spaceAsPlus bool, sc *xtextScratch) []byte {
	w := percentEncodeWriter{dst: dst, set: set, spaceAsPlus: spaceAsPlus}
	if enc == nil {
		// UTF-8: the encoder never fails and its output is the input's own
		// bytes, so step 5 is one pass over input with no encoder.
		for i := 0; i < len(input); {
			c := input[i]
			if k := asciiRun(input, i, set, spaceAsPlus); k > 0 {
				w.dst = append(w.dst, input[i:i+k]...)
				i += k
				continue
			}
			if c < utf8.RuneSelf {
				w.byte(c)
				i++
				continue
			}
			_, size := utf8.DecodeRune(input[i:])
			if size == 1 {
				// An invalid byte: U+FFFD, whose UTF-8 is EF BF BD.
				w.byte(0xEF)
				w.byte(0xBF)
				w.byte(0xBD)
				i++
				continue
			}
			for _, b := range input[i : i+size] {
				w.byte(b)
			}
			i += size
		}
		return w.dst
	}
	// 1. Let encoder be the result of getting an encoder from encoding.
	e := legacyEncoder{enc: enc, sc: sc}
	// 2. Let inputQueue be input converted to an I/O queue (read below, one
	// code point at a time).
	// 3. Let output be the empty string (w appends to dst).
	// 4-5. While potentialError is non-null: encode or fail with inputQueue,
	// encoder and a new encodeOutput; the same encoder instance is kept
	// across errors, as the ISO-2022-JP encoder's state must be. Here the
	// encoder's output bytes go straight through step 5.3 into output, and
	// an error is appended (5.4) where the handler returned it, which is the
	// same order.
	for i := 0; ; {
		if i == len(input) {
			// encode or fail, 1. processing the queue ends at end-of-queue
			// (the ISO-2022-JP encoder may emit bytes first); 2. Push
			// end-of-queue to output; 4. Return null: the loop ends.
			e.endOfQueue(&w)
			return w.dst
		}
		c := rune(input[i])
		size := 1
		if c >= utf8.RuneSelf {
			// An invalid byte decodes as U+FFFD with size 1.
			c, size = utf8.DecodeRune(input[i:])
		}
		i += size
		// Every encoder but ISO-2022-JP's returns an ASCII code point as the
		// byte of the same value.
		if c < utf8.RuneSelf && enc.kind != kindISO2022JP {
			w.byte(byte(c))
			continue
		}
		// encode or fail, 1. processing a queue in "fatal" mode: run the
		// handler; an error stops it (3. return error's code point's value).
		if errCP, ok := e.handle(&w, c); !ok {
			// 5.4. If potentialError is non-null, append "%26%23", the
			// shortest decimal representation of potentialError, and "%3B".
			w.dst = append(w.dst, "%26%23"...)
			w.dst = strconv.AppendInt(w.dst, int64(errCP), 10)
			w.dst = append(w.dst, "%3B"...)
		}
	}
}

// percentEncodeWriter is step 5.3 of percent-encode after encoding, applied to each
// byte of encodeOutput as it is produced.
type percentEncodeWriter struct {
	dst         []byte
	set         *pct.Set
	spaceAsPlus bool
}

func (w *percentEncodeWriter) byte(b byte) {
	switch {
	// 5.3.1. If spaceAsPlus is true and byte is 0x20 (SP), append U+002B (+).
	case b == ' ' && w.spaceAsPlus:
		w.dst = append(w.dst, '+')
	// 5.3.2-5.3.4. isomorph is byte as a code point; every set contains all
	// non-ASCII code points (pct.Set.Contains is true for b >=
	// 0x80). If isomorph is not in percentEncodeSet, append it.
	case !w.set.Contains(b):
		w.dst = append(w.dst, b)
	// 5.3.5. Otherwise, percent-encode byte and append the result.
	default:
		w.dst = pct.AppendByte(w.dst, b)
	}
}

func (w *percentEncodeWriter) bytes(bs ...byte) {
	for _, b := range bs {
		w.byte(b)
	}
}

// iso2022JPState is the ISO-2022-JP encoder state.
type iso2022JPState uint8

const (
	iso2022JPASCII iso2022JPState = iota
	iso2022JPRoman
	iso2022JPJIS0208
)

// legacyEncoder is an instance of enc's encoder for one run of percent-encode
// after encoding.
type legacyEncoder struct {
	enc *Encoding
	// state is the ISO-2022-JP encoder state, initially ASCII.
	state iso2022JPState
	// sc holds the buffers of x/text calls, allocated on first use.
	sc *xtextScratch
}

type xtextScratch struct {
	src [utf8.UTFMax]byte
	dst [8]byte
}

// xencode runs x/text encoder t on c alone and returns its output, or nil
// when t cannot encode c.
func (e *legacyEncoder) xencode(t *encoding.Encoder, c rune) []byte {
	if t == nil {
		return nil
	}
	if e.sc == nil {
		e.sc = new(xtextScratch)
	}
	n := utf8.EncodeRune(e.sc.src[:], c)
	nDst, nSrc, err := t.Transform(e.sc.dst[:], e.sc.src[:n], true)
	if err != nil || nSrc != n || nDst == 0 || nDst > len(e.sc.dst) {
		return nil
	}
	return e.sc.dst[:nDst]
}

// endOfQueue runs the handler for end-of-queue: only the ISO-2022-JP
// encoder has output then.
func (e *legacyEncoder) endOfQueue(w *percentEncodeWriter) {
	if e.enc.kind != kindISO2022JP {
		// 1. If codePoint is end-of-queue, return finished.
		return
	}
	// ISO-2022-JP 1. end-of-queue and state not ASCII: set state to ASCII,
	// return 0x1B 0x28 0x42.
	if e.state != iso2022JPASCII {
		e.state = iso2022JPASCII
		w.bytes(0x1B, 0x28, 0x42)
	}
	// 2. end-of-queue and state ASCII: return finished.
}

// handle runs the encoder's handler on scalar value c (non-ASCII, or any
// for ISO-2022-JP), writing its bytes to w; ok is false for "error with
// errCP".
func (e *legacyEncoder) handle(w *percentEncodeWriter, c rune) (errCP rune, ok bool) {
	switch e.enc.kind {
	case kindSingleByte:
		return e.singleByte(w, c)
	case kindXUserDefined:
		return xUserDefined(w, c)
	case kindGBK:
		return e.gb18030(w, c, true)
	case kindGB18030:
		return e.gb18030(w, c, false)
	case kindBig5:
		return e.big5(w, c)
	case kindEUCJP:
		return e.eucJP(w, c)
	case kindISO2022JP:
		return e.iso2022JP(w, c)
	case kindShiftJIS:
		return e.shiftJIS(w, c)
	case kindEUCKR:
		return e.eucKR(w, c)
	}
	return c, false
}

// singleByte is the single-byte encoder's handler.
func (e *legacyEncoder) singleByte(w *percentEncodeWriter, c rune) (rune, bool) {
	// 1. end-of-queue and 2. ASCII: handled by the caller.
	// 3. Let pointer be the index pointer for codePoint in index
	// single-byte: x/text's table, plus the C1 entries it drops.
	if 0x80 <= c && c <= 0x9F && e.enc.c1&(1<<(c-0x80)) != 0 {
		// 5. Return a byte whose value is pointer + 0x80 (pointer = c-0x80).
		w.byte(byte(c))
		return 0, true
	}
	b := e.xencode(e.enc.lookup, c)
	// 4. If pointer is null, return error with codePoint.
	if len(b) != 1 || b[0] < 0x80 {
		return c, false
	}
	// 5. Return a byte whose value is pointer + 0x80.
	w.byte(b[0])
	return 0, true
}

// xUserDefined is the x-user-defined encoder's handler.
func xUserDefined(w *percentEncodeWriter, c rune) (rune, bool) {
	// 1. end-of-queue and 2. ASCII: handled by the caller.
	// 3. If codePoint is in the range U+F780 to U+F7FF, return a byte whose
	// value is codePoint - 0xF780 + 0x80.
	if 0xF780 <= c && c <= 0xF7FF {
		w.byte(byte(c - 0xF780 + 0x80))
		return 0, true
	}
	// 4. Return error with codePoint.
	return c, false
}

// gb18030EncoderTable is the gb18030 encoder's step 5 table (Private Use
// code points of GB18030-2005 that GB18030-2022 moved; encoder only).
var gb18030EncoderTable = [...]struct {
	cp     rune
	b1, b2 byte
}{
	{0xE78D, 0xA6, 0xD9}, {0xE78E, 0xA6, 0xDA}, {0xE78F, 0xA6, 0xDB},
	{0xE790, 0xA6, 0xDC}, {0xE791, 0xA6, 0xDD}, {0xE792, 0xA6, 0xDE},
	{0xE793, 0xA6, 0xDF}, {0xE794, 0xA6, 0xEC}, {0xE795, 0xA6, 0xED},
	{0xE796, 0xA6, 0xF3}, {0xE81E, 0xFE, 0x59}, {0xE826, 0xFE, 0x61},
	{0xE82B, 0xFE, 0x66}, {0xE82C, 0xFE, 0x67}, {0xE832, 0xFE, 0x6D},
	{0xE843, 0xFE, 0x7E}, {0xE854, 0xFE, 0x90}, {0xE864, 0xFE, 0xA0},
}

// gb18030Index2022 are the entries of index gb18030 that GB18030-2022
// changed from Private Use to these code points (the pointers of the
// bytes in gb18030EncoderTable); x/text's table has none of them.
var gb18030Index2022 = [...]struct {
	cp      rune
	pointer uint16
}{
	{0xFE10, 7182}, {0xFE12, 7183}, {0xFE11, 7184}, {0xFE13, 7185},
	{0xFE14, 7186}, {0xFE15, 7187}, {0xFE16, 7188}, {0xFE17, 7201},
	{0xFE18, 7202}, {0xFE19, 7208}, {0x9FB4, 23775}, {0x9FB5, 23783},
	{0x9FB6, 23788}, {0x9FB7, 23789}, {0x9FB8, 23795}, {0x9FB9, 23812},
	{0x9FBA, 23829}, {0x9FBB, 23845},
}

// gb18030IndexPUA are the runs of index gb18030 entries outside the three
// user-defined areas that map to Private Use code points: pointer, first
// code point, length; consecutive pointers map to consecutive code
// points. x/text's table has no Private Use entries at all. (GB18030
// assigns U+E766-U+E864 to these positions in pointer order; the runs
// leave out the code points the index does not map there: U+E76C,
// U+E7C8, U+E7E7-U+E7F3 and U+E815 (whose positions hold other code points
// in x/text's table), U+E7C7 (moved by GB18030-2005) and the 18 of
// gb18030EncoderTable (moved by GB18030-2022).)
var gb18030IndexPUA = [...]struct {
	pointer uint16
	cp      rune
	n       uint16
}{
	{6376, 0xE766, 6}, {6433, 0xE76D, 1}, {6444, 0xE76E, 2},
	{6458, 0xE770, 2}, {6829, 0xE772, 11}, {7022, 0xE77D, 8},
	{7150, 0xE785, 8}, {7211, 0xE797, 9}, {7349, 0xE7A0, 15},
	{7397, 0xE7AF, 13}, {7495, 0xE7BC, 11}, {7538, 0xE7C9, 4},
	{7579, 0xE7CD, 21}, {7624, 0xE7E2, 1}, {7627, 0xE7E3, 1},
	{7629, 0xE7E4, 3}, {7686, 0xE7F4, 13}, {7775, 0xE801, 15},
	{16525, 0xE810, 5}, {23767, 0xE816, 3}, {23794, 0xE831, 1},
	{23804, 0xE83B, 1}, {23830, 0xE855, 1},
}

// gb18030IndexPointer is the index pointer for c in index gb18030: the
// entries x/text lacks, then x/text's table (whose two-byte output is
// turned back into the pointer).
func (e *legacyEncoder) gb18030IndexPointer(c rune) (int, bool) {
	// GB18030-2005: pointer 7533 (0xA8 0xBC) is U+1E3F.
	if c == 0x1E3F {
		return 7533, true
	}
	for _, m := range gb18030Index2022 {
		if m.cp == c {
			return int(m.pointer), true
		}
	}
	if 0xE000 <= c && c <= 0xE864 {
		return gb18030PUAPointer(c)
	}
	b := e.xencode(e.enc.lookup, c)
	if len(b) != 2 || b[0] < 0x81 || b[0] > 0xFE {
		return 0, false
	}
	// Inverse of the encoder's steps 7.1-7.4.
	off := 0x40
	if b[1] >= 0x80 {
		off = 0x41
	}
	return int(b[0]-0x81)*190 + int(b[1]) - off, true
}

// gb18030PUAPointer is the index gb18030 pointer of Private Use code point
// c: the user-defined areas (0xAA-0xAF and 0xF8-0xFE leads with 0xA1-0xFE
// trails; 0xA1-0xA7 leads with 0x40-0xA0 trails) are in code point order
// from U+E000, U+E234 and U+E4C6; then gb18030IndexPUA.
func gb18030PUAPointer(c rune) (int, bool) {
	switch {
	case c <= 0xE233: // 0xAA 0xA1 to 0xAF 0xFE
		i := int(c - 0xE000)
		return (0xAA-0x81+i/94)*190 + (0xA1 - 0x41) + i%94, true
	case c <= 0xE4C5: // 0xF8 0xA1 to 0xFE 0xFE
		i := int(c - 0xE234)
		return (0xF8-0x81+i/94)*190 + (0xA1 - 0x41) + i%94, true
	case c <= 0xE765: // 0xA1 0x40 to 0xA7 0xA0
		// 0xA3 0xA0 is U+3000 in the index, not U+E5E5.
		if c == 0xE5E5 {
			return 0, false
		}
		i := int(c - 0xE4C6)
		return (0xA1-0x81+i/96)*190 + i%96, true
	}
	for _, r := range gb18030IndexPUA {
		if r.cp <= c && c < r.cp+rune(r.n) {
			return int(r.pointer) + int(c-r.cp), true
		}
	}
	return 0, false
}

// gb18030RangesPointer is the index gb18030 ranges pointer for c: U+E7C7
// is special-cased (GB18030-2005); otherwise x/text computes the same
// ranges (its four-byte output is turned back into the pointer).
func (e *legacyEncoder) gb18030RangesPointer(c rune) (int, bool) {
	// 1. If codePoint is U+E7C7, then return pointer 7457.
	if c == 0xE7C7 {
		return 7457, true
	}
	// 2-3. The last range at or below codePoint, offset from its pointer.
	b := e.xencode(e.enc.lookup, c)
	if len(b) != 4 {
		return 0, false
	}
	return int(b[0]-0x81)*(10*126*10) + int(b[1]-0x30)*(10*126) + int(b[2]-0x81)*10 + int(b[3]-0x30), true
}

// gb18030 is the gb18030 encoder's handler, with is GBK for GBK.
func (e *legacyEncoder) gb18030(w *percentEncodeWriter, c rune, isGBK bool) (rune, bool) {
	// 1. end-of-queue and 2. ASCII: handled by the caller.
	// 3. If codePoint is U+E5E5, return error with codePoint.
	if c == 0xE5E5 {
		return c, false
	}
	// 4. If is GBK is true and codePoint is U+20AC, return byte 0x80.
	if isGBK && c == 0x20AC {
		w.byte(0x80)
		return 0, true
	}
	// 5. A row of the table whose first column is codePoint: its two bytes.
	for _, m := range gb18030EncoderTable {
		if m.cp == c {
			w.bytes(m.b1, m.b2)
			return 0, true
		}
	}
	// 6. Let pointer be the index pointer for codePoint in index gb18030.
	// 7. If pointer is non-null:
	if pointer, ok := e.gb18030IndexPointer(c); ok {
		// 7.1. Let leading be pointer / 190 + 0x81.
		leading := pointer/190 + 0x81
		// 7.2. Let trailing be pointer % 190.
		trailing := pointer % 190
		// 7.3. Let offset be 0x40 if trailing is less than 0x3F, otherwise 0x41.
		offset := 0x41
		if trailing < 0x3F {
			offset = 0x40
		}
		// 7.4. Return two bytes: leading and trailing + offset.
		w.bytes(byte(leading), byte(trailing+offset))
		return 0, true
	}
	// 8. If is GBK is true, return error with codePoint.
	if isGBK {
		return c, false
	}
	// 9. Set pointer to the index gb18030 ranges pointer for codePoint.
	pointer, ok := e.gb18030RangesPointer(c)
	if !ok {
		return c, false
	}
	// 10. Let byte1 be pointer / (10 × 126 × 10).
	byte1 := pointer / (10 * 126 * 10)
	// 11. Set pointer to pointer % (10 × 126 × 10).
	pointer %= 10 * 126 * 10
	// 12. Let byte2 be pointer / (10 × 126).
	byte2 := pointer / (10 * 126)
	// 13. Set pointer to pointer % (10 × 126).
	pointer %= 10 * 126
	// 14. Let byte3 be pointer / 10. 15. Let byte4 be pointer % 10.
	byte3, byte4 := pointer/10, pointer%10
	// 16. Return byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30.
	w.bytes(byte(byte1+0x81), byte(byte2+0x30), byte(byte3+0x81), byte(byte4+0x30))
	return 0, true
}

// big5 is the Big5 encoder's handler.
func (e *legacyEncoder) big5(w *percentEncodeWriter, c rune) (rune, bool) {
	// 1. end-of-queue and 2. ASCII: handled by the caller.
	// 3. Let pointer be the index Big5 pointer for codePoint.
	pointer, ok := e.big5Pointer(c)
	// 4. If pointer is null, return error with codePoint.
	if !ok {
		return c, false
	}
	// 5. Let leading be pointer / 157 + 0x81.
	leading := pointer/157 + 0x81
	// 6. Let trailing be pointer % 157.
	trailing := pointer % 157
	// 7. Let offset be 0x40 if trailing is less than 0x3F, otherwise 0x62.
	offset := 0x62
	if trailing < 0x3F {
		offset = 0x40
	}
	// 8. Return two bytes: leading and trailing + offset.
	w.bytes(byte(leading), byte(trailing+offset))
	return 0, true
}

// big5HKSCSEnd is (0xA1 - 0x81) × 157: index Big5 pointer ignores the
// pointers below it.
const big5HKSCSEnd = (0xA1 - 0x81) * 157

// big5Pointer is the index Big5 pointer for c. x/text's encoder gives the
// last pointer of the whole index.
func (e *legacyEncoder) big5Pointer(c rune) (int, bool) {
	b := e.xencode(e.enc.lookup, c)
	if len(b) != 2 || b[0] < 0x81 || b[0] > 0xFE {
		return 0, false
	}
	off := 0x40
	if b[1] >= 0xA1 {
		off = 0x62
	}
	last := int(b[0]-0x81)*157 + int(b[1]) - off
	// 1. Let index be index Big5 excluding all entries whose pointer is
	// less than (0xA1 - 0x81) × 157: when even the last pointer is below,
	// codePoint is not in index.
	if last < big5HKSCSEnd {
		return 0, false
	}
	// 2. U+2550, U+255E, U+2561, U+256A, U+5341, U+5345: the last pointer.
	switch c {
	case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
		return last, true
	}
	// 3. Return the index pointer (the first) for codePoint in index.
	if first, ok := big5FirstPointers()[c]; ok {
		return int(first), true
	}
	return last, true
}

var (
	big5FirstOnce sync.Once
	big5First     map[rune]uint16
)

// big5FirstPointers maps the code points that index Big5 has more than
// once at or above big5HKSCSEnd to their first such pointer, read from
// x/text's decoder (built on first use).
func big5FirstPointers() map[rune]uint16 {
	big5FirstOnce.Do(func() {
		big5First = map[rune]uint16{}
		seen := make(map[rune]uint16, 16000)
		decodePointers("big5", big5HKSCSEnd, 126*157, func(p int) (byte, byte) {
			trailing, offset := p%157, 0x62
			if trailing < 0x3F {
				offset = 0x40
			}
			return byte(p/157 + 0x81), byte(trailing + offset)
		}, func(r rune, p int) {
			if first, ok := seen[r]; ok {
				big5First[r] = first
			} else {
				seen[r] = uint16(p)
			}
		})
	})
	return big5First
}

// decodePointers decodes each pointer in [from, to) of an index through
// x/text's decoder for label, the pointer's two bytes given by bytesOf,
// and calls visit with every code point one decodes to. It is how the
// encoders learn the pointers x/text's encoders do not expose.
func decodePointers(label string, from, to int, bytesOf func(p int) (byte, byte), visit func(r rune, p int)) {
	x, err := htmlindex.Get(label)
	if err != nil {
		return
	}
	d := x.NewDecoder()
	var out [16]byte
	for p := from; p < to; p++ {
		b0, b1 := bytesOf(p)
		n, nSrc, err := d.Transform(out[:], []byte{b0, b1}, true)
		r, size := utf8.DecodeRune(out[:n])
		if err != nil || nSrc != 2 || size != n || r == utf8.RuneError {
			continue
		}
		visit(r, p)
	}
}

// jis0208Pointer is the index pointer for c in index jis0208 (the first),
// from x/text's EUC-JP encoder: two bytes 0xA1-0xFE are a jis0208 entry
// (the pointer is below 8836); JIS X 0212 and katakana output is not.
func (e *legacyEncoder) jis0208Pointer(c rune) (int, bool) {
	b := e.xencode(e.enc.lookup, c)
	if len(b) != 2 || b[0] < 0xA1 || b[0] > 0xFE || b[1] < 0xA1 || b[1] > 0xFE {
		return 0, false
	}
	return int(b[0]-0xA1)*94 + int(b[1]-0xA1), true
}

// eucJP is the EUC-JP encoder's handler.
func (e *legacyEncoder) eucJP(w *percentEncodeWriter, c rune) (rune, bool) {
	// 1. end-of-queue and 2. ASCII: handled by the caller.
	switch {
	// 3. If codePoint is U+00A5 (¥), return byte 0x5C.
	case c == 0xA5:
		w.byte(0x5C)
		return 0, true
	// 4. If codePoint is U+203E (‾), return byte 0x7E.
	case c == 0x203E:
		w.byte(0x7E)
		return 0, true
	// 5. U+FF61 to U+FF9F: 0x8E and codePoint - 0xFF61 + 0xA1.
	case 0xFF61 <= c && c <= 0xFF9F:
		w.bytes(0x8E, byte(c-0xFF61+0xA1))
		return 0, true
	}
	// 6. If codePoint is U+2212 (−), set it to U+FF0D (－).
	if c == 0x2212 {
		c = 0xFF0D
	}
	// 7. Let pointer be the index pointer for codePoint in index jis0208.
	pointer, ok := e.jis0208Pointer(c)
	// 8. If pointer is null, return error with codePoint.
	if !ok {
		return c, false
	}
	// 9-11. leading = pointer / 94 + 0xA1, trailing = pointer % 94 + 0xA1.
	w.bytes(byte(pointer/94+0xA1), byte(pointer%94+0xA1))
	return 0, true
}

// iso2022JPKatakana is index ISO-2022-JP katakana: U+FF61-U+FF9F to their
// NFKC fullwidth forms, except U+FF9E and U+FF9F to U+309B and U+309C.
var iso2022JPKatakana = [63]uint16{
	0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3,
	0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3, 0x30FC,
	0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF,
	0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF,
	0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD,
	0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF,
	0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA,
	0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, 0x309B, 0x309C,
}

// iso2022JP is the ISO-2022-JP encoder's handler for a code point (end-of-
// queue is endOfQueue). "Restore codePoint to ioQueue" is a new round of
// the loop with the same codePoint; each round changes the state, so there
// are at most three.
func (e *legacyEncoder) iso2022JP(w *percentEncodeWriter, c rune) (rune, bool) {
	for {
		ascii := c < utf8.RuneSelf
		// 3. State ASCII or Roman and codePoint U+000E, U+000F or U+001B:
		// return error with U+FFFD.
		if e.state != iso2022JPJIS0208 && (c == 0x0E || c == 0x0F || c == 0x1B) {
			return 0xFFFD, false
		}
		// 4. State ASCII and codePoint ASCII: return a byte of its value.
		if e.state == iso2022JPASCII && ascii {
			w.byte(byte(c))
			return 0, true
		}
		// 5. State Roman and codePoint ASCII other than U+005C and U+007E,
		// or U+00A5, or U+203E:
		if e.state == iso2022JPRoman && (ascii && c != 0x5C && c != 0x7E || c == 0xA5 || c == 0x203E) {
			switch c {
			// 5.2. If codePoint is U+00A5 (¥), return byte 0x5C.
			case 0xA5:
				w.byte(0x5C)
			// 5.3. If codePoint is U+203E (‾), return byte 0x7E.
			case 0x203E:
				w.byte(0x7E)
			// 5.1. ASCII: return a byte whose value is codePoint.
			default:
				w.byte(byte(c))
			}
			return 0, true
		}
		// 6. ASCII and state not ASCII: restore codePoint, set state to
		// ASCII, return 0x1B 0x28 0x42.
		if ascii && e.state != iso2022JPASCII {
			e.state = iso2022JPASCII
			w.bytes(0x1B, 0x28, 0x42)
			continue
		}
		// 7. U+00A5 or U+203E and state not Roman: restore codePoint, set
		// state to Roman, return 0x1B 0x28 0x4A.
		if (c == 0xA5 || c == 0x203E) && e.state != iso2022JPRoman {
			e.state = iso2022JPRoman
			w.bytes(0x1B, 0x28, 0x4A)
			continue
		}
		// 8. If codePoint is U+2212 (−), set it to U+FF0D (－).
		if c == 0x2212 {
			c = 0xFF0D
		}
		// 9. U+FF61 to U+FF9F: the index ISO-2022-JP katakana code point.
		if 0xFF61 <= c && c <= 0xFF9F {
			c = rune(iso2022JPKatakana[c-0xFF61])
		}
		// 10. Let pointer be the index pointer for codePoint in index jis0208.
		pointer, ok := e.jis0208Pointer(c)
		// 11. If pointer is null:
		if !ok {
			// 11.1. State jis0208: restore codePoint, set state to ASCII,
			// return 0x1B 0x28 0x42.
			if e.state == iso2022JPJIS0208 {
				e.state = iso2022JPASCII
				w.bytes(0x1B, 0x28, 0x42)
				continue
			}
			// 11.2. Return error with codePoint.
			return c, false
		}
		// 12. State not jis0208: restore codePoint, set state to jis0208,
		// return 0x1B 0x24 0x42.
		if e.state != iso2022JPJIS0208 {
			e.state = iso2022JPJIS0208
			w.bytes(0x1B, 0x24, 0x42)
			continue
		}
		// 13-15. leading = pointer / 94 + 0x21, trailing = pointer % 94 + 0x21.
		w.bytes(byte(pointer/94+0x21), byte(pointer%94+0x21))
		return 0, true
	}
}

// shiftJIS is the Shift_JIS encoder's handler.
func (e *legacyEncoder) shiftJIS(w *percentEncodeWriter, c rune) (rune, bool) {
	switch {
	// 1. end-of-queue: handled by the caller. 2. ASCII (by the caller) or
	// U+0080: return a byte whose value is codePoint.
	case c == 0x80:
		w.byte(0x80)
		return 0, true
	// 3. If codePoint is U+00A5 (¥), return byte 0x5C.
	case c == 0xA5:
		w.byte(0x5C)
		return 0, true
	// 4. If codePoint is U+203E (‾), return byte 0x7E.
	case c == 0x203E:
		w.byte(0x7E)
		return 0, true
	// 5. U+FF61 to U+FF9F: a byte whose value is codePoint - 0xFF61 + 0xA1.
	case 0xFF61 <= c && c <= 0xFF9F:
		w.byte(byte(c - 0xFF61 + 0xA1))
		return 0, true
	}
	// 6. If codePoint is U+2212 (−), set it to U+FF0D (－).
	if c == 0x2212 {
		c = 0xFF0D
	}
	// 7. Let pointer be the index Shift_JIS pointer for codePoint.
	pointer, ok := e.shiftJISPointer(c)
	// 8. If pointer is null, return error with codePoint.
	if !ok {
		return c, false
	}
	// 9. Let leading be pointer / 188.
	leading := pointer / 188
	// 10. Let leadingOffset be 0x81 if leading is less than 0x1F, otherwise 0xC1.
	leadingOffset := 0xC1
	if leading < 0x1F {
		leadingOffset = 0x81
	}
	// 11. Let trailing be pointer % 188.
	trailing := pointer % 188
	// 12. Let offset be 0x40 if trailing is less than 0x3F, otherwise 0x41.
	offset := 0x41
	if trailing < 0x3F {
		offset = 0x40
	}
	// 13. Return leading + leadingOffset and trailing + offset.
	w.bytes(byte(leading+leadingOffset), byte(trailing+offset))
	return 0, true
}

// shiftJISPointer is the index Shift_JIS pointer for c: the first index
// jis0208 pointer outside 8272-8835. x/text gives the first pointer; when
// it is in that range, the next one is an IBM extension (10716-11103).
func (e *legacyEncoder) shiftJISPointer(c rune) (int, bool) {
	pointer, ok := e.jis0208Pointer(c)
	if !ok {
		return 0, false
	}
	// 1. Let index be index jis0208 excluding pointers 8272 to 8835.
	if pointer < 8272 || pointer > 8835 {
		// 2. The index pointer for codePoint in index.
		return pointer, true
	}
	p, ok := shiftJISIBMPointers()[c]
	return int(p), ok
}

var (
	shiftJISIBMOnce sync.Once
	shiftJISIBM     map[rune]uint16
)

// shiftJISIBMPointers maps the code points of index jis0208's IBM
// extensions (pointers 10716 and up) to their first pointer there, read
// from x/text's Shift_JIS decoder (built on first use).
func shiftJISIBMPointers() map[rune]uint16 {
	shiftJISIBMOnce.Do(func() {
		shiftJISIBM = map[rune]uint16{}
		decodePointers("shift_jis", 10716, 60*188, func(p int) (byte, byte) {
			trailing, offset := p%188, 0x41
			if trailing < 0x3F {
				offset = 0x40
			}
			return byte(p/188 + 0xC1), byte(trailing + offset)
		}, func(r rune, p int) {
			if _, ok := shiftJISIBM[r]; !ok {
				shiftJISIBM[r] = uint16(p)
			}
		})
	})
	return shiftJISIBM
}

// eucKR is the EUC-KR encoder's handler.
func (e *legacyEncoder) eucKR(w *percentEncodeWriter, c rune) (rune, bool) {
	// 1. end-of-queue and 2. ASCII: handled by the caller.
	// 3. Let pointer be the index pointer for codePoint in index EUC-KR
	// (x/text's table, first pointers, returns the bytes of steps 5-7).
	b := e.xencode(e.enc.lookup, c)
	// 4. If pointer is null, return error with codePoint.
	if len(b) != 2 || b[0] < 0x81 || b[0] > 0xFE || b[1] < 0x41 || b[1] > 0xFE {
		return c, false
	}
	// 5-7. leading = pointer / 190 + 0x81, trailing = pointer % 190 + 0x41.
	w.bytes(b[0], b[1])
	return 0, true
}
