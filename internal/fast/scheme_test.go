package fast

import (
	"strconv"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
)

// TestDefaultPorts holds the fast path's port constants to record's table
// of special schemes: every special scheme that the fast path takes, in
// either case and by either entry (lowerHTTP or specialScheme), drops its
// record.DefaultPort and keeps any other port.
func TestDefaultPorts(t *testing.T) {
	for _, scheme := range []string{"http", "https", "ws", "wss", "ftp"} {
		def := record.DefaultPort(scheme)
		if def == record.NoPort {
			t.Fatalf("record.DefaultPort(%q) = NoPort", scheme)
		}
		for _, s := range []string{scheme, strings.ToUpper(scheme)} {
			in := s + "://h:" + strconv.Itoa(def) + "/"
			href, p, ok := ParseAbsolute(in, nil)
			if !ok || href != scheme+"://h/" || p.Port() != record.Omitted {
				t.Errorf("ParseAbsolute(%q) = %q, port %d, %v; want %q with no port", in, href, p.Port(), ok, scheme+"://h/")
			}
			in = s + "://h:" + strconv.Itoa(def+1) + "/"
			if href, p, ok = ParseAbsolute(in, nil); !ok || p.Port() != uint32(def+1) {
				t.Errorf("ParseAbsolute(%q) = %q, port %d, %v; want port %d", in, href, p.Port(), ok, def+1)
			}
		}
	}
	for _, c := range []struct {
		scheme string
		port   int
	}{{"http", portHTTP}, {"ws", portHTTP}, {"https", portHTTPS}, {"wss", portHTTPS}, {"ftp", portFTP}} {
		if def := record.DefaultPort(c.scheme); def != c.port {
			t.Errorf("%s: fast path's constant %d, record.DefaultPort %d", c.scheme, c.port, def)
		}
	}
	for _, in := range []string{"https://a", "http://a"} {
		end, port := lowerHTTP(in)
		if def := record.DefaultPort(in[:end]); port != def {
			t.Errorf("lowerHTTP(%q) port %d, record.DefaultPort %d", in, port, def)
		}
	}
}
