package main

import _ "embed"

// manual is the text of spanurl -h.
//
//go:embed manual.txt
var manual string
