package span_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// TestValidationErrorsLimit checks that ParseWithErrors lists the first
// MaxValidationErrors errors in order and counts the rest, and that a
// failure's list still ends with the fatal error when the limit left it
// out.
func TestValidationErrorsLimit(t *testing.T) {
	const max = span.MaxValidationErrors
	tests := []struct {
		name    string
		input   string
		met     int // errors met
		listed  int
		fails   bool
		lastIs  record.ErrorType
		firstAt int // offset of List[0]; List[i] is at firstAt+i
	}{
		{"under the limit", "http://h/" + strings.Repeat("%", max-1), max - 1, max - 1, false, record.InvalidURLUnit, 9},
		{"at the limit", "http://h/" + strings.Repeat("%", max), max, max, false, record.InvalidURLUnit, 9},
		{"past the limit", "http://h/" + strings.Repeat("%", 5*max), 5 * max, max, false, record.InvalidURLUnit, 9},
		// Every tab is an error, then the port fails the parse.
		{"fatal past the limit", "http://" + strings.Repeat("\t", 2*max) + "h:99999999/", 2*max + 1, max + 1, true, record.PortOutOfRange, 7},
		{"fatal at the limit", "http://" + strings.Repeat("\t", max) + "h:99999999/", max + 1, max + 1, true, record.PortOutOfRange, 7},
		{"fatal under the limit", "http://" + strings.Repeat("\t", max-1) + "h:99999999/", max, max, true, record.PortOutOfRange, 7},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errs, err := span.ParseWithErrors(tc.input, span.URL{})
			if (err != nil) != tc.fails {
				t.Fatalf("err = %v, want failure %v", err, tc.fails)
			}
			if errs.Len() != tc.met || len(errs.List) != tc.listed || errs.Omitted != tc.met-tc.listed {
				t.Fatalf("Len %d, List %d, Omitted %d; want %d, %d, %d", errs.Len(), len(errs.List), errs.Omitted, tc.met, tc.listed, tc.met-tc.listed)
			}
			first := errs.List[:min(len(errs.List), max)]
			if tc.fails {
				first = errs.List[:len(errs.List)-1]
			}
			for i, e := range first {
				if e.Type != record.InvalidURLUnit || e.Offset != tc.firstAt+i {
					t.Fatalf("List[%d] = %v at %d; want %v at %d", i, e.Type, e.Offset, record.InvalidURLUnit, tc.firstAt+i)
				}
			}
			last := errs.List[len(errs.List)-1]
			if last.Type != tc.lastIs {
				t.Errorf("last error %v, want %v", last.Type, tc.lastIs)
			}
			var pe *span.ParseError
			if tc.fails && (!errors.As(err, &pe) || pe.Type != last.Type || pe.Offset != last.Offset) {
				t.Errorf("the fatal error %v is not the last listed, %v at %d", err, last.Type, last.Offset)
			}
		})
	}
}

// TestValidationErrorsMemory checks that a parse of 4 MiB of "%", an
// error at every byte, allocates memory bounded by the limit, not by the
// input: the href, as long as the input, and a short list, where a list of every error would take 16
// bytes for each input byte (64 MiB). What a parse allocates bounds what
// its result holds.
func TestValidationErrorsMemory(t *testing.T) {
	input := "http://h/" + strings.Repeat("%", 4<<20)
	u, errs, err := span.ParseWithErrors(input, span.URL{})
	if err != nil || u.Pathname() != input[len("http://h"):] {
		t.Fatalf("ParseWithErrors: %v", err)
	}
	if errs.Len() != 4<<20 || len(errs.List) != span.MaxValidationErrors {
		t.Fatalf("Len %d, List %d", errs.Len(), len(errs.List))
	}
	_, bytes := bytesPerOp(3, func() { span.ParseWithErrors(input, span.URL{}) })
	t.Logf("a parse allocates %d bytes for %d bytes of input", bytes, len(input))
	if limit := int64(len(input)) + 1<<20; bytes > limit {
		t.Errorf("a parse allocates %d bytes, more than %d", bytes, limit)
	}
}

// TestValidationErrorOffsets checks that offsets map back to the input
// past removed tabs and newlines: in a path of letters, "%", spaces,
// quotes, tabs and newlines, every invalid-URL-unit error is at one of the
// bytes that cause it, never at a letter.
func TestValidationErrorOffsets(t *testing.T) {
	units := []string{"a", "b", "%", " ", "\"", "\t", "\n", "é", "%41"}
	rng := uint64(1)
	for range 2000 {
		var b strings.Builder
		b.WriteString("http://h/")
		for range 1 + rng%40 {
			rng = rng*6364136223846793005 + 1442695040888963407
			b.WriteString(units[(rng>>33)%uint64(len(units))])
		}
		input := b.String()
		_, errs, err := span.ParseWithErrors(input, span.URL{})
		if err != nil {
			t.Fatalf("%q: %v", input, err)
		}
		for _, e := range errs.List {
			if e.Type != record.InvalidURLUnit || e.Offset >= len(input) || !strings.ContainsRune("% \"\t\n", rune(input[e.Offset])) {
				t.Fatalf("%q: %v at %d", input, e.Type, e.Offset)
			}
		}
	}
}
