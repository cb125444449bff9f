package urlpattern

// Options are the constructor's URLPatternOptions.
// https://urlpattern.spec.whatwg.org/#dictdef-urlpatternoptions
type Options struct {
	// IgnoreCase makes the pathname, search and hash match without regard
	// to case.
	IgnoreCase bool
}

// Pattern is a compiled URL pattern: the standard's URLPattern class with
// its associated URL pattern. It is safe for concurrent use.
// https://urlpattern.spec.whatwg.org/#urlpattern-class
type Pattern struct {
	protocol, username, password, hostname, port, pathname, search, hash *component
	// ngroups is the number of groups of all components together.
	ngroups int
}

// New is new URLPattern(input, baseURL): it compiles a constructor string
// such as "https://*.example.com/books/:id", relative to baseURL when one
// is given (at most one).
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-urlpattern
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-urlpattern-input-options
// https://urlpattern.spec.whatwg.org/#urlpattern-initialize
func New(input string, baseURL ...string) (*Pattern, error) {
	return NewWithOptions(input, Options{}, baseURL...)
}

// NewWithOptions is New with options (new URLPattern(input, baseURL,
// options)).
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-urlpattern
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-urlpattern-input-options
// https://urlpattern.spec.whatwg.org/#urlpattern-initialize
func NewWithOptions(input string, opts Options, baseURL ...string) (*Pattern, error) {
	if len(baseURL) > 1 {
		return nil, newError(ErrInvalidInput, "", -1, "more than one base URL")
	}
	var base *string
	if len(baseURL) == 1 {
		base = &baseURL[0]
	}
	return create(input, nil, base, opts)
}

// NewFromInit is new URLPattern(init, options): it compiles a pattern
// given component by component. Missing components match anything unless
// init.BaseURL supplies them.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-urlpattern-input-options
// https://urlpattern.spec.whatwg.org/#urlpattern-initialize
func NewFromInit(init Init, opts Options) (*Pattern, error) {
	return create("", &init, nil, opts)
}

// MustNew is New for patterns known to be valid: it panics on an error.
func MustNew(input string, baseURL ...string) *Pattern {
	p, err := New(input, baseURL...)
	if err != nil {
		panic(err)
	}
	return p
}

// NewPathname compiles the pattern of a route, pathname alone: it is
// NewFromInit(Init{Pathname: &pathname}, opts), new URLPattern({pathname}),
// which matches any scheme, host, port, query and fragment. A router's
// "/books/:id" is such a pattern; New("/books/:id") fails without a base
// URL, since the constructor string reads a relative URL.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-urlpattern-input-options
func NewPathname(pathname string, opts Options) (*Pattern, error) {
	return NewFromInit(Init{Pathname: &pathname}, opts)
}

// MustNewPathname is NewPathname for patterns known to be valid, without
// options: it panics on an error.
func MustNewPathname(pathname string) *Pattern {
	p, err := NewPathname(pathname, Options{})
	if err != nil {
		panic(err)
	}
	return p
}

// create is create a URL pattern; input is the constructor string when
// initInput is nil.
// https://urlpattern.spec.whatwg.org/#url-pattern-create
func create(input string, initInput *Init, baseURL *string, opts Options) (*Pattern, error) {
	// 1. Let init be null.
	var init Init
	if initInput == nil {
		// 2. If input is a scalar value string then:
		// 2.1. Set init to the result of running parse a constructor string given input.
		var err error
		if init, err = parseConstructorString(input); err != nil {
			return nil, err
		}
		// 2.2. If baseURL is null and init["protocol"] does not exist, then throw a TypeError.
		if baseURL == nil && init.Protocol == nil {
			return nil, newError(ErrInvalidInput, input, -1, "a relative pattern needs a base URL")
		}
		// 2.3. If baseURL is not null, set init["baseURL"] to baseURL.
		if baseURL != nil {
			init.BaseURL = baseURL
		}
	} else {
		// 3. Otherwise:
		// 3.1. Assert: input is a URLPatternInit.
		// 3.2. If baseURL is not null, then throw a TypeError.
		if baseURL != nil {
			return nil, newError(ErrInvalidInput, "", -1, "a base URL goes in the Init, not beside it")
		}
		// 3.3. Set init to input.
		init = *initInput
	}
	// 4. Let processedInit be the result of process a URLPatternInit given init, "pattern", null, null, null, null, null, null, null, and null.
	processedInit, err := processInit(init, typePattern, nil, nil, nil, nil, nil, nil, nil, nil)
	if err != nil {
		return nil, err
	}
	// 5. For each componentName of « "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash" »:
	for _, f := range []**string{&processedInit.Protocol, &processedInit.Username, &processedInit.Password, &processedInit.Hostname,
		&processedInit.Port, &processedInit.Pathname, &processedInit.Search, &processedInit.Hash} {
		// 5.1. If processedInit[componentName] does not exist, then set processedInit[componentName] to "*".
		if *f == nil {
			*f = ptr("*")
		}
	}
	// 6. If processedInit["protocol"] is a special scheme and processedInit["port"] is a string which represents its corresponding default port in radix-10 using ASCII digits then set processedInit["port"] to the empty string.
	if isDefaultPort(*processedInit.Protocol, *processedInit.Port) {
		processedInit.Port = ptr("")
	}
	// 7. Let urlPattern be a new URL pattern.
	p := new(Pattern)
	// 8. Set urlPattern's protocol component to the result of compiling a component given processedInit["protocol"], canonicalize a protocol, and default options.
	if p.protocol, err = compileComponent(*processedInit.Protocol, canonicalizeProtocol, defaultOptions); err != nil {
		return nil, inComponent(err, "protocol")
	}
	// 9. Set urlPattern's username component to the result of compiling a component given processedInit["username"], canonicalize a username, and default options.
	if p.username, err = compileComponent(*processedInit.Username, canonicalizeUsername, defaultOptions); err != nil {
		return nil, inComponent(err, "username")
	}
	// 10. Set urlPattern's password component to the result of compiling a component given processedInit["password"], canonicalize a password, and default options.
	if p.password, err = compileComponent(*processedInit.Password, canonicalizePassword, defaultOptions); err != nil {
		return nil, inComponent(err, "password")
	}
	if hostnamePatternIsIPv6Address(*processedInit.Hostname) {
		// 11. If the result running hostname pattern is an IPv6 address given processedInit["hostname"] is true, then set urlPattern's hostname component to the result of compiling a component given processedInit["hostname"], canonicalize an IPv6 hostname, and hostname options.
		p.hostname, err = compileComponent(*processedInit.Hostname, canonicalizeIPv6Hostname, hostnameOptions)
	} else {
		// 12. Otherwise, set urlPattern's hostname component to the result of compiling a component given processedInit["hostname"], canonicalize a hostname, and hostname options.
		p.hostname, err = compileComponent(*processedInit.Hostname, canonicalizeHostname, hostnameOptions)
	}
	if err != nil {
		return nil, inComponent(err, "hostname")
	}
	// 13. Set urlPattern's port component to the result of compiling a component given processedInit["port"], canonicalize a port, and default options.
	if p.port, err = compileComponent(*processedInit.Port, canonicalizePortPattern, defaultOptions); err != nil {
		return nil, inComponent(err, "port")
	}
	// 14. Let compileOptions be a copy of the default options with the ignore case property set to options["ignoreCase"].
	compileOptions := defaultOptions
	compileOptions.ignoreCase = opts.IgnoreCase
	if p.protocol.matchesSpecialScheme() {
		// 15. If the result of running protocol component matches a special scheme given urlPattern's protocol component is true, then:
		// 15.1. Let pathCompileOptions be copy of the pathname options with the ignore case property set to options["ignoreCase"].
		pathCompileOptions := pathnameOptions
		pathCompileOptions.ignoreCase = opts.IgnoreCase
		// 15.2. Set urlPattern's pathname component to the result of compiling a component given processedInit["pathname"], canonicalize a pathname, and pathCompileOptions.
		p.pathname, err = compileComponent(*processedInit.Pathname, canonicalizePathname, pathCompileOptions)
	} else {
		// 16. Otherwise set urlPattern's pathname component to the result of compiling a component given processedInit["pathname"], canonicalize an opaque pathname, and compileOptions.
		p.pathname, err = compileComponent(*processedInit.Pathname, canonicalizeOpaquePathname, compileOptions)
	}
	if err != nil {
		return nil, inComponent(err, "pathname")
	}
	// 17. Set urlPattern's search component to the result of compiling a component given processedInit["search"], canonicalize a search, and compileOptions.
	if p.search, err = compileComponent(*processedInit.Search, canonicalizeSearch, compileOptions); err != nil {
		return nil, inComponent(err, "search")
	}
	// 18. Set urlPattern's hash component to the result of compiling a component given processedInit["hash"], canonicalize a hash, and compileOptions.
	if p.hash, err = compileComponent(*processedInit.Hash, canonicalizeHash, compileOptions); err != nil {
		return nil, inComponent(err, "hash")
	}
	for _, c := range p.components() {
		p.ngroups += len(c.nameList)
	}
	// 19. Return urlPattern.
	return p, nil
}

// hostnamePatternIsIPv6Address is hostname pattern is an IPv6 address.
// https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address
func hostnamePatternIsIPv6Address(input string) bool {
	// 1. If input's code point length is less than 2, then return false.
	if len(input) < 2 {
		return false
	}
	// 2. Let input code points be input interpreted as a list of code points.
	// 3. If input code points[0] is U+005B ([), then return true.
	// 4. If input code points[0] is U+007B ({) and input code points[1] is U+005B ([), then return true.
	// 5. If input code points[0] is U+005C (\) and input code points[1] is U+005B ([), then return true.
	// 6. Return false.
	return input[0] == '[' || (input[0] == '{' || input[0] == '\\') && input[1] == '['
}

// components returns the eight components in the standard's order.
func (p *Pattern) components() [8]*component {
	return [8]*component{p.protocol, p.username, p.password, p.hostname, p.port, p.pathname, p.search, p.hash}
}

// Protocol returns the protocol component's pattern string.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-protocol
func (p *Pattern) Protocol() string { return p.protocol.patternString }

// Username returns the username component's pattern string.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-username
func (p *Pattern) Username() string { return p.username.patternString }

// Password returns the password component's pattern string.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-password
func (p *Pattern) Password() string { return p.password.patternString }

// Hostname returns the hostname component's pattern string.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-hostname
func (p *Pattern) Hostname() string { return p.hostname.patternString }

// Port returns the port component's pattern string.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-port
func (p *Pattern) Port() string { return p.port.patternString }

// Pathname returns the pathname component's pattern string.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-pathname
func (p *Pattern) Pathname() string { return p.pathname.patternString }

// Search returns the search component's pattern string.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-search
func (p *Pattern) Search() string { return p.search.patternString }

// Hash returns the hash component's pattern string.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-hash
func (p *Pattern) Hash() string { return p.hash.patternString }

// HasRegExpGroups reports whether any component has a regexp group (the
// standard's has regexp groups).
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-hasregexpgroups
// https://urlpattern.spec.whatwg.org/#url-pattern-has-regexp-groups
func (p *Pattern) HasRegExpGroups() bool {
	// 1-8. If any component's has regexp groups is true, then return true.
	for _, c := range p.components() {
		if c.hasRegexpGroups {
			return true
		}
	}
	// 9. Return false.
	return false
}
