package fast

import "testing"

func TestLowerHTTP(t *testing.T) {
	for _, c := range []struct {
		s         string
		end, port int
	}{
		{"https://a", 5, 443},
		{"https://", 5, 443},
		{"http://a", 4, 80},
		{"http://ab", 4, 80},
		{"http://", 0, 0}, // too short to tell in one word; the slow path fails it
		{"http:/a/", 0, 0},
		{"https:/a", 0, 0},
		{"httpx://", 0, 0},
		{"HTTP://a", 0, 0}, // uppercase goes through scanScheme
		{"Https://a", 0, 0},
		{"ftp://ab", 0, 0},
		{"ws://abc", 0, 0},
		{"", 0, 0},
		{"h", 0, 0},
	} {
		if end, port := lowerHTTP(c.s); end != c.end || end > 0 && port != c.port {
			t.Errorf("lowerHTTP(%q) = %d, %d; want %d, %d", c.s, end, port, c.end, c.port)
		}
	}
}
