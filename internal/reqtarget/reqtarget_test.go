package reqtarget

import "testing"

func TestAppendBytes(t *testing.T) {
	for in, want := range map[string]string{
		"":                      "",
		"/a?b":                  "/a?b",
		"/\xff\xfe":             "/%FF%FE",
		"/\xc3":                 "/%C3",
		"/\xc3\xa9":             "/\xc3\xa9",
		"/\xc0\xae":             "/%C0%AE",
		"/\xed\xa0\x80":         "/%ED%A0%80",
		"/\xe2\x82\xac\xe2\x82": "/\xe2\x82\xac%E2%82",
		"\xf0\x9f\x98\x80\xf8":  "\xf0\x9f\x98\x80%F8",
	} {
		if got := string(AppendBytes(nil, in)); got != want {
			t.Errorf("AppendBytes(%q) = %q, want %q", in, got, want)
		}
	}
	if got := string(AppendOrigin([]byte("x"), "http", "h", "/\xff")); got != "xhttp://h/%FF" {
		t.Errorf("AppendOrigin = %q", got)
	}
}

func TestControlName(t *testing.T) {
	for c, want := range map[byte]string{0: "NUL", '\t': "TAB", '\n': "LF", '\r': "CR", 0x7F: "DEL", 1: "0x01", 0x1b: "0x1b", 0x1f: "0x1f"} {
		if got := ControlName(c); got != want {
			t.Errorf("ControlName(%#x) = %q, want %q", c, got, want)
		}
	}
}

func TestScanHostNoAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { ScanHost("host", "exa\x01mple.com", 0) }); n != 0 {
		t.Errorf("a refusal costs %v allocations", n)
	}
}
