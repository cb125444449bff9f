// Command proxy is a reverse proxy that routes on the URL a browser would
// have built for each request, under httpurl's strict policy, and
// forwards that same URL: the URL it allows or denies on is the one its
// backend reads. Static files are served on every host, the API on its
// own host only, and a deny rule keeps /admin out whatever the spelling
// of its path ("/static/%2e%2e/admin", "/%61dmin").
//
//	go run ./examples/proxy -listen 127.0.0.1:8080 -backend http://127.0.0.1:9000 -api api.example
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/signal"
	"time"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/urlpattern"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "proxy:", err)
		os.Exit(1)
	}
}

// run serves until ctx is done; it writes the address it listens on to
// stdout.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("proxy", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:8080", "the address to listen on")
	backend := fs.String("backend", "", "the backend's URL, such as http://127.0.0.1:9000")
	apiHost := fs.String("api", "api.example", "the host whose /v1/ API is forwarded")
	if err := fs.Parse(args); err != nil {
		return err
	}
	to, err := url.Parse(*backend)
	if err != nil || to.Host == "" {
		return fmt.Errorf("-backend %q is not a URL such as http://127.0.0.1:9000", *backend)
	}
	mux, err := newMux(to, *apiHost)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "listening on %s\n", ln.Addr())
	// DisableGeneralOptionsHandler hands "OPTIONS *" to the Mux.
	srv := &http.Server{Handler: mux, DisableGeneralOptionsHandler: true, ReadHeaderTimeout: 10 * time.Second}
	go func() { <-ctx.Done(); srv.Close() }()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newMux returns the proxy's routes. The zero Mux builds each request's
// URL under httpurl's strict policy, with the scheme of the connection.
func newMux(to *url.URL, apiHost string) (*urlpattern.Mux, error) {
	proxy := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		u, _ := httpurl.URLFromContext(pr.In.Context()) // the URL routed on
		pr.Out.URL.Scheme, pr.Out.URL.Host = to.Scheme, to.Host
		httpurl.SetURL(pr.Out, u)
		pr.SetXForwarded()
	}}
	api, err := urlpattern.NewFromInit(urlpattern.Init{
		Hostname: urlpattern.String(apiHost), // any other host: 404
		Pathname: urlpattern.String("/v1/*"),
	}, urlpattern.Options{})
	if err != nil {
		return nil, err
	}
	mux := new(urlpattern.Mux)
	mux.HandleMethod("GET", urlpattern.MustNewPathname("/static/*"), proxy) // and HEAD
	mux.HandleMethod("GET", api, proxy)
	mux.HandleMethod("POST", api, proxy)
	mux.HandleFunc(urlpattern.MustNewPathname("/admin{/*}?"), func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "forbidden", http.StatusForbidden)
	})
	return mux, nil
}
