package urlpattern

// csState is a constructor string parser state.
// https://urlpattern.spec.whatwg.org/#constructor-string-parser-state
type csState uint8

const (
	stateInit csState = iota
	stateProtocol
	stateAuthority
	stateUsername
	statePassword
	stateHostname
	statePort
	statePathname
	stateSearch
	stateHash
	stateDone
)

// constructorStringParser is the constructor string parser struct.
// https://urlpattern.spec.whatwg.org/#constructor-string-parser
type constructorStringParser struct {
	input                            []rune
	tokenList                        []token
	result                           Init
	componentStart                   int
	tokenIndex                       int
	tokenIncrement                   int
	groupDepth                       int
	hostnameIPv6BracketDepth         int
	protocolMatchesSpecialSchemeFlag bool
	state                            csState
}

// parseConstructorString is parse a constructor string.
// https://urlpattern.spec.whatwg.org/#parse-a-constructor-string
func parseConstructorString(input string) (Init, error) {
	// 1. Let parser be a new constructor string parser whose input is input and token list is the result of running tokenize given input and "lenient".
	tokens, err := tokenize(input, policyLenient)
	if err != nil {
		return Init{}, err
	}
	p := &constructorStringParser{input: []rune(input), tokenList: tokens, tokenIncrement: 1}
	// 2. While parser's token index is less than parser's token list size:
	for p.tokenIndex < len(p.tokenList) {
		// 2.1. Set parser's token increment to 1.
		p.tokenIncrement = 1
		// 2.2. If parser's token list[parser's token index]'s type is "end" then:
		if p.tokenList[p.tokenIndex].typ == tokEnd {
			// 2.2.1. If parser's state is "init":
			if p.state == stateInit {
				// 2.2.1.1. Run rewind given parser.
				p.rewind()
				if p.isHashPrefix() {
					// 2.2.1.2. If the result of running is a hash prefix given parser is true, then run change state given parser, "hash" and 1.
					p.changeState(stateHash, 1)
				} else if p.isSearchPrefix() {
					// 2.2.1.3. Otherwise if the result of running is a search prefix given parser is true:
					// 2.2.1.3.1. Run change state given parser, "search" and 1.
					p.changeState(stateSearch, 1)
				} else {
					// 2.2.1.4. Otherwise:
					// 2.2.1.4.1. Run change state given parser, "pathname" and 0.
					p.changeState(statePathname, 0)
				}
				// 2.2.1.5. Increment parser's token index by parser's token increment.
				p.tokenIndex += p.tokenIncrement
				// 2.2.1.6. Continue.
				continue
			}
			// 2.2.2. If parser's state is "authority":
			if p.state == stateAuthority {
				// 2.2.2.1. Run rewind and set state given parser, and "hostname".
				p.rewindAndSetState(stateHostname)
				// 2.2.2.2. Increment parser's token index by parser's token increment.
				p.tokenIndex += p.tokenIncrement
				// 2.2.2.3. Continue.
				continue
			}
			// 2.2.3. Run change state given parser, "done" and 0.
			p.changeState(stateDone, 0)
			// 2.2.4. Break.
			break
		}
		// 2.3. If the result of running is a group open given parser is true:
		if p.isGroupOpen() {
			// 2.3.1. Increment parser's group depth by 1.
			p.groupDepth++
			// 2.3.2. Increment parser's token index by parser's token increment.
			p.tokenIndex += p.tokenIncrement
			// 2.3.3. Continue.
			continue
		}
		// 2.4. If parser's group depth is greater than 0:
		if p.groupDepth > 0 {
			if p.isGroupClose() {
				// 2.4.1. If the result of running is a group close given parser is true, then decrement parser's group depth by 1.
				p.groupDepth--
			} else {
				// 2.4.2. Otherwise:
				// 2.4.2.1. Increment parser's token index by parser's token increment.
				p.tokenIndex += p.tokenIncrement
				// 2.4.2.2. Continue.
				continue
			}
		}
		// 2.5. Switch on parser's state and run the associated steps:
		switch p.state {
		case stateInit:
			// 1. If the result of running is a protocol suffix given parser is true:
			if p.isProtocolSuffix() {
				// 1.1. Run rewind and set state given parser and "protocol".
				p.rewindAndSetState(stateProtocol)
			}
		case stateProtocol:
			// 1. If the result of running is a protocol suffix given parser is true:
			if p.isProtocolSuffix() {
				// 1.1. Run compute protocol matches a special scheme flag given parser.
				if err := p.computeProtocolMatchesSpecialSchemeFlag(); err != nil {
					return Init{}, err
				}
				// 1.2. Let next state be "pathname".
				nextState := statePathname
				// 1.3. Let skip be 1.
				skip := 1
				if p.nextIsAuthoritySlashes() {
					// 1.4. If the result of running next is authority slashes given parser is true:
					// 1.4.1. Set next state to "authority".
					nextState = stateAuthority
					// 1.4.2. Set skip to 3.
					skip = 3
				} else if p.protocolMatchesSpecialSchemeFlag {
					// 1.5. Otherwise if parser's protocol matches a special scheme flag is true, then set next state to "authority".
					nextState = stateAuthority
				}
				// 1.6. Run change state given parser, next state, and skip.
				p.changeState(nextState, skip)
			}
		case stateAuthority:
			if p.isIdentityTerminator() {
				// 1. If the result of running is an identity terminator given parser is true, then run rewind and set state given parser and "username".
				p.rewindAndSetState(stateUsername)
			} else if p.isPathnameStart() || p.isSearchPrefix() || p.isHashPrefix() {
				// 2. Otherwise if any of the following are true: is a pathname start; is a search prefix; or is a hash prefix, then run rewind and set state given parser and "hostname".
				p.rewindAndSetState(stateHostname)
			}
		case stateUsername:
			if p.isPasswordPrefix() {
				// 1. If the result of running is a password prefix given parser is true, then run change state given parser, "password", and 1.
				p.changeState(statePassword, 1)
			} else if p.isIdentityTerminator() {
				// 2. Otherwise if the result of running is an identity terminator given parser is true, then run change state given parser, "hostname", and 1.
				p.changeState(stateHostname, 1)
			}
		case statePassword:
			// 1. If the result of running is an identity terminator given parser is true, then run change state given parser, "hostname", and 1.
			if p.isIdentityTerminator() {
				p.changeState(stateHostname, 1)
			}
		case stateHostname:
			switch {
			// 1. If the result of running is an IPv6 open given parser is true, then increment parser's hostname IPv6 bracket depth by 1.
			case p.isIPv6Open():
				p.hostnameIPv6BracketDepth++
			// 2. Otherwise if the result of running is an IPv6 close given parser is true, then decrement parser's hostname IPv6 bracket depth by 1.
			case p.isIPv6Close():
				p.hostnameIPv6BracketDepth--
			// 3. Otherwise if the result of running is a port prefix given parser is true and parser's hostname IPv6 bracket depth is zero, then run change state given parser, "port", and 1.
			case p.isPortPrefix() && p.hostnameIPv6BracketDepth == 0:
				p.changeState(statePort, 1)
			// 4. Otherwise if the result of running is a pathname start given parser is true, then run change state given parser, "pathname", and 0.
			case p.isPathnameStart():
				p.changeState(statePathname, 0)
			// 5. Otherwise if the result of running is a search prefix given parser is true, then run change state given parser, "search", and 1.
			case p.isSearchPrefix():
				p.changeState(stateSearch, 1)
			// 6. Otherwise if the result of running is a hash prefix given parser is true, then run change state given parser, "hash", and 1.
			case p.isHashPrefix():
				p.changeState(stateHash, 1)
			}
		case statePort:
			switch {
			// 1. If the result of running is a pathname start given parser is true, then run change state given parser, "pathname", and 0.
			case p.isPathnameStart():
				p.changeState(statePathname, 0)
			// 2. Otherwise if the result of running is a search prefix given parser is true, then run change state given parser, "search", and 1.
			case p.isSearchPrefix():
				p.changeState(stateSearch, 1)
			// 3. Otherwise if the result of running is a hash prefix given parser is true, then run change state given parser, "hash", and 1.
			case p.isHashPrefix():
				p.changeState(stateHash, 1)
			}
		case statePathname:
			if p.isSearchPrefix() {
				// 1. If the result of running is a search prefix given parser is true, then run change state given parser, "search", and 1.
				p.changeState(stateSearch, 1)
			} else if p.isHashPrefix() {
				// 2. Otherwise if the result of running is a hash prefix given parser is true, then run change state given parser, "hash", and 1.
				p.changeState(stateHash, 1)
			}
		case stateSearch:
			// 1. If the result of running is a hash prefix given parser is true, then run change state given parser, "hash", and 1.
			if p.isHashPrefix() {
				p.changeState(stateHash, 1)
			}
		case stateHash:
			// 1. Do nothing.
		case stateDone:
			// 1. Assert: This step is never reached.
		}
		// 2.6. Increment parser's token index by parser's token increment.
		p.tokenIndex += p.tokenIncrement
	}
	// 3. If parser's result contains "hostname" and not "port", then set parser's result["port"] to the empty string.
	if p.result.Hostname != nil && p.result.Port == nil {
		p.result.Port = ptr("")
	}
	// 4. Return parser's result.
	return p.result, nil
}

// field returns the result's member for a component state.
func (p *constructorStringParser) field(s csState) **string {
	switch s {
	case stateProtocol:
		return &p.result.Protocol
	case stateUsername:
		return &p.result.Username
	case statePassword:
		return &p.result.Password
	case stateHostname:
		return &p.result.Hostname
	case statePort:
		return &p.result.Port
	case statePathname:
		return &p.result.Pathname
	case stateSearch:
		return &p.result.Search
	case stateHash:
		return &p.result.Hash
	}
	return nil
}

// changeState is change state.
// https://urlpattern.spec.whatwg.org/#change-state
func (p *constructorStringParser) changeState(newState csState, skip int) {
	// 1. If parser's state is not "init", not "authority", and not "done", then set parser's result[parser's state] to the result of running make a component string given parser.
	if p.state != stateInit && p.state != stateAuthority && p.state != stateDone {
		*p.field(p.state) = ptr(p.makeComponentString())
	}
	// 2. If parser's state is not "init" and new state is not "done", then:
	if p.state != stateInit && newState != stateDone {
		s := p.state
		// 2.1. If parser's state is "protocol", "authority", "username", or "password"; new state is "port", "pathname", "search", or "hash"; and parser's result["hostname"] does not exist, then set parser's result["hostname"] to the empty string.
		if (s == stateProtocol || s == stateAuthority || s == stateUsername || s == statePassword) &&
			(newState == statePort || newState == statePathname || newState == stateSearch || newState == stateHash) &&
			p.result.Hostname == nil {
			p.result.Hostname = ptr("")
		}
		// 2.2. If parser's state is "protocol", "authority", "username", "password", "hostname", or "port"; new state is "search" or "hash"; and parser's result["pathname"] does not exist, then:
		if (s == stateProtocol || s == stateAuthority || s == stateUsername || s == statePassword || s == stateHostname || s == statePort) &&
			(newState == stateSearch || newState == stateHash) && p.result.Pathname == nil {
			if p.protocolMatchesSpecialSchemeFlag {
				// 2.2.1. If parser's protocol matches a special scheme flag is true, then set parser's result["pathname"] to "/".
				p.result.Pathname = ptr("/")
			} else {
				// 2.2.2. Otherwise, set parser's result["pathname"] to the empty string.
				p.result.Pathname = ptr("")
			}
		}
		// 2.3. If parser's state is "protocol", "authority", "username", "password", "hostname", "port", or "pathname"; new state is "hash"; and parser's result["search"] does not exist, then set parser's result["search"] to the empty string.
		if (s == stateProtocol || s == stateAuthority || s == stateUsername || s == statePassword || s == stateHostname || s == statePort || s == statePathname) &&
			newState == stateHash && p.result.Search == nil {
			p.result.Search = ptr("")
		}
	}
	// 3. Set parser's state to new state.
	p.state = newState
	// 4. Increment parser's token index by skip.
	p.tokenIndex += skip
	// 5. Set parser's component start to parser's token index.
	p.componentStart = p.tokenIndex
	// 6. Set parser's token increment to 0.
	p.tokenIncrement = 0
}

// rewind is rewind.
// https://urlpattern.spec.whatwg.org/#rewind
func (p *constructorStringParser) rewind() {
	// 1. Set parser's token index to parser's component start.
	p.tokenIndex = p.componentStart
	// 2. Set parser's token increment to 0.
	p.tokenIncrement = 0
}

// rewindAndSetState is rewind and set state.
// https://urlpattern.spec.whatwg.org/#rewind-and-set-state
func (p *constructorStringParser) rewindAndSetState(state csState) {
	// 1. Run rewind given parser.
	p.rewind()
	// 2. Set parser's state to state.
	p.state = state
}

// getSafeToken is get a safe token.
// https://urlpattern.spec.whatwg.org/#get-a-safe-token
func (p *constructorStringParser) getSafeToken(index int) token {
	// 1. If index is less than parser's token list's size, then return parser's token list[index].
	if index < len(p.tokenList) {
		return p.tokenList[index]
	}
	// 2. Assert: parser's token list's size is greater than or equal to 1.
	// 3. Let last index be parser's token list's size − 1.
	lastIndex := len(p.tokenList) - 1
	// 4. Let token be parser's token list[last index].
	// 5. Assert: token's type is "end".
	// 6. Return token.
	return p.tokenList[lastIndex]
}

// isNonSpecialPatternChar is is a non-special pattern char.
// https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char
func (p *constructorStringParser) isNonSpecialPatternChar(index int, value string) bool {
	// 1. Let token be the result of running get a safe token given parser and index.
	tok := p.getSafeToken(index)
	// 2. If token's value is not value, then return false.
	if tok.value != value {
		return false
	}
	// 3. If any of the following are true: token's type is "char"; "escaped-char"; or "invalid-char", then return true.
	// 4. Return false.
	return tok.typ == tokChar || tok.typ == tokEscapedChar || tok.typ == tokInvalidChar
}

// isProtocolSuffix is is a protocol suffix.
// https://urlpattern.spec.whatwg.org/#is-a-protocol-suffix
func (p *constructorStringParser) isProtocolSuffix() bool {
	// 1. Return the result of running is a non-special pattern char given parser, parser's token index, and ":".
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

// nextIsAuthoritySlashes is next is authority slashes.
// https://urlpattern.spec.whatwg.org/#next-is-authority-slashes
func (p *constructorStringParser) nextIsAuthoritySlashes() bool {
	// 1. If the result of running is a non-special pattern char given parser, parser's token index + 1, and "/" is false, then return false.
	if !p.isNonSpecialPatternChar(p.tokenIndex+1, "/") {
		return false
	}
	// 2. If the result of running is a non-special pattern char given parser, parser's token index + 2, and "/" is false, then return false.
	if !p.isNonSpecialPatternChar(p.tokenIndex+2, "/") {
		return false
	}
	// 3. Return true.
	return true
}

// isIdentityTerminator is is an identity terminator.
// https://urlpattern.spec.whatwg.org/#is-an-identity-terminator
func (p *constructorStringParser) isIdentityTerminator() bool {
	// 1. Return the result of running is a non-special pattern char given parser, parser's token index, and "@".
	return p.isNonSpecialPatternChar(p.tokenIndex, "@")
}

// isPasswordPrefix is is a password prefix.
// https://urlpattern.spec.whatwg.org/#is-a-password-prefix
func (p *constructorStringParser) isPasswordPrefix() bool {
	// 1. Return the result of running is a non-special pattern char given parser, parser's token index, and ":".
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

// isPortPrefix is is a port prefix.
// https://urlpattern.spec.whatwg.org/#is-a-port-prefix
func (p *constructorStringParser) isPortPrefix() bool {
	// 1. Return the result of running is a non-special pattern char given parser, parser's token index, and ":".
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

// isPathnameStart is is a pathname start.
// https://urlpattern.spec.whatwg.org/#is-a-pathname-start
func (p *constructorStringParser) isPathnameStart() bool {
	// 1. Return the result of running is a non-special pattern char given parser, parser's token index, and "/".
	return p.isNonSpecialPatternChar(p.tokenIndex, "/")
}

// isSearchPrefix is is a search prefix.
// https://urlpattern.spec.whatwg.org/#is-a-search-prefix
func (p *constructorStringParser) isSearchPrefix() bool {
	// 1. If result of running is a non-special pattern char given parser, parser's token index and "?" is true, then return true.
	if p.isNonSpecialPatternChar(p.tokenIndex, "?") {
		return true
	}
	// 2. If parser's token list[parser's token index]'s value is not "?", then return false.
	if p.tokenList[p.tokenIndex].value != "?" {
		return false
	}
	// 3. Let previous index be parser's token index − 1.
	previousIndex := p.tokenIndex - 1
	// 4. If previous index is less than 0, then return true.
	if previousIndex < 0 {
		return true
	}
	// 5. Let previous token be the result of running get a safe token given parser and previous index.
	previousToken := p.getSafeToken(previousIndex)
	// 6. If any of the following are true, then return false: previous token's type is "name", "regexp", "close", or "asterisk".
	switch previousToken.typ {
	case tokName, tokRegexp, tokClose, tokAsterisk:
		return false
	}
	// 7. Return true.
	return true
}

// isHashPrefix is is a hash prefix.
// https://urlpattern.spec.whatwg.org/#is-a-hash-prefix
func (p *constructorStringParser) isHashPrefix() bool {
	// 1. Return the result of running is a non-special pattern char given parser, parser's token index and "#".
	return p.isNonSpecialPatternChar(p.tokenIndex, "#")
}

// isGroupOpen is is a group open.
// https://urlpattern.spec.whatwg.org/#is-a-group-open
func (p *constructorStringParser) isGroupOpen() bool {
	// 1. If parser's token list[parser's token index]'s type is "open", then return true.
	// 2. Otherwise return false.
	return p.tokenList[p.tokenIndex].typ == tokOpen
}

// isGroupClose is is a group close.
// https://urlpattern.spec.whatwg.org/#is-a-group-close
func (p *constructorStringParser) isGroupClose() bool {
	// 1. If parser's token list[parser's token index]'s type is "close", then return true.
	// 2. Otherwise return false.
	return p.tokenList[p.tokenIndex].typ == tokClose
}

// isIPv6Open is is an IPv6 open.
// https://urlpattern.spec.whatwg.org/#is-an-ipv6-open
func (p *constructorStringParser) isIPv6Open() bool {
	// 1. Return the result of running is a non-special pattern char given parser, parser's token index, and "[".
	return p.isNonSpecialPatternChar(p.tokenIndex, "[")
}

// isIPv6Close is is an IPv6 close.
// https://urlpattern.spec.whatwg.org/#is-an-ipv6-close
func (p *constructorStringParser) isIPv6Close() bool {
	// 1. Return the result of running is a non-special pattern char given parser, parser's token index, and "]".
	return p.isNonSpecialPatternChar(p.tokenIndex, "]")
}

// makeComponentString is make a component string.
// https://urlpattern.spec.whatwg.org/#make-a-component-string
func (p *constructorStringParser) makeComponentString() string {
	// 1. Assert: parser's token index is less than parser's token list's size.
	// 2. Let token be parser's token list[parser's token index].
	tok := p.tokenList[p.tokenIndex]
	// 3. Let component start token be the result of running get a safe token given parser and parser's component start.
	componentStartToken := p.getSafeToken(p.componentStart)
	// 4. Let component start input index be component start token's index.
	componentStartInputIndex := componentStartToken.index
	// 5. Let end index be token's index.
	endIndex := tok.index
	// 6. Return the code point substring by positions from component start input index to end index within parser's input.
	return string(p.input[componentStartInputIndex:endIndex])
}

// computeProtocolMatchesSpecialSchemeFlag is compute protocol matches a
// special scheme flag.
// https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag
func (p *constructorStringParser) computeProtocolMatchesSpecialSchemeFlag() error {
	// 1. Let protocol string be the result of running make a component string given parser.
	protocolString := p.makeComponentString()
	// 2. Let protocol component be the result of compiling a component given protocol string, canonicalize a protocol, and default options.
	protocolComponent, err := compileComponent(protocolString, canonicalizeProtocol, defaultOptions)
	if err != nil {
		return inComponent(err, "protocol")
	}
	// 3. If the result of running protocol component matches a special scheme given protocol component is true, then set parser's protocol matches a special scheme flag to true.
	if protocolComponent.matchesSpecialScheme() {
		p.protocolMatchesSpecialSchemeFlag = true
	}
	return nil
}

func ptr(s string) *string { return &s }
