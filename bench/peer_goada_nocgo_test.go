//go:build !cgo

package bench

func init() {
	why := "goada needs cgo (built with CGO_ENABLED=0)"
	register(&peer{
		name: "goada",
		rank: 3,
		missing: map[string]string{
			"Absolute": why, "CanParse": why, "Messy": why,
			"Relative": why, "Requests": why, "Hosts": why,
		},
	})
}
