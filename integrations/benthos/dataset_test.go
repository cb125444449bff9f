package benthos

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// request is one line of requests.txt: a request-target and the Host it
// was sent to ("" when the source does not record it).
type request struct{ target, host string }

// defaultHost stands for the server of requests whose source does not
// record the Host.
const defaultHost = "www.example.com"

// url returns the URL a client meant by r, as a string for a URL parser:
// an origin-form target on its host with https, any other target as it is.
func (r request) url() string {
	if strings.HasPrefix(r.target, "/") {
		h := r.host
		if h == "" {
			h = defaultHost
		}
		return "https://" + h + r.target
	}
	return r.target
}

// logLine returns r as a line of the combined_host format.
func (r request) logLine() string {
	h := r.host
	if h == "" {
		h = "-"
	}
	return `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET ` + r.target + ` HTTP/1.1" 200 1 "-" "-" "` + h + `"`
}

// datasetsDir returns the directory of the shared datasets:
// $SPANURL_DATASETS_DIR, or shared/datasets beside the repository.
func datasetsDir() string {
	if d := os.Getenv("SPANURL_DATASETS_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "shared", "datasets")
}

// readRequests reads up to max lines (all when max <= 0) of the
// target<TAB>host file at path.
func readRequests(t testing.TB, path string, max int) []request {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []request
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		target, host, _ := strings.Cut(sc.Text(), "\t")
		out = append(out, request{target, host})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// datasetRequests returns up to max lines of the shared requests.txt. When
// the file is missing the test fails, unless SPANURL_ALLOW_SKIP=1, when it
// is skipped: the committed sample is tested either way.
func datasetRequests(t testing.TB, max int) []request {
	t.Helper()
	path := filepath.Join(datasetsDir(), "requests.txt")
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("SPANURL_ALLOW_SKIP") == "1" {
			t.Skipf("%s: %v (SPANURL_ALLOW_SKIP=1)", path, err)
		}
		t.Fatalf("%s: %v; set SPANURL_DATASETS_DIR, or SPANURL_ALLOW_SKIP=1 to skip", path, err)
	}
	return readRequests(t, path, max)
}

// sampleRequests returns the committed sample of request lines.
func sampleRequests(t testing.TB) []request {
	return readRequests(t, filepath.Join("testdata", "requests-sample.txt"), 0)
}
