package api

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/form"
)

// checkFormDecoder decodes the parts of input split on "&", one after the
// other with one formDecoder as the parser does, and holds each to
// internal/form's DecodeComponent, and every earlier result to what it was
// when it was returned (the decoder's strings share memory).
func checkFormDecoder(t *testing.T, input string) {
	t.Helper()
	d := formDecoder{total: len(input)}
	var got, want []string
	for _, part := range strings.Split(input, "&") {
		g := d.decode(part)
		w, _ := form.DecodeComponent(part, nil)
		got, want = append(got, g), append(want, w)
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("input %q, part %d: %q, want %q", input, i, got[i], want[i])
			}
		}
	}
}

func TestFormDecoder(t *testing.T) {
	for _, input := range []string{
		"", "a", "a+b", "%41%42&c+d&%zz&%4", "%e9&%C3%A9&%FF%FE&x%2", "é+%20&a%26b&%%&+++",
		"%ff&%41&%c3&%a9%c3%a9&plain",
	} {
		checkFormDecoder(t, input)
	}
}

// FuzzFormDecoder holds the form parser's decoder to internal/form's on
// any input.
func FuzzFormDecoder(f *testing.F) {
	f.Add("a=b&c+d=%41%zz&%ff%c3%a9")
	f.Fuzz(func(t *testing.T, input string) { checkFormDecoder(t, input) })
}
