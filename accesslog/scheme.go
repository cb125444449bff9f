package accesslog

import (
	"strconv"

	"github.com/spanurl/spanurl/record"
)

// serverScheme is the scheme a VhostCombined port implies: "https" for
// https's default port, "http" for http's, as record's table of special
// schemes gives them, and scheme for any other port. The port is compared
// as the text the log has, so "0443" implies nothing.
func serverScheme(port []byte, scheme string) string {
	for _, s := range [...]string{"https", "http"} {
		var digits [5]byte
		if string(port) == string(strconv.AppendInt(digits[:0], int64(record.DefaultPort(s)), 10)) {
			return s
		}
	}
	return scheme
}
