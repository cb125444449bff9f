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

// TestErrorMasksParameters: an Error's Value shows no parameter value of
// the target, whatever refused it, and its Offset counts bytes of the
// target as received.
func TestErrorMasksParameters(t *testing.T) {
	long := strings.Repeat("a", 300)
	tests := []struct {
		policy       httpurl.Policy
		target, want string
		offset       int
	}{
		{httpurl.Policy{}, "/a%2Fb?token=secret#x=secret", "/a%2Fb?token=xxxxx#x=xxxxx", 19},
		{httpurl.Policy{}, "/a%zz?sig=secret&x", "/a%zz?sig=xxxxx&x", 2},
		{httpurl.Policy{}, "https://exa mple.com/?token=secret", "https://exa mple.com/?token=xxxxx", 11},
		{httpurl.Policy{}, "http://example.com/?token=secret", "http://example.com/?token=xxxxx", 0}, // ErrSchemeMismatch
		{httpurl.Policy{}, "/p?q=1\x00&token=secret", "/p?q=xxxxx&token=xxxxx", 6},
		{httpurl.Policy{MaxTargetLength: 100}, "/p?token=secret&" + long, "/p?token=xxxxx&" + long[:256-len("/p?token=secret&")] + "...", 100},
	}
	for _, tc := range tests {
		_, err := tc.policy.ParseRequestTarget(tc.target, "example.com", "https")
		var e *httpurl.Error
		if !errors.As(err, &e) || e.Value != tc.want || e.Offset != tc.offset || strings.Contains(err.Error(), "secret") {
			t.Errorf("%.40q: %v, want Value %.60q at offset %d", tc.target, err, tc.want, tc.offset)
		}
	}
}
