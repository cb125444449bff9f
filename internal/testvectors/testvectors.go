package testvectors

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// WPTDir returns the directory holding urltestdata.json and its siblings,
// or skips t.
func WPTDir(t testing.TB) string {
	return find(t, "SPANURL_WPT_DIR", "wpt", "urltestdata.json")
}

// DatasetsDir returns the directory holding absolute.txt and the other
// corpora, or skips t.
func DatasetsDir(t testing.TB) string {
	return find(t, "SPANURL_DATASETS_DIR", "datasets", "absolute.txt")
}

func find(t testing.TB, env, sub, probe string) string {
	t.Helper()
	if dir := os.Getenv(env); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, probe)); err == nil {
			return dir
		}
		t.Fatalf("$%s=%s has no %s", env, dir, probe)
	}
	if root, ok := moduleRoot(); ok {
		dir := filepath.Join(root, "..", "shared", sub)
		if _, err := os.Stat(filepath.Join(dir, probe)); err == nil {
			return dir
		}
	}
	t.Skipf("test data not found: set $%s or put shared/%s beside the repository", env, sub)
	return ""
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
