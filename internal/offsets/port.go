package offsets

// PortDigits reports whether s, the bytes after a host's ":", is a port
// the port state accepts: empty, or ASCII digits whose value is at most
// 65535, the 16 bits Packed holds a port in.
func PortDigits(s string) bool {
	v := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return false
		}
		if v = v*10 + int(c-'0'); v > 65535 {
			return false
		}
	}
	return true
}
