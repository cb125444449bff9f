package testvectors

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// WPTDir returns the directory holding urltestdata.json and its siblings:
// $SPANURL_WPT_DIR when set, else the copies committed under testdata/wpt.
// The committed copies make every conformance test run in a fresh clone,
// so a missing file fails t rather than skipping it.
func WPTDir(t testing.TB) string {
	t.Helper()
	const probe = "urltestdata.json"
	if dir := os.Getenv("SPANURL_WPT_DIR"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, probe)); err != nil {
			t.Fatalf("$SPANURL_WPT_DIR=%s has no %s", dir, probe)
		}
		return dir
	}
	root, ok := moduleRoot()
	if !ok {
		t.Fatal("the module root (go.mod) is not above the working directory")
	}
	dir := filepath.Join(root, "testdata", "wpt")
	if _, err := os.Stat(filepath.Join(dir, probe)); err != nil {
		t.Fatalf("the committed WPT data is missing: %v", err)
	}
	return dir
}

// MissingDataPrefix begins the message of every test skipped for want of
// a corpus, so that test.sh can tell such skips from the others and fail
// on them unless $SPANURL_ALLOW_SKIP=1.
const MissingDataPrefix = "test data not found"

// DatasetsDir returns the directory holding absolute.txt and the other
// corpora ($SPANURL_DATASETS_DIR, else ../shared/datasets beside the
// module), or skips t with a message that begins with MissingDataPrefix:
// the corpora are too large to commit.
func DatasetsDir(t testing.TB) string {
	t.Helper()
	if dir, ok := CorpusDir(); ok {
		return dir
	}
	if dir := os.Getenv("SPANURL_DATASETS_DIR"); dir != "" {
		t.Fatalf("$SPANURL_DATASETS_DIR=%s has no absolute.txt", dir)
	}
	t.Skipf("%s: set $SPANURL_DATASETS_DIR or put shared/datasets beside the repository", MissingDataPrefix)
	return ""
}

// CorpusDir returns the corpora's directory as DatasetsDir finds it, and
// false where there is none, for a fuzz target that only seeds from the
// corpora and runs without them.
func CorpusDir() (string, bool) {
	const probe = "absolute.txt"
	dir := os.Getenv("SPANURL_DATASETS_DIR")
	if dir == "" {
		root, ok := moduleRoot()
		if !ok {
			return "", false
		}
		dir = filepath.Join(root, "..", "shared", "datasets")
	}
	if _, err := os.Stat(filepath.Join(dir, probe)); err != nil {
		return "", false
	}
	return dir, true
}

func moduleRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			// bench/ has its own go.mod: keep walking to the library's.
			if filepath.Base(dir) != "bench" {
				return dir, true
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// LoadJSON reads a WPT JSON file (a list mixing comment strings and test
// objects) and returns the test objects decoded into T.
func LoadJSON[T any](t testing.TB, name string) []T {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(WPTDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []T
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var v T
		if err := json.Unmarshal(r, &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	return out
}

// URLTest is one case of urltestdata.json: an input, an optional base,
// and either failure or the URL object's getters. Origin is absent for
// some cases.
type URLTest struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Href     string  `json:"href"`
	Origin   *string `json:"origin"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
}
