package benthos

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/spanurl/spanurl/accesslog"
)

// TestProcessorConcurrent sends log lines from four goroutines at once
// through four pipeline threads, so that the processor (and its pool of
// access-log parsers) serves several threads; run it with -race.
func TestProcessorConcurrent(t *testing.T) {
	const producers, perProducer = 4, 200
	want := map[string]string{} // target -> href
	lines := make([][]string, producers)
	p := accesslog.Parser{Format: accesslog.Combined}
	var l accesslog.Line
	for i := range producers {
		for j := range perProducer {
			target := fmt.Sprintf("/p%d/./x/../item%d?b=%d&a=1", i, j, j)
			if j%10 == 0 {
				target = fmt.Sprintf(`/caf\xC3\xA9/%d/%d`, i, j)
			}
			line := `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET ` + target + ` HTTP/1.1" 200 1 "-" "-"`
			if err := p.Parse([]byte(line), &l); err != nil {
				t.Fatal(err)
			}
			u, err := l.URL("www.example.com", "https")
			if err != nil {
				t.Fatal(err)
			}
			want[string(l.Target)] = u.Href()
			lines[i] = append(lines[i], line)
		}
	}

	b := service.NewStreamBuilder()
	b.SetThreads(4)
	if err := b.SetLoggerYAML("level: off"); err != nil {
		t.Fatal(err)
	}
	if err := b.AddProcessorYAML(`spanurl: { mode: accesslog, host: www.example.com, scheme: https }`); err != nil {
		t.Fatal(err)
	}
	send, err := b.AddBatchProducerFunc()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	got := map[string]string{}
	err = b.AddConsumerFunc(func(_ context.Context, m *service.Message) error {
		v, err := m.AsStructured()
		if err != nil {
			return err
		}
		obj := v.(map[string]any)
		mu.Lock()
		got[obj["target"].(string)] = obj["url"].(map[string]any)["href"].(string)
		mu.Unlock()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	stream, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- stream.Run(ctx) }()
	var wg sync.WaitGroup
	for i := range producers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < perProducer; j += 10 {
				batch := service.MessageBatch{}
				for _, line := range lines[i][j : j+10] {
					batch = append(batch, service.NewMessage([]byte(line)))
				}
				if err := send(ctx, batch); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := stream.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	<-done
	if len(got) != len(want) {
		t.Errorf("%d results, want %d", len(got), len(want))
	}
	for target, href := range want {
		if got[target] != href {
			t.Errorf("%s: %q, want %q", target, got[target], href)
		}
	}
}
