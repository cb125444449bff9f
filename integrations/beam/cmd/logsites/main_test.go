package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/integrations/beam/spanbeam"
)

func TestMain(m *testing.M) {
	beamlog.LogLevel = "warn"
	ptest.MainWithDefault(m, "prism")
}

// TestCountSites runs the command's pipeline on prism over a log file
// and checks the files it writes.
func TestCountSites(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "access.log")
	log := `shop.example.co.uk:443 203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /cart?b=1 HTTP/2.0" 200 1 "-" "-"
img.example.co.uk:80 203.0.113.9 - - [10/Oct/2024:13:55:37 +0000] "GET /a.png HTTP/1.1" 200 1 "-" "-"
alice.github.io:443 198.51.100.2 - - [10/Oct/2024:13:55:38 +0000] "GET / HTTP/1.1" 200 1 "-" "-"
alice.github.io:443 198.51.100.2 - - [10/Oct/2024:13:55:39 +0000] "GET /a/%2e%2e/b HTTP/1.1" 200 1 "-" "-"
shop.example.co.uk:443 203.0.113.9 - - [10/Oct/2024:13:55:40 +0000] "-" 408 0 "-" "-"
garbage
`
	if err := os.WriteFile(in, []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	out, dead := filepath.Join(dir, "sites"), filepath.Join(dir, "dead")
	p, s := beam.NewPipelineWithRoot()
	countSites(s, in, out, dead, accesslog.VhostCombined, spanbeam.LogOptions{Scheme: "https"})
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	if got, want := readSorted(t, out), []string{"alice.github.io\t2", "example.co.uk\t2"}; !slices.Equal(got, want) {
		t.Errorf("sites: %q, want %q", got, want)
	}
	got := readSorted(t, dead)
	if len(got) != 2 || !strings.HasSuffix(got[0], "\tgarbage") || !strings.Contains(got[1], `"-" 408`) {
		t.Errorf("dead letters: %q", got)
	}
}

func readSorted(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	slices.Sort(lines)
	return lines
}
