// Package benthos puts spanurl into Benthos (github.com/redpanda-data/benthos/v4)
// pipelines: a processor, spanurl, that reads a URL or an access-log line
// from a message into the fields of a browser's URL object, and Bloblang
// methods (parse_url_whatwg, url_resolve, url_cache_key, url_site,
// parse_query_whatwg) for mappings.
//
// Importing the package registers both on Benthos's global environments,
// as Benthos's own components do:
//
//	import _ "github.com/spanurl/spanurl/integrations/benthos"
//
// A program that builds its own environments registers them there with
// RegisterProcessor and RegisterBloblang instead.
//
// Bloblang's parse_url is Go's net/url, which reads URLs as RFC 3986 and
// Go's HTTP server do; these methods read them as the URL Standard and
// browsers do (hosts lowercased and IDNA-mapped, dot segments removed,
// backslashes as slashes in http(s) URLs, default ports dropped, queries
// split only at "&"). The README of this module lists the differences
// counted on real request targets.
package benthos
