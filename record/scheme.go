package record

// NoPort is the port value that means null: no port, or the scheme's
// default port (which the parser drops).
const NoPort = -1

// special is the standard's table of special schemes and their default
// ports (https://url.spec.whatwg.org/#special-scheme): the one copy of it
// in the module. Every other package asks IsSpecialScheme or DefaultPort;
// a fast path that keeps the ports as constants has a test that compares
// them with this table.
func special(scheme string) (port int, ok bool) {
	switch scheme {
	case "ftp":
		return 21, true
	case "file":
		return NoPort, true
	case "http", "ws":
		return 80, true
	case "https", "wss":
		return 443, true
	}
	return NoPort, false
}

// IsSpecialScheme reports whether scheme is one of the standard's special
// schemes: ftp, file, http, https, ws, wss.
func IsSpecialScheme(scheme string) bool {
	_, ok := special(scheme)
	return ok
}

// DefaultPort returns the default port of a special scheme, or NoPort for
// "file" and every other scheme
// (https://url.spec.whatwg.org/#default-port).
func DefaultPort(scheme string) int {
	port, _ := special(scheme)
	return port
}
