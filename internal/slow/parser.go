package slow

import (
	"github.com/spanurl/spanurl/record"
)

// State is a state of the basic URL parser. The setters of the URL API pass
// one as the state override.
type State uint8

// The basic URL parser's states, by their names in the standard, each
// with its section.
const (
	NoState                            State = iota // no state override
	SchemeStartState                                // https://url.spec.whatwg.org/#scheme-start-state
	SchemeState                                     // https://url.spec.whatwg.org/#scheme-state
	NoSchemeState                                   // https://url.spec.whatwg.org/#no-scheme-state
	SpecialRelativeOrAuthorityState                 // https://url.spec.whatwg.org/#special-relative-or-authority-state
	PathOrAuthorityState                            // https://url.spec.whatwg.org/#path-or-authority-state
	RelativeState                                   // https://url.spec.whatwg.org/#relative-state
	RelativeSlashState                              // https://url.spec.whatwg.org/#relative-slash-state
	SpecialAuthoritySlashesState                    // https://url.spec.whatwg.org/#special-authority-slashes-state
	SpecialAuthorityIgnoreSlashesState              // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
	AuthorityState                                  // https://url.spec.whatwg.org/#authority-state
	HostState                                       // https://url.spec.whatwg.org/#host-state
	HostnameState                                   // https://url.spec.whatwg.org/#hostname-state
	PortState                                       // https://url.spec.whatwg.org/#port-state
	FileState                                       // https://url.spec.whatwg.org/#file-state
	FileSlashState                                  // https://url.spec.whatwg.org/#file-slash-state
	FileHostState                                   // https://url.spec.whatwg.org/#file-host-state
	PathStartState                                  // https://url.spec.whatwg.org/#path-start-state
	PathState                                       // https://url.spec.whatwg.org/#path-state
	OpaquePathState                                 // https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
	QueryState                                      // https://url.spec.whatwg.org/#query-state
	FragmentState                                   // https://url.spec.whatwg.org/#fragment-state
)

// Parser runs the basic URL parser. Its zero value is ready to use; a
// Parser keeps its buffers between runs, so one Parser used for many inputs
// stops allocating once its buffers have grown. A Parser is not safe for
// concurrent use.
type Parser struct {
	// CollectErrors makes Parse record every validation error, which Errors
	// then returns. When false, reporting costs one branch per error.
	CollectErrors bool
	// MaxErrors, when positive, is the most errors Errors keeps: the first
	// ones met, in order, and on failure the fatal one after them (so one
	// more). OmittedErrors counts the others.
	MaxErrors int
	// MaxInput, when positive, lowers the longest accepted input and
	// serialization below offsets.MaxInput (tests use it to exercise the
	// limit without 4 GiB strings).
	MaxInput int
	// ReuseError makes a failing run return a *ParseError owned by the
	// Parser (valid until the next run) instead of a new one, so that a
	// Parser reused for many inputs does not allocate for failures either.
	ReuseError bool

	url     record.URL
	errs    reporter
	input   []byte       // the cleaned input: trimmed, tabs and newlines removed
	cleaned []byte       // the Parser's own memory for input, when cleaning changes it
	buffer  []byte       // the spec's buffer
	tmp     []byte       // scratch for host parsing and encoding
	xtext   xtextScratch // the buffers of legacy encoders' x/text calls
	err     ParseError
	errText []byte // the masked input of err, with ReuseError
}

// Errors returns the validation errors of the last run when CollectErrors
// was set. The slice is reused by the next run.
func (p *Parser) Errors() []record.ValidationError { return p.errs.mappedList() }

// OmittedErrors returns how many validation errors of the last run
// MaxErrors left out of Errors.
func (p *Parser) OmittedErrors() int { return p.errs.omitted }

// Parse runs the basic URL parser on input with base (nil for none) and
// encoding (nil for UTF-8). On success the result is valid until the next
// call on p. On failure it returns a *ParseError naming the validation error
// that made the parse fail.
func (p *Parser) Parse(input string, base *record.URL, encoding *Encoding) (*record.URL, error) {
	p.url.Reset()
	if err := p.run(input, base, encoding, &p.url, NoState); err != nil {
		return nil, err
	}
	return &p.url, nil
}

// ParseWithOverride runs the basic URL parser on input with url and state
// override, modifying url in place, as the URL API's setters do. It returns
// an error when the parser returns failure (url may then be partly
// modified; callers work on a copy).
func (p *Parser) ParseWithOverride(input string, url *record.URL, override State) error {
	return p.run(input, nil, nil, url, override)
}
