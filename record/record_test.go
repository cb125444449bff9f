package record_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
)

type examples struct {
	IPv6Serialize []struct {
		Pieces [8]uint16 `json:"pieces"`
		Output string    `json:"output"`
	} `json:"ipv6_serialize"`
}

func load(t *testing.T) examples {
	data, err := os.ReadFile("../testdata/spec-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var ex examples
	if err := json.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	return ex
}

func TestIPv6SerializerExamples(t *testing.T) {
	for _, tc := range load(t).IPv6Serialize {
		var h record.Host
		h.SetIPv6(tc.Pieces)
		if got := string(h.Text[1 : len(h.Text)-1]); got != tc.Output {
			t.Errorf("%v: %q, want %q", tc.Pieces, got, tc.Output)
		}
	}
}

// TestErrorTypes: the standard's table names 29 validation errors; each
// has its spec name, round-trips through ErrorTypeByName, and works as an
// errors.Is target through a ValidationError.
func TestErrorTypes(t *testing.T) {
	types := record.ErrorTypes()
	if len(types) != 29 || record.NumErrorTypes != 29 {
		t.Fatalf("%d error types, want the standard's 29", len(types))
	}
	seen := map[string]bool{}
	for _, et := range types {
		name := et.String()
		if seen[name] || strings.HasPrefix(name, "ErrorType(") {
			t.Errorf("bad or duplicate name %q", name)
		}
		seen[name] = true
		if back, ok := record.ErrorTypeByName(name); !ok || back != et {
			t.Errorf("ErrorTypeByName(%q) = %v, %v", name, back, ok)
		}
		var err error = record.ValidationError{Type: et, Offset: 3}
		if !errors.Is(err, et) || err.Error() != name+" at offset 3" {
			t.Errorf("%v: errors.Is or Error() wrong: %q", et, err.Error())
		}
	}
	for _, name := range []string{"invalid-URL-unit", "IPv4-non-decimal-part", "file-invalid-Windows-drive-letter-host", "domain-to-ASCII"} {
		if !seen[name] {
			t.Errorf("missing %q", name)
		}
	}
}
