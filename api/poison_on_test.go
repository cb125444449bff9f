//go:build spanurl_poison

package api

// poisonBuild is true in the spanurl_poison build, where span.Parser
// lets go of its memory on every call: allocation counts do not hold.
const poisonBuild = true
