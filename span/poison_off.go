//go:build !spanurl_poison

package span

// poisonReuse is false in ordinary builds: a Parser does not touch the
// memory of its previous result before the next call.
const poisonReuse = false
