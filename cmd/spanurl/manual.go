package main

// manual is the text of spanurl -h.
const manual = `NAME
    spanurl - parse URLs the way browsers do (WHATWG URL Standard)

SYNOPSIS
    spanurl [-base URL] [-col N [-sep S]] [-fields LIST] [-json]
            [-validate] [-stats] [-j N] [FILE...]
    spanurl -format combined|common|vhost_combined|combined_host
            [-host HOST | -base URL] [-fields LIST] [-json] [-validate]
            [-stats [-stats-field FIELD]] [-j N] [FILE...]
    spanurl -format jsonl [-json-field PATH] [-json-kind url|target|request]
            [-json-host PATH] [-base URL | -host HOST] [any of the above]
    spanurl -match PATTERN... [-match-file FILE] [any of the above]
    spanurl -sample [-fields LIST] [-json] [-validate] [-stats]
    spanurl wpt

DESCRIPTION
    spanurl reads URLs, one per line, from each FILE in turn ("-" is
    standard input), or from standard input when no FILE is given. It parses
    every line with the URL Standard's URL parser, as new URL(line) does in a
    browser, and writes exactly one line for each line read, in the order
    read, so that output lines stay aligned with input lines.

    By default the output line is the URL's serialization (its href):

        $ echo 'HTTPS://EXAMPLE.org:443/a/./b/../c' | spanurl
        https://example.org/a/c

    A line that fails to parse gives a line starting with "error: " and the
    number of the input line ("FILE:N: " when there are several FILEs)
    that names the validation error that made it fail and its byte offset,
    and the run goes on (-errors stderr moves such lines to standard
    error):

        $ echo 'http://[::1' | spanurl
        error: line 1: invalid URL "http://[::1": IPv6-unclosed at offset 7

    The URL may also be one column of each line (-col), the request of
    each line of a web server's access log (-format), or one field of a
    JSON object per line (-format jsonl); -fields picks the
    components to print, as TSV or as JSON (-json); -match finds the URL
    pattern each URL matches, as a router would; -stats sums the run up.

    A line ends at a line feed; one carriage return before it is removed, so
    CRLF files work. Lines may be of any length. Nothing else is trimmed by
    spanurl: the parser itself strips leading and trailing spaces and C0
    controls and removes tabs and newlines inside, as browsers do. An empty
    line gives an empty line (in every mode, -json included): it is
    neither parsed nor a failure, and -stats counts it as blank.

    When no FILE is given and standard input is a terminal (a character
    device, which /dev/null also is), spanurl runs on its bundled sample of
    URLs, as with -sample. Give "-" to read standard input anyway.

STREAMING
    spanurl streams: it reads its input in chunks of whole lines (256 KiB
    from a file; from a pipe, what the pipe holds), so its memory stays the
    same whatever the input's size; only a line longer than a chunk makes
    it grow, by at most twice the line and its href together, plus 16 MiB,
    in every mode: the line and the URL made of it are held once each
    (the output refers to them rather than copying them), and the garbage
    collector may leave as much again uncollected. The href is the URL
    that spanurl makes of the line (none when it fails); with -validate,
    also the one the URL Standard's parser makes of its text, if longer.
    A line of spaces, each percent-encoded as %20, may so take 8 times its
    length, and one of bytes that are not UTF-8, each U+FFFD, %EF%BF%BD,
    in a URL (%FF, one by one, in a request target), 20 times. The surt
    field adds its key, a string of its own as long as the href on a path
    of escapes (three times it on a path of "%"). Past the
    first MiB of input the chunks are parsed on every core (-j) and
    written in input order.

    Every chunk is written as soon as it is parsed, so the output keeps pace
    with a growing log (tail -f access.log | spanurl -format combined).

    When standard error is a terminal and every input is a regular file,
    spanurl shows its progress there (bytes read of the total, lines per
    second, time left), redrawn four times a second and erased at the end;
    not with -errors stderr, whose error lines go there.

FLAGS
    -base URL
        Resolve each line against URL, as new URL(line, URL) does:
        relative references such as "../x", "?q", "#f" and "//host/p"
        become absolute URLs. A URL that does not parse is a usage error.
        With -format, URL names the server of the log instead (see
        ACCESS LOGS): its scheme, host and port are used, and its path
        ignored.

    -col N
        Read the URL from column N (1-based) of each line, the columns
        being separated by -sep (a TAB by default), as in the output of
        cut, awk -F'\t' and most TSV files. A line with fewer columns is
        malformed (see MALFORMED LINES). Quotes mean nothing: this is TSV
        as cut reads it, not CSV. The other columns are not written; add
        them back with paste(1), since lines stay aligned.

    -sep S
        The column separator of -col: any non-empty string, such as ","
        or " | ". The two characters \t also mean a TAB, which is the
        default.

    -fields LIST
        Write the fields of the comma-separated LIST, in that order,
        separated by TABs (or as the keys of a JSON object with -json):

          href         the serialization       https://u:pw@www.a.example:81/p?q
          origin       the origin getter       https://www.a.example:81
          protocol     the scheme and ":"      https:
          scheme       the scheme alone        https
          username     the username getter     u
          password     the password getter     pw
          host         the host getter         www.a.example:81
          hostname     the hostname getter     www.a.example
          port         the port getter         81
          pathname     the pathname getter     /p
          search       the search getter       ?q
          hash         the hash getter         "" (#f for .../p?q#f)
          registrable  the registrable domain  a.example
                       of the host, by the Public Suffix List; empty (null
                       in JSON) when the host is not a domain or is a
                       public suffix itself, such as 192.0.2.1 or co.uk
          kind         the kind of host        domain (or IPv4, IPv6,
                                               opaque, empty, null)
          displayhost  the hostname as a browser shows it, in Unicode:
                       xn--53h.example is ☕.example (an xn-- label that
                       is not valid Punycode stays as it is)
          rawquery     the query as in the href, without "?"; empty
                       (null in JSON) when the URL has no query
          param:NAME   the value of the first query parameter NAME,
                       form-decoded as URLSearchParams.get(NAME) does
                       ("+" a space, %XX a byte); empty (null in JSON)
                       when absent; TABs and line breaks as in input
          cachekey     a cache or dedup key: the href without fragment,
                       with the parameters sorted by name (Go: urlkey.
                       CacheKey)          https://a.example/p?a=1&b=2
          sitekey      a crawler's politeness key: the registrable
                       domain, or else the hostname   a.example
          surt         the SURT key of web archives (urlkey.SURT)
                                               example,a)/p?a=1&b=2
          input        the URL text as read: the line, the column of -col,
                       or the request target of an access log
          status       valid, invalid or failure (needs -validate)
          errors       the validation errors (needs -validate)
          match        the pattern the URL matches (needs -match)
          groups       the groups of that match (needs -match)

        The getters are those of the URL object (new URL(...).hostname and
        so on): "" for a component that is absent, and percent-encoded as
        in the href. Only input may hold TABs, line feeds or carriage
        returns, written as \t, \n and \r; except that TABs are kept in
        input when it is the last field (so cut -fN- gives it back whole).

        A line that fails to parse gives an "error: " line instead, unless
        LIST has status: then the line has every field, with those of the
        URL empty and status "failure"; a malformed line (see MALFORMED
        LINES) has status "malformed" then. Without -fields, the one field
        is href (with -match: match, groups and input).

    -json
        Write one JSON object per line, whose keys are the fields (-fields)
        or, by default, input and the URL object's getters:

            {"input":...,"href":...,"origin":...,"protocol":...,"username":...,
             "password":...,"host":...,"hostname":...,"port":...,"pathname":...,
             "search":...,"hash":...}

        With -match the default is match, groups and input instead; with
        -validate, status and errors are added to the default. A line
        that fails to parse gives the fields that are not the URL's
        (input, status, errors) and, last, "error", the message; without
        status, "line" (and "file") come first: {"line":N,"input":...,
        "error":...}. A malformed line gives {"line":N,"error":...}. Bytes
        that are not UTF-8 are written as U+FFFD.

    -validate
        Run the validating parser, which records every validation error it
        meets (it is slower), so that the fields status and errors exist.
        Without -fields and -json, write three TAB-separated fields:

            STATUS <TAB> ERRORS <TAB> INPUT

        STATUS is "valid" (the line parses and has no validation error),
        "invalid" (it parses, as browsers accept it, but has validation
        errors), "failure" (it does not parse) or "malformed" (the line
        holds no URL text: see MALFORMED LINES). ERRORS is empty or a
        comma-separated list of NAME@OFFSET, in the order the parser met
        them: NAME is the error's name in the URL Standard (such as
        invalid-URL-unit) and OFFSET its 0-based byte offset in the input
        field. For a failure the last error listed is the one that made the
        parse fail. Input (or a log's request target) with bytes that are
        not UTF-8 also gets invalid-utf8@OFFSET, the first such byte, and
        so is never "valid": the standard, which parses text, has no name
        for it (a URL reads such bytes as U+FFFD; a request target keeps
        them percent-encoded byte for byte, as %FF).
        A line lists its first 1000 errors (and for a failure
        the fatal one after them): when it has more, ERRORS ends with +N,
        the number left out, so that memory stays bounded whatever the
        line. INPUT is the URL text as read; it comes last because it
        may hold tabs itself (cut -f3- gives it back whole). For example:

            $ echo 'https://example.org/foo bar' | spanurl -validate
            invalid<TAB>invalid-URL-unit@23<TAB>https://example.org/foo bar

        With -json, errors is a list of {"name":...,"offset":...}, followed
        by "errorsOmitted":N when errors were left out.

    -match PATTERN
        Find the pattern each URL matches best among those of -match
        (which may be repeated) and -match-file, as a router does, for
        the fields match and groups. A PATTERN is a URL pattern of the URL
        Pattern Standard (browsers' URLPattern). One that starts with "/"
        is a pathname alone, such as /books/:id, which matches any scheme,
        host, query and fragment: new URLPattern({pathname: PATTERN}). Any
        other is a constructor string, such as https://*.example.com/:p*,
        resolved against -base when given: new URLPattern(PATTERN, base).
        A pattern that does not compile is a usage error.

        The best pattern is the most specific: patterns are compared
        component by component in the standard's order (protocol,
        username, password, hostname, port, pathname, search, hash) with
        URLPattern.compareComponent, so that fixed text beats a named
        group, which beats a wildcard, and a pattern with a scheme beats a
        pathname alone; of equally specific ones the first given wins.
        Without -fields, write three TAB-separated fields (with -validate,
        STATUS and ERRORS before INPUT):

            MATCH <TAB> GROUPS <TAB> INPUT

        MATCH is the pattern as given, or "-" when none matches, so that
        cut -f1 | sort | uniq -c counts the hits of each route. GROUPS is
        empty or COMPONENT.NAME=VALUE pairs separated by spaces, such as
        "hostname.0=shop pathname.id=42": the named groups, and the
        wildcards and regexp groups numbered from 0 as the standard does.
        Left out are the components whose pattern is "*" (their group is
        the whole component, which -fields gives), a wildcard "0" that
        matched nothing, and a group that took no part in the match (an
        optional one). A space in a value, which only an opaque path
        holds, is written %20. For example:

            $ echo https://a.example/books/42 | spanurl -match /books/:id
            /books/:id<TAB>pathname.id=42<TAB>https://a.example/books/42

        With -json, match is the pattern or null, and groups null or an
        object of the components with groups, each an object of their
        values, such as {"pathname":{"id":"42"}}; a group that took no
        part in the match is null there. -stats counts the URLs each
        pattern matched. A line that fails to parse matches nothing: it
        gives its error line, as without -match.

    -match-file FILE
        Read patterns for -match from FILE, one per line, in order (among
        those of -match, where -match-file is on the command line): spaces
        around a pattern are trimmed, and blank lines and lines starting
        with "#" are skipped. A FILE that cannot be read is a usage error.

    -format FORMAT
        The format of the input lines: lines (the default: a URL per line,
        or per -col column), jsonl (a JSON object per line: see JSON
        LINES), or one of the access log formats of ACCESS LOGS:
        combined, common, vhost_combined and combined_host.

    -json-field PATH
        With -format jsonl, the key of the field that holds the URL (by
        default url); keys joined by dots name a field of nested objects,
        such as request.uri.

    -json-kind KIND
        What the field of -json-field holds: url (the default), a URL,
        resolved against -base as a line of -format lines; target, a
        request target such as /path?query, on the server of -host, -base
        or -json-host, as in an access log; or request, a request line
        such as GET /path HTTP/1.1, as the request of an access log.

    -json-host PATH
        With -json-kind target or request, the key (or keys joined by
        dots) of the field that holds the Host header of the request: the
        server, with the scheme of -base (or http), as the Host field of
        -format combined_host.

    -host HOST
        With a log -format (or -json-kind target or request), the server
        of origin-form request targets: a host
        and an optional port, such as example.com or 127.0.0.1:8080. The
        default is localhost. The scheme is http; give -base
        https://HOST/ instead for https (-base must be http or https).

    -stats
        When the input ends, write a summary on standard error:

            spanurl: stats
            lines                                 1000
            parsed                                 990
            failed                                  10
              malformed line                         3
              missing-scheme-non-relative-URL        7
            top hosts (of 990 URLs with a host)
              example.com                          600
              example.org                          390

        failed counts the malformed lines and the failures to parse, by the
        name of the validation error that made each parse fail. With
        -validate come the lines that parse with validation errors and, for
        each validation error, the lines in which the parser met it (the
        error that made a parse fail included; among the errors a line
        lists, its first 1000 and the fatal one). The top hosts are the ten
        hostnames met most often among the URLs that parse (ties in name
        order). They are counted in bounded memory, with the Space-Saving
        algorithm: exactly while each of the -j workers has met at most
        4096 distinct hosts, and beyond that approximately: a count is
        then marked "~", and is too high by at most the number of URLs
        with a host divided by 4096 (the summary says by how much at
        most); any host met more often than that is counted. With -match
        come the routes: the URLs that each pattern matched (most first,
        and the patterns that matched none) and those that matched none.

    -stats-field FIELD
        Rank the values of FIELD in the summary of -stats instead of the
        hostnames: any field of -fields that the URL or the line has
        (not status, errors, match or groups), such as sitekey for the
        top sites, pathname for the top pages or param:utm_source for
        the top campaigns. The ten values met most often among the URLs
        that parse are listed, counted as hosts are; an empty value, or
        null, is not counted.

    -errors stderr
        Write the error lines (those starting with "error: ", and with
        -json the objects with "error" but no "status") to standard error,
        and an empty line in their place on standard output, so that
        output lines stay aligned with input lines and a pipeline that
        counts pages does not count errors. The default is -errors stdout.

    -j N
        Parse on N goroutines (by default GOMAXPROCS, the number of
        cores). -j 1 parses on one core. The output order is the input
        order whatever N.

    -progress=false
        Never show the progress line (see STREAMING).

    -sample
        Run on the bundled sample of URLs (cmd/spanurl/sample-urls.txt in
        the source) instead of files or standard input.

    -h, -help
        Print this manual on standard output and exit with status 0.
        Any other usage error is one line on standard error.

ACCESS LOGS
    With -format combined, each line is an Apache or nginx access log line
    in the combined format:

        HOST IDENT USER [DATE] "REQUEST" STATUS SIZE "REFERER" "USER-AGENT"

        203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /a?b=1 HTTP/1.1"
          200 2326 "https://example.org/" "Mozilla/5.0 (X11; Linux x86_64)"

    (one line). The date is the first [...] field and the fields before it
    are not read. The request is a quoted string with the escapes Apache
    and nginx write (\" \\ \n \t \xHH ...), then come STATUS (three digits)
    and SIZE (digits or "-"). Whatever follows SIZE is not read, so the
    Common Log Format (which ends there) and formats with more fields at
    the end are read too.

    -format vhost_combined reads Apache's vhost_combined format: the
    combined format after "VHOST:PORT " (%v:%p), the virtual host that
    served the request and its port. That is the server: https when the
    port is 443, http when it is 80, and otherwise the scheme of -base (or
    http).

    -format combined_host reads the combined format with one more quoted
    field after the user agent, the Host header of the request, as nginx
    writes it with

        log_format combined_host '$remote_addr - $remote_user '
            '[$time_local] "$request" $status $body_bytes_sent '
            '"$http_referer" "$http_user_agent" "$host"';

    That field is the server, with the scheme of -base (or http).

    In every format, a server field that is "-" or empty means the server
    of -host (or -base), and one that is not a host and an optional port
    makes the line fail to parse.

    The request is METHOD TARGET HTTP/VERSION (HTTP/0.9's METHOD TARGET
    too; a target with spaces is what lies between the first space and
    the last). The URL is made from the target as a server or proxy built
    on the Go package httpurl makes it for the same request arriving live
    (httpurl.FromRequest, with its default, strict routing policy), so
    that spanurl and such a proxy never disagree:

        /path?query     origin-form: the server's scheme, host and port,
                        then the target, which stays a path even when it
                        starts with "//":  http://HOST/path?query
        http://h/path   absolute-form, the request of a proxy: parsed on
                        its own, its host wins; its scheme must be the
                        server's
        *               asterisk-form (OPTIONS *): no URL, a failure
                        (httpurl.ErrAsteriskForm)
        host:port       CONNECT: no URL to route, a failure
                        (httpurl.ErrConnect)

    The policy normalizes what a backend reads alike: encoded unreserved
    characters are decoded ("/adm%69n" is "/admin", "/%7Euser/" is
    "/~user/"), and a host's trailing dot is removed. A target that a
    server must refuse, or the policy refuses, fails to parse, with
    httpurl's reason: a space, a control character or "#" in it, "%2F",
    "%5C", "%00" or a "%" without two hex digits in its path, an
    authority-form target without CONNECT, an absolute-form one that is
    not http or https, names another scheme than the server's or has
    userinfo. -stats names such failures by httpurl's sentinel
    (httpurl.ErrEncodedSeparator, ...), and counts an empty line as
    blank, not failed, as package accesslog does (ErrBlankLine).

    The input field is the target (unescaped), and error offsets are
    offsets into it.

    The combined and common formats do not name the server: without -host
    or -base, spanurl warns once on standard error that it uses
    http://localhost. When the first lines of the input are all malformed
    and another format reads them, spanurl says so once on standard error:

        spanurl: line 1 is not in -format vhost_combined: did you mean
        -format combined?

JSON LINES
    With -format jsonl, each line is one JSON object, as web servers and
    log shippers write logs (nginx's log_format with escape=json, Caddy,
    Traefik, Envoy, Fluent Bit), and the URL text is the string value of
    one of its fields (-json-field). What that string holds is said by
    -json-kind: a URL (url), a request target (target) or a request line
    (request). For example, for nginx's

        log_format jsonlog escape=json '{"time":"$time_iso8601",'
            '"request":"$request","status":$status,"host":"$host"}';

    run spanurl -format jsonl -json-field request -json-kind request
    -json-host host, and for Caddy's access log, whose request is an
    object, -json-field request.uri -json-kind target -json-host
    request.host. Requests become URLs as in ACCESS LOGS, by the same
    code; a host field that is absent, not a string, empty or "-" means
    the server of -host or -base. Without -json-host (and without -host
    and -base), spanurl warns once on standard error that it uses
    http://localhost.

    The string's escapes are decoded (a \uD83D\uDE00 surrogate pair is
    one character, a lone surrogate becomes U+FFFD, as in browsers), and
    its other bytes are kept as they are, even when they are not UTF-8.
    The input field is the decoded string. The whole line must be one
    JSON object (RFC 8259); a key that appears twice counts the last
    time, as for jq. A line that is not, or whose field is absent, is
    not a string, or (for target and request) is empty or not a request
    line, is malformed. When the field of -json-kind url holds a request
    line, which fails to parse as a URL, on one of the first lines,
    spanurl says once on standard error that -json-kind request may be
    meant.

MALFORMED LINES
    A line that holds no URL text (a line of an access log that does not
    have the format's fields, such as the binary junk a TLS handshake
    leaves on an http port, or a line without column -col) gives a line
    "error: line N: malformed ...: REASON" ({"line":N,"error":...} with
    -json), so that lines stay aligned. Malformed lines are counted apart
    by -stats and make the exit status 1, like failures to parse; the run
    goes on.

    When the fields have status (-validate), a malformed line gives a row
    like any other instead, with status "malformed", the fields of the
    URL and input empty, and one error in ERRORS naming the reason and
    its byte offset in the line: no-column (-col), log-no-date,
    log-no-client, log-no-request, log-bad-request-line, log-no-status,
    log-no-host or log-no-vhost-port (access logs), json-malformed,
    json-no-field, json-not-string, json-empty or json-bad-request-line
    (-format jsonl); with -json the message follows as "error".

EXIT STATUS
    0   Every line parsed (for spanurl wpt: all input was read).
    1   Some line failed to parse or was malformed, a FILE could not be
        read, or the output could not be written. A run on the bundled
        sample, which has lines that fail on purpose, exits 0 unless the
        output cannot be written.
    2   Usage error: an unknown flag or field, a -base that does not parse,
        a -match pattern that does not compile, a -match-file that cannot
        be read, flags that do not go together, or arguments where none
        are taken.

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
        Parse S as new URL(S) does, then set its NAME (href, protocol,
        username, password, host, hostname, port, pathname, search or
        hash) to new_value, as url.NAME = new_value does. The answer holds
        the getters' values afterwards, as above; it is {"failure":true}
        when S does not parse or when the href setter fails (where a
        browser throws a TypeError). The other setters never fail: they
        leave the URL as it is when the value does not fit, as in browsers.

    {"op": "parse", "input": S}
        Parse S as application/x-www-form-urlencoded. The answer is
        {"pairs":[[NAME,VALUE],...],"serialized":S}: the name-value pairs
        and their serialization.

    {"op": "ops", "init": S, "ops": [OP,...]}
    {"op": "url", "href": S, "ops": [OP,...]}
        Run the URLSearchParams operations OP in order, on
        new URLSearchParams(init), or on the searchParams of new URL(href)
        ({"failure":true} when href does not parse). An OP is a list of
        strings, a method and its arguments: ["append",N,V], ["delete",N],
        ["delete",N,V], ["set",N,V], ["sort"], ["has",N], ["has",N,V],
        ["get",N], ["getAll",N], ["size"], ["toString"]; with "url" also
        ["href"], ["search"] and ["setSearch",S] (url.search = S). The
        answer is {"results":[...],"final":S,...}: what each operation
        returns (null for those that return nothing, and for get of a
        name that is absent), the final serialization, and
        "final_pairs":[[N,V],...] with "ops", or "final_href" and
        "final_search" with "url".

    {"op": "urlpattern", "pattern": P, "inputs": I}
        Construct new URLPattern(...P) and run test(...I) and exec(...I),
        with P and I as the web-platform-tests' urlpatterntestdata.json
        has them. The answer is {"pattern_error":MSG} when the
        constructor throws; otherwise {"pattern":{"protocol","username",
        "password","hostname","port","pathname","search","hash"},
        "has_regexp_groups":B,"test":T,"exec":E}, where T is true, false
        or "error" (test throws) and E is null (no match), "error", or
        {"inputs":[...],"protocol":{"input":S,"groups":{NAME:S}},...} with
        one object for each of the eight components; a group that did not
        take part in the match is null.

    {"op": "urlpattern_compare", "component": C, "left": P, "right": P}
    {"op": "urlpattern_generate", "pattern": P, "component": C, "groups": G}
        Run URLPattern.compareComponent(C, left, right), answered
        {"result":-1, 0 or 1}, or pattern.generate(C, G), answered
        {"result":S}; P is a pattern string or a URLPatternInit, and a
        call that throws is answered {"throws":MSG}.

    Anything else (a line that is not JSON, or an object of none of these
    forms) is answered with {"error":"..."} saying what is wrong.

    Strings with lone surrogate escapes (\ud800) are read as U+FFFD, as
    browsers convert them when they call the URL parser.

EXAMPLES
    Show what spanurl does, on the bundled sample:
        spanurl -sample

    Normalize a list of URLs, keeping the lines that parse:
        spanurl urls.txt | grep -v '^error: '

    The most requested pages of a site, from its compressed access logs:
        zcat access.log.*.gz |
          spanurl -format combined -host example.com -fields hostname,pathname |
          sort | uniq -c | sort -rn | head

    The sites a crawl found, from the links in column 2 of a TSV file
    (relative links resolved against https://example.com/):
        cut -f2 crawl.tsv | spanurl -base https://example.com/ \
          -fields registrable | sort | uniq -c | sort -rn | head

    Add the registrable domain of column 2 as a fifth column (output lines
    stay aligned with input lines):
        spanurl -col 2 -base https://example.com/ -fields registrable \
          crawl.tsv | paste crawl.tsv -

    Follow a live log, one JSON object per request:
        tail -F /var/log/nginx/access.log |
          spanurl -format combined -base https://example.com/ -json

    Which requests of a log are not valid URL strings, and why:
        spanurl -format combined -validate -fields status,errors,input \
          access.log | awk -F'\t' '$1 != "valid"'

    Which routes a log hits, and how often (routes.txt holds URL patterns,
    one per line, such as /books/:id):
        spanurl -format combined -host shop.example.com \
          -match-file routes.txt access.log |
          grep -v -e '^error: ' -e '^$' | cut -f1 | sort | uniq -c | sort -rn

    The top sites of a list of links, by a crawler's politeness key:
        spanurl -base https://example.com/ -stats -stats-field sitekey \
          urls.txt > /dev/null

    The campaigns that brought visitors, from an nginx log written as
    JSON lines:
        spanurl -format jsonl -json-field request -json-kind request \
          -json-host host -fields param:utm_source access.jsonl |
          grep -v -e '^error: ' -e '^$' | sort | uniq -c | sort -rn

    A summary of a big log, with progress on the terminal:
        spanurl -format vhost_combined -stats other_vhosts_access.log \
          > /dev/null

    Count requests per registrable domain in a log of URLs, with jq:
        spanurl -json -fields registrable urls.txt |
          jq -r '.registrable // "(none)"' | sort | uniq -c

    Ask the conformance protocol a question of each kind:
        echo '{"input":"http://a/b/../c","base":null}' | spanurl wpt
        echo '{"href":"http://a/b","setter":"pathname","new_value":"c d"}' |
          spanurl wpt
        echo '{"op":"ops","init":"b=2&a=1","ops":[["sort"],["get","a"]]}' |
          spanurl wpt
`
