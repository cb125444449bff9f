package fast

import (
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// Results are returned as (href string, p offsets.Packed, ok bool), and a
// base is taken as (href string, p offsets.Packed), never as a struct of
// the two: the compiler keeps a struct in registers only up to 32 bytes,
// and copying a larger one through memory stalls on store-to-load
// forwarding at every call and return.

// pack builds the packed offsets of a URL without credentials (the
// username ends where the host starts). A port, query or fragment of -1 is
// absent: uint32(-1) is record.Omitted. It is small enough to inline, as
// every accepted URL passes here (TestInlining checks it).
func pack(schemeEnd, hostStart, hostEnd, port, pathStart, query, fragment int, kind record.HostKind, flags uint8) offsets.Packed {
	return offsets.PackFields(uint32(schemeEnd), uint32(hostStart), uint32(hostStart), uint32(hostEnd), uint32(port),
		uint32(pathStart), uint32(query), uint32(fragment), kind, flags)
}

// moved is pos+shift, or -1 when pos is negative (absent).
func moved(pos, shift int) int {
	if pos < 0 {
		return -1
	}
	return pos + shift
}

// omittedOr is moved as an offset: uint32(-1) is record.Omitted.
func omittedOr(pos, shift int) uint32 { return uint32(moved(pos, shift)) }
