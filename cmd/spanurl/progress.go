package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// progressEvery is how often the progress line is redrawn; tests shorten
// it.
var progressEvery = 250 * time.Millisecond

// progress redraws one line on a terminal (stderr) with the bytes read of
// the input's total and the lines per second written so far.
type progress struct {
	w           io.Writer
	total       int64
	read, lines *atomic.Int64
	begin       time.Time
	quit, done  chan struct{}

	mu    sync.Mutex
	shown bool // the line is on the terminal
}

func startProgress(w io.Writer, total int64, read, lines *atomic.Int64) *progress {
	p := &progress{
		w: w, total: total, read: read, lines: lines, begin: time.Now(),
		quit: make(chan struct{}), done: make(chan struct{}),
	}
	go p.loop()
	return p
}

func (p *progress) loop() {
	defer close(p.done)
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	for {
		select {
		case <-p.quit:
			return
		case now := <-t.C:
			p.show(now)
		}
	}
}

// show draws the line: "spanurl: 1.2 GiB of 3.4 GiB (35%), 1.5M lines/s,
// 0:42 left".
func (p *progress) show(now time.Time) {
	read, lines := p.read.Load(), p.lines.Load()
	secs := now.Sub(p.begin).Seconds()
	if secs <= 0 {
		return
	}
	pct := 100
	if p.total > 0 {
		pct = int(min(100, read*100/p.total))
	}
	line := fmt.Sprintf("\rspanurl: %s of %s (%d%%), %s lines/s", byteSize(read), byteSize(p.total), pct, siCount(float64(lines)/secs))
	if rate := float64(read) / secs; rate > 0 && read < p.total {
		left := time.Duration(float64(p.total-read) / rate * float64(time.Second))
		line += fmt.Sprintf(", %d:%02d left", int(left.Minutes()), int(left.Seconds())%60)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	io.WriteString(p.w, line+"\x1b[K") // erase what a longer line left
	p.shown = true
}

// clear erases the line, before a warning or at the end.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// stop ends the redrawing and erases the line.
func (p *progress) stop() {
	close(p.quit)
	<-p.done
	p.clear()
}

// byteSize formats n bytes with a binary prefix: "512 B", "1.5 MiB".
func byteSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, prefix := float64(n)/unit, 0
	for v >= unit && prefix < 4 {
		v /= unit
		prefix++
	}
	return fmt.Sprintf("%.1f %ciB", v, "KMGTP"[prefix])
}

// siCount formats a count with an SI prefix: "950", "12.3k", "1.5M".
func siCount(v float64) string {
	switch {
	case v < 1e3:
		return fmt.Sprintf("%.0f", v)
	case v < 1e6:
		return fmt.Sprintf("%.1fk", v/1e3)
	case v < 1e9:
		return fmt.Sprintf("%.1fM", v/1e6)
	}
	return fmt.Sprintf("%.1fG", v/1e9)
}
