package benthos

import (
	"os"
	"strings"
	"testing"

	"github.com/redpanda-data/benthos/v4/public/service"

	_ "github.com/redpanda-data/benthos/v4/public/components/io"
)

// TestREADMEConfigs lints every YAML block of README.md as a stream
// config, so that the documented configs stay valid.
func TestREADMEConfigs(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(b), "```yaml\n")[1:]
	if len(blocks) < 4 {
		t.Fatalf("%d YAML blocks in README.md", len(blocks))
	}
	for _, blk := range blocks {
		conf, _, ok := strings.Cut(blk, "```")
		if !ok {
			t.Fatal("unterminated YAML block")
		}
		sb := service.NewStreamBuilder()
		if err := sb.SetYAML(conf); err != nil {
			t.Errorf("%v in\n%s", err, conf)
			continue
		}
		if _, err := sb.Build(); err != nil {
			t.Errorf("%v in\n%s", err, conf)
		}
	}
}

// TestREADMEExample checks the access-log example of README.md.
func TestREADMEExample(t *testing.T) {
	out := runStream(t, []string{
		`203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /a/./b/../c?q=1;r=2 HTTP/1.1" 200 2326 "https://www.example.com/" "Mozilla/5.0"`,
	}, `spanurl: { mode: accesslog, format: combined, host: www.example.com, scheme: https }`)
	refused := runStream(t, []string{`https://exa mple.com/?token=abc`}, `spanurl: {}`)
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), "")
	for k, v := range out[0].object(t) {
		if m, ok := v.(map[string]any); ok {
			for k, v := range m {
				if want := `"` + k + `":"` + v.(string) + `"`; !strings.Contains(readme, strings.Join(strings.Fields(want), "")) {
					t.Errorf("README lacks url %s", want)
				}
			}
			continue
		}
		if want := `"` + k + `":"` + v.(string) + `"`; !strings.Contains(readme, strings.Join(strings.Fields(want), "")) {
			t.Errorf("README lacks %s", want)
		}
	}
	if e := refused[0].meta[MetaError]; !strings.Contains(string(b), e) {
		t.Errorf("README lacks the error %q", e)
	}
}
