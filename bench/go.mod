module github.com/spanurl/spanurl/bench

go 1.27

toolchain go1.27.4

require (
	github.com/ada-url/goada v1.1.0
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/spanurl/spanurl v0.0.0
	github.com/valyala/fasthttp v1.74.0
)

require (
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/dunglas/go-urlpattern v1.0.0 // indirect
	github.com/klauspost/compress v1.20.0 // indirect
	github.com/molecule-man/go-brrr v1.0.1 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	golang.org/x/exp v0.0.0-20260410095643-746e56fc9e2f // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace github.com/spanurl/spanurl => ../
