//go:build !spanurl_poison

package main

// poisonBuild is false in ordinary builds.
const poisonBuild = false
