//go:build !spanurl_poison

package api

// poisonBuild is false in ordinary builds.
const poisonBuild = false
