// Package testvectors finds the test data that lives outside the repository:
// the web-platform-tests URL data (../shared/wpt beside the module, or
// $SPANURL_WPT_DIR) and the URL corpora (../shared/datasets, or
// $SPANURL_DATASETS_DIR). Tests that need them skip with a clear message
// when they are absent; CI always has them. RaceEnabled tells the tests
// that count allocations whether the race detector is on.
package testvectors
