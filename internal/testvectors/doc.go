// Package testvectors finds the test data: the web-platform-tests URL and
// URL Pattern data committed under testdata/wpt (or $SPANURL_WPT_DIR), and
// the URL corpora that live outside the repository (../shared/datasets
// beside the module, or $SPANURL_DATASETS_DIR). A conformance test never
// skips: missing WPT data fails it. A corpus test skips with a message
// that begins with MissingDataPrefix, which test.sh counts. RaceEnabled
// tells the tests that count allocations whether the race detector is on.
package testvectors
