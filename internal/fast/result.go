package fast

import "github.com/spanurl/spanurl/record"

// Result is a parsed URL: its serialization and component offsets.
type Result struct {
	Href       string
	Off        record.Offsets
	Kind       record.HostKind
	Special    bool
	OpaquePath bool
}

// Base is what relative resolution needs from a parsed base URL.
type Base struct {
	Href    string
	Off     record.Offsets
	Kind    record.HostKind
	Special bool
}
