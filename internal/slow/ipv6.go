package slow

import (
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
)

// parseIPv6 runs the IPv6 parser on input (the host without its brackets).
// Validation errors are reported at at+i for input[i]; an address that
// ends too early is reported at at+len(input).
// https://url.spec.whatwg.org/#concept-ipv6-parser
func parseIPv6(input []byte, r *reporter, at int) ([8]uint16, bool) {
	// 1. Let address be a new IPv6 address whose pieces are all 0.
	var address [8]uint16
	// 2. Let pieceIndex be 0.
	pieceIndex := 0
	// 3. Let compress be null (-1).
	compress := -1
	// 4. Let pointer be a pointer for input; c is ipv6CodePoint(input, pointer).
	pointer := 0

	// 5. If c is U+003A (:), then:
	if ipv6CodePoint(input, pointer) == ':' {
		// 5.1. If remaining does not start with U+003A (:), IPv6-invalid-compression validation error, return failure.
		if ipv6CodePoint(input, pointer+1) != ':' {
			r.add(record.IPv6InvalidCompression, at+pointer)
			return address, false
		}
		// 5.2. Increase pointer by 2.
		pointer += 2
		// 5.3. Increase pieceIndex by 1 and then set compress to pieceIndex.
		pieceIndex++
		compress = pieceIndex
	}

	// 6. While c is not the EOF code point:
pieces:
	for pointer < len(input) {
		// 6.1. If pieceIndex is 8, IPv6-too-many-pieces validation error, return failure.
		if pieceIndex == 8 {
			r.add(record.IPv6TooManyPieces, at+pointer)
			return address, false
		}

		// 6.2. If c is U+003A (:), then:
		if input[pointer] == ':' {
			// 6.2.1. If compress is non-null, IPv6-multiple-compression validation error, return failure.
			if compress >= 0 {
				r.add(record.IPv6MultipleCompression, at+pointer)
				return address, false
			}
			// 6.2.2. Increase pointer and pieceIndex by 1, set compress to pieceIndex, and then continue.
			pointer++
			pieceIndex++
			compress = pieceIndex
			continue
		}

		// 6.3. Let value and length be 0.
		value, length := 0, 0
		// 6.4. While length is less than 4 and c is an ASCII hex digit, set value to value × 0x10 + c
		// interpreted as hexadecimal number, and increase pointer and length by 1.
		for length < 4 && pointer < len(input) && pct.IsASCIIHexDigit(input[pointer]) {
			value = value*0x10 + ipv6HexValue(input[pointer])
			pointer++
			length++
		}

		switch c := ipv6CodePoint(input, pointer); {
		// 6.5. If c is U+002E (.), then:
		case c == '.':
			// 6.5.1. If length is 0, IPv4-in-IPv6-invalid-code-point validation error, return failure.
			if length == 0 {
				r.add(record.IPv4InIPv6InvalidCodePoint, at+pointer)
				return address, false
			}
			// 6.5.2. Decrease pointer by length.
			pointer -= length
			// 6.5.3. If pieceIndex is greater than 6, IPv4-in-IPv6-too-many-pieces validation error, return failure.
			if pieceIndex > 6 {
				r.add(record.IPv4InIPv6TooManyPieces, at+pointer)
				return address, false
			}
			// 6.5.4. Let numbersSeen be 0.
			numbersSeen := 0
			// 6.5.5. While c is not the EOF code point:
			for pointer < len(input) {
				// 6.5.5.1. Let ipv4Piece be null (-1).
				ipv4Piece := -1
				// 6.5.5.2. If numbersSeen is greater than 0, then:
				if numbersSeen > 0 {
					if input[pointer] == '.' && numbersSeen < 4 {
						// 6.5.5.2.1. If c is a U+002E (.) and numbersSeen is less than 4, then increase pointer by 1.
						pointer++
					} else {
						// 6.5.5.2.2. Otherwise, IPv4-in-IPv6-invalid-code-point validation error, return failure.
						r.add(record.IPv4InIPv6InvalidCodePoint, at+pointer)
						return address, false
					}
				}
				// 6.5.5.3. If c is not an ASCII digit, IPv4-in-IPv6-invalid-code-point validation error, return failure.
				if !ipv6IsDigit(ipv6CodePoint(input, pointer)) {
					r.add(record.IPv4InIPv6InvalidCodePoint, at+pointer)
					return address, false
				}
				// 6.5.5.4. While c is an ASCII digit:
				for pointer < len(input) && ipv6IsDigit(int(input[pointer])) {
					// 6.5.5.4.1. Let number be c interpreted as decimal number.
					number := int(input[pointer] - '0')
					// 6.5.5.4.2. If ipv4Piece is null, then set ipv4Piece to number.
					switch ipv4Piece {
					case -1:
						ipv4Piece = number
					case 0:
						// Otherwise, if ipv4Piece is 0, IPv4-in-IPv6-invalid-code-point validation error, return failure.
						r.add(record.IPv4InIPv6InvalidCodePoint, at+pointer)
						return address, false
					default:
						// Otherwise, set ipv4Piece to ipv4Piece × 10 + number.
						ipv4Piece = ipv4Piece*10 + number
					}
					// 6.5.5.4.3. If ipv4Piece is greater than 255, IPv4-in-IPv6-out-of-range-part validation error, return failure.
					if ipv4Piece > 255 {
						r.add(record.IPv4InIPv6OutOfRangePart, at+pointer)
						return address, false
					}
					// 6.5.5.4.4. Increase pointer by 1.
					pointer++
				}
				// 6.5.5.5. Set address[pieceIndex] to address[pieceIndex] × 0x100 + ipv4Piece.
				address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)
				// 6.5.5.6. Increase numbersSeen by 1.
				numbersSeen++
				// 6.5.5.7. If numbersSeen is 2 or 4, then increase pieceIndex by 1.
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			// 6.5.6. If numbersSeen is not 4, IPv4-in-IPv6-too-few-parts validation error, return failure.
			if numbersSeen != 4 {
				r.add(record.IPv4InIPv6TooFewParts, at+pointer)
				return address, false
			}
			// 6.5.7. Break.
			break pieces

		// 6.6. Otherwise, if c is U+003A (:):
		case c == ':':
			// 6.6.1. Increase pointer by 1.
			pointer++
			// 6.6.2. If c is the EOF code point, IPv6-invalid-code-point validation error, return failure.
			if pointer == len(input) {
				r.add(record.IPv6InvalidCodePoint, at+pointer-1)
				return address, false
			}

		// 6.7. Otherwise, if c is not the EOF code point, IPv6-invalid-code-point validation error, return failure.
		case c >= 0:
			r.add(record.IPv6InvalidCodePoint, at+pointer)
			return address, false
		}

		// 6.8. Set address[pieceIndex] to value.
		address[pieceIndex] = uint16(value)
		// 6.9. Increase pieceIndex by 1.
		pieceIndex++
	}

	// 7. If compress is non-null, then:
	if compress >= 0 {
		// 7.1. Let swaps be pieceIndex − compress.
		swaps := pieceIndex - compress
		// 7.2. Set pieceIndex to 7.
		pieceIndex = 7
		// 7.3. While pieceIndex is not 0 and swaps is greater than 0, swap address[pieceIndex] with
		// address[compress + swaps − 1], and then decrease both pieceIndex and swaps by 1.
		for pieceIndex != 0 && swaps > 0 {
			address[pieceIndex], address[compress+swaps-1] = address[compress+swaps-1], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		// 8. Otherwise, if compress is null and pieceIndex is not 8, IPv6-too-few-pieces validation error, return failure.
		r.add(record.IPv6TooFewPieces, at+len(input))
		return address, false
	}
	// 9. Return address.
	return address, true
}

// ipv6CodePoint is c for pointer p: the byte input[p], or -1 for the EOF
// code point.
func ipv6CodePoint(input []byte, p int) int {
	if p < len(input) {
		return int(input[p])
	}
	return -1
}

// ipv6IsDigit reports whether c is an ASCII digit.
func ipv6IsDigit(c int) bool { return c >= '0' && c <= '9' }

// ipv6HexValue is the value of the ASCII hex digit c.
func ipv6HexValue(c byte) int {
	if c <= '9' {
		return int(c - '0')
	}
	return int((c|0x20)-'a') + 10
}
