package caddyspanurl

import (
	"strconv"

	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
	"github.com/caddyserver/caddy/v2/caddyconfig/httpcaddyfile"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

func init() {
	httpcaddyfile.RegisterHandlerDirective("spanurl", parseHandler)
	// First in a site block, after tracing only, so that every other
	// directive's matchers and handlers see the checked URL.
	httpcaddyfile.RegisterDirectiveOrder("spanurl", httpcaddyfile.After, "tracing")
}

// parseHandler reads the spanurl directive.
func parseHandler(h httpcaddyfile.Helper) (caddyhttp.MiddlewareHandler, error) {
	hd := new(Handler)
	err := hd.UnmarshalCaddyfile(h.Dispenser)
	return hd, err
}

// UnmarshalCaddyfile reads the spanurl directive:
//
//	spanurl [<matcher>] {
//	    whatwg
//	    max_target_length <bytes>
//	    max_host_length <bytes>
//	    allow_host_mismatch
//	    allow_encoded_separators
//	    allow_empty_segments
//	    scheme http|https
//	    trust_forwarded
//	    trusted_proxies <ranges...>
//	    default_host <host>
//	    status <code>
//	    reason <text>
//	    handle_errors
//	}
func (h *Handler) UnmarshalCaddyfile(d *caddyfile.Dispenser) error {
	d.Next() // the directive's name
	if d.NextArg() {
		return d.ArgErr()
	}
	for d.NextBlock(0) {
		name := d.Val()
		flag := func(b *bool) error {
			if d.NextArg() {
				return d.ArgErr()
			}
			*b = true
			return nil
		}
		str := func(s *string) error {
			if !d.NextArg() {
				return d.ArgErr()
			}
			*s = d.Val()
			if d.NextArg() {
				return d.ArgErr()
			}
			return nil
		}
		num := func(n *int) error {
			var s string
			if err := str(&s); err != nil {
				return err
			}
			v, err := strconv.Atoi(s)
			if err != nil {
				return d.Errf("%s: %v", name, err)
			}
			*n = v
			return nil
		}
		var err error
		switch name {
		case "whatwg":
			err = flag(&h.Policy.WHATWG)
		case "max_target_length":
			err = num(&h.Policy.MaxTargetLength)
		case "max_host_length":
			err = num(&h.Policy.MaxHostLength)
		case "allow_host_mismatch":
			err = flag(&h.Policy.AllowHostMismatch)
		case "allow_encoded_separators":
			err = flag(&h.Policy.AllowEncodedSeparators)
		case "allow_empty_segments":
			err = flag(&h.AllowEmptySegments)
		case "scheme":
			err = str(&h.Scheme)
		case "trust_forwarded":
			err = flag(&h.TrustForwarded)
		case "trusted_proxies":
			args := d.RemainingArgs()
			if len(args) == 0 {
				return d.ArgErr()
			}
			h.TrustedProxies = append(h.TrustedProxies, args...)
		case "default_host":
			err = str(&h.DefaultHost)
		case "status":
			err = num(&h.Status)
		case "reason":
			err = str(&h.Reason)
		case "handle_errors":
			err = flag(&h.HandleErrors)
		default:
			return d.Errf("unrecognized spanurl subdirective %q", name)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// UnmarshalCaddyfile reads the spanurl_pattern matcher:
//
//	spanurl_pattern <pattern> {
//	    base_url <url>
//	    ignore_case
//	}
func (m *MatchPattern) UnmarshalCaddyfile(d *caddyfile.Dispenser) error {
	for d.Next() {
		if !d.Args(&m.Pattern) {
			return d.Err("spanurl_pattern: expected exactly one URL pattern")
		}
		if d.NextArg() {
			return d.ArgErr()
		}
		for d.NextBlock(0) {
			switch d.Val() {
			case "base_url":
				if !d.Args(&m.BaseURL) {
					return d.ArgErr()
				}
			case "ignore_case":
				if d.NextArg() {
					return d.ArgErr()
				}
				m.IgnoreCase = true
			default:
				return d.Errf("unrecognized spanurl_pattern option %q", d.Val())
			}
		}
	}
	return nil
}

// Interface guards
var (
	_ caddyfile.Unmarshaler = (*Handler)(nil)
	_ caddyfile.Unmarshaler = (*MatchPattern)(nil)
)
