package record

import "strconv"

// ErrorType is one of the validation errors named in the URL Standard's
// table ("Writing" section). Its Error method returns the spec's name, so an
// ErrorType is itself usable as an errors.Is target:
//
//	if errors.Is(err, record.HostMissing) { ... }
type ErrorType uint8

// The validation errors, in the order of the standard's table.
const (
	_ ErrorType = iota
	// IDNA
	DomainToASCII
	DomainInvalidCodePoint
	DomainToUnicode
	// Host parsing
	HostInvalidCodePoint
	IPv4EmptyPart
	IPv4TooManyParts
	IPv4NonNumericPart
	IPv4NonDecimalPart
	IPv4OutOfRangePart
	IPv6Unclosed
	IPv6InvalidCompression
	IPv6TooManyPieces
	IPv6MultipleCompression
	IPv6InvalidCodePoint
	IPv6TooFewPieces
	IPv4InIPv6TooManyPieces
	IPv4InIPv6InvalidCodePoint
	IPv4InIPv6OutOfRangePart
	IPv4InIPv6TooFewParts
	// URL parsing
	InvalidURLUnit
	SpecialSchemeMissingFollowingSolidus
	MissingSchemeNonRelativeURL
	InvalidReverseSolidus
	InvalidCredentials
	HostMissing
	PortOutOfRange
	PortInvalid
	FileInvalidWindowsDriveLetter
	FileInvalidWindowsDriveLetterHost

	numErrorTypes
)

// NumErrorTypes is the number of validation error types the standard names.
const NumErrorTypes = 29

// The constant index is out of range, a compile error, unless
// NumErrorTypes counts the constants above.
var _ = [1]struct{}{}[NumErrorTypes+1-int(numErrorTypes)]

var errorNames = [numErrorTypes]string{
	DomainToASCII:                        "domain-to-ASCII",
	DomainInvalidCodePoint:               "domain-invalid-code-point",
	DomainToUnicode:                      "domain-to-Unicode",
	HostInvalidCodePoint:                 "host-invalid-code-point",
	IPv4EmptyPart:                        "IPv4-empty-part",
	IPv4TooManyParts:                     "IPv4-too-many-parts",
	IPv4NonNumericPart:                   "IPv4-non-numeric-part",
	IPv4NonDecimalPart:                   "IPv4-non-decimal-part",
	IPv4OutOfRangePart:                   "IPv4-out-of-range-part",
	IPv6Unclosed:                         "IPv6-unclosed",
	IPv6InvalidCompression:               "IPv6-invalid-compression",
	IPv6TooManyPieces:                    "IPv6-too-many-pieces",
	IPv6MultipleCompression:              "IPv6-multiple-compression",
	IPv6InvalidCodePoint:                 "IPv6-invalid-code-point",
	IPv6TooFewPieces:                     "IPv6-too-few-pieces",
	IPv4InIPv6TooManyPieces:              "IPv4-in-IPv6-too-many-pieces",
	IPv4InIPv6InvalidCodePoint:           "IPv4-in-IPv6-invalid-code-point",
	IPv4InIPv6OutOfRangePart:             "IPv4-in-IPv6-out-of-range-part",
	IPv4InIPv6TooFewParts:                "IPv4-in-IPv6-too-few-parts",
	InvalidURLUnit:                       "invalid-URL-unit",
	SpecialSchemeMissingFollowingSolidus: "special-scheme-missing-following-solidus",
	MissingSchemeNonRelativeURL:          "missing-scheme-non-relative-URL",
	InvalidReverseSolidus:                "invalid-reverse-solidus",
	InvalidCredentials:                   "invalid-credentials",
	HostMissing:                          "host-missing",
	PortOutOfRange:                       "port-out-of-range",
	PortInvalid:                          "port-invalid",
	FileInvalidWindowsDriveLetter:        "file-invalid-Windows-drive-letter",
	FileInvalidWindowsDriveLetterHost:    "file-invalid-Windows-drive-letter-host",
}

// String returns the spec's name for t, e.g. "IPv4-non-decimal-part".
func (t ErrorType) String() string {
	if t == 0 || t >= numErrorTypes {
		return "ErrorType(" + strconv.Itoa(int(t)) + ")"
	}
	return errorNames[t]
}

// Error makes an ErrorType usable as a sentinel error.
func (t ErrorType) Error() string { return t.String() }

// ErrorTypeByName returns the ErrorType with the spec name, or false.
func ErrorTypeByName(name string) (ErrorType, bool) {
	for t := ErrorType(1); t < numErrorTypes; t++ {
		if errorNames[t] == name {
			return t, true
		}
	}
	return 0, false
}

// ErrorTypes returns every validation error type, in the standard's order.
func ErrorTypes() []ErrorType {
	out := make([]ErrorType, 0, NumErrorTypes)
	for t := ErrorType(1); t < numErrorTypes; t++ {
		out = append(out, t)
	}
	return out
}

// ValidationError is one validation error found while parsing: its type and
// the byte offset in the original input (before trimming and tab/newline
// removal) where the parser detected it.
type ValidationError struct {
	Type   ErrorType
	Offset int
}

// Error formats the error as "NAME at offset N".
func (e ValidationError) Error() string {
	return e.Type.String() + " at offset " + strconv.Itoa(e.Offset)
}

// Is reports whether target is e's ErrorType, so that errors.Is works with
// the ErrorType sentinels.
func (e ValidationError) Is(target error) bool {
	t, ok := target.(ErrorType)
	return ok && t == e.Type
}
