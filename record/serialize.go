package record

import "strconv"

// Serialize appends the URL serializer's output for u to dst and returns it
// with the offsets of every component within the appended text (relative to
// the start of the appended text, not of dst).
func (u *URL) Serialize(dst []byte, excludeFragment bool) ([]byte, Offsets) {
	base := len(dst)
	var o Offsets
	at := func() uint32 { return uint32(len(dst) - base) }
	// 1. The scheme and ":".
	dst = append(dst, u.Scheme...)
	o.SchemeEnd = at()
	dst = append(dst, ':')
	o.UsernameEnd, o.HostStart, o.HostEnd = at(), at(), at()
	o.Port = Omitted
	// 2. With a host: "//", credentials, host, port.
	if u.Host.Kind != HostNull {
		dst = append(dst, "//"...)
		o.UsernameEnd = at()
		if u.IncludesCredentials() {
			dst = append(dst, u.Username...)
			o.UsernameEnd = at()
			if len(u.Password) > 0 {
				dst = append(dst, ':')
				dst = append(dst, u.Password...)
			}
			dst = append(dst, '@')
		}
		o.HostStart = at()
		dst = append(dst, u.Host.Text...)
		o.HostEnd = at()
		if u.Port != NoPort {
			dst = append(dst, ':')
			dst = strconv.AppendUint(dst, uint64(u.Port), 10)
			o.Port = uint32(u.Port)
		}
	}
	// 3. The "/." guard for a null host and a path starting with "//".
	if u.needsPathGuard() {
		dst = append(dst, "/."...)
	}
	// 4. The path (a list path is kept serialized; see URL).
	o.PathStart = at()
	dst = append(dst, u.Path...)
	// 5. The query.
	o.QueryStart = Omitted
	if u.HasQuery {
		o.QueryStart = at()
		dst = append(dst, '?')
		dst = append(dst, u.Query...)
	}
	// 6. The fragment, unless excluded.
	o.FragmentStart = Omitted
	if !excludeFragment && u.HasFragment {
		o.FragmentStart = at()
		dst = append(dst, '#')
		dst = append(dst, u.Fragment...)
	}
	return dst, o
}

// String returns the URL serializer's output for u.
func (u *URL) String() string {
	b, _ := u.Serialize(nil, false)
	return string(b)
}

// Equal runs URL equivalence: the serializations of u and v, with or without
// fragments, are identical.
func (u *URL) Equal(v *URL, excludeFragments bool) bool {
	a, _ := u.Serialize(nil, excludeFragments)
	b, _ := v.Serialize(nil, excludeFragments)
	return string(a) == string(b)
}

// SerializedLen returns the length of u's serialization, without building
// it.
func (u *URL) SerializedLen() int {
	n := len(u.Scheme) + 1
	if u.Host.Kind != HostNull {
		n += 2 + len(u.Host.Text)
		if u.IncludesCredentials() {
			n += len(u.Username) + 1
			if len(u.Password) > 0 {
				n += 1 + len(u.Password)
			}
		}
		if u.Port != NoPort {
			n += 1 + decimalLen(u.Port)
		}
	}
	if u.needsPathGuard() {
		n += 2
	}
	n += len(u.Path)
	if u.HasQuery {
		n += 1 + len(u.Query)
	}
	if u.HasFragment {
		n += 1 + len(u.Fragment)
	}
	return n
}

func decimalLen(v int) int {
	n := 1
	for v >= 10 {
		v /= 10
		n++
	}
	return n
}
