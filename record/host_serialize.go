package record

import "strconv"

// appendIPv4 appends the IPv4 serializer's output for address to dst:
// four decimal numbers separated by ".".
func appendIPv4(dst []byte, address uint32) []byte {
	// The spec prepends n % 256 four times; appending from the top byte down
	// gives the same string.
	for i := 3; i >= 0; i-- {
		dst = strconv.AppendUint(dst, uint64(address>>(8*uint(i))&0xff), 10)
		if i != 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}

// appendIPv6 appends the IPv6 serializer's output for address to dst
// (without brackets): lowercase hex pieces, the longest run of two or more
// zero pieces (the first such run on a tie) compressed to "::".
func appendIPv6(dst []byte, address [8]uint16) []byte {
	compress := ipv6CompressedPieceIndex(address)
	ignore0 := false
	for pieceIndex := 0; pieceIndex < 8; pieceIndex++ {
		// 4.1-4.2: skip the zeros of the compressed run.
		if ignore0 && address[pieceIndex] == 0 {
			continue
		}
		ignore0 = false
		// 4.3: the compressed run becomes "::" (or ":" after a piece).
		if compress == pieceIndex {
			if pieceIndex == 0 {
				dst = append(dst, "::"...)
			} else {
				dst = append(dst, ':')
			}
			ignore0 = true
			continue
		}
		// 4.4-4.5: the piece in shortest lowercase hex, then ":".
		dst = strconv.AppendUint(dst, uint64(address[pieceIndex]), 16)
		if pieceIndex != 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}

// ipv6CompressedPieceIndex finds the IPv6 address compressed piece index:
// the start of the first longest run of at least two zero pieces, or -1.
func ipv6CompressedPieceIndex(address [8]uint16) int {
	longestIndex, longestSize := -1, 1
	foundIndex, foundSize := -1, 0
	for pieceIndex, piece := range address {
		if piece != 0 {
			if foundSize > longestSize {
				longestIndex, longestSize = foundIndex, foundSize
			}
			foundIndex, foundSize = -1, 0
			continue
		}
		if foundIndex < 0 {
			foundIndex = pieceIndex
		}
		foundSize++
	}
	if foundSize > longestSize {
		return foundIndex
	}
	return longestIndex
}
