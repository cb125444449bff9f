// Package pct holds the URL Standard's percent-encode sets and the
// percent-encoding and percent-decoding that both parsers and the URL API
// share.
//
// The sets are package variables that nothing writes after
// initialization; they are internal so that no importer of spanurl can
// change how every URL in the process parses. Users percent-encode with a
// set through api.PercentEncode and api.EncodeSet.
package pct
