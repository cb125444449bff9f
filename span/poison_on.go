//go:build spanurl_poison

package span

// poisonReuse is true in the spanurl_poison build: before each call, a
// Parser overwrites the memory of its previous result (see poison).
const poisonReuse = true
