package slow

import (
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/mask"
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
)

const eof = -1

// run is the basic URL parser. With override == NoState it parses input
// into the fresh url (and base, encoding apply); otherwise it modifies url
// as the state override says.
// https://url.spec.whatwg.org/#concept-basic-url-parser
func (p *Parser) run(input string, base *record.URL, encoding *Encoding, url *record.URL, override State) error {
	p.errs.reset(p.CollectErrors, p.MaxErrors)
	if len(input) > p.maxInput() {
		return tooLong(input)
	}
	p.errs.lastType = 0
	// 1-3. Trim (only without a given url), remove tabs and newlines.
	p.prepare(input, override == NoState)
	in := p.input
	n := len(in)
	r := &p.errs
	fail := func(t record.ErrorType, at int) error {
		r.add(t, at)
		return p.failure(input, t, at)
	}

	// 4. Let state be state override if given, or scheme start state.
	state := override
	if state == NoState {
		state = SchemeStartState
	}
	// 5. The encoding is already an output encoding (see LookupEncoding).
	// 6. Let buffer be the empty string.
	buffer := p.buffer[:0]
	if room := n + baseLen(base); cap(buffer) < room {
		// The buffer takes a part of the input, most often as it is:
		// room for all of it at once saves growing it step by step,
		// which leaves every outgrown copy to the collector. Room for
		// the base too lets a long segment or query that becomes the
		// record's (moves.go) hold the whole href.
		buffer = make([]byte, 0, room)
	}
	defer func() {
		p.buffer, p.input = buffer[:0], nil
		if !p.errs.on {
			p.errs.src = "" // Errors, which reads it, returns nothing
		}
	}()
	// 7. Let atSignSeen, insideBrackets, and passwordTokenSeen be false.
	atSignSeen, insideBrackets, passwordTokenSeen := false, false, false
	special := url.IsSpecial()

	// 8-9. Let pointer be a pointer for input, and run the state machine.
	for pointer := 0; ; pointer++ {
		c := eof
		if pointer < n {
			c = int(in[pointer])
		}
		switch state {
		case SchemeStartState:
			// https://url.spec.whatwg.org/#scheme-start-state
			switch {
			// 1. If c is an ASCII alpha, append c, lowercased, to buffer, and set state to scheme state.
			case isAlpha(c):
				buffer = append(buffer, byte(c)|0x20)
				state = SchemeState
			// 2. Otherwise, if state override is not given, set state to no scheme state and decrease pointer by 1.
			case override == NoState:
				state = NoSchemeState
				pointer--
			// 3. Otherwise, return failure.
			default:
				return p.failure(input, 0, pointer)
			}

		case SchemeState:
			// https://url.spec.whatwg.org/#scheme-state
			switch {
			// 1. If c is an ASCII alphanumeric, "+", "-", or ".", append c, lowercased, to buffer.
			case isAlpha(c):
				buffer = append(buffer, byte(c)|0x20)
			case isDigit(c) || c == '+' || c == '-' || c == '.':
				buffer = append(buffer, byte(c))
			// 2. Otherwise, if c is ":", then:
			case c == ':':
				bufferSpecial := record.IsSpecialScheme(string(buffer))
				// 2.1. If state override is given, then:
				if override != NoState {
					// 2.1.1-2. A special scheme cannot become non-special, nor the reverse.
					if special != bufferSpecial {
						return nil
					}
					// 2.1.3. If url includes credentials or has a non-null port, and buffer is "file", then return.
					if (url.IncludesCredentials() || url.Port != record.NoPort) && string(buffer) == "file" {
						return nil
					}
					// 2.1.4. If url's scheme is "file" and its host is an empty host, then return.
					if string(url.Scheme) == "file" && url.Host.Kind == record.HostEmpty {
						return nil
					}
				}
				// 2.2. Set url's scheme to buffer.
				url.Scheme = append(url.Scheme[:0], buffer...)
				special = bufferSpecial
				// 2.3. If state override is given: drop a default port, then return.
				if override != NoState {
					if url.Port == record.DefaultPort(string(url.Scheme)) {
						url.Port = record.NoPort
					}
					return nil
				}
				// 2.4. Set buffer to the empty string.
				buffer = buffer[:0]
				switch {
				// 2.5. If url's scheme is "file": file state.
				case string(url.Scheme) == "file":
					// 2.5.1. If remaining does not start with "//", special-scheme-missing-following-solidus validation error.
					if !hasPrefixAt(in, pointer+1, "//") {
						r.add(record.SpecialSchemeMissingFollowingSolidus, pointer+1)
					}
					state = FileState
				// 2.6. Special, base with the same scheme: special relative or authority state.
				case special && base != nil && string(base.Scheme) == string(url.Scheme):
					state = SpecialRelativeOrAuthorityState
				// 2.7. Otherwise, if url is special, set state to special authority slashes state.
				case special:
					state = SpecialAuthoritySlashesState
				// 2.8. Otherwise, if remaining starts with "/", path or authority state, and increase pointer by 1.
				case hasPrefixAt(in, pointer+1, "/"):
					state = PathOrAuthorityState
					pointer++
				// 2.9. Otherwise, set url's path to the empty string and set state to opaque path state.
				default:
					url.Path = url.Path[:0]
					url.OpaquePath = true
					state = OpaquePathState
				}
			// 3. Otherwise, if state override is not given, start over in no scheme state.
			case override == NoState:
				buffer = buffer[:0]
				state = NoSchemeState
				pointer = -1
			// 4. Otherwise, return failure.
			default:
				return p.failure(input, 0, pointer)
			}

		case NoSchemeState:
			// https://url.spec.whatwg.org/#no-scheme-state
			switch {
			// 1. If base is null, or base has an opaque path and c is not "#", missing-scheme-non-relative-URL validation error, return failure.
			case base == nil || base.OpaquePath && c != '#':
				return fail(record.MissingSchemeNonRelativeURL, pointer)
			// 2. Otherwise, if base has an opaque path and c is "#", copy scheme, path, query; fragment empty; fragment state.
			case base.OpaquePath && c == '#':
				url.Scheme = append(url.Scheme[:0], base.Scheme...)
				special = base.IsSpecial()
				url.Path = append(url.Path[:0], base.Path...)
				url.OpaquePath = true
				url.Query, url.HasQuery = append(url.Query[:0], base.Query...), base.HasQuery
				url.Fragment, url.HasFragment = url.Fragment[:0], true
				state = FragmentState
			// 3. Otherwise, if base's scheme is not "file", set state to relative state and decrease pointer by 1.
			case string(base.Scheme) != "file":
				state = RelativeState
				pointer--
			// 4. Otherwise, set state to file state and decrease pointer by 1.
			default:
				state = FileState
				pointer--
			}

		case SpecialRelativeOrAuthorityState:
			// https://url.spec.whatwg.org/#special-relative-or-authority-state
			// 1. If c is "/" and remaining starts with "/", special authority ignore slashes state, increase pointer by 1.
			if c == '/' && hasPrefixAt(in, pointer+1, "/") {
				state = SpecialAuthorityIgnoreSlashesState
				pointer++
			} else {
				// 2. Otherwise, special-scheme-missing-following-solidus validation error, relative state, decrease pointer by 1.
				r.add(record.SpecialSchemeMissingFollowingSolidus, pointer)
				state = RelativeState
				pointer--
			}

		case PathOrAuthorityState:
			// https://url.spec.whatwg.org/#path-or-authority-state
			// 1. If c is "/", then set state to authority state.
			if c == '/' {
				state = AuthorityState
			} else {
				// 2. Otherwise, set state to path state, and decrease pointer by 1.
				state = PathState
				pointer--
			}

		case RelativeState:
			// https://url.spec.whatwg.org/#relative-state
			// 2. Set url's scheme to base's scheme.
			url.Scheme = append(url.Scheme[:0], base.Scheme...)
			special = base.IsSpecial()
			switch {
			// 3. If c is "/", then set state to relative slash state.
			case c == '/':
				state = RelativeSlashState
			// 4. Otherwise, if url is special and c is "\", invalid-reverse-solidus validation error, relative slash state.
			case special && c == '\\':
				r.add(record.InvalidReverseSolidus, pointer)
				state = RelativeSlashState
			// 5. Otherwise:
			default:
				// 5.1. Copy base's username, password, host, port, path, and query.
				copyAuthority(url, base)
				url.Path = append(url.Path[:0], base.Path...)
				url.Query, url.HasQuery = append(url.Query[:0], base.Query...), base.HasQuery
				switch {
				// 5.2. If c is "?", then set url's query to the empty string, and state to query state.
				case c == '?':
					url.Query, url.HasQuery = url.Query[:0], true
					state = QueryState
				// 5.3. Otherwise, if c is "#", set url's fragment to the empty string and state to fragment state.
				case c == '#':
					url.Fragment, url.HasFragment = url.Fragment[:0], true
					state = FragmentState
				// 5.4. Otherwise, if c is not the EOF code point: query null, shorten path, path state, decrease pointer.
				case c != eof:
					url.Query, url.HasQuery = url.Query[:0], false
					shortenPath(url)
					state = PathState
					pointer--
				}
			}

		case RelativeSlashState:
			// https://url.spec.whatwg.org/#relative-slash-state
			switch {
			// 1. If url is special and c is "/" or "\":
			case special && (c == '/' || c == '\\'):
				// 1.1. If c is "\", invalid-reverse-solidus validation error.
				if c == '\\' {
					r.add(record.InvalidReverseSolidus, pointer)
				}
				// 1.2. Set state to special authority ignore slashes state.
				state = SpecialAuthorityIgnoreSlashesState
			// 2. Otherwise, if c is "/", then set state to authority state.
			case c == '/':
				state = AuthorityState
			// 3. Otherwise, copy base's username, password, host, port; path state; decrease pointer.
			default:
				copyAuthority(url, base)
				state = PathState
				pointer--
			}

		case SpecialAuthoritySlashesState:
			// https://url.spec.whatwg.org/#special-authority-slashes-state
			// 1. If c is "/" and remaining starts with "/", special authority ignore slashes state, increase pointer by 1.
			if c == '/' && hasPrefixAt(in, pointer+1, "/") {
				state = SpecialAuthorityIgnoreSlashesState
				pointer++
			} else {
				// 2. Otherwise, special-scheme-missing-following-solidus validation error, decrease pointer by 1.
				r.add(record.SpecialSchemeMissingFollowingSolidus, pointer)
				state = SpecialAuthorityIgnoreSlashesState
				pointer--
			}

		case SpecialAuthorityIgnoreSlashesState:
			// https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
			// 1. If c is neither "/" nor "\", then set state to authority state and decrease pointer by 1.
			if c != '/' && c != '\\' {
				state = AuthorityState
				pointer--
			} else {
				// 2. Otherwise, special-scheme-missing-following-solidus validation error.
				r.add(record.SpecialSchemeMissingFollowingSolidus, pointer)
			}

		case AuthorityState:
			// https://url.spec.whatwg.org/#authority-state
			switch {
			// 1. If c is "@", then:
			case c == '@':
				// 1.1. Invalid-credentials validation error.
				r.add(record.InvalidCredentials, pointer)
				// 1.2. If atSignSeen is true, then prepend "%40" to buffer. (Written
				// straight to the component the buffer's first code point goes to.)
				if atSignSeen {
					if passwordTokenSeen {
						url.Password = append(url.Password, "%40"...)
					} else {
						url.Username = append(url.Username, "%40"...)
					}
				}
				// 1.3. Set atSignSeen to true.
				atSignSeen = true
				// 1.4. For each codePoint in buffer:
				for i, b := range buffer {
					// 1.4.1. The first ":" separates username from password.
					if b == ':' && !passwordTokenSeen {
						passwordTokenSeen = true
						continue
					}
					// 1.4.2-4. UTF-8 percent-encode codePoint using the userinfo percent-encode set and append it.
					if passwordTokenSeen {
						url.Password = appendEncodedByte(url.Password, buffer[i], &pct.UserinfoSet)
					} else {
						url.Username = appendEncodedByte(url.Username, buffer[i], &pct.UserinfoSet)
					}
				}
				// 1.5. Set buffer to the empty string.
				buffer = buffer[:0]
			// 2. Otherwise, if c is EOF, "/", "?", "#", or a special URL's "\":
			case c == eof || c == '/' || c == '?' || c == '#' || special && c == '\\':
				// 2.1. If atSignSeen is true and buffer is the empty string, host-missing validation error, return failure.
				if atSignSeen && len(buffer) == 0 {
					return fail(record.HostMissing, pointer)
				}
				// 2.2. Decrease pointer by buffer's length + 1, set buffer to the empty string, and set state to host state.
				pointer -= len(buffer) + 1
				buffer = buffer[:0]
				state = HostState
			// 3. Otherwise, append c to buffer (with the run of code points after it that step 3 also takes).
			default:
				buffer, pointer = p.takeRun(buffer, pointer, &authorityPlain)
			}

		case HostState, HostnameState:
			// https://url.spec.whatwg.org/#host-state, https://url.spec.whatwg.org/#hostname-state
			switch {
			// 1. If state override is given and url's scheme is "file", then decrease pointer by 1 and set state to file host state.
			case override != NoState && string(url.Scheme) == "file":
				pointer--
				state = FileHostState
			// 2. Otherwise, if c is ":" and insideBrackets is false:
			case c == ':' && !insideBrackets:
				// 2.1. If buffer is the empty string, host-missing validation error, return failure.
				if len(buffer) == 0 {
					return fail(record.HostMissing, pointer)
				}
				// 2.2. If state override is given and state override is hostname state, then return failure.
				if override == HostnameState {
					return p.failure(input, 0, pointer)
				}
				// 2.3-2.4. Let host be the result of host parsing buffer with url is not special; failure returns failure.
				if !p.parseHostInto(&url.Host, buffer, !special, pointer-len(buffer)) {
					return p.hostFailure(input)
				}
				// 2.5. Set buffer to the empty string, and state to port state.
				buffer = buffer[:0]
				state = PortState
			// 3. Otherwise, if c is EOF, "/", "?", "#", or a special URL's "\": decrease pointer by 1, and:
			case c == eof || c == '/' || c == '?' || c == '#' || special && c == '\\':
				pointer--
				// 3.1. If url is special and buffer is the empty string, host-missing validation error, return failure.
				if special && len(buffer) == 0 {
					return fail(record.HostMissing, pointer+1)
				}
				// 3.2. Otherwise, with a state override, an empty buffer cannot replace the host of a URL with credentials or a port.
				if override != NoState && len(buffer) == 0 && (url.IncludesCredentials() || url.Port != record.NoPort) {
					return p.failure(input, 0, pointer+1)
				}
				// 3.3-3.5. Host parse buffer; failure returns failure; set url's host, path start state.
				if !p.parseHostInto(&url.Host, buffer, !special, pointer+1-len(buffer)) {
					return p.hostFailure(input)
				}
				buffer = buffer[:0]
				state = PathStartState
				// 3.6. If state override is given, then return.
				if override != NoState {
					return nil
				}
			// 4. Otherwise: track brackets, append c to buffer.
			default:
				if c == '[' {
					insideBrackets = true
				}
				if c == ']' {
					insideBrackets = false
				}
				// (With the run of code points after c that step 4 also appends and that are no brackets.)
				buffer, pointer = p.takeRun(buffer, pointer, &hostPlain)
			}

		case PortState:
			// https://url.spec.whatwg.org/#port-state
			switch {
			// 1. If c is an ASCII digit, append c to buffer.
			case isDigit(c):
				buffer = append(buffer, byte(c))
			// 2. Otherwise, if c is EOF, "/", "?", "#", a special URL's "\", or state override is given:
			case c == eof || c == '/' || c == '?' || c == '#' || special && c == '\\' || override != NoState:
				// 2.1. If buffer is not the empty string:
				if len(buffer) > 0 {
					// 2.1.1-2. Let port be buffer in decimal; above 65535 is port-out-of-range, return failure.
					port, ok := parsePort(buffer)
					if !ok {
						return fail(record.PortOutOfRange, pointer-len(buffer))
					}
					// 2.1.3. Set url's port to null if it is the scheme's default port; otherwise to port.
					if port == record.DefaultPort(string(url.Scheme)) {
						url.Port = record.NoPort
					} else {
						url.Port = port
					}
					// 2.1.4. Set buffer to the empty string.
					buffer = buffer[:0]
					// 2.1.5. If state override is given, then return.
					if override != NoState {
						return nil
					}
				}
				// 2.2. If state override is given, then return failure.
				if override != NoState {
					return p.failure(input, 0, pointer)
				}
				// 2.3. Set state to path start state and decrease pointer by 1.
				state = PathStartState
				pointer--
			// 3. Otherwise, port-invalid validation error, return failure.
			default:
				return fail(record.PortInvalid, pointer)
			}

		case FileState:
			// https://url.spec.whatwg.org/#file-state
			// 1. Set url's scheme to "file".
			url.Scheme = append(url.Scheme[:0], "file"...)
			special = true
			// 2. Set url's host to the empty string.
			url.Host.SetText(record.HostEmpty, nil)
			switch {
			// 3. If c is "/" or "\": (invalid-reverse-solidus for "\") file slash state.
			case c == '/' || c == '\\':
				if c == '\\' {
					r.add(record.InvalidReverseSolidus, pointer)
				}
				state = FileSlashState
			// 4. Otherwise, if base is non-null and base's scheme is "file":
			case base != nil && string(base.Scheme) == "file":
				// 4.1. Set url's host to base's host, url's path to a clone of base's path, and url's query to base's query.
				url.Host.CopyFrom(&base.Host)
				url.Path = append(url.Path[:0], base.Path...)
				url.Query, url.HasQuery = append(url.Query[:0], base.Query...), base.HasQuery
				switch {
				// 4.2. If c is "?", then set url's query to the empty string and state to query state.
				case c == '?':
					url.Query, url.HasQuery = url.Query[:0], true
					state = QueryState
				// 4.3. Otherwise, if c is "#", set url's fragment to the empty string and state to fragment state.
				case c == '#':
					url.Fragment, url.HasFragment = url.Fragment[:0], true
					state = FragmentState
				// 4.4. Otherwise, if c is not the EOF code point:
				case c != eof:
					// 4.4.1. Set url's query to null.
					url.Query, url.HasQuery = url.Query[:0], false
					if !startsWithWindowsDriveLetter(in[pointer:]) {
						// 4.4.2. Not a Windows drive letter: shorten url's path.
						shortenPath(url)
					} else {
						// 4.4.3. Otherwise, file-invalid-Windows-drive-letter validation error, set url's path to « ».
						r.add(record.FileInvalidWindowsDriveLetter, pointer)
						url.Path = url.Path[:0]
					}
					// 4.4.4. Set state to path state and decrease pointer by 1.
					state = PathState
					pointer--
				}
			// 5. Otherwise, set state to path state, and decrease pointer by 1.
			default:
				state = PathState
				pointer--
			}

		case FileSlashState:
			// https://url.spec.whatwg.org/#file-slash-state
			// 1. If c is "/" or "\": (invalid-reverse-solidus for "\") file host state.
			if c == '/' || c == '\\' {
				if c == '\\' {
					r.add(record.InvalidReverseSolidus, pointer)
				}
				state = FileHostState
			} else {
				// 2.1. If base is non-null and base's scheme is "file":
				if base != nil && string(base.Scheme) == "file" {
					// 2.1.1. Set url's host to base's host.
					url.Host.CopyFrom(&base.Host)
					// 2.1.2. Without a drive letter here, keep base's normalized drive letter.
					if first, ok := firstPathSegment(base); ok && !startsWithWindowsDriveLetter(in[pointer:]) &&
						isNormalizedWindowsDriveLetter(first) {
						appendPathSegment(url, first)
					}
				}
				// 2.2. Set state to path state, and decrease pointer by 1.
				state = PathState
				pointer--
			}

		case FileHostState:
			// https://url.spec.whatwg.org/#file-host-state
			// 1. If c is EOF, "/", "\", "?", or "#", then decrease pointer by 1 and then:
			if c == eof || c == '/' || c == '\\' || c == '?' || c == '#' {
				pointer--
				switch {
				// 1.1. A Windows drive letter is not a host: file-invalid-Windows-drive-letter-host, path state (buffer kept).
				case override == NoState && isWindowsDriveLetter(buffer):
					r.add(record.FileInvalidWindowsDriveLetterHost, pointer+1-len(buffer))
					state = PathState
				// 1.2. Otherwise, if buffer is the empty string:
				case len(buffer) == 0:
					// 1.2.1. Set url's host to the empty string.
					url.Host.SetText(record.HostEmpty, nil)
					// 1.2.2. If state override is given, then return.
					if override != NoState {
						return nil
					}
					// 1.2.3. Set state to path start state.
					state = PathStartState
				// 1.3. Otherwise:
				default:
					// 1.3.1-2. Let host be the result of host parsing buffer with url is not special; failure returns failure.
					if !p.parseHostInto(&url.Host, buffer, !special, pointer+1-len(buffer)) {
						return p.hostFailure(input)
					}
					// 1.3.3. If host is "localhost", then set host to the empty string.
					if url.Host.Kind == record.HostDomain && string(url.Host.Text) == "localhost" {
						url.Host.SetText(record.HostEmpty, nil)
					}
					// 1.3.5. If state override is given, then return.
					if override != NoState {
						return nil
					}
					// 1.3.6. Set buffer to the empty string and state to path start state.
					buffer = buffer[:0]
					state = PathStartState
				}
			} else {
				// 2. Otherwise, append c to buffer.
				buffer = append(buffer, byte(c))
			}

		case PathStartState:
			// https://url.spec.whatwg.org/#path-start-state
			switch {
			// 1. If url is special: ("\" is invalid-reverse-solidus) path state; keep c unless it is "/" or "\".
			case special:
				if c == '\\' {
					r.add(record.InvalidReverseSolidus, pointer)
				}
				state = PathState
				if c != '/' && c != '\\' {
					pointer--
				}
			// 2. Otherwise, if state override is not given and c is "?", set url's query to the empty string and state to query state.
			case override == NoState && c == '?':
				url.Query, url.HasQuery = url.Query[:0], true
				state = QueryState
			// 3. Otherwise, if state override is not given and c is "#", set url's fragment to the empty string and state to fragment state.
			case override == NoState && c == '#':
				url.Fragment, url.HasFragment = url.Fragment[:0], true
				state = FragmentState
			// 4. Otherwise, if c is not the EOF code point: path state; keep c unless it is "/".
			case c != eof:
				state = PathState
				if c != '/' {
					pointer--
				}
			// 5. Otherwise, if state override is given and url's host is null, append the empty string to url's path.
			case override != NoState && url.Host.Kind == record.HostNull:
				appendPathSegment(url, nil)
			}

		case PathState:
			// https://url.spec.whatwg.org/#path-state
			//
			// The bytes that end the segment and the path, for the steps
			// that give a long one its room (moves.go).
			segmentEnd, pathEnd := pathStops(special, override == NoState)
			// 1. If c is EOF or "/", a special URL's "\", or (without state override) "?" or "#":
			if c == eof || c == '/' || special && c == '\\' || override == NoState && (c == '?' || c == '#') {
				slash := c == '/' || special && c == '\\'
				// 1.1. If url is special and c is "\", invalid-reverse-solidus validation error.
				if special && c == '\\' {
					r.add(record.InvalidReverseSolidus, pointer)
				}
				switch {
				// 1.2. If buffer is a double-dot URL path segment: shorten url's path; without a slash after it, append the empty string.
				case isDoubleDotSegment(buffer):
					shortenPath(url)
					if !slash {
						appendPathSegment(url, nil)
					}
				// 1.3. Otherwise, a single-dot URL path segment without a slash after it appends the empty string.
				case isSingleDotSegment(buffer):
					if !slash {
						appendPathSegment(url, nil)
					}
				// 1.4. Otherwise (not a single-dot URL path segment):
				default:
					// 1.4.1. A file URL's first segment that is a Windows drive letter is normalized to "X:".
					if string(url.Scheme) == "file" && len(url.Path) == 0 && isWindowsDriveLetter(buffer) {
						buffer[1] = ':'
					}
					// 1.4.2. Append buffer to url's path.
					p.appendBufferToPath(url, &buffer, pointer, pathEnd)
				}
				// 1.5. Set buffer to the empty string.
				buffer = buffer[:0]
				// 1.6. If c is "?", then set url's query to the empty string and state to query state.
				if c == '?' {
					url.Query, url.HasQuery = url.Query[:0], true
					state = QueryState
				}
				// 1.7. If c is "#", then set url's fragment to the empty string and state to fragment state.
				if c == '#' {
					url.Fragment, url.HasFragment = url.Fragment[:0], true
					state = FragmentState
				}
			} else {
				// 2.1-2.2. Report code points that are not URL units.
				// 2.3. UTF-8 percent-encode c using the path percent-encode set and append the result to buffer.
				buffer, pointer = p.encodeRun(url, buffer, false, segmentEnd, pointer, &pathPlain, &pct.PathSet)
			}

		case OpaquePathState:
			// https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
			switch {
			// 1. If c is "?", then set url's query to the empty string and state to query state.
			case c == '?':
				url.Query, url.HasQuery = url.Query[:0], true
				state = QueryState
			// 2. Otherwise, if c is "#", then set url's fragment to the empty string and state to fragment state.
			case c == '#':
				url.Fragment, url.HasFragment = url.Fragment[:0], true
				state = FragmentState
			// 3. Otherwise, if c is U+0020 SPACE: "%20" when remaining starts with "?" or "#", else a space.
			case c == ' ':
				if hasPrefixAt(in, pointer+1, "?") || hasPrefixAt(in, pointer+1, "#") {
					url.Path = append(url.Path, "%20"...)
				} else {
					url.Path = append(url.Path, ' ')
				}
			// 4. Otherwise, if c is not the EOF code point:
			case c != eof:
				// 4.1-4.2. Report code points that are not URL units.
				// 4.3. UTF-8 percent-encode c using the C0 control percent-encode set and append the result to url's path.
				url.Path = p.roomForRest(url, url.Path, &buffer, pointer, "?#")
				url.Path, pointer = p.encodeRun(url, url.Path, true, "?#", pointer, &opaquePathPlain, &pct.C0ControlSet)
			}

		case QueryState:
			// https://url.spec.whatwg.org/#query-state
			// 1. Only special URLs other than ws and wss use a legacy encoding for the query.
			if encoding != nil && (!special || string(url.Scheme) == "ws" || string(url.Scheme) == "wss") {
				encoding = nil
			}
			switch {
			// 2. If (without state override) c is "#", or c is EOF:
			case override == NoState && c == '#' || c == eof:
				// 2.1. Let queryPercentEncodeSet be the special-query percent-encode set if url is special; otherwise the query percent-encode set.
				set := &pct.QuerySet
				if special {
					set = &pct.SpecialQuerySet
				}
				// 2.2. Percent-encode after encoding, with encoding, buffer, and queryPercentEncodeSet, and append the result to url's query.
				p.appendBufferToQuery(url, encoding, &buffer, set)
				// 2.3. Set buffer to the empty string.
				buffer = buffer[:0]
				// 2.4. If c is "#", then set url's fragment to the empty string and state to fragment state.
				if c == '#' {
					url.Fragment, url.HasFragment = url.Fragment[:0], true
					state = FragmentState
				}
			// 3. Otherwise, if c is not the EOF code point: report non-URL units, append c to buffer.
			case c != eof:
				if k := p.queryRun(pointer); k > 0 {
					buffer = append(buffer, in[pointer:pointer+k]...)
					pointer += k - 1
				} else {
					p.checkURLUnit(pointer)
					buffer = append(buffer, byte(c))
				}
			}

		case FragmentState:
			// https://url.spec.whatwg.org/#fragment-state
			// 1. If c is not the EOF code point: report non-URL units, UTF-8 percent-encode c using the fragment percent-encode set.
			if c != eof {
				url.Fragment = p.roomForRest(url, url.Fragment, &buffer, pointer, "")
				url.Fragment, pointer = p.encodeRun(url, url.Fragment, true, "", pointer, &fragmentPlain, &pct.FragmentSet)
			}
		}

		if pointer >= n {
			break
		}
	}
	// 10. Return url (if its serialization fits the offsets).
	if url.SerializedLen() > p.maxInput() {
		return tooLong(input)
	}
	return nil
}

// checkURLUnit reports invalid-URL-unit when the code point at pointer is
// not a URL code point and not "%", or is a "%" not followed by two ASCII
// hex digits. Continuation bytes of a UTF-8 sequence were checked with
// their lead byte.
func (p *Parser) checkURLUnit(pointer int) {
	if !p.errs.on {
		return
	}
	in := p.input
	c := in[pointer]
	switch {
	case c == '%':
		if !(pointer+2 < len(in) && pct.IsASCIIHexDigit(in[pointer+1]) && pct.IsASCIIHexDigit(in[pointer+2])) {
			p.errs.add(record.InvalidURLUnit, pointer)
		}
	case c < utf8.RuneSelf:
		if !isASCIIURLCodePoint(c) {
			p.errs.add(record.InvalidURLUnit, pointer)
		}
	case utf8.RuneStart(c):
		r, _ := utf8.DecodeRune(in[pointer:])
		if !isURLCodePoint(r) {
			p.errs.add(record.InvalidURLUnit, pointer)
		}
	}
}

// parseHostInto runs the host parser on buffer (which starts at input
// offset at) into h. A host parser given the empty string with isOpaque
// returns the empty host (the opaque-host parser percent-encodes nothing).
func (p *Parser) parseHostInto(h *record.Host, buffer []byte, isOpaque bool, at int) bool {
	if len(buffer) == 0 && isOpaque {
		h.SetText(record.HostEmpty, nil)
		return true
	}
	return parseHost(h, buffer, isOpaque, &p.errs, at, &p.tmp)
}

// hostFailure is the failure of a run whose host parser failed: the host
// parser reports the error that makes it fail just before failing.
func (p *Parser) hostFailure(input string) error {
	return p.failure(input, p.errs.lastType, p.errs.lastAt)
}

func copyAuthority(url, base *record.URL) {
	url.Username = append(url.Username[:0], base.Username...)
	url.Password = append(url.Password[:0], base.Password...)
	url.Host.CopyFrom(&base.Host)
	url.Port = base.Port
}

// appendEncodedByte UTF-8 percent-encodes one byte of a code point.
func appendEncodedByte(dst []byte, c byte, set *pct.Set) []byte {
	if set.Contains(c) {
		return pct.AppendByte(dst, c)
	}
	return append(dst, c)
}

// pathStops returns the bytes that end a path segment and those that end
// the path in path state, for a special URL or not, without a state
// override (ends) or with one.
func pathStops(special, ends bool) (segment, path string) {
	switch {
	case special && ends:
		return "/\\?#", "?#"
	case special:
		return "/\\", ""
	case ends:
		return "/?#", "?#"
	}
	return "/", ""
}

// parsePort reads a decimal port; false when it exceeds 65535.
func parsePort(digits []byte) (int, bool) {
	port := 0
	for _, d := range digits {
		port = port*10 + int(d-'0')
		if port > 65535 {
			return 0, false
		}
	}
	return port, true
}

func isSingleDotSegment(b []byte) bool {
	switch len(b) {
	case 1:
		return b[0] == '.'
	case 3:
		return isPercent2e(b)
	}
	return false
}

func isDoubleDotSegment(b []byte) bool {
	switch len(b) {
	case 2:
		return b[0] == '.' && b[1] == '.'
	case 4:
		return b[0] == '.' && isPercent2e(b[1:]) || isPercent2e(b) && b[3] == '.'
	case 6:
		return isPercent2e(b) && isPercent2e(b[3:])
	}
	return false
}

// isPercent2e reports whether b starts with an ASCII case-insensitive
// "%2e".
func isPercent2e(b []byte) bool { return b[0] == '%' && b[1] == '2' && b[2]|0x20 == 'e' }

func hasPrefixAt(in []byte, i int, prefix string) bool {
	return i >= 0 && i <= len(in) && len(in)-i >= len(prefix) && string(in[i:i+len(prefix)]) == prefix
}

func isAlpha(c int) bool { return c >= 0 && (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isDigit(c int) bool { return c >= '0' && c <= '9' }

func tooLong(input string) error {
	in, cut := mask.Input(input)
	return &ParseError{Input: in, Truncated: cut, Err: ErrInputTooLong}
}
