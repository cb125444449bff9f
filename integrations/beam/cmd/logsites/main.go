// Command logsites is a Beam pipeline that reads access logs, parses
// their request lines into URLs with spanurl, and writes how many
// requests each site received, with the lines that did not parse to a
// dead-letter file. It runs on any Beam runner:
//
//	logsites --input='/var/log/nginx/access.log*' --output=/tmp/sites --format=combined --host=www.example.com
//	logsites --runner=flink --endpoint=localhost:8099 --environment_type=LOOPBACK --input=... --output=...
//	logsites --runner=dataflow --project=P --region=us-central1 \
//		--staging_location=gs://B/staging --input='gs://B/logs/*' --output=gs://B/sites
package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/integrations/beam/spanbeam"
	"github.com/spanurl/spanurl/urlkey"
)

var (
	input       = flag.String("input", "", "the access logs to read: a file or a glob (/logs/*.log, gs://bucket/logs/*)")
	output      = flag.String("output", "", "where to write SITE<TAB>COUNT lines")
	deadLetters = flag.String("dead_letters", "", "where to write the lines that did not parse, with the reason (optional)")
	format      = flag.String("format", "combined", "the log format: common, combined, vhost_combined or combined_host")
	host        = flag.String("host", "", "the server's host, for logs that do not record it")
	scheme      = flag.String("scheme", "https", "the server's scheme, for logs that do not record it")
	icannOnly   = flag.Bool("icann_only", false, "count the sites under a private public suffix (github.io, ...) as one")
)

func init() {
	register.Function2x1(formatCount)
	register.Function1x1(formatDeadLetter)
}

func main() {
	flag.Parse()
	beam.Init()
	ctx := context.Background()
	f, ok := accesslog.FormatOf(*format)
	if !ok || *input == "" || *output == "" {
		log.Exitf(ctx, "usage: logsites --input=GLOB --output=FILE [--format=common|combined|vhost_combined|combined_host]")
	}
	p, s := beam.NewPipelineWithRoot()
	countSites(s, *input, *output, *deadLetters, f, spanbeam.LogOptions{
		Host:   *host,
		Scheme: *scheme,
		KeyBy:  spanbeam.BySite,
		Keys:   urlkey.Options{ICANNOnly: *icannOnly},
	})
	if err := beamx.Run(ctx, p); err != nil {
		log.Exitf(ctx, "logsites: %v", err)
	}
}

// countSites is the pipeline: read, parse, count per site, write.
func countSites(s beam.Scope, input, output, deadLetters string, f accesslog.Format, opts spanbeam.LogOptions) {
	lines := textio.Read(s, input)
	requests, dead := spanbeam.ParseAccessLog(s, lines, f, opts)
	counts := stats.Count(s, beam.DropValue(s, requests))
	textio.Write(s, output, beam.ParDo(s, formatCount, counts))
	if deadLetters != "" {
		textio.Write(s, deadLetters, beam.ParDo(s, formatDeadLetter, dead))
	}
}

func formatCount(site string, n int) string { return fmt.Sprintf("%s\t%d", site, n) }

func formatDeadLetter(d spanbeam.DeadLetter) string { return d.Reason + "\t" + d.Input }
