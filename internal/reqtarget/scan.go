package reqtarget

// The target scan reads eight bytes at a time: a request target is mostly
// printable ASCII, and the word tests below find the rare byte to refuse
// (or to look at again) without a branch per byte.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// load64 reads the eight bytes of s at i as a little-endian word.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// suspect reports whether the word x may hold a byte below 0x21 (a control
// or a space), DEL or "#". A byte at or above 0x80 is never suspect, and a
// word with a suspect byte always reports true; a false alarm only sends
// the word to the exact loop.
func suspect(x uint64) bool {
	below := (x - 0x21*ones) &^ x
	del := x ^ 0x7F*ones
	del = (del - ones) &^ del
	hash := x ^ '#'*ones
	hash = (hash - ones) &^ hash
	return (below|del|hash)&highs != 0
}

// scanTarget finds the first control character, space or "#" in target
// (at -1 when there is none) and reports whether every byte is ASCII.
func scanTarget(target string) (bad int, ascii bool) {
	var high uint64
	i := 0
	for ; i+8 <= len(target); i += 8 {
		x := load64(target, i)
		high |= x
		if suspect(x) {
			if j := scanBytes(target[i : i+8]); j >= 0 {
				return i + j, false
			}
		}
	}
	for ; i < len(target); i++ {
		c := target[i]
		high |= uint64(c)
		if c <= ' ' || c == 0x7F || c == '#' {
			return i, false
		}
	}
	return -1, high&highs == 0
}

// scanBytes is scanTarget's exact loop over a few bytes.
func scanBytes(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7F || c == '#' {
			return i
		}
	}
	return -1
}
