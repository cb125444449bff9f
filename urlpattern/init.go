package urlpattern

import (
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/record"
)

// Init is the standard's URLPatternInit dictionary: a pattern (or, given
// to Test and Exec, a URL) component by component. A nil member is one the
// dictionary does not contain, which is not the same as "": a pattern
// built from an Init matches any value of a missing component, and "" only
// the empty string. String makes a member from a string.
// https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit
type Init struct {
	Protocol *string
	Username *string
	Password *string
	Hostname *string
	Port     *string
	Pathname *string
	Search   *string
	Hash     *string
	BaseURL  *string
}

// String returns a pointer to a copy of s, for Init's members.
func String(s string) *string { return &s }

// initType is the type argument of process a URLPatternInit: whether the
// members are patterns or URL components.
type initType uint8

const (
	typePattern initType = iota
	typeURL
)

// processInit is process a URLPatternInit; the component arguments are
// nil for null.
// https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit
// https://url.spec.whatwg.org/#concept-basic-url-parser
func processInit(init Init, typ initType, protocol, username, password, hostname, port, pathname, search, hash *string) (Init, error) {
	// 1. Let result be the result of creating a new URLPatternInit.
	var result Init
	// 2-9. If protocol (username, ..., hash) is not null, set result[...] to it.
	result.Protocol, result.Username, result.Password, result.Hostname = protocol, username, password, hostname
	result.Port, result.Pathname, result.Search, result.Hash = port, pathname, search, hash
	// 10. Let baseURL be null.
	var baseURL *api.URL
	// 11. If init["baseURL"] exists:
	if init.BaseURL != nil {
		// 11.1. Set baseURL to the result of running the basic URL parser on init["baseURL"].
		u, err := api.NewURL(*init.BaseURL)
		// 11.2. If baseURL is failure, then throw a TypeError.
		if err != nil {
			return Init{}, newError(ErrInvalidURL, *init.BaseURL, -1, "the base URL does not parse")
		}
		baseURL = u
		// 11.3. If init["protocol"] does not exist, then set result["protocol"] to the result of processing a base URL string given baseURL's scheme and type.
		if init.Protocol == nil {
			result.Protocol = ptr(processBaseURLString(strings.TrimSuffix(baseURL.Protocol(), ":"), typ))
		}
		// 11.4. If type is not "pattern" and init contains none of "protocol", "hostname", "port" and "username", then set result["username"] to the result of processing a base URL string given baseURL's username and type.
		if typ != typePattern && init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Username == nil {
			result.Username = ptr(processBaseURLString(baseURL.Username(), typ))
		}
		// 11.5. If type is not "pattern" and init contains none of "protocol", "hostname", "port", "username" and "password", then set result["password"] to the result of processing a base URL string given baseURL's password and type.
		if typ != typePattern && init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Username == nil && init.Password == nil {
			result.Password = ptr(processBaseURLString(baseURL.Password(), typ))
		}
		// 11.6. If init contains neither "protocol" nor "hostname", then:
		if init.Protocol == nil && init.Hostname == nil {
			// 11.6.1. Let baseHost be the empty string.
			// 11.6.2. If baseURL's host is not null, then set baseHost to its serialization.
			baseHost := baseURL.Hostname()
			// 11.6.3. Set result["hostname"] to the result of processing a base URL string given baseHost and type.
			result.Hostname = ptr(processBaseURLString(baseHost, typ))
		}
		// 11.7. If init contains none of "protocol", "hostname", and "port", then:
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil {
			// 11.7.1. If baseURL's port is null, then set result["port"] to the empty string.
			// 11.7.2. Otherwise, set result["port"] to baseURL's port, serialized.
			result.Port = ptr(baseURL.Port())
		}
		// 11.8. If init contains none of "protocol", "hostname", "port", and "pathname", then set result["pathname"] to the result of processing a base URL string given the result of URL path serializing baseURL and type.
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Pathname == nil {
			result.Pathname = ptr(processBaseURLString(baseURL.Pathname(), typ))
		}
		// 11.9. If init contains none of "protocol", "hostname", "port", "pathname", and "search", then:
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Pathname == nil && init.Search == nil {
			// 11.9.1. Let baseQuery be baseURL's query.
			// 11.9.2. If baseQuery is null, then set baseQuery to the empty string.
			baseQuery, _ := baseURL.Span().Query()
			// 11.9.3. Set result["search"] to the result of processing a base URL string given baseQuery and type.
			result.Search = ptr(processBaseURLString(baseQuery, typ))
		}
		// 11.10. If init contains none of "protocol", "hostname", "port", "pathname", "search", and "hash", then:
		if init.Protocol == nil && init.Hostname == nil && init.Port == nil && init.Pathname == nil && init.Search == nil && init.Hash == nil {
			// 11.10.1. Let baseFragment be baseURL's fragment.
			// 11.10.2. If baseFragment is null, then set baseFragment to the empty string.
			baseFragment, _ := baseURL.Span().Fragment()
			// 11.10.3. Set result["hash"] to the result of processing a base URL string given baseFragment and type.
			result.Hash = ptr(processBaseURLString(baseFragment, typ))
		}
	}
	var err error
	// 12. If init["protocol"] exists, then set result["protocol"] to the result of process protocol for init given init["protocol"] and type.
	if init.Protocol != nil {
		if result.Protocol, err = processProtocolForInit(*init.Protocol, typ); err != nil {
			return Init{}, err
		}
	}
	// 13. If init["username"] exists, then set result["username"] to the result of process username for init given init["username"] and type.
	if init.Username != nil {
		result.Username = processUsernameForInit(*init.Username, typ)
	}
	// 14. If init["password"] exists, then set result["password"] to the result of process password for init given init["password"] and type.
	if init.Password != nil {
		result.Password = processPasswordForInit(*init.Password, typ)
	}
	// 15. If init["hostname"] exists, then set result["hostname"] to the result of process hostname for init given init["hostname"] and type.
	if init.Hostname != nil {
		if result.Hostname, err = processHostnameForInit(*init.Hostname, typ); err != nil {
			return Init{}, err
		}
	}
	// 16. Let resultProtocolString be result["protocol"] if it exists; otherwise the empty string.
	resultProtocolString := ""
	if result.Protocol != nil {
		resultProtocolString = *result.Protocol
	}
	// 17. If init["port"] exists, then set result["port"] to the result of process port for init given init["port"], resultProtocolString, and type.
	if init.Port != nil {
		if result.Port, err = processPortForInit(*init.Port, resultProtocolString, typ); err != nil {
			return Init{}, err
		}
	}
	// 18. If init["pathname"] exists:
	if init.Pathname != nil {
		// 18.1. Set result["pathname"] to init["pathname"].
		pathname := *init.Pathname
		// 18.2. If the following are all true: baseURL is not null; baseURL does not have an opaque path; and the result of running is an absolute pathname given result["pathname"] and type is false, then:
		if baseURL != nil && !baseURL.Span().HasOpaquePath() && !isAbsolutePathname(pathname, typ) {
			// 18.2.1. Let baseURLPath be the result of running process a base URL string given the result of URL path serializing baseURL and type.
			baseURLPath := processBaseURLString(baseURL.Pathname(), typ)
			// 18.2.2. Let slash index be the index of the last U+002F (/) code point found in baseURLPath, interpreted as a sequence of code points, or null if there are no instances of the code point.
			slashIndex := strings.LastIndexByte(baseURLPath, '/')
			// 18.2.3. If slash index is not null:
			if slashIndex >= 0 {
				// 18.2.3.1. Let new pathname be the code point substring by positions from 0 to slash index + 1 within baseURLPath.
				// 18.2.3.2. Append result["pathname"] to the end of new pathname.
				// 18.2.3.3. Set result["pathname"] to new pathname.
				pathname = baseURLPath[:slashIndex+1] + pathname
			}
		}
		// 18.3. Set result["pathname"] to the result of process pathname for init given result["pathname"], resultProtocolString, and type.
		p, err := processPathnameForInit(pathname, resultProtocolString, typ)
		if err != nil {
			return Init{}, err
		}
		result.Pathname = p
	}
	// 19. If init["search"] exists then set result["search"] to the result of process search for init given init["search"] and type.
	if init.Search != nil {
		result.Search = processSearchForInit(*init.Search, typ)
	}
	// 20. If init["hash"] exists then set result["hash"] to the result of process hash for init given init["hash"] and type.
	if init.Hash != nil {
		result.Hash = processHashForInit(*init.Hash, typ)
	}
	// 21. Return result.
	return result, nil
}

// processBaseURLString is process a base URL string.
// https://urlpattern.spec.whatwg.org/#process-a-base-url-string
func processBaseURLString(input string, typ initType) string {
	// 1. Assert: input is not null.
	// 2. If type is not "pattern" return input.
	if typ != typePattern {
		return input
	}
	// 3. Return the result of escaping a pattern string given input.
	return escapePatternString(input)
}

// isAbsolutePathname is is an absolute pathname.
// https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname
func isAbsolutePathname(input string, typ initType) bool {
	// 1. If input is the empty string, then return false.
	if input == "" {
		return false
	}
	// 2. If input[0] is U+002F (/), then return true.
	if input[0] == '/' {
		return true
	}
	// 3. If type is "url", then return false.
	if typ == typeURL {
		return false
	}
	// 4. If input's code point length is less than 2, then return false.
	if len(input) < 2 {
		return false
	}
	// 5. If input[0] is U+005C (\) and input[1] is U+002F (/), then return true.
	// 6. If input[0] is U+007B ({) and input[1] is U+002F (/), then return true.
	// 7. Return false.
	return (input[0] == '\\' || input[0] == '{') && input[1] == '/'
}

// processProtocolForInit is process protocol for init.
// https://urlpattern.spec.whatwg.org/#process-protocol-for-init
func processProtocolForInit(value string, typ initType) (*string, error) {
	// 1. Let strippedValue be the given value with a single trailing U+003A (:) removed, if any.
	strippedValue := strings.TrimSuffix(value, ":")
	// 2. If type is "pattern" then return strippedValue.
	if typ == typePattern {
		return &strippedValue, nil
	}
	// 3. Return the result of running canonicalize a protocol given strippedValue.
	s, err := canonicalizeProtocol(strippedValue)
	if err != nil {
		return nil, newError(ErrInvalidURL, value, -1, "not a valid protocol")
	}
	return &s, nil
}

// processUsernameForInit is process username for init.
// https://urlpattern.spec.whatwg.org/#process-username-for-init
func processUsernameForInit(value string, typ initType) *string {
	// 1. If type is "pattern" then return value.
	if typ == typePattern {
		return &value
	}
	// 2. Return the result of running canonicalize a username given value.
	s, _ := canonicalizeUsername(value)
	return &s
}

// processPasswordForInit is process password for init.
// https://urlpattern.spec.whatwg.org/#process-password-for-init
func processPasswordForInit(value string, typ initType) *string {
	// 1. If type is "pattern" then return value.
	if typ == typePattern {
		return &value
	}
	// 2. Return the result of running canonicalize a password given value.
	s, _ := canonicalizePassword(value)
	return &s
}

// processHostnameForInit is process hostname for init.
// https://urlpattern.spec.whatwg.org/#process-hostname-for-init
func processHostnameForInit(value string, typ initType) (*string, error) {
	// 1. If type is "pattern" then return value.
	if typ == typePattern {
		return &value, nil
	}
	// 2. Return the result of running canonicalize a hostname given value.
	s, err := canonicalizeHostname(value)
	if err != nil {
		return nil, newError(ErrInvalidURL, value, -1, "not a valid hostname")
	}
	return &s, nil
}

// processPortForInit is process port for init.
// https://urlpattern.spec.whatwg.org/#process-port-for-init
func processPortForInit(portValue, protocolValue string, typ initType) (*string, error) {
	// 1. If type is "pattern" then return portValue.
	if typ == typePattern {
		return &portValue, nil
	}
	// 2. Return the result of running canonicalize a port given portValue and protocolValue.
	s, err := canonicalizePort(portValue, &protocolValue)
	if err != nil {
		return nil, newError(ErrInvalidURL, portValue, -1, "not a valid port")
	}
	return &s, nil
}

// processPathnameForInit is process pathname for init.
// https://urlpattern.spec.whatwg.org/#process-pathname-for-init
func processPathnameForInit(pathnameValue, protocolValue string, typ initType) (*string, error) {
	// 1. If type is "pattern" then return pathnameValue.
	if typ == typePattern {
		return &pathnameValue, nil
	}
	var s string
	var err error
	if record.IsSpecialScheme(protocolValue) || protocolValue == "" {
		// 2. If protocolValue is a special scheme or the empty string, then return the result of running canonicalize a pathname given pathnameValue.
		s, err = canonicalizePathname(pathnameValue)
	} else {
		// 3. Return the result of running canonicalize an opaque pathname given pathnameValue.
		s, err = canonicalizeOpaquePathname(pathnameValue)
	}
	if err != nil {
		return nil, newError(ErrInvalidURL, pathnameValue, -1, "not a valid pathname")
	}
	return &s, nil
}

// processSearchForInit is process search for init.
// https://urlpattern.spec.whatwg.org/#process-search-for-init
func processSearchForInit(value string, typ initType) *string {
	// 1. Let strippedValue be the given value with a single leading U+003F (?) removed, if any.
	strippedValue := strings.TrimPrefix(value, "?")
	// 2. If type is "pattern" then return strippedValue.
	if typ == typePattern {
		return &strippedValue
	}
	// 3. Return the result of running canonicalize a search given strippedValue.
	s, _ := canonicalizeSearch(strippedValue)
	return &s
}

// processHashForInit is process hash for init.
// https://urlpattern.spec.whatwg.org/#process-hash-for-init
func processHashForInit(value string, typ initType) *string {
	// 1. Let strippedValue be the given value with a single leading U+0023 (#) removed, if any.
	strippedValue := strings.TrimPrefix(value, "#")
	// 2. If type is "pattern" then return strippedValue.
	if typ == typePattern {
		return &strippedValue
	}
	// 3. Return the result of running canonicalize a hash given strippedValue.
	s, _ := canonicalizeHash(strippedValue)
	return &s
}

// isDefaultPort reports whether port is protocol's default port written in
// decimal (a special scheme's only).
// https://url.spec.whatwg.org/#default-port
func isDefaultPort(protocol, port string) bool {
	d := record.DefaultPort(protocol)
	return d != record.NoPort && port == strconv.Itoa(d)
}
