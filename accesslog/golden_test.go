package accesslog

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestGolden")

// goldenLogs are the logs of testdata, each with the format to read it in
// and the server that Line.URL is given.
var goldenLogs = []struct {
	file   string
	format Format
}{
	{"nginx-combined.log", Combined},
	{"apache-vhost.log", VhostCombined},
	{"nginx-host.log", CombinedHost},
	{"common.log", Common},
	{"long.log", Combined},
}

// TestGolden parses the hand-written logs of testdata and compares every
// field and the URL of every line with the .golden file next to the log.
func TestGolden(t *testing.T) {
	for _, g := range goldenLogs {
		t.Run(g.file, func(t *testing.T) {
			in, err := os.ReadFile(filepath.Join("testdata", g.file))
			if err != nil {
				t.Fatal(err)
			}
			got := describeLog(in, g.format)
			golden := filepath.Join("testdata", g.file[:len(g.file)-len(".log")]+".golden")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from %s (go test -run TestGolden -update to rewrite it):\n%s", g.file, golden, firstDiff(want, got))
			}
		})
	}
}

// describeLog returns a description of every line of log: its fields, or
// the error of Parse, and its URL on the server http://example.com.
func describeLog(log []byte, f Format) []byte {
	var b bytes.Buffer
	p := Parser{Format: f}
	sc := bufio.NewScanner(bytes.NewReader(log))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var l Line
		err := p.Parse(sc.Bytes(), &l)
		fmt.Fprintf(&b, "line %d:", n)
		if err != nil {
			fmt.Fprintf(&b, " %v", err)
		}
		b.WriteByte('\n')
		for _, fv := range []struct {
			name  string
			value []byte
		}{
			{"vhost", l.VHost}, {"port", l.Port},
			{"client", l.Client}, {"ident", l.Ident}, {"user", l.User}, {"time", l.Time},
			{"request", l.Request}, {"method", l.Method}, {"target", l.Target}, {"protocol", l.Protocol},
			{"status", l.Status}, {"size", l.Size},
			{"referer", l.Referer}, {"user-agent", l.UserAgent}, {"host", l.Host}, {"extra", l.Extra},
		} {
			if fv.value != nil {
				fmt.Fprintf(&b, "\t%s %s\n", fv.name, quoteShort(fv.value))
			}
		}
		if err == nil || errors.Is(err, ErrRequestLine) {
			u, err := l.URL("example.com", "http")
			if err != nil {
				fmt.Fprintf(&b, "\turl error: %v\n", err)
			} else {
				fmt.Fprintf(&b, "\turl %s\n", quoteShort([]byte(u.Href())))
			}
		}
	}
	if sc.Err() != nil {
		fmt.Fprintf(&b, "read error: %v\n", sc.Err())
	}
	return b.Bytes()
}

// quoteShort quotes v, cut to its first 60 bytes and its length when it is
// longer than 200.
func quoteShort(v []byte) string {
	if len(v) > 200 {
		return strconv.Quote(string(v[:60])) + "... (" + strconv.Itoa(len(v)) + " bytes)"
	}
	return strconv.Quote(string(v))
}

// firstDiff shows the first line where got differs from want.
func firstDiff(want, got []byte) string {
	wl, gl := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g []byte
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if !bytes.Equal(w, g) {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, w, g)
		}
	}
	return ""
}
