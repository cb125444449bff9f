// Command testreport reads the output of `go test -json` on its standard
// input and prints what a plain `go test` prints (each package's result,
// the output of each failed test) followed by every skipped test with its
// reason, so that no skip goes unseen.
//
// It exits with status 1 when a test or a package failed, and when a test
// skipped for want of test data (its reason holds "test data not found",
// the prefix internal/testvectors gives such skips) unless
// $SPANURL_ALLOW_SKIP=1. Lines that are not JSON, such as build errors,
// pass through unchanged.
//
//	go test -json ./... 2>&1 | go run ./internal/testreport
package main
