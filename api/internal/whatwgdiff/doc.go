// Package whatwgdiff holds the differential test of package api against
// whatwg-url, the npm package that is the URL Standard's reference
// implementation: random sequences of URLSearchParams operations and URL
// setter calls run through both, and every result and intermediate state
// must agree.
//
// Run it with Node.js and the package installed outside the repository:
//
//	api/internal/whatwgdiff/setup.sh /tmp/whatwgdiff
//	SPANURL_WHATWG_URL_DIR=/tmp/whatwgdiff go test ./api/internal/whatwgdiff
//
// or pass -whatwgurl=/tmp/whatwgdiff instead of the environment variable;
// -whatwgdiff.n sets the number of sequences (3000 by default, a few
// seconds) and -whatwgdiff.seed the random seed. Without node or the
// package the test skips and says why.
package whatwgdiff
