package accesslog

import "testing"

func TestServerScheme(t *testing.T) {
	for _, c := range []struct{ port, want string }{
		{"443", "https"},
		{"80", "http"},
		{"0443", "ftp"},
		{"8080", "ftp"},
		{"21", "ftp"},
		{"44", "ftp"},
		{"", "ftp"},
	} {
		if got := serverScheme([]byte(c.port), "ftp"); got != c.want {
			t.Errorf("serverScheme(%q) = %q, want %q", c.port, got, c.want)
		}
	}
	port := []byte("443")
	if n := testing.AllocsPerRun(100, func() { serverScheme(port, "") }); n != 0 {
		t.Errorf("serverScheme allocates %v times", n)
	}
}
