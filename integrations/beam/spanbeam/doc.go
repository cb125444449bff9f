// Package spanbeam is spanurl's Apache Beam integration: transforms that
// parse URLs and access-log lines of a PCollection with the WHATWG URL
// Standard's parser (package span) and the access-log reader (package
// accesslog), key each result by its site or by its cache key, and send
// what does not parse to a dead-letter output instead of failing the
// pipeline.
//
//	parsed, dead := spanbeam.ParseURLs(s, lines, spanbeam.URLOptions{KeyBy: spanbeam.BySite})
//	// parsed: PCollection<KV<string, spanbeam.URL>>
//	// dead:   PCollection<spanbeam.DeadLetter>
//
//	reqs, bad := spanbeam.ParseAccessLog(s, lines, accesslog.Combined,
//		spanbeam.LogOptions{Host: "www.example.com", Scheme: "https", KeyBy: spanbeam.ByCacheKey})
//	// reqs: PCollection<KV<string, spanbeam.Request>>
//
// The keys are those of urlkey.Options: SiteKey, the registrable
// domain of the host (a crawler's politeness queue), and CacheKey, the
// href without its fragment and with its query parameters sorted (one key
// for the spellings of one resource).
//
// The DoFns and the element types are registered in this package's init,
// as the Go SDK requires for portable runners (Flink, Spark, Dataflow,
// Prism): a pipeline that imports the package runs on any of them.
package spanbeam
