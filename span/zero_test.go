package span_test

import (
	"testing"

	"github.com/spanurl/spanurl/span"
)

// TestZeroURL: every method of the zero URL answers, none panics.
func TestZeroURL(t *testing.T) {
	var u span.URL
	for name, got := range map[string]string{
		"Href": u.Href(), "String": u.String(), "Scheme": u.Scheme(), "Protocol": u.Protocol(),
		"Username": u.Username(), "Password": u.Password(), "Host": u.Host(), "Hostname": u.Hostname(),
		"Port": u.Port(), "Pathname": u.Pathname(), "Search": u.Search(), "Hash": u.Hash(),
		"Redacted": u.Redacted(), "AppendTo": string(u.AppendTo(nil)),
	} {
		if got != "" {
			t.Errorf("zero URL: %s = %q", name, got)
		}
	}
	if q, ok := u.Query(); q != "" || ok || u.HasQuery() {
		t.Error("zero URL has a query")
	}
	if f, ok := u.Fragment(); f != "" || ok || u.HasFragment() {
		t.Error("zero URL has a fragment")
	}
	if u.WithoutFragment() != u || !u.Equal(span.URL{}, true) {
		t.Error("zero URL: WithoutFragment or Equal")
	}
	if _, ok := u.PortNumber(); ok || u.PortOrDefault() != 0 || u.IsSpecial() || u.HasOpaquePath() {
		t.Error("zero URL: port or flags")
	}
	if u.Origin() != "null" {
		t.Errorf("zero URL: Origin = %q", u.Origin())
	}
}
