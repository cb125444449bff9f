package splice

// A byteTable classifies every byte value for a scan that ORs the classes
// of a value's bytes together and tests the result once, so that the loop
// has no branch per byte.
type byteTable [256]uint8

// Classes in a byteTable.
const (
	reject    = 1 << iota // the state would percent-encode (or, in a path, could drop) the byte
	dotOrPct              // '.' or '%': a path segment with one may be a dot segment
	backslash             // '\': a path separator in a special URL
)

// newTable rejects the C0 controls, space, DEL, the bytes above 0x7e and
// the bytes of chars.
func newTable(chars string) *byteTable {
	t := new(byteTable)
	for c := 0; c < 256; c++ {
		if c < 0x21 || c > 0x7e {
			t[c] = reject
		}
	}
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = reject
	}
	return t
}

// The tables of each percent-encode set's printable bytes. '#' is in the
// query tables because the query state with a state override encodes it;
// '?' is in the path table for the same reason.
var (
	fragmentTable     = newTable("\"<>`")
	queryTable        = newTable("\"#<>")
	specialQueryTable = newTable("\"#<>'")
	userinfoTable     = newTable("\"#<>?^`{}/:;=@[\\]|")
	pathTable         = func() *byteTable {
		t := newTable("\"#<>?^`{}")
		t['.'], t['%'], t['\\'] = dotOrPct, dotOrPct, backslash
		return t
	}()
)

// scan returns the classes of v's bytes ORed together.
func (t *byteTable) scan(v string) uint8 {
	var c uint8
	for i := 0; i < len(v); i++ {
		c |= t[v[i]]
	}
	return c
}
