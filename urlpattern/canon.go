package urlpattern

import (
	"errors"
	"strings"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
)

// The canonicalization callbacks run the URL parser with a state override
// through package api's setters on a dummy URL, as the standard's
// "canonicalize a ..." algorithms do. The setters leave the URL unchanged
// where the parser fails; a second dummy with a different value tells a
// failure from a value that canonicalizes to the first dummy's own.

// dummyInput is the dummy URL of create a dummy URL.
const dummyInput = "https://dummy.invalid/"

// errCanonicalize is the reason an encoding callback fails; the pattern
// parser wraps it in an *Error that locates it.
var errCanonicalize = errors.New("not a valid value for this URL component")

// createDummyURL is create a dummy URL (for a scheme other than https
// when asked, which only the port's default changes).
// https://urlpattern.spec.whatwg.org/#url-pattern-create-a-dummy-url
// https://url.spec.whatwg.org/#concept-basic-url-parser
func createDummyURL(input string) *api.URL {
	// 1. Let dummyInput be "https://dummy.invalid/".
	// 2. Return the result of running the basic URL parser on dummyInput.
	u, err := api.NewURL(input)
	if err != nil {
		panic("urlpattern: dummy URL " + input + " does not parse: " + err.Error())
	}
	return u
}

// canonicalizeProtocol is canonicalize a protocol.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol
// https://url.spec.whatwg.org/#concept-basic-url-parser
func canonicalizeProtocol(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2. Let parseResult be the result of running the basic URL parser given value followed by "://dummy.invalid/".
	parseResult, err := api.NewURL(value + "://dummy.invalid/")
	// 3. If parseResult is failure, then throw a TypeError.
	if err != nil {
		return "", errCanonicalize
	}
	// 4. Return parseResult's scheme.
	return strings.TrimSuffix(parseResult.Protocol(), ":"), nil
}

// canonicalizeUsername is canonicalize a username.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-username
// https://url.spec.whatwg.org/#set-the-username
func canonicalizeUsername(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2. Let dummyURL be the result of creating a dummy URL.
	dummyURL := createDummyURL(dummyInput)
	// 3. Set the username given dummyURL and value.
	dummyURL.SetUsername(value)
	// 4. Return dummyURL's username.
	return dummyURL.Username(), nil
}

// canonicalizePassword is canonicalize a password.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-password
// https://url.spec.whatwg.org/#set-the-password
func canonicalizePassword(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2. Let dummyURL be the result of creating a dummy URL.
	dummyURL := createDummyURL(dummyInput)
	// 3. Set the password given dummyURL and value.
	dummyURL.SetPassword(value)
	// 4. Return dummyURL's password.
	return dummyURL.Password(), nil
}

// canonicalizeHostname is canonicalize a hostname.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname
// https://url.spec.whatwg.org/#concept-basic-url-parser
// https://url.spec.whatwg.org/#hostname-state
func canonicalizeHostname(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2. Let dummyURL be the result of creating a dummy URL.
	dummyURL := createDummyURL(dummyInput)
	// 3. Let parseResult be the result of running the basic URL parser given value with dummyURL as url and hostname state as state override.
	dummyURL.SetHostname(value)
	// 4. If parseResult is failure, then throw a TypeError.
	if dummyURL.Hostname() == "dummy.invalid" {
		other := createDummyURL("https://other.invalid/")
		other.SetHostname(value)
		if other.Hostname() == "other.invalid" {
			return "", errCanonicalize
		}
	}
	// 5. Return dummyURL's host, serialized, or empty string if it is null.
	return dummyURL.Hostname(), nil
}

// canonicalizeIPv6Hostname is canonicalize an IPv6 hostname.
// https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname
func canonicalizeIPv6Hostname(value string) (string, error) {
	// 1. Let result be the empty string.
	var result strings.Builder
	// 2. For each code point in value interpreted as a list of code points:
	for _, c := range value {
		// 2.1. If all of the following are true: code point is not an ASCII hex digit; not U+005B ([); not U+005D (]); and not U+003A (:), then throw a TypeError.
		if !isASCIIHexDigit(c) && c != '[' && c != ']' && c != ':' {
			return "", errors.New("an IPv6 hostname may only contain hex digits, \"[\", \"]\" and \":\"")
		}
		// 2.2. Append the result of running ASCII lowercase given code point to the end of result.
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		result.WriteRune(c)
	}
	// 3. Return result.
	return result.String(), nil
}

// canonicalizePort is canonicalize a port; protocol is nil when no
// protocolValue is given.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-port
// https://url.spec.whatwg.org/#concept-basic-url-parser
// https://url.spec.whatwg.org/#port-state
func canonicalizePort(portValue string, protocolValue *string) (string, error) {
	// 1. If portValue is the empty string, return portValue.
	if portValue == "" {
		return portValue, nil
	}
	// 2. Let dummyURL be the result of creating a dummy URL.
	// 3. If protocolValue was given, then set dummyURL's scheme to protocolValue.
	// The scheme only decides the default port: a scheme without one is
	// stood in for by a non-special scheme, which has none either. Without
	// a protocolValue no port is a default one (the WPT data expects
	// "443*" to stay as it is), so the non-special scheme serves then too.
	scheme := "dummy"
	if protocolValue != nil && record.DefaultPort(*protocolValue) != record.NoPort {
		scheme = *protocolValue
	}
	dummyURL := createDummyURL(scheme + "://dummy.invalid/")
	// 4. Let parseResult be the result of running basic URL parser given portValue with dummyURL as url and port state as state override.
	dummyURL.SetPort(portValue)
	// 5. If parseResult is failure, then throw a TypeError.
	if dummyURL.Port() == "" {
		other := createDummyURL(scheme + "://dummy.invalid:1/")
		other.SetPort(portValue)
		if other.Port() == "1" {
			return "", errors.New("not a valid port")
		}
	}
	// 6. Return dummyURL's port, serialized, or empty string if it is null.
	return dummyURL.Port(), nil
}

// canonicalizePortPattern is canonicalize a port as an encoding callback,
// with no protocolValue.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-port
func canonicalizePortPattern(value string) (string, error) {
	return canonicalizePort(value, nil)
}

// canonicalizePathname is canonicalize a pathname.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname
// https://url.spec.whatwg.org/#concept-basic-url-parser
// https://url.spec.whatwg.org/#path-start-state
func canonicalizePathname(value string) (string, error) {
	// 1. If value is the empty string, then return value.
	if value == "" {
		return value, nil
	}
	// 2. Let leading slash be true if the first code point in value is U+002F (/) and otherwise false.
	leadingSlash := value[0] == '/'
	// 3. Let modified value be "/-" if leading slash is false and otherwise the empty string.
	modifiedValue := ""
	if !leadingSlash {
		modifiedValue = "/-"
	}
	// 4. Append value to the end of modified value.
	modifiedValue += value
	// 5. Let dummyURL be the result of creating a dummy URL.
	dummyURL := createDummyURL(dummyInput)
	// 6. Empty dummyURL's path.
	// 7. Run basic URL parser given modified value with dummyURL as url and path start state as state override.
	dummyURL.SetPathname(modifiedValue)
	// 8. Let result be the result of URL path serializing dummyURL.
	result := dummyURL.Pathname()
	// 9. If leading slash is false, then set result to the code point substring from 2 to the end of the string within result.
	// The serialization is ASCII, so code points are bytes. Where dot
	// segments pop the inserted "/-" with what follows it ("a/..", "./.."),
	// the path serializes to "/", shorter than the two code points to
	// strip; the substring from 2 to the end of that is taken as the
	// empty string, as a substring clamped to the string's end gives.
	if !leadingSlash {
		result = result[min(2, len(result)):]
	}
	// 10. Return result.
	return result, nil
}

// canonicalizeOpaquePathname is canonicalize an opaque pathname. The URL
// parser's opaque path state is run here on its own: the setters refuse a
// URL with an opaque path, and a whole parse would strip the spaces at
// the ends of value.
// https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname
// https://url.spec.whatwg.org/#concept-basic-url-parser
// https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
func canonicalizeOpaquePathname(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2. Let dummyURL be the result of creating a dummy URL.
	// 3. Set dummyURL's path to the empty string.
	var path []byte
	// 4. Let parseResult be the result of running URL parsing given value with dummyURL as url and opaque path state as state override.
	// The basic URL parser removes all ASCII tab or newline from input.
	input := strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, value)
	for i := 0; i < len(input); i++ {
		c := input[i]
		// Opaque path state 1-2: "?" and "#" end the path.
		if c == '?' || c == '#' {
			break
		}
		// Opaque path state 3: a space is "%20" before "?" or "#", else a space.
		if c == ' ' {
			if i+1 < len(input) && (input[i+1] == '?' || input[i+1] == '#') {
				path = append(path, "%20"...)
			} else {
				path = append(path, ' ')
			}
			continue
		}
		// Opaque path state 4.3: UTF-8 percent-encode c using the C0 control percent-encode set.
		if pct.C0ControlSet.Contains(c) {
			path = pct.AppendByte(path, c)
		} else {
			path = append(path, c)
		}
	}
	// 5. If parseResult is failure, then throw a TypeError.
	// 6. Return the result of URL path serializing dummyURL.
	return string(path), nil
}

// canonicalizeSearch is canonicalize a search.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-search
// https://url.spec.whatwg.org/#concept-basic-url-parser
// https://url.spec.whatwg.org/#query-state
func canonicalizeSearch(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2. Let dummyURL be the result of creating a dummy URL.
	dummyURL := createDummyURL(dummyInput)
	// 3. Set dummyURL's query to the empty string.
	// 4. Run basic URL parser given value with dummyURL as url and query state as state override.
	// The search setter removes one leading "?", so one is put there for it.
	dummyURL.SetSearch("?" + value)
	// 5. Return dummyURL's query.
	return strings.TrimPrefix(dummyURL.Search(), "?"), nil
}

// canonicalizeHash is canonicalize a hash.
// https://urlpattern.spec.whatwg.org/#canonicalize-a-hash
// https://url.spec.whatwg.org/#concept-basic-url-parser
// https://url.spec.whatwg.org/#fragment-state
func canonicalizeHash(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2. Let dummyURL be the result of creating a dummy URL.
	dummyURL := createDummyURL(dummyInput)
	// 3. Set dummyURL's fragment to the empty string.
	// 4. Run basic URL parser given value with dummyURL as url and fragment state as state override.
	// The hash setter removes one leading "#", so one is put there for it.
	dummyURL.SetHash("#" + value)
	// 5. Return dummyURL's fragment.
	return strings.TrimPrefix(dummyURL.Hash(), "#"), nil
}

func isASCIIHexDigit(c rune) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
