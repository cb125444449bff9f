package benthos

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/redpanda-data/benthos/v4/public/service"

	_ "github.com/redpanda-data/benthos/v4/public/components/pure"
)

// result is a message as it leaves a stream: its content, metadata and
// error flag.
type result struct {
	content string
	meta    map[string]string
	err     error
}

// runStream sends inputs, in batches of up to 100, through a stream whose
// pipeline is the processors of procYAML (one YAML document per
// processor), and returns the messages that come out, in order.
func runStream(t testing.TB, inputs []string, procYAML ...string) []result {
	t.Helper()
	b := service.NewStreamBuilder()
	if err := b.SetLoggerYAML("level: off"); err != nil {
		t.Fatal(err)
	}
	for _, p := range procYAML {
		if err := b.AddProcessorYAML(p); err != nil {
			t.Fatalf("processor %q: %v", p, err)
		}
	}
	send, err := b.AddBatchProducerFunc()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var out []result
	err = b.AddConsumerFunc(func(_ context.Context, m *service.Message) error {
		c, err := m.AsBytes()
		if err != nil {
			return err
		}
		r := result{content: string(c), meta: map[string]string{}, err: m.GetError()}
		_ = m.MetaWalk(func(k, v string) error { r.meta[k] = v; return nil })
		mu.Lock()
		out = append(out, r)
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
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- stream.Run(ctx) }()
	for len(inputs) > 0 {
		n := min(len(inputs), 100)
		batch := make(service.MessageBatch, n)
		for i, in := range inputs[:n] {
			batch[i] = service.NewMessage([]byte(in))
		}
		if err := send(ctx, batch); err != nil {
			t.Fatal(err)
		}
		inputs = inputs[n:]
	}
	if err := stream.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil && err != context.Canceled {
		t.Fatal(err)
	}
	return out
}

// object decodes the content of r as a JSON object.
func (r result) object(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(r.content), &m); err != nil {
		t.Fatalf("content %q: %v", r.content, err)
	}
	return m
}
