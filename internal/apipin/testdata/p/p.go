// Package p is the input of apipin's test.
package p

import "errors"

// Kind is a kind.
type Kind uint8

// The kinds.
const (
	KindA Kind = iota
	KindB
	kindC
)

// Limit is untyped.
const Limit = 1 << 10

// ErrX is a sentinel.
var ErrX = errors.New("x")

// T has fields.
type T struct {
	Kind
	Name    string
	private int
	A, B    []byte
}

// M is a method.
func (t *T) M(n int) (string, error) { return "", nil }

func (t T) hidden() {}

// New makes a T.
func New() *T { return nil }

// Alias is an alias.
type Alias = T

// List is generic.
type List[E any] []E

// I is an interface.
type I interface {
	Get() Kind
	set()
}

type hidden struct{ X int }
