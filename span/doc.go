// Package span is spanurl's URL value: one string (the URL's serialization,
// its href) plus the offsets of every component, so that every getter is a
// substring and a URL is a small comparable value, like netip.Addr.
//
//	u, err := span.Parse("https://EXAMPLE.com:443/a/./b?q#f")
//	// u.Href() == "https://example.com/a/b?q#f", u.Hostname() == "example.com"
//
// Parse follows the WHATWG URL Standard exactly: the results are what a
// browser's URL object reports. The zero URL is not a valid URL (IsZero
// reports it); == on two URLs compares their serializations, which is the
// standard's URL equivalence, so a URL is a map key as it is.
//
// # Three ways to parse
//
// Parse and (URL).Parse return URLs that own their memory: input already
// in serialized form is the href itself, and any other href is a new
// string, one allocation. A Parser takes []byte input and allocates
// nothing once warm, but its results are valid only until its next call.
// An Arena gives results as permanent as Parse's while writing their new
// hrefs into shared blocks: fewer allocations for a program that keeps
// what it parses, at the cost of a kept URL holding its block.
//
// A Parser also reads HTTP request targets, as a log processor or a
// server meets them: ParseRequestTarget ("/a?b" and "//a//b" as paths on
// the given host, "http://h/p" on its own), ParseConnectTarget ("h:443")
// and ParseHost (the Host, and the URL of "OPTIONS *"), with the checks
// and results of package httpurl, bytes that are not UTF-8 kept
// percent-encoded one by one. ParseWithErrors lists validation errors
// into a slice the caller reuses, and ErrorType gives the
// record.ErrorType of any error that names one.
//
// # Errors
//
// A failed parse returns a *ParseError: the input (cut to 256 bytes, with
// anything that may be a password, and the values of the parameters of
// its query and fragment, masked as "xxxxx", so that tokens are not
// logged), the validation error that made the parser fail, named as in
// the standard, and its byte offset in the input as received (not in the
// masked text):
//
//	invalid URL "https://user:xxxxx@exa mple.com/?token=xxxxx": domain-invalid-code-point at offset 20
//
// The validation errors are the record.ErrorType constants, and each is
// an errors.Is target: errors.Is(err, record.HostMissing). An input or a
// result too long for a URL's 32-bit offsets matches ErrInputTooLong, as
// does an input longer than the MaxInput that a server sets on its Parser
// or Arena to bound what one hostile input costs.
//
// # Encodings, logging and net/url
//
// A URL is an encoding.TextMarshaler and TextUnmarshaler (its href; the
// zero URL is empty text), a json.Marshaler and Unmarshaler (a JSON string;
// the zero URL is null), a fmt.Stringer (the href) and an slog.LogValuer
// that logs the href with its password replaced, as Redacted does. AppendTo
// writes the href into a caller's buffer. ToNetURL and FromNetURL convert
// to and from net/url's URL, with the mapping and its limits documented
// there; HostAddr, PortOrDefault and DefaultPort give what a dialer needs.
//
// The design of the module (its layers, the fast and slow paths, where
// the tests live) is in DESIGN.md at the root of the repository.
package span
