package uts46

// The Bootstring parameters of Punycode, RFC 3492 section 5.
const (
	base        = 36
	tMin        = 1
	tMax        = 26
	skew        = 38
	damp        = 700
	initialBias = 72
	initialN    = 128
)

// appendPunycode appends the Punycode encoding of the code points of label (RFC 3492
// section 6.3, without case annotations) to dst. The label holds at most maxPlainLabel
// code points, each at most U+10FFFF, so that delta, at most (0x10FFFF-128+1)*(64+1),
// fits in a uint32, whose divisions cost less than 64-bit ones.
func appendPunycode(dst []byte, label []rune) []byte {
	// Let n = initial_n, delta = 0, bias = initial_bias.
	n, delta, bias := rune(initialN), uint32(0), uint32(initialBias)
	// Let h = b = the number of basic code points in the input; copy them to the output
	// in order, followed by a delimiter if b > 0.
	b := 0
	for _, r := range label {
		if r < initialN {
			dst = append(dst, byte(r))
			b++
		}
	}
	if b > 0 {
		dst = append(dst, '-')
	}
	// While h < length(input) do begin
	for h := b; h < len(label); {
		// Let m = the minimum code point >= n in the input.
		m := rune(0x7FFFFFFF)
		for _, r := range label {
			if r >= n && r < m {
				m = r
			}
		}
		// Let delta = delta + (m - n) * (h + 1), let n = m.
		delta += uint32(m-n) * uint32(h+1)
		n = m
		// For each code point c in the input (in order) do begin
		for _, c := range label {
			// If c < n then increment delta.
			if c < n {
				delta++
			}
			// If c == n then begin: represent delta as a generalized variable-length integer.
			if c == n {
				q := delta
				for k := uint32(base); ; k += base {
					t := threshold(k, bias)
					if q < t {
						break
					}
					dst = append(dst, digit(t+(q-t)%(base-t)))
					q = (q - t) / (base - t)
				}
				dst = append(dst, digit(q))
				// Let bias = adapt(delta, h + 1, test h equals b?), delta = 0, h++.
				bias = adapt(delta, uint32(h+1), h == b)
				delta = 0
				h++
			}
		}
		// Increment delta and n.
		delta++
		n++
	}
	return dst
}

// threshold is t for position k: tmin if k <= bias, tmax if k >= bias + tmax, else k - bias.
func threshold(k, bias uint32) uint32 {
	switch {
	case k <= bias:
		return tMin
	case k >= bias+tMax:
		return tMax
	}
	return k - bias
}

// adapt is the bias adaptation function of RFC 3492 section 6.1.
func adapt(delta, numPoints uint32, firstTime bool) uint32 {
	if firstTime {
		delta /= damp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := uint32(0)
	for delta > ((base-tMin)*tMax)/2 {
		delta /= base - tMin
		k += base
	}
	return k + (base-tMin+1)*delta/(delta+skew)
}

// digit is the basic code point of the digit value d: a-z for 0-25, 0-9 for 26-35.
func digit(d uint32) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}
