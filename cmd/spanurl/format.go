package main

import (
	"bufio"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// printer parses lines and writes one output line for each, in the format
// the flags ask for.
type printer struct {
	base     span.URL // zero: no base
	json     bool
	validate bool

	w      *bufio.Writer
	enc    *json.Encoder
	failed bool // some line failed to parse
}

func (p *printer) init(w *bufio.Writer) {
	p.w = w
	p.enc = newEncoder(w)
}

// newEncoder returns a JSON encoder that leaves <, > and & alone.
func newEncoder(w *bufio.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// print parses input and writes its line.
func (p *printer) print(input string) {
	var (
		u    span.URL
		errs []record.ValidationError
		err  error
	)
	if p.validate {
		u, errs, err = span.ParseWithErrors(input, p.base)
	} else {
		u, err = p.base.Parse(input)
	}
	if err != nil {
		p.failed = true
	}
	switch {
	case p.json:
		p.printJSON(input, u, errs, err)
	case p.validate:
		p.printTSV(input, errs, err)
	case err != nil:
		p.w.WriteString("error: ")
		p.w.WriteString(oneLine(err.Error()))
		p.w.WriteByte('\n')
	default:
		p.w.WriteString(u.Href())
		p.w.WriteByte('\n')
	}
}

// components are the URL object's getters, in the order of the standard's
// URL class.
type components struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

func componentsOf(u span.URL) *components {
	return &components{
		Href:     u.Href(),
		Origin:   u.Origin(),
		Protocol: u.Protocol(),
		Username: u.Username(),
		Password: u.Password(),
		Host:     u.Host(),
		Hostname: u.Hostname(),
		Port:     u.Port(),
		Pathname: u.Pathname(),
		Search:   u.Search(),
		Hash:     u.Hash(),
	}
}

// jsonLine is one line of -json output. The components are absent when the
// input fails to parse; status and validation_errors come with -validate.
type jsonLine struct {
	Input string `json:"input"`
	*components
	Error            string             `json:"error,omitempty"`
	Status           string             `json:"status,omitempty"`
	ValidationErrors *[]validationError `json:"validation_errors,omitempty"`
}

type validationError struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
}

func (p *printer) printJSON(input string, u span.URL, errs []record.ValidationError, err error) {
	line := jsonLine{Input: input}
	if err != nil {
		line.Error = err.Error()
	} else {
		line.components = componentsOf(u)
	}
	if p.validate {
		line.Status = status(errs, err)
		list := make([]validationError, 0, len(errs))
		for _, e := range errs {
			list = append(list, validationError{Name: e.Type.String(), Offset: e.Offset})
		}
		line.ValidationErrors = &list
	}
	p.enc.Encode(line) // errors stay in p.w, reported on Flush
}

// printTSV writes STATUS TAB ERRORS TAB INPUT, ERRORS being NAME@OFFSET
// joined by commas. The input comes last because it may hold tabs.
func (p *printer) printTSV(input string, errs []record.ValidationError, err error) {
	p.w.WriteString(status(errs, err))
	p.w.WriteByte('\t')
	for i, e := range errs {
		if i > 0 {
			p.w.WriteByte(',')
		}
		p.w.WriteString(e.Type.String())
		p.w.WriteByte('@')
		p.w.WriteString(strconv.Itoa(e.Offset))
	}
	p.w.WriteByte('\t')
	p.w.WriteString(input)
	p.w.WriteByte('\n')
}

// status is "failure" for an input that does not parse, "invalid" for one
// that parses with validation errors and "valid" for the rest.
func status(errs []record.ValidationError, err error) string {
	switch {
	case err != nil:
		return "failure"
	case len(errs) > 0:
		return "invalid"
	}
	return "valid"
}

// oneLine keeps an error message on one line so that output lines stay
// aligned with input lines.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}
