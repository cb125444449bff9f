package accesslog

import "github.com/spanurl/spanurl/internal/pct"

// unescape appends s to dst with the escapes Apache and nginx write in
// quoted fields decoded: \" \\ \b \f \n \r \t \v and \xHH. A backslash
// that starts none of them stays as it is. The bytes of s before i hold no
// backslash.
func unescape(dst, s []byte, i int) []byte {
	dst = append(dst, s[:i]...)
	for i < len(s) {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			dst = append(dst, c)
			i++
			continue
		}
		switch e := s[i+1]; e {
		case '"', '\\':
			dst = append(dst, e)
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'v':
			dst = append(dst, '\v')
		case 'x':
			if i+3 < len(s) && pct.IsASCIIHexDigit(s[i+2]) && pct.IsASCIIHexDigit(s[i+3]) {
				dst = append(dst, pct.HexValue(s[i+2])<<4|pct.HexValue(s[i+3]))
				i += 4
				continue
			}
			dst = append(dst, '\\')
			i++
			continue
		default:
			dst = append(dst, '\\')
			i++
			continue
		}
		i += 2
	}
	return dst
}
