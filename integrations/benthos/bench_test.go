package benthos

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/redpanda-data/benthos/v4/public/bloblang"
	"github.com/redpanda-data/benthos/v4/public/service"
)

// benchURLs returns the URLs of requests.txt, or of the committed sample
// when the datasets are missing.
func benchURLs(b *testing.B) []string {
	reqs := sampleRequests(b)
	if _, err := os.Stat(filepath.Join(datasetsDir(), "requests.txt")); err == nil {
		reqs = datasetRequests(b, 0)
	} else {
		b.Logf("requests.txt not found (%v): the sample is benchmarked", err)
	}
	urls := make([]string, len(reqs))
	for i, r := range reqs {
		urls[i] = r.url()
	}
	return urls
}

// BenchmarkMapping runs one message per op, a requests.txt URL as its
// structured content, through a mapping: net/url's parse_url against
// parse_url_whatwg. Refused inputs are errors of the mapping in both.
func BenchmarkMapping(b *testing.B) {
	urls := benchURLs(b)
	for _, mapping := range []string{
		`root = this.parse_url()`,
		`root = this.parse_url_whatwg()`,
		`root = this.parse_url_whatwg(validation_errors: true)`,
		`root = this.url_cache_key()`,
	} {
		b.Run(mapping[len("root = this."):], func(b *testing.B) {
			exec, err := bloblang.Parse(mapping)
			if err != nil {
				b.Fatal(err)
			}
			msgs := make([]*service.Message, len(urls))
			for i, u := range urls {
				msgs[i] = service.NewMessage(nil)
				msgs[i].SetStructured(u)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_, _ = msgs[i%len(msgs)].BloblangQuery(exec)
			}
		})
	}
}

// BenchmarkProcessor runs one message per op, a requests.txt URL as its
// content, through the spanurl processor (URL fields, cache key, site).
func BenchmarkProcessor(b *testing.B) {
	urls := benchURLs(b)
	conf, err := ProcessorSpec().ParseYAML(`{}`, nil)
	if err != nil {
		b.Fatal(err)
	}
	proc, err := newProcessor(conf, nil)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := service.NewMessage([]byte(urls[i%len(urls)]))
		if _, err := proc.Process(ctx, m); err != nil {
			b.Fatal(err)
		}
	}
}
