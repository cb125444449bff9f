package slow

import "github.com/spanurl/spanurl/record"

func (p *Parser) run(input string, base *record.URL, encoding *Encoding, url *record.URL, override State) error {
	panic("TODO")
}
