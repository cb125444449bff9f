package accesslog

import "strconv"

// Format is the layout of the lines of a log.
type Format uint8

// The formats. The zero Format is not one: a Parser needs one of these.
const (
	// Common is the Common Log Format:
	// CLIENT IDENT USER [TIME] "REQUEST" STATUS SIZE.
	Common Format = iota + 1
	// Combined is the Common Log Format followed by the quoted referer
	// and user agent, as Apache's "combined" and nginx's default format
	// write it.
	Combined
	// VhostCombined is Apache's vhost_combined: "VHOST:PORT " (%v:%p, the
	// virtual host that served the request and its port) before the
	// combined format.
	VhostCombined
	// CombinedHost is the combined format followed by the quoted Host
	// header, as nginx writes it with "$host" after "$http_user_agent".
	CombinedHost
)

var formatNames = [...]string{"", "common", "combined", "vhost_combined", "combined_host"}

// String returns the name of the format: "common", "combined",
// "vhost_combined" or "combined_host".
func (f Format) String() string {
	if f != 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// FormatOf returns the Format named name (as String names it), and false
// when no format has that name.
func FormatOf(name string) (Format, bool) {
	for f := Common; int(f) < len(formatNames); f++ {
		if formatNames[f] == name {
			return f, true
		}
	}
	return 0, false
}
