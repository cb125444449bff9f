package span

import (
	"net/netip"
	"sync"
	"unsafe"

	"github.com/spanurl/spanurl/internal/fast"
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/record"
)

// Parse parses input as an absolute URL (the URL parser with no base). On
// failure the error is a *ParseError that names the validation error which
// made the parse fail; errors.Is(err, record.HostMissing) and the like work.
func Parse(input string) (URL, error) {
	if href, p, ok := fast.ParseAbsolute(input, nil); ok {
		return URL{href, p}, nil
	}
	return parseSlow(input)
}

// parseSlow is Parse's slow path: the standard's state machine, for the
// inputs the fast path declines. It is a function of its own so that
// Parse, which nearly every URL leaves by its first return, sets up no
// defer.
func parseSlow(input string) (URL, error) {
	sc := getScratch()
	defer scratches.Put(sc)
	return parseWith(&sc.slow, input, nil)
}

// scratch is what a slow-path parse reuses: the parser's buffers and a
// record to hold a base URL.
type scratch struct {
	slow slow.Parser
	base record.URL
	// baseParser parses CanParseWithBase's base into a record that the
	// parse of its input reads while slow writes its own.
	baseParser slow.Parser
}

// scratches caches scratch between calls of the package-level functions:
// a cache with no observable state, so that a slow-path parse costs the
// parse, not the buffers' allocation.
var scratches = sync.Pool{New: func() any { return new(scratch) }}

func getScratch() *scratch {
	sc := scratches.Get().(*scratch)
	sc.slow.CollectErrors, sc.slow.ReuseError = false, false
	return sc
}

// Parse resolves ref against base (the URL parser with base), like
// new URL(ref, base). A zero base means no base.
func (base URL) Parse(ref string) (URL, error) {
	if base.IsZero() {
		return Parse(ref)
	}
	if href, p, ok := fast.Resolve(base.href, base.p, ref, nil); ok {
		return URL{href, p}, nil
	}
	return base.parseSlow(ref)
}

// parseSlow is (URL).Parse's slow path, a function of its own for the
// reason Parse's is.
func (base URL) parseSlow(ref string) (URL, error) {
	sc := getScratch()
	defer scratches.Put(sc)
	base.toRecord(&sc.base)
	return parseWith(&sc.slow, ref, &sc.base)
}

// CanParse reports whether input parses as an absolute URL (URL.canParse),
// without building the result: a validation-only run (fast.CanParse)
// reads only what can make the parse fail, and what it declines runs the
// standard's parser without serializing its record, so nothing is
// allocated.
func CanParse(input string) bool {
	switch fast.CanParse(input) {
	case fast.Parses:
		return true
	case fast.Fails:
		return false
	}
	return canParseSlow(input)
}

// CanParseBytes is CanParse for input that arrives as bytes.
func CanParseBytes(input []byte) bool {
	return CanParse(view(input))
}

// canParseSlow is CanParse's slow path, a function of its own for the
// reason Parse's is.
func canParseSlow(input string) bool {
	sc := getScratch()
	defer scratches.Put(sc)
	_, err := sc.slow.Parse(input, nil, nil)
	return err == nil
}

// MaxValidationErrors is the most validation errors ParseWithErrors lists
// for one parse (plus the fatal one on failure). An input can meet a
// validation error at every byte, so a list without a limit would grow
// with the input; the first thousand say what is wrong with it.
const MaxValidationErrors = 1000

// ValidationErrors are the validation errors of one parse.
type ValidationErrors struct {
	// List holds the errors met, in order, with offsets into the input:
	// all of them, or the first MaxValidationErrors when there were more.
	// On failure its last entry is the error that made the parse fail,
	// after the first MaxValidationErrors when those left it out.
	List []record.ValidationError
	// Omitted counts the errors met and left out of List.
	Omitted int
}

// Len returns how many validation errors the parse met: those in List
// and those omitted.
func (v ValidationErrors) Len() int { return len(v.List) + v.Omitted }

// CanParse reports whether ref resolves against base, like
// URL.canParse(ref, base), without building the result, as CanParse does
// (fast.CanResolve). A zero base means no base.
func (base URL) CanParse(ref string) bool {
	if base.IsZero() {
		return CanParse(ref)
	}
	switch fast.CanResolve(base.href, base.p, ref) {
	case fast.Parses:
		return true
	case fast.Fails:
		return false
	}
	return base.canParseSlow(ref)
}

// CanParseWithBase reports whether input parses against the URL that base
// parses to, like URL.canParse(input, base) with the base as a string:
// false when base does not parse. Neither is built: the validation-only
// run (fast.CanParseWithBase) reads the base only for whether it parses
// and its scheme, and what it declines runs Parse on the base and
// (URL).CanParse.
func CanParseWithBase(input, base string) bool {
	switch fast.CanParseWithBase(input, base) {
	case fast.Parses:
		return true
	case fast.Fails:
		return false
	}
	return canParseWithBaseSlow(input, base)
}

// canParseWithBaseSlow is CanParseWithBase's slow path: the standard's
// parser on the base and on input against its record, neither serialized.
// Their errors are the parsers' own (ReuseError), which the answer drops.
func canParseWithBaseSlow(input, base string) bool {
	sc := getScratch()
	defer scratches.Put(sc)
	sc.slow.ReuseError, sc.baseParser.ReuseError = true, true
	b, err := sc.baseParser.Parse(base, nil, nil)
	if err != nil {
		return false
	}
	_, err = sc.slow.Parse(input, b, nil)
	return err == nil
}

// canParseSlow is (URL).CanParse's slow path, a function of its own for
// the reason Parse's is.
func (base URL) canParseSlow(ref string) bool {
	sc := getScratch()
	defer scratches.Put(sc)
	base.toRecord(&sc.base)
	_, err := sc.slow.Parse(ref, &sc.base, nil)
	return err == nil
}

// ParseWithErrors parses input against base (zero for none) and also
// returns the validation errors the parser met (the first
// MaxValidationErrors of them and a count of the rest). A URL can parse
// and still have validation errors (it is then not a valid URL string); on
// failure the last error listed is the fatal one.
func ParseWithErrors(input string, base URL) (URL, ValidationErrors, error) {
	p := slow.Parser{CollectErrors: true, MaxErrors: MaxValidationErrors}
	var u URL
	var err error
	if base.IsZero() {
		u, err = parseWith(&p, input, nil)
	} else {
		var b record.URL
		base.toRecord(&b)
		u, err = parseWith(&p, input, &b)
	}
	errs := ValidationErrors{List: p.Errors(), Omitted: p.OmittedErrors()}
	if len(errs.List) == 0 {
		errs.List = nil
	}
	return u, errs, err
}

// parseWith runs the standard's parser p on input against base (nil for
// none) and makes its record a URL.
func parseWith(p *slow.Parser, input string, base *record.URL) (URL, error) {
	r, err := p.Parse(input, base, nil)
	if err != nil {
		return URL{}, parseError(err)
	}
	return fromParsed(r), nil
}

// recordFlags are the packed flags of a URL record.
func recordFlags(r *record.URL) uint8 {
	var f uint8
	if r.IsSpecial() {
		f |= offsets.FlagSpecial
	}
	if r.OpaquePath {
		f |= offsets.FlagOpaquePath
	}
	return f
}

// FromRecord returns the URL whose record is r, after checking that r is
// a record the URL parser could have produced: its serialization parses
// back to the same href, with the same host kind, path kind and offsets.
// A record that a setter of the standard modified passes; one built by
// hand passes when it is in parsed form (a lowercase scheme, a host in its
// serialized form with its kind, components percent-encoded as the parser
// leaves them). Otherwise the error matches ErrInvalidRecord, or
// ErrInputTooLong when the serialization would be longer than a URL can be.
func FromRecord(r *record.URL) (URL, error) {
	if r.SerializedLen() > offsets.MaxInput {
		return URL{}, ErrInputTooLong
	}
	u := fromRecord(r)
	if v, err := Parse(u.href); err != nil || v != u {
		return URL{}, ErrInvalidRecord
	}
	return u, nil
}

// fromRecord serializes a record the parser produced into a URL value.
// The href shares the memory the serialization is written to, which
// nothing writes again: one allocation, where string(buf) would copy.
func fromRecord(r *record.URL) URL {
	buf, off := r.Serialize(make([]byte, 0, r.SerializedLen()), false)
	return URL{href: unsafe.String(unsafe.SliceData(buf), len(buf)), p: offsets.Pack(&off, r.Host.Kind, recordFlags(r))}
}

// ownedComponent is the length from which fromParsed serializes a record
// in the memory of its longest component.
const ownedComponent = 64 << 10

// fromParsed is fromRecord for a record that a parser owns, whose memory
// the result may take: when the path, query or fragment is long and its
// memory has room for the whole href (and not much more), as the slow
// parser leaves them (internal/slow's moves.go), the href is written there
// around it, moved to its place in the href, and the record lets go of
// that memory. A long URL is then held once, not as the record and again
// as the href.
func fromParsed(r *record.URL) URL {
	n := r.SerializedLen()
	// The path, query and fragment end the href: each one's offset in it
	// is what follows it subtracted from the href's length.
	tail := 0
	if r.HasFragment {
		tail += 1 + len(r.Fragment)
	}
	if r.HasQuery {
		tail += 1 + len(r.Query)
	}
	comp, at := &r.Path, n-tail-len(r.Path)
	if r.HasQuery && len(r.Query) > len(*comp) {
		comp, at = &r.Query, n-tail+1
	}
	if r.HasFragment && len(r.Fragment) > len(*comp) {
		comp, at = &r.Fragment, n-len(r.Fragment)
	}
	c := *comp
	if len(c) < ownedComponent || cap(c) < n || cap(c)-n > n/2 {
		return fromRecord(r)
	}
	mem := c[:n]
	copy(mem[at:], c)
	// Serialize copies the component onto itself and writes the rest
	// around it, within mem's capacity.
	*comp = mem[at : at+len(c)]
	buf, off := r.Serialize(mem[:0], false)
	u := URL{href: unsafe.String(unsafe.SliceData(buf), len(buf)), p: offsets.Pack(&off, r.Host.Kind, recordFlags(r))}
	*comp = nil
	return u
}

// ToRecord fills r with u's components (reusing r's buffers): the form the
// parser takes a base in, and the form the URL API's setters modify.
func (u URL) ToRecord(r *record.URL) { u.toRecord(r) }

func (u URL) toRecord(r *record.URL) {
	r.Reset()
	r.Scheme = append(r.Scheme, u.Scheme()...)
	r.Username = append(r.Username, u.Username()...)
	r.Password = append(r.Password, u.Password()...)
	r.Host.Kind = u.p.Kind()
	r.Host.Text = append(r.Host.Text, u.Hostname()...)
	switch u.p.Kind() {
	case record.HostIPv4:
		a, _ := netip.ParseAddr(u.Hostname())
		b := a.As4()
		r.Host.IPv4 = uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
	case record.HostIPv6:
		h := u.Hostname()
		a, _ := netip.ParseAddr(h[1 : len(h)-1])
		b := a.As16()
		for i := range r.Host.IPv6 {
			r.Host.IPv6[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		}
	}
	if u.p.Port() != record.Omitted {
		r.Port = int(u.p.Port())
	}
	r.Path = append(r.Path, u.Pathname()...)
	r.OpaquePath = u.HasOpaquePath()
	if q, ok := u.Query(); ok {
		r.Query, r.HasQuery = append(r.Query, q...), true
	}
	if f, ok := u.Fragment(); ok {
		r.Fragment, r.HasFragment = append(r.Fragment, f...), true
	}
}

// MustParse is Parse for inputs known to be valid, such as constants in
// tests and package-level variables: it panics if input does not parse.
func MustParse(input string) URL {
	u, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return u
}
