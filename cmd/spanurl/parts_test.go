package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// TestWriteParts checks that a part written in pieces is encoded as the
// whole would be, whatever the pieces cut: multi-byte and invalid UTF-8,
// escapes, tabs and line breaks.
func TestWriteParts(t *testing.T) {
	unit := "a\"\\\x01\t\r\né€\U0001F600\xff\xe2\x82\u2028"
	s := strings.Repeat(unit, 5000)
	for _, enc := range []encoding{encRaw, encJSON, encTSVInput, encTSVInputLast} {
		for _, bufSize := range []int{8, 64, 1000, 64 << 10} {
			out := []byte("<before>")
			parts := []part{{end: 3, s: s, enc: enc}, {end: len(out), s: s[7:], enc: enc}}
			var got bytes.Buffer
			if err := writeParts(&got, out, parts, make([]byte, 0, bufSize)); err != nil {
				t.Fatal(err)
			}
			want := appendEncoded([]byte("<be"), s, enc)
			want = append(want, "fore>"...)
			want = appendEncoded(want, s[7:], enc)
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("encoding %d, buffer %d: the pieces differ from the whole", enc, bufSize)
			}
		}
	}
}

// TestHugeLineOutput checks that a line longer than hugeLine, whose big
// values are parts, is written as a short one is, between short lines.
func TestHugeLineOutput(t *testing.T) {
	huge := "http://h/" + strings.Repeat("a b\"é%\xff\t", hugeLine/8+1)
	input := "http://x/1\n" + huge + "\nhttp://x/2\n"
	u, err := span.Parse(huge)
	if err != nil {
		t.Fatal(err)
	}
	_, errs, _ := span.ParseWithErrors(huge, span.URL{})
	for _, args := range [][]string{
		{"-json", "-fields", "input,href,pathname"},
		{"-fields", "input,href,pathname"},
		{"-fields", "href,input"},
		{"-validate", "-json", "-fields", "input,href"},
	} {
		w := &worker{cfg: new(config)}
		cfg := w.cfg
		fs, _ := newFlagSet(new(bytes.Buffer), cfg)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		if err := cfg.setFields(fs.Lookup("fields").Value.String(), true); err != nil {
			t.Fatal(err)
		}
		line := func(s string) string {
			v, err := span.Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			var e span.ValidationErrors
			if cfg.validate {
				e = errs
				if s != huge {
					_, e, _ = span.ParseWithErrors(s, span.URL{})
				}
			}
			if s == huge {
				v = u
			}
			if cfg.json {
				return string(w.appendJSON(nil, s, v, e, 0, nil))
			}
			return string(w.appendTSV(nil, s, v, e, 0, nil))
		}
		want := line("http://x/1") + line(huge) + line("http://x/2")
		_, got, _ := spanurl(t, input, args...)
		if got != want {
			t.Errorf("%v: output of %d bytes differs from the %d expected", args, len(got), len(want))
		}
	}
}
