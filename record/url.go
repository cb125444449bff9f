package record

// URL is the standard's URL record, as a working value that parsers fill in
// place. Every component is a byte slice so that one URL value can be reset
// and reused without allocating (its buffers keep their capacity).
//
// The path is kept as its own serialization: a list path « a, b » is
// "/a/b", the empty list is "", and « "" » is "/". Every list operation the
// standard uses has an exact counterpart on that form (append a segment:
// add "/" and the segment; remove the last item: cut at the last "/"; the
// size is the number of "/"), and the serializer just copies it. When
// OpaquePath is true, Path is the opaque path itself.
type URL struct {
	Scheme      []byte
	Username    []byte
	Password    []byte
	Host        Host
	Port        int // NoPort when null
	Path        []byte
	OpaquePath  bool
	Query       []byte
	HasQuery    bool // false: the query is null
	Fragment    []byte
	HasFragment bool // false: the fragment is null
}

// Reset makes u a new URL record (empty scheme, null host, null port, empty
// path, null query and fragment), keeping its buffers' capacity.
func (u *URL) Reset() {
	u.Scheme = u.Scheme[:0]
	u.Username = u.Username[:0]
	u.Password = u.Password[:0]
	u.Host.Reset()
	u.Port = NoPort
	u.Path = u.Path[:0]
	u.OpaquePath = false
	u.Query = u.Query[:0]
	u.HasQuery = false
	u.Fragment = u.Fragment[:0]
	u.HasFragment = false
}

// CopyFrom makes u a copy of src, reusing u's buffers.
func (u *URL) CopyFrom(src *URL) {
	u.Scheme = append(u.Scheme[:0], src.Scheme...)
	u.Username = append(u.Username[:0], src.Username...)
	u.Password = append(u.Password[:0], src.Password...)
	u.Host.CopyFrom(&src.Host)
	u.Port = src.Port
	u.Path = append(u.Path[:0], src.Path...)
	u.OpaquePath = src.OpaquePath
	u.Query = append(u.Query[:0], src.Query...)
	u.HasQuery = src.HasQuery
	u.Fragment = append(u.Fragment[:0], src.Fragment...)
	u.HasFragment = src.HasFragment
}

// IsSpecial reports whether u's scheme is a special scheme.
func (u *URL) IsSpecial() bool { return IsSpecialScheme(string(u.Scheme)) }

// IncludesCredentials reports whether u's username or password is non-empty.
func (u *URL) IncludesCredentials() bool { return len(u.Username) > 0 || len(u.Password) > 0 }

// CannotHaveUsernamePasswordPort reports whether u's host is null or empty,
// or its scheme is "file".
func (u *URL) CannotHaveUsernamePasswordPort() bool {
	return u.Host.Kind == HostNull || u.Host.Kind == HostEmpty || string(u.Scheme) == "file"
}

// needsPathGuard reports whether the serializer must write "/." before the
// path: the host is null, the path is a list of more than one segment, and
// the first segment is empty (the path starts with "//").
func (u *URL) needsPathGuard() bool {
	return u.Host.Kind == HostNull && !u.OpaquePath && len(u.Path) > 1 && u.Path[0] == '/' && u.Path[1] == '/'
}
