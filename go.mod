module github.com/spanurl/spanurl

go 1.27

toolchain go1.27.4

require (
	golang.org/x/net v0.62.0
	golang.org/x/sys v0.49.0
	golang.org/x/text v0.43.0
)
