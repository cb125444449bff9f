package span_test

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

type specExamples struct {
	URLParsing []struct {
		Input   string  `json:"input"`
		Base    *string `json:"base"`
		Valid   bool    `json:"valid"`
		Output  string  `json:"output"`
		Failure bool    `json:"failure"`
	} `json:"url_parsing"`
	URLComponents []struct {
		Input    string  `json:"input"`
		Scheme   string  `json:"scheme"`
		Host     *string `json:"host"`
		Port     *int    `json:"port"`
		Path     string  `json:"path"`
		Opaque   bool    `json:"opaque"`
		Query    *string `json:"query"`
		Fragment *string `json:"fragment"`
	} `json:"url_components"`
	ValidationErrorExamples []struct {
		Input   string  `json:"input"`
		Base    *string `json:"base"`
		Error   string  `json:"error"`
		Failure bool    `json:"failure"`
	} `json:"validation_error_examples"`
}

func loadSpecExamples(t *testing.T) specExamples {
	t.Helper()
	data, err := os.ReadFile("../testdata/spec-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var ex specExamples
	if err := json.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	return ex
}

func parseBase(t *testing.T, base *string) span.URL {
	t.Helper()
	if base == nil {
		return span.URL{}
	}
	b, err := span.Parse(*base)
	if err != nil {
		t.Fatalf("base %q: %v", *base, err)
	}
	return b
}

// TestSpecURLParsingTable checks the standard's URL parsing example table:
// the output, or failure, and whether the input is valid (parses with no
// validation error).
func TestSpecURLParsingTable(t *testing.T) {
	for _, tc := range loadSpecExamples(t).URLParsing {
		u, errs, err := span.ParseWithErrors(tc.Input, parseBase(t, tc.Base))
		if tc.Failure {
			if err == nil {
				t.Errorf("%q: got %q, want failure", tc.Input, u.Href())
			}
			continue
		}
		if err != nil || u.Href() != tc.Output {
			t.Errorf("%q: got %q, %v; want %q", tc.Input, u.Href(), err, tc.Output)
		}
		if valid := errs.Len() == 0; valid != tc.Valid {
			t.Errorf("%q: valid = %v (errors %v), want %v", tc.Input, valid, errs, tc.Valid)
		}
	}
}

// TestSpecURLComponentsTable checks the standard's table of how valid URL
// strings map to a URL record's components.
func TestSpecURLComponentsTable(t *testing.T) {
	for _, tc := range loadSpecExamples(t).URLComponents {
		u, err := span.Parse(tc.Input)
		if err != nil {
			t.Fatalf("%q: %v", tc.Input, err)
		}
		if u.Scheme() != tc.Scheme {
			t.Errorf("%q: scheme %q, want %q", tc.Input, u.Scheme(), tc.Scheme)
		}
		if tc.Host == nil {
			if u.HostKind() != record.HostNull {
				t.Errorf("%q: host kind %v, want null", tc.Input, u.HostKind())
			}
		} else if u.Hostname() != *tc.Host || u.HostKind() == record.HostNull {
			t.Errorf("%q: host %q (%v), want %q", tc.Input, u.Hostname(), u.HostKind(), *tc.Host)
		}
		port, hasPort := u.PortNumber()
		if (tc.Port == nil) == hasPort || tc.Port != nil && int(port) != *tc.Port {
			t.Errorf("%q: port %d %v, want %v", tc.Input, port, hasPort, tc.Port)
		}
		if u.Pathname() != tc.Path || u.HasOpaquePath() != tc.Opaque {
			t.Errorf("%q: path %q opaque %v, want %q %v", tc.Input, u.Pathname(), u.HasOpaquePath(), tc.Path, tc.Opaque)
		}
		q, hasQ := u.Query()
		if (tc.Query == nil) == hasQ || tc.Query != nil && q != *tc.Query {
			t.Errorf("%q: query %q %v, want %v", tc.Input, q, hasQ, tc.Query)
		}
		f, hasF := u.Fragment()
		if (tc.Fragment == nil) == hasF || tc.Fragment != nil && f != *tc.Fragment {
			t.Errorf("%q: fragment %q %v, want %v", tc.Input, f, hasF, tc.Fragment)
		}
	}
}

// TestSpecValidationErrorExamples checks every example of the standard's
// validation error table: the error is reported, the parse fails exactly
// when the table says the error is a failure, and then the ParseError names
// that error (errors.Is works with the ErrorType sentinel).
func TestSpecValidationErrorExamples(t *testing.T) {
	for _, tc := range loadSpecExamples(t).ValidationErrorExamples {
		want, ok := record.ErrorTypeByName(tc.Error)
		if !ok {
			t.Fatalf("unknown error name %q", tc.Error)
		}
		_, errs, err := span.ParseWithErrors(tc.Input, parseBase(t, tc.Base))
		found := false
		for _, e := range errs.List {
			if e.Type == want {
				found = true
			}
			if e.Offset < 0 || e.Offset > len(tc.Input) {
				t.Errorf("%q: %v offset out of range", tc.Input, e)
			}
		}
		if !found {
			t.Errorf("%q: errors %v, want %s among them", tc.Input, errs, tc.Error)
		}
		if (err != nil) != tc.Failure {
			t.Errorf("%q: err = %v, want failure %v", tc.Input, err, tc.Failure)
		}
		if tc.Failure {
			if !errors.Is(err, want) {
				t.Errorf("%q: errors.Is(%v, %s) = false", tc.Input, err, tc.Error)
			}
			// Without collecting errors, the failure still names its cause.
			var err2 error
			if tc.Base == nil {
				_, err2 = span.Parse(tc.Input)
			} else {
				_, err2 = parseBase(t, tc.Base).Parse(tc.Input)
			}
			if !errors.Is(err2, want) {
				t.Errorf("%q: Parse error %v does not name %s", tc.Input, err2, tc.Error)
			}
		}
	}
}
