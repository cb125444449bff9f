package slow

import "github.com/spanurl/spanurl/record"

// STUB (helper 2 replaces this file).

// domainToASCII runs domain to ASCII on domain (UTF-8) with beStrict,
// appending the result to dst. It returns the validation error type that
// made it fail, or 0 on success.
func domainToASCII(dst []byte, domain []byte, beStrict bool) ([]byte, record.ErrorType) {
	panic("TODO")
}
