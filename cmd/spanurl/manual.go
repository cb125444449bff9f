package main

// manual is the text of spanurl -h.
const manual = `NAME
    spanurl - parse URLs the way browsers do (WHATWG URL Standard)

SYNOPSIS
    spanurl [-base URL] [-json] [-validate] [FILE...]
    spanurl -sample [-base URL] [-json] [-validate]
    spanurl wpt

DESCRIPTION
    spanurl reads URLs, one per line, from each FILE in turn ("-" is
    standard input), or from standard input when no FILE is given. It parses
    every line with the URL Standard's URL parser, as new URL(line) does in a
    browser, and writes exactly one line for each line read, so that output
    lines stay aligned with input lines.

    By default the output line is the URL's serialization (its href):

        $ echo 'HTTPS://EXAMPLE.org:443/a/./b/../c' | spanurl
        https://example.org/a/c

    A line that fails to parse gives a line starting with "error: " that
    names the validation error that made it fail and its byte offset, and
    the run goes on:

        $ echo 'http://[::1' | spanurl
        error: invalid URL "http://[::1": IPv6-unclosed at offset 7

    A line ends at a line feed; one carriage return before it is removed, so
    CRLF files work. Lines may be of any length. Nothing else is trimmed by
    spanurl: the parser itself strips leading and trailing spaces and C0
    controls and removes tabs and carriage returns inside, as browsers do.

    When no FILE is given and standard input is a terminal (a character
    device, which /dev/null also is), spanurl runs on its bundled sample of
    URLs, as with -sample. Give "-" to read standard input anyway.

    Output is buffered, and flushed whenever spanurl is about to wait for
    input, so it keeps pace with a growing log (tail -f log | spanurl).

FLAGS
    -base URL
        Resolve each line against URL, as new URL(line, URL) does:
        relative references such as "../x", "?q", "#f" and "//host/p"
        become absolute URLs. A URL that does not parse is a usage error.

    -json
        Write one JSON object per line: the line read as "input", and the
        URL's components as the URL object's getters report them:

            {"input":...,"href":...,"origin":...,"protocol":...,"username":...,
             "password":...,"host":...,"hostname":...,"port":...,"pathname":...,
             "search":...,"hash":...}

        A line that fails to parse gives {"input":...,"error":...} instead.
        Bytes that are not UTF-8 in "input" are written as U+FFFD.

    -validate
        Write the validation errors the parser meets in each line, as three
        tab-separated fields:

            STATUS <TAB> ERRORS <TAB> INPUT

        STATUS is "valid" (the line parses and has no validation error),
        "invalid" (it parses, as browsers accept it, but has validation
        errors) or "failure" (it does not parse). ERRORS is empty or a
        comma-separated list of NAME@OFFSET, in the order the parser met
        them: NAME is the error's name in the URL Standard (such as
        invalid-URL-unit) and OFFSET its 0-based byte offset in the line.
        For a failure the last error listed is the one that made the parse
        fail. INPUT is the line as read; it comes last because it may hold
        tabs itself (cut -f3- gives it back whole). For example:

            invalid<TAB>invalid-URL-unit@23<TAB>https://example.org/foo bar

        With -json, the objects gain "status" (as above) and
        "validation_errors", a list of {"name":...,"offset":...}.

    -sample
        Run on the bundled sample of URLs (cmd/spanurl/sample-urls.txt in
        the source) instead of files or standard input.

    -h, -help
        Print this manual and exit.

WPT PROTOCOL
    spanurl wpt reads one JSON object per line from standard input and
    writes one JSON object per line to standard output, in the same order,
    for test harnesses such as the web-platform-tests URL suites. It answers
    every line, whatever it holds, and stops only at the end of its input.

    {"input": S, "base": S or null}
        Parse S (against base, which may also be absent), as new URL(input,
        base). The answer holds the getters' values, all strings:
        {"href","origin","protocol","username","password","host",
        "hostname","port","pathname","search","hash"}; or it is
        {"failure":true} when parsing fails, or when base does not parse.

    {"href": S, "setter": NAME, "new_value": S}
    {"op": ...}
        Answered with {"error":"unsupported"} for now.

    Anything else (a line that is not JSON, or an object of none of these
    forms) is answered with {"error":"..."} saying what is wrong.

    Strings with lone surrogate escapes (\ud800) are read as U+FFFD, as
    browsers convert them when they call the URL parser.

EXIT STATUS
    0   Every line parsed (for spanurl wpt: all input was read).
    1   Some line failed to parse, a FILE could not be read, or the output
        could not be written. A run on the bundled sample, which has lines
        that fail on purpose, exits 0 unless the output cannot be written.
    2   Usage error: an unknown flag, a -base that does not parse, or
        arguments where none are taken.

EXAMPLES
    Show what spanurl does, on the bundled sample:
        go run ./cmd/spanurl -sample

    Normalize a list of URLs, keeping the lines that parse:
        spanurl urls.txt | grep -v '^error: '

    Resolve the links of a page against its address:
        spanurl -base https://example.org/docs/index.html links.txt

    Count requests per host in a log of URLs:
        spanurl -json requests.txt | jq -r .hostname | sort | uniq -c

    List the lines that are not valid URL strings:
        spanurl -validate urls.txt | awk -F'\t' '$1 != "valid"'

    Ask the conformance protocol one question:
        echo '{"input":"http://a/b/../c","base":null}' | spanurl wpt
`
