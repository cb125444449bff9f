package record

// Omitted marks an absent component in Offsets (no query, no fragment, no
// port).
const Omitted = ^uint32(0)

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
