package benthos

import (
	"github.com/redpanda-data/benthos/v4/public/bloblang"
	"github.com/redpanda-data/benthos/v4/public/service"
)

// init registers the processor and the Bloblang methods on Benthos's
// global environments, as Benthos's components register themselves, so
// that a blank import is all a program needs.
func init() {
	if err := RegisterProcessor(service.GlobalEnvironment()); err != nil {
		panic(err)
	}
	if err := RegisterBloblang(bloblang.GlobalEnvironment()); err != nil {
		panic(err)
	}
}
