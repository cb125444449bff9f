package record

// NoPort is the port value that means null: no port, or the scheme's
// default port (which the parser drops).
const NoPort = -1

// IsSpecialScheme reports whether scheme is one of the standard's special
// schemes: ftp, file, http, https, ws, wss.
func IsSpecialScheme(scheme string) bool {
	switch scheme {
	case "ftp", "file", "http", "https", "ws", "wss":
		return true
	}
	return false
}

// DefaultPort returns the default port of a special scheme, or NoPort for
// "file" and every other scheme.
func DefaultPort(scheme string) int {
	switch scheme {
	case "http", "ws":
		return 80
	case "https", "wss":
		return 443
	case "ftp":
		return 21
	}
	return NoPort
}
