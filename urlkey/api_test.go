package urlkey_test

import (
	"testing"

	"github.com/spanurl/spanurl/internal/apipin"
)

// TestAPI pins the package's exported API to testdata/api/urlkey.txt: a change
// to it fails here until the file is regenerated (UPDATE_API=1) and its
// diff reviewed.
func TestAPI(t *testing.T) { apipin.Check(t, ".", "../testdata/api/urlkey.txt") }
