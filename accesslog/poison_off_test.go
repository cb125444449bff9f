//go:build !spanurl_poison

package accesslog

// poisonBuild is false in ordinary builds.
const poisonBuild = false
