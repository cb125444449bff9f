package apipin

import (
	"slices"
	"strings"
	"testing"
)

// TestDeclarations: every kind of exported declaration gets its line, and
// nothing unexported does.
func TestDeclarations(t *testing.T) {
	got, err := Declarations("testdata/p")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"const KindA Kind",
		"const KindB Kind",
		"const Limit = 1 << 10",
		"func (*T) M(n int) (string, error)",
		"func New() *T",
		"type Alias = T",
		"type I interface",
		"type I.Get func() Kind",
		"type Kind uint8",
		"type List[E any] []E",
		"type T struct",
		"type T.A []byte",
		"type T.B []byte",
		"type T.Kind Kind (embedded)",
		"type T.Name string",
		`var ErrX = errors.New("x")`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("Declarations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
