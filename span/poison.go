package span

import "github.com/spanurl/spanurl/internal/fast"

// poisonByte is what a Parser writes over its memory before each call in
// the spanurl_poison build: a URL, a getter's string or an error kept
// from an earlier call then reads as a run of it.
const poisonByte = '!'

// poison overwrites the memory of p's previous result, when the build
// asks for it (poisonReuse), so that keeping a result past the next call
// is loud instead of silently wrong. It then lets go of that memory, so
// that the next result is written elsewhere: a string kept by mistake
// (a map key stored without a clone) keeps reading as poison, rather
// than as whatever a later call writes over the poison.
func (p *Parser) poison() {
	if !poisonReuse {
		return
	}
	for _, b := range [][]byte{p.in[:cap(p.in)], p.text[:cap(p.text)], p.out[:cap(p.out)]} {
		for i := range b {
			b[i] = poisonByte
		}
	}
	p.buf.Poison(poisonByte)
	p.in, p.text, p.out = nil, nil, nil
	if !p.buf.Keep {
		p.buf = fast.Buffer{ValidateOnly: p.buf.ValidateOnly}
	}
}
