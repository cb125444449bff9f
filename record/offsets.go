package record

import "strconv"

// Omitted marks an absent component in Offsets (no query, no fragment, no
// port).
const Omitted = ^uint32(0)

// MaxInput is the longest input (and serialization) a URL may have: offsets
// are uint32 and Omitted is reserved.
const MaxInput = 1<<32 - 2

// Offsets locate every component inside a URL's serialization (its href):
//
//	https://user:pass@example.com:8080/a/b?q=1#frag
//	     |  |   |    |          |    |    |   |
//	     |  |   |    |          |    |    |   FragmentStart (index of '#')
//	     |  |   |    |          |    |    QueryStart (index of '?')
//	     |  |   |    |          |    PathStart
//	     |  |   |    |          HostEnd (':' and the port follow when Port != Omitted)
//	     |  |   |    HostStart
//	     |  |   UsernameEnd (':' and the password follow when it is < HostStart-1)
//	     |  UsernameStart (SchemeEnd+3 with an authority)
//	     SchemeEnd (index of ':')
//
// With a null host there is no "//": UsernameStart, UsernameEnd, HostStart
// and HostEnd all equal SchemeEnd+1. With a host and no credentials,
// UsernameStart = UsernameEnd = HostStart. PathStart is after the "/." that
// the serializer writes for a null host and a path starting with "//".
type Offsets struct {
	SchemeEnd     uint32
	UsernameEnd   uint32
	HostStart     uint32
	HostEnd       uint32
	Port          uint32 // the port number, or Omitted
	PathStart     uint32
	QueryStart    uint32 // Omitted when the query is null
	FragmentStart uint32 // Omitted when the fragment is null
}

// UsernameStart is where the username would start: after "scheme://".
func (o Offsets) UsernameStart() uint32 {
	if o.HostStart == o.SchemeEnd+1 {
		return o.HostStart
	}
	return o.SchemeEnd + 3
}

// Check verifies that o is consistent with the serialization href: every
// offset in order and in range, and each delimiter where it must be. Tests
// and fuzzers call it on every result; it returns a description of the
// first problem, or "".
func (o Offsets) Check(href string) string {
	n := uint32(len(href))
	switch {
	case o.SchemeEnd == 0 || o.SchemeEnd >= n || href[o.SchemeEnd] != ':':
		return "scheme end " + strconv.Itoa(int(o.SchemeEnd)) + " is not at ':'"
	case o.UsernameStart() > o.UsernameEnd || o.UsernameEnd > o.HostStart || o.HostStart > o.HostEnd:
		return "authority offsets out of order"
	case o.HostEnd > o.PathStart || o.PathStart > n:
		return "path start out of range"
	}
	if o.HostStart != o.SchemeEnd+1 {
		if href[o.SchemeEnd+1:o.SchemeEnd+3] != "//" {
			return "authority not introduced by //"
		}
		if o.UsernameEnd != o.HostStart && href[o.HostStart-1] != '@' {
			return "credentials not followed by @"
		}
	}
	if o.Port != Omitted {
		if o.Port > 65535 || o.HostEnd >= o.PathStart || href[o.HostEnd] != ':' ||
			href[o.HostEnd+1:o.PathStart] != strconv.Itoa(int(o.Port)) {
			return "port does not match the text after host end"
		}
	} else if o.HostEnd != o.PathStart && href[o.HostEnd:o.PathStart] != "/." {
		return "unexpected text between host end and path start"
	}
	end := n
	if o.FragmentStart != Omitted {
		if o.FragmentStart < o.PathStart || o.FragmentStart >= n || href[o.FragmentStart] != '#' {
			return "fragment start is not at '#'"
		}
		end = o.FragmentStart
	}
	if o.QueryStart != Omitted {
		if o.QueryStart < o.PathStart || o.QueryStart >= end || href[o.QueryStart] != '?' {
			return "query start is not at '?'"
		}
	}
	return ""
}
