package main

import (
	"io"
	"strconv"
)

// synthReader makes up size bytes of URL lines as they are read, so that
// tests can stream gigabytes without holding them: a mix of canonical
// URLs on a million distinct hosts (the fast path, and the worst case for
// counting hosts), URLs to normalize, relative references and, one line
// in a thousand, a line that fails.
type synthReader struct {
	size    int64 // bytes left to make
	lines   int64 // lines made
	pending []byte
	buf     []byte
}

func newSynthReader(size int64) *synthReader { return &synthReader{size: size} }

func (s *synthReader) Read(p []byte) (int, error) {
	if len(s.pending) == 0 {
		if s.size <= 0 {
			return 0, io.EOF
		}
		s.buf = s.buf[:0]
		for len(s.buf) < 64<<10 && int64(len(s.buf)) < s.size {
			s.buf = appendSynthLine(s.buf, uint64(s.lines))
			s.lines++
		}
		if int64(len(s.buf)) > s.size {
			// Cut the last line short, keeping its line feed, so that
			// the stream has exactly size bytes.
			cut := int64(len(s.buf)) - s.size
			s.buf = append(s.buf[:int64(len(s.buf))-cut-1], '\n')
		}
		s.size -= int64(len(s.buf))
		s.pending = s.buf
	}
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	return n, nil
}

// appendSynthLine appends line i of the synthetic stream.
func appendSynthLine(b []byte, i uint64) []byte {
	switch i % 8 {
	case 0, 1, 2, 3:
		b = append(b, "https://h"...)
		b = strconv.AppendUint(b, i*2654435761%1000003, 10)
		b = append(b, ".example"...)
		b = strconv.AppendUint(b, i%7, 10)
		b = append(b, ".com/path/"...)
		b = strconv.AppendUint(b, i, 10)
		b = append(b, "?q="...)
		b = strconv.AppendUint(b, i%100, 10)
	case 4:
		b = append(b, "HTTP://WWW.Example.ORG:80/a/./b/../"...)
		b = strconv.AppendUint(b, i, 10)
	case 5:
		b = append(b, "/relative/"...)
		b = strconv.AppendUint(b, i, 10)
		b = append(b, "?x#y"...)
	case 6:
		b = append(b, "http://www.example.com/static/app.js?v="...)
		b = strconv.AppendUint(b, i%1000, 10)
	case 7:
		if i%1000 == 7 {
			b = append(b, "http://[::1"...)
		} else {
			b = append(b, "https://cdn.example.net/img/"...)
			b = strconv.AppendUint(b, i, 10)
			b = append(b, ".png"...)
		}
	}
	return append(b, '\n')
}
