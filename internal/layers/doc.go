// Package layers holds no code: its test reads the import graph of every
// package in the module and fails when a package imports one of its own
// layer or a higher one, when internal/fast and internal/slow depend on each
// other, or when a package is missing from the layer table. The table is
// the one in DESIGN.md at the root of the repository, which the test also
// reads, so that the document and the code cannot drift apart.
//
// A new package goes into both tables, in the lowest layer above every
// package it imports.
package layers
