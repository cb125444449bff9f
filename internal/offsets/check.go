package offsets

import (
	"strconv"

	"github.com/spanurl/spanurl/record"
)

// MaxInput is the longest input (and serialization) a URL may have: offsets
// are uint32 and record.Omitted is reserved.
const MaxInput = 1<<32 - 2

// Check verifies that the offsets o are consistent with the serialization
// href: every offset in order and in range, and each delimiter where it
// must be. Tests and fuzzers call it on every result; it returns a
// description of the first problem, or "".
func Check(o record.Offsets, href string) string {
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
	if o.Port != record.Omitted {
		if o.Port > 65535 || o.HostEnd >= o.PathStart || href[o.HostEnd] != ':' ||
			href[o.HostEnd+1:o.PathStart] != strconv.Itoa(int(o.Port)) {
			return "port does not match the text after host end"
		}
	} else if o.HostEnd != o.PathStart && href[o.HostEnd:o.PathStart] != "/." {
		return "unexpected text between host end and path start"
	}
	end := n
	if o.FragmentStart != record.Omitted {
		if o.FragmentStart < o.PathStart || o.FragmentStart >= n || href[o.FragmentStart] != '#' {
			return "fragment start is not at '#'"
		}
		end = o.FragmentStart
	}
	if o.QueryStart != record.Omitted {
		if o.QueryStart < o.PathStart || o.QueryStart >= end || href[o.QueryStart] != '?' {
			return "query start is not at '?'"
		}
	}
	return ""
}
