package reqtarget

// The limits of a DNS name that a strict routing policy applies, in
// octets (RFC 1035, section 2.3.4).
const (
	MaxDNSName  = 253
	MaxDNSLabel = 63
)

// DNSProblem is what makes a name not a DNS name, or DNSNameOK.
type DNSProblem uint8

// The problems CheckDNSName finds.
const (
	DNSNameOK       DNSProblem = iota
	DNSNameTooLong             // longer than MaxDNSName octets
	DNSEmptyLabel              // an empty label (and the empty name)
	DNSLabelTooLong            // a label longer than MaxDNSLabel octets
	DNSBadCharacter            // a byte other than a-z, 0-9 and "-"
)

// CheckDNSName reports whether name, a lowercase ASCII domain without a
// trailing dot, is a DNS name: at most MaxDNSName octets, labels of 1 to
// MaxDNSLabel letters, digits and hyphens. When it is not, it returns the
// first problem and the index of the byte where it lies.
func CheckDNSName(name string) (DNSProblem, int) {
	if len(name) > MaxDNSName {
		return DNSNameTooLong, MaxDNSName
	}
	label := 0 // the start of the current label
	for i := 0; i <= len(name); i++ {
		if i == len(name) || name[i] == '.' {
			switch {
			case i == label:
				return DNSEmptyLabel, i
			case i-label > MaxDNSLabel:
				return DNSLabelTooLong, label + MaxDNSLabel
			}
			label = i + 1
			continue
		}
		if c := name[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return DNSBadCharacter, i
		}
	}
	return DNSNameOK, -1
}
