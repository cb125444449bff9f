package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spanurl/spanurl/internal/jsonstr"
	"github.com/spanurl/spanurl/span"
)

// config is what the flags ask for. The workers share it and never write
// to it.
type config struct {
	base span.URL // -base for lines; zero: none (and always zero for logs)

	format logFormat
	jsonl  jsonInput // -format jsonl: the field to read, and what it holds
	scheme string    // logs: the scheme of the server (-base's, or "http")
	host   string    // logs: host[:port] of the server (-host, or -base's)

	col      int    // -col: the 1-based column holding the URL; 0: the whole line
	sep      string // -sep
	noColumn string // the message for a line without column col

	warn      io.Writer // standard error, for the hint on a log of another format
	errStderr bool      // -errors stderr: error lines go to standard error

	fields    []field
	params    []string // for each of fields, the NAME of param:NAME (or "")
	paramKeys []string // for each of fields, the JSON key "param:NAME": (or "")
	json      bool
	validate  bool
	stats     bool
	hasStatus bool // fields has status: failures are rows, not "error:" lines

	statsField field  // -stats-field: the field whose values -stats ranks
	statsParam string // its NAME when it is param:NAME
	statsName  string // its name as given

	routes    *routes // -match and -match-file; nil: none
	needMatch bool    // routes and a field or -stats that needs the match
	hasGroups bool    // fields has groups: the match's result is needed
}

// setFields sets c.fields from -fields (list, when given) or from the
// other flags.
func (c *config) setFields(list string, given bool) error {
	switch {
	case given:
		for _, name := range strings.Split(list, ",") {
			f, param, ok := fieldByName(strings.TrimSpace(name))
			if !ok {
				if name == "" {
					return errors.New("empty field name")
				}
				return fmt.Errorf("unknown field %q; the fields are %s", name, strings.Join(fieldNames[:], ","))
			}
			if f == fieldParam && param == "" {
				return fmt.Errorf("the field %s names no parameter: give param:NAME", name)
			}
			if (f == fieldStatus || f == fieldErrors) && !c.validate {
				return fmt.Errorf("the field %s needs -validate", name)
			}
			if (f == fieldMatch || f == fieldGroups) && c.routes == nil {
				return fmt.Errorf("the field %s needs -match or -match-file", name)
			}
			c.fields = append(c.fields, f)
			c.params = append(c.params, param)
			key := ""
			if f == fieldParam {
				key = string(jsonstr.Append(nil, "param:"+param, false)) + ":"
			}
			c.paramKeys = append(c.paramKeys, key)
		}
	case c.routes != nil:
		// The pattern first, for cut -f1 | sort | uniq -c; the input
		// last, as it may hold tabs.
		c.fields = []field{fieldMatch, fieldGroups, fieldInput}
		if c.validate {
			if c.json {
				c.fields = append(c.fields, fieldStatus, fieldErrors)
			} else {
				c.fields = []field{fieldMatch, fieldGroups, fieldStatus, fieldErrors, fieldInput}
			}
		}
	case c.json:
		c.fields = jsonFields
		if c.validate {
			c.fields = append(jsonFields[:len(jsonFields):len(jsonFields)], fieldStatus, fieldErrors)
		}
	case c.validate:
		c.fields = []field{fieldStatus, fieldErrors, fieldInput}
	default:
		c.fields = []field{fieldHref}
	}
	for _, f := range c.fields {
		c.hasStatus = c.hasStatus || f == fieldStatus
		c.hasGroups = c.hasGroups || f == fieldGroups
		c.needMatch = c.needMatch || f == fieldMatch || f == fieldGroups
	}
	c.needMatch = c.routes != nil && (c.needMatch || c.stats)
	return nil
}

// setStatsField sets the field that -stats ranks from -stats-field.
func (c *config) setStatsField(name string) error {
	f, param, ok := fieldByName(name)
	switch {
	case !ok:
		return fmt.Errorf("unknown field %q; the fields are %s", name, strings.Join(fieldNames[:], ","))
	case f == fieldParam && param == "":
		return fmt.Errorf("the field %s names no parameter: give param:NAME", name)
	case f == fieldStatus || f == fieldErrors || f == fieldMatch || f == fieldGroups:
		return fmt.Errorf("-stats counts the %s of the lines already: rank a field of the URL or the input", name)
	}
	c.statsField, c.statsParam, c.statsName = f, param, name
	return nil
}

// param returns the parameter NAME of the i-th field when it is
// param:NAME.
func (c *config) param(i int) string {
	if i < len(c.params) {
		return c.params[i]
	}
	return ""
}
