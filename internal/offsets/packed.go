package offsets

import "github.com/spanurl/spanurl/record"

// Packed holds a URL's Offsets, port, host kind and flags in four words.
// It is the form URL values carry: a struct of two fields (a string and a
// Packed) stays in registers through calls and returns, where the eight
// uint32 fields of Offsets would be copied through memory with wide loads
// of narrow stores, a store-forwarding stall at every level.
//
//	W0 = SchemeEnd   | UsernameEnd<<32
//	W1 = HostStart   | HostEnd<<32
//	W2 = PathStart   | QueryStart<<32
//	W3 = FragmentStart | port<<32 (16 bits) | hasPort<<48 | kind<<49 (3 bits) | flags<<52
type Packed struct {
	W0, W1, W2, W3 uint64
}

// Flags of a packed URL.
const (
	FlagSpecial    = 1 << iota // the scheme is special
	FlagOpaquePath             // the path is opaque
)

const (
	hasPortBit = 48
	kindShift  = 49
	flagsShift = 52
)

// Pack builds the packed form of o with a host kind and flags.
func Pack(o *record.Offsets, kind record.HostKind, flags uint8) Packed {
	return PackFields(o.SchemeEnd, o.UsernameEnd, o.HostStart, o.HostEnd, o.Port,
		o.PathStart, o.QueryStart, o.FragmentStart, kind, flags)
}

// PackFields is Pack from the offsets one by one (port record.Omitted when
// absent): the form the fast path, which has them in registers, uses.
func PackFields(schemeEnd, usernameEnd, hostStart, hostEnd, port, pathStart, queryStart, fragmentStart uint32, kind record.HostKind, flags uint8) Packed {
	w3 := uint64(fragmentStart) | uint64(kind)<<kindShift | uint64(flags)<<flagsShift
	if port != record.Omitted {
		w3 |= uint64(port&0xffff)<<32 | 1<<hasPortBit
	}
	return Packed{
		W0: uint64(schemeEnd) | uint64(usernameEnd)<<32,
		W1: uint64(hostStart) | uint64(hostEnd)<<32,
		W2: uint64(pathStart) | uint64(queryStart)<<32,
		W3: w3,
	}
}

// Offsets unpacks the offsets.
func (p Packed) Offsets() record.Offsets {
	return record.Offsets{
		SchemeEnd:     p.SchemeEnd(),
		UsernameEnd:   p.UsernameEnd(),
		HostStart:     p.HostStart(),
		HostEnd:       p.HostEnd(),
		Port:          p.Port(),
		PathStart:     p.PathStart(),
		QueryStart:    p.QueryStart(),
		FragmentStart: p.FragmentStart(),
	}
}

// The single fields, each one shift and mask.

func (p Packed) SchemeEnd() uint32     { return uint32(p.W0) }
func (p Packed) UsernameEnd() uint32   { return uint32(p.W0 >> 32) }
func (p Packed) HostStart() uint32     { return uint32(p.W1) }
func (p Packed) HostEnd() uint32       { return uint32(p.W1 >> 32) }
func (p Packed) PathStart() uint32     { return uint32(p.W2) }
func (p Packed) QueryStart() uint32    { return uint32(p.W2 >> 32) }
func (p Packed) FragmentStart() uint32 { return uint32(p.W3) }
func (p Packed) Kind() record.HostKind { return record.HostKind(p.W3 >> kindShift & 7) }
func (p Packed) Flags() uint8          { return uint8(p.W3 >> flagsShift) }

// Port returns the port, or record.Omitted.
func (p Packed) Port() uint32 {
	if p.W3&(1<<hasPortBit) == 0 {
		return record.Omitted
	}
	return uint32(p.W3 >> 32 & 0xffff)
}

// WithQueryFragment returns p with the query and fragment starts replaced
// (record.Omitted for absent).
func (p Packed) WithQueryFragment(query, fragment uint32) Packed {
	p.W2 = uint64(uint32(p.W2)) | uint64(query)<<32
	p.W3 = p.W3&^0xffffffff | uint64(fragment)
	return p
}

// WithHost returns p with the host end and the path, query and fragment
// starts moved by d and the host kind set to kind: what changes in the
// offsets when the host's text changes length and kind and nothing else
// does.
func (p Packed) WithHost(d int, kind record.HostKind) Packed {
	p.W1 += uint64(d) << 32
	q, f := uint32(p.W2>>32), uint32(p.W3)
	if q != record.Omitted {
		q += uint32(d)
	}
	if f != record.Omitted {
		f += uint32(d)
	}
	p.W2 = uint64(uint32(p.W2)+uint32(d)) | uint64(q)<<32
	p.W3 = p.W3&^(0xffffffff|7<<kindShift) | uint64(f) | uint64(kind)<<kindShift
	return p
}

// UsernameStart is where the username would start: after "scheme://", or
// at the host start when there is no authority.
func (p Packed) UsernameStart() uint32 {
	if p.HostStart() == p.SchemeEnd()+1 {
		return p.HostStart()
	}
	return p.SchemeEnd() + 3
}

// PathEnd is where the path ends in an href of length n: at the query, the
// fragment, or the end.
func (p Packed) PathEnd(n int) uint32 {
	if q := p.QueryStart(); q != record.Omitted {
		return q
	}
	if f := p.FragmentStart(); f != record.Omitted {
		return f
	}
	return uint32(n)
}
