package slow

import "github.com/spanurl/spanurl/record"

// ipv4NumberCap bounds the IPv4 number parser's output: once a number
// reaches it, further digits are checked but no longer accumulated, so a
// huge number stays huge (greater than 2^32) without overflowing.
const ipv4NumberCap = 1 << 40

// parseIPv4 runs the IPv4 parser on the ASCII string input. Validation
// errors are reported at at+i for input[i].
// https://url.spec.whatwg.org/#concept-ipv4-parser
func parseIPv4(input []byte, r *reporter, at int) (uint32, bool) {
	return ipv4Parser(input, r, at, 1)
}

// ipv4Parser is the IPv4 parser; it reports an error found at input[i] at
// offset at+stride*i, so that stride 0 reports every error at at (for input
// that is not a copy of the original text, such as a percent-decoded host).
// https://url.spec.whatwg.org/#concept-ipv4-parser
func ipv4Parser(input []byte, r *reporter, at, stride int) (uint32, bool) {
	// 1. Let parts be the result of strictly splitting input on U+002E (.).
	// (The parts are visited in place below; end is where the last one ends.)
	end := len(input)

	// 2. If the last item in parts is the empty string, then:
	if end == 0 || input[end-1] == '.' {
		// 2.1. IPv4-empty-part validation error.
		r.add(record.IPv4EmptyPart, at+stride*max(end-1, 0))
		// 2.2. If parts's size is greater than 1, then remove the last item from parts.
		if end > 0 {
			end--
		}
	}
	body := input[:end]

	// 3. If parts's size is greater than 4, IPv4-too-many-parts validation error, return failure.
	dots := 0
	for i, c := range body {
		if c == '.' {
			dots++
			if dots == 4 {
				r.add(record.IPv4TooManyParts, at+stride*i)
				return 0, false
			}
		}
	}

	// 4. Let numbers be an empty list.
	var numbers [4]uint64
	var starts [4]int // where each part starts, for error offsets
	size := 0

	// 5. For each part of parts:
	start := 0
	for i := 0; i <= len(body); i++ {
		if i < len(body) && body[i] != '.' {
			continue
		}
		part := body[start:i]
		// 5.1. Let result be the result of parsing part.
		n, nonDecimal, ok := parseIPv4Number(part)
		// 5.2. If result is failure, IPv4-non-numeric-part validation error, return failure.
		if !ok {
			r.add(record.IPv4NonNumericPart, at+stride*start)
			return 0, false
		}
		// 5.3. If result[1] is true, IPv4-non-decimal-part validation error.
		if nonDecimal {
			r.add(record.IPv4NonDecimalPart, at+stride*start)
		}
		// 5.4. Append result[0] to numbers.
		numbers[size], starts[size] = n, start
		size++
		start = i + 1
	}

	// 6. If any item in numbers is greater than 255, IPv4-out-of-range-part validation error.
	for k := 0; k < size; k++ {
		if numbers[k] > 255 {
			r.add(record.IPv4OutOfRangePart, at+stride*starts[k])
			break
		}
	}

	// 7. If any but the last item in numbers is greater than 255, then return failure.
	for k := 0; k < size-1; k++ {
		if numbers[k] > 255 {
			return 0, false
		}
	}

	// 8. If the last item in numbers is greater than or equal to 256^(5 − numbers's size), then return failure.
	if numbers[size-1] >= 1<<(8*(5-size)) {
		return 0, false
	}

	// 9. Let ipv4 be the last item in numbers.
	ipv4 := numbers[size-1]
	// 10. Remove the last item from numbers.
	// 11. Let counter be 0.
	// 12. For each n of numbers: increment ipv4 by n × 256^(3 − counter), and counter by 1.
	for counter, n := range numbers[:size-1] {
		ipv4 += n << (8 * (3 - counter))
	}

	// 13. Return ipv4.
	return uint32(ipv4), true
}

// parseIPv4Number is the IPv4 number parser. It returns ok false for
// failure; otherwise the number (at least ipv4NumberCap when it would not
// fit) and whether a validation error is due.
// https://url.spec.whatwg.org/#ipv4-number-parser
func parseIPv4Number(input []byte) (n uint64, validationError bool, ok bool) {
	// 1. If input is the empty string, then return failure.
	if len(input) == 0 {
		return 0, false, false
	}
	// 2. Let validationError be false.
	// 3. Let R be 10.
	var R uint64 = 10
	// 4. If input contains at least two code points and the first two code points are either "0X" or "0x", then:
	if len(input) >= 2 && input[0] == '0' && (input[1] == 'x' || input[1] == 'X') {
		// 4.1-4.3. Set validationError to true, remove the first two code points, set R to 16.
		validationError = true
		input = input[2:]
		R = 16
	} else if len(input) >= 2 && input[0] == '0' {
		// 5. Otherwise, if input contains at least two code points and the first code point is U+0030 (0), then:
		// 5.1-5.3. Set validationError to true, remove the first code point, set R to 8.
		validationError = true
		input = input[1:]
		R = 8
	}
	// 6. If input is the empty string, then return (0, true).
	if len(input) == 0 {
		return 0, true, true
	}
	// 7. If input contains a code point that is not a radix-R digit, then return failure.
	// 8. Let output be the mathematical integer value that is represented by input in radix-R notation.
	for _, c := range input {
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case (c|0x20) >= 'a' && (c|0x20) <= 'f':
			d = uint64((c|0x20)-'a') + 10
		default:
			return 0, false, false
		}
		if d >= R {
			return 0, false, false
		}
		if n < ipv4NumberCap {
			n = n*R + d
		}
	}
	// 9. Return (output, validationError).
	return n, validationError, true
}
