package splice

// byteSet is a set of ASCII bytes.
type byteSet [2]uint64

func (s *byteSet) has(c byte) bool { return c < 128 && s[c>>6]&(1<<(c&63)) != 0 }

func newSet(chars string) byteSet {
	var s byteSet
	for i := 0; i < len(chars); i++ {
		s[chars[i]>>6] |= 1 << (chars[i] & 63)
	}
	return s
}

// The printable bytes of each percent-encode set (the C0 controls, space,
// DEL and non-ASCII are rejected by printable and pathValue themselves).
// '#' is in the query sets because the query state with a state override
// encodes it; '?' is in the path set for the same reason.
var (
	fragmentSet     = newSet("\"<>`")
	querySet        = newSet("\"#<>")
	specialQuerySet = newSet("\"#<>'")
	pathSet         = newSet("\"#<>?^`{}")
	userinfoSet     = newSet("\"#<>?^`{}/:;=@[\\]|")
)
