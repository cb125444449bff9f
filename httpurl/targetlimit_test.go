package httpurl_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
)

func TestMaxTargetLength(t *testing.T) {
	at := "/" + strings.Repeat("a", httpurl.DefaultMaxTargetLength-1)
	past := at + "b"
	absPast := "http://u:secret@example.com/" + strings.Repeat("a", httpurl.DefaultMaxTargetLength)
	tests := []struct {
		policy httpurl.Policy
		target string
		ok     bool
	}{
		{httpurl.Policy{}, at, true},
		{httpurl.Policy{}, past, false},
		{httpurl.Policy{}, absPast, false},
		{httpurl.Policy{WHATWG: true}, past, false},
		{httpurl.Policy{MaxTargetLength: -1}, past, true},
		{httpurl.Policy{MaxTargetLength: 10}, "/123456789", true},
		{httpurl.Policy{MaxTargetLength: 10}, "/1234567890", false},
		{httpurl.Policy{MaxTargetLength: 10, WHATWG: true}, "/1234567890", false},
	}
	for _, tc := range tests {
		limit := tc.policy.MaxTargetLength
		if limit == 0 {
			limit = httpurl.DefaultMaxTargetLength
		}
		for _, fromRequest := range []bool{false, true} {
			var err error
			if fromRequest {
				_, err = httpurl.FromRequest(serverRequest(tc.target, "example.com"), httpurl.Options{Policy: tc.policy})
			} else {
				_, err = tc.policy.ParseRequestTarget(tc.target, "example.com", "https")
			}
			if tc.ok {
				if err != nil {
					t.Errorf("%+v, %d bytes (FromRequest %v): %v", tc.policy, len(tc.target), fromRequest, err)
				}
				continue
			}
			var e *httpurl.Error
			if !errors.Is(err, httpurl.ErrTargetTooLong) || !errors.Is(err, httpurl.ErrPolicy) || !errors.Is(err, httpurl.ErrInvalidTarget) ||
				!errors.As(err, &e) || e.Offset != limit || e.Field != "target" || len(e.Value) > 300 || strings.Contains(e.Value, "secret") {
				t.Errorf("%+v, %d bytes (FromRequest %v): %v, want ErrTargetTooLong at offset %d", tc.policy, len(tc.target), fromRequest, err, limit)
			}
		}
	}
}

// TestMaxTargetLengthBeforeParsing: a refused target costs the same
// whatever its length, in allocations, since it is not read.
func TestMaxTargetLengthBeforeParsing(t *testing.T) {
	allocs := func(n int) float64 {
		r := serverRequest("/"+strings.Repeat("%zz/é", n), "example.com")
		return testing.AllocsPerRun(10, func() { httpurl.FromRequest(r, httpurl.Options{}) })
	}
	if small, large := allocs(20_000), allocs(200_000); small != large {
		t.Errorf("refusing a 120 KB target allocates %v times, a 1.2 MB one %v", small, large)
	}
}
