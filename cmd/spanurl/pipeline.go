package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
)

// The pipeline streams the input through the workers in constant memory,
// with the output in input order:
//
//	feed (the caller's goroutine) -- cuts the input into chunks of whole lines
//	   |  work                         |  order (the same chunks, in sequence)
//	   v                               v
//	workers (-j of them) ----ready---> writer: writes each chunk's output in turn
//	                                   |
//	free list  <-----------------------+  (chunks come back for reuse)
//
// At most maxInFlight chunks exist, so memory is bounded by the chunk size,
// the longest line and the number of workers, whatever the input's length.
// Small inputs never start a goroutine: until parallelMin bytes have been
// read, feed formats each chunk itself and writes it (as it does
// throughout with -j 1).

// tuning holds the pipeline's sizes; tests shrink them.
var tuning = struct {
	chunkSize   int   // the capacity a chunk starts with
	parallelMin int64 // bytes read before the workers start
}{
	chunkSize:   256 << 10,
	parallelMin: 1 << 20,
}

// chunk is a run of whole lines and their output.
type chunk struct {
	in    []byte // lines, each ending in '\n' but perhaps the input's last
	out   []byte
	parts []part        // values written between the bytes of out (parts.go)
	errs  []byte        // the error lines, with -errors stderr
	file  string        // the input's name, for error lines, when there are several
	first int64         // the number of the first line in its input
	lines int           // lines in in
	ready chan struct{} // a worker has formatted it
}

type pipeline struct {
	cfg      *config
	stdout   io.Writer
	jobs     int
	workers  []*worker // workers[0] also formats inline, before the pool starts
	progress *progress
	stderr   io.Writer // where -errors stderr writes

	// The input being fed: its name when there are several, and the
	// number of its next line.
	file string
	next int64

	read  atomic.Int64 // bytes read
	lines atomic.Int64 // lines written

	partBuf []byte // emit's buffer for encoding parts

	// The pool, once started.
	started     bool
	work        chan *chunk
	order       chan *chunk
	free        chan *chunk
	allocated   int // chunks made (only feed makes them)
	maxInFlight int
	stop        atomic.Bool // the writer failed: feed stops
	werr        error       // the writer's error, read after done
	done        chan struct{}
	wg          sync.WaitGroup
}

func newPipeline(cfg *config, stdout io.Writer, jobs int) *pipeline {
	p := &pipeline{cfg: cfg, stdout: stdout, stderr: io.Discard, jobs: jobs, maxInFlight: 2*jobs + 2, next: 1}
	p.workers = make([]*worker, jobs)
	for i := range p.workers {
		p.workers[i] = newWorker(cfg)
	}
	p.workers[0].first = true // it formats the first chunk itself
	p.free = make(chan *chunk, p.maxInFlight)
	return p
}

// errStopped is feed's error once the writer has failed.
var errStopped = errors.New("stopped")

// feed reads r to its end and sends its lines down the pipeline. Each read
// fills what is free in a chunk and the whole lines go at once: a file
// goes in chunks of chunkSize, a pipe in what it holds, and the output of
// a slow input (tail -f) keeps pace with it. Small chunks cost only when
// the writer of a pipe is slower than spanurl, which is then not what
// limits the pipeline; a faster writer keeps the pipe full (64 KiB on
// Linux) and every read large. A line longer than a chunk grows the
// chunk.
func (p *pipeline) feed(r io.Reader) error {
	c := p.get()
	nl := 0 // c.in[:nl] are whole lines
	for {
		if p.stop.Load() {
			p.put(c)
			return errStopped
		}
		old := len(c.in)
		var n int
		var err error
		if len(c.in) == cap(c.in) && cap(c.in) >= longLine {
			n, err = readLong(c, r)
		} else {
			if len(c.in) == cap(c.in) {
				c.in = slices.Grow(c.in, cap(c.in)) // a line longer than the chunk
			}
			n, err = r.Read(c.in[old:cap(c.in)])
			c.in = c.in[:old+n]
		}
		p.read.Add(int64(n))
		if err != nil {
			if len(c.in) > 0 {
				if derr := p.dispatch(c); derr != nil {
					return derr
				}
			} else {
				p.put(c)
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		if i := bytes.LastIndexByte(c.in[old:], '\n'); i >= 0 {
			nl = old + i + 1
		}
		if n > 0 && nl > 0 {
			next := p.get()
			next.in = append(next.in[:0], c.in[nl:]...)
			c.in = c.in[:nl]
			if err := p.dispatch(c); err != nil {
				p.put(next)
				return err
			}
			c, nl = next, 0
		}
	}
}

// longLine is the length of a line past which feed reads it by readLong.
const longLine = 1 << 20

// longBlock is the size of readLong's blocks.
const longBlock = 1 << 20

// readLong reads a long line's rest: it reads into blocks of longBlock
// bytes until one holds a line feed, or until an error or the end of
// the input, and then appends the blocks to c.in in a buffer of their
// exact size, returning how many bytes it read and the read's error.
// Growing c.in by doubling would copy the line at every step, each
// copy also touching the capacity beyond the line, and keep up to three
// times the line in memory; the blocks are handed back to the system
// while they are copied, eight at a time, so that the line and its
// copy take little more than the line and 8 MiB. (A collection of a heap of
// byte slices has nothing to scan: it costs far less than the copy.)
func readLong(c *chunk, r io.Reader) (int, error) {
	var blocks [][]byte
	total := 0
	var err error
	for err == nil {
		b := make([]byte, longBlock)
		n, found := 0, false
		for n < len(b) && !found && err == nil {
			var k int
			k, err = r.Read(b[n:])
			found = bytes.IndexByte(b[n:n+k], '\n') >= 0
			n += k
		}
		blocks = append(blocks, b[:n])
		total += n
		if found {
			break
		}
	}
	in := make([]byte, len(c.in), len(c.in)+total)
	copy(in, c.in)
	c.in = nil
	for i, b := range blocks {
		in = append(in, b...)
		blocks[i] = nil
		if (i+1)%8 == 0 {
			// The blocks copied go back to the system as the copy
			// grows, so that the line is held about once; the last
			// few, at most 8 MiB, are left to the collector, which
			// spares lines of a few MiB a collection each.
			debug.FreeOSMemory()
		}
	}
	c.in = in
	return total, err
}

// dispatch sends c on its way: formatted and written now, or handed to the
// pool.
func (p *pipeline) dispatch(c *chunk) error {
	c.file, c.first = p.file, p.next
	if !p.started && p.jobs > 1 && p.read.Load() >= tuning.parallelMin {
		p.start()
	}
	if !p.started {
		p.workers[0].process(c)
		// The worker has counted the chunk's lines as it split them: the
		// next chunk starts after them. (Only the last chunk of an input
		// may end without a line feed, and the next input counts from 1.)
		p.next += int64(c.lines)
		err := p.emit(c)
		p.put(c)
		return err
	}
	// The workers format chunks in any order, and a chunk's error lines
	// need the number of its first line: the lines are counted here.
	p.next += int64(bytes.Count(c.in, []byte{'\n'}))
	p.order <- c
	p.work <- c
	return nil
}

// emit writes the output of c.
func (p *pipeline) emit(c *chunk) error {
	if len(c.parts) > 0 {
		if p.partBuf == nil {
			p.partBuf = make([]byte, 0, 64<<10)
		}
		if err := writeParts(p.stdout, c.out, c.parts, p.partBuf); err != nil {
			return fmt.Errorf("%w: %v", errWrite, err)
		}
	} else if len(c.out) > 0 {
		if _, err := p.stdout.Write(c.out); err != nil {
			return fmt.Errorf("%w: %v", errWrite, err)
		}
	}
	if len(c.errs) > 0 {
		if _, err := p.stderr.Write(c.errs); err != nil {
			return fmt.Errorf("%w: %v", errWrite, err)
		}
	}
	p.lines.Add(int64(c.lines))
	return nil
}

// get returns an empty chunk: a free one, a new one while fewer than
// maxInFlight exist, or else the next one the writer frees.
func (p *pipeline) get() *chunk {
	select {
	case c := <-p.free:
		return c
	default:
	}
	if p.allocated < p.maxInFlight {
		p.allocated++
		return &chunk{in: make([]byte, 0, tuning.chunkSize), ready: make(chan struct{}, 1)}
	}
	return <-p.free
}

// put returns c to the free list, letting go of buffers that a long line
// grew.
func (p *pipeline) put(c *chunk) {
	c.in = c.in[:0]
	clear(c.parts) // let go of the values they refer to
	c.parts = c.parts[:0]
	if cap(c.in) > 4*tuning.chunkSize {
		c.in = make([]byte, 0, tuning.chunkSize)
	}
	if cap(c.out) > 16*tuning.chunkSize {
		c.out = nil
	}
	if cap(c.errs) > 16*tuning.chunkSize {
		c.errs = nil
	}
	p.free <- c // never blocks: at most maxInFlight chunks exist
}

// start starts the workers and the writer.
func (p *pipeline) start() {
	p.started = true
	p.work = make(chan *chunk, p.maxInFlight)
	p.order = make(chan *chunk, p.maxInFlight)
	p.done = make(chan struct{})
	for _, w := range p.workers {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			for c := range p.work {
				w.process(c)
				c.ready <- struct{}{}
			}
		}()
	}
	go func() {
		defer close(p.done)
		for c := range p.order {
			<-c.ready
			if p.werr == nil {
				if err := p.emit(c); err != nil {
					p.werr = err
					p.stop.Store(true)
				}
			}
			p.put(c)
		}
	}()
}

// finish waits for the output of everything fed, and returns the writer's
// error.
func (p *pipeline) finish() error {
	if !p.started {
		return nil
	}
	close(p.work)
	close(p.order)
	<-p.done
	p.wg.Wait()
	return p.werr
}

// stats returns the run's counts and its top hosts (after finish).
func (p *pipeline) stats() (*stats, []hostCount) {
	var s stats
	var tables []*topHosts
	for _, w := range p.workers {
		s.add(&w.st)
		if w.st.hosts != nil {
			tables = append(tables, w.st.hosts)
		}
	}
	var hosts []hostCount
	if len(tables) > 0 {
		hosts = topOf(tables, 10)
	}
	return &s, hosts
}
