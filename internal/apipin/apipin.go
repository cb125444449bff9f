// Package apipin pins a package's exported API in a file that review
// reads: Declarations lists every exported declaration of a package, one
// a line and sorted, and Check compares that list with the file, so that
// any change to a public package's surface shows up as a diff of the file.
//
// The public packages' tests call Check on testdata/api/<package>.txt at
// the module root. After an intended change, regenerate the files with
//
//	UPDATE_API=1 go test -run TestAPI ./record ./span ./api ./httpurl ./urlkey ./fileurl ./urlpattern ./accesslog
package apipin

import (
	"bytes"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Declarations returns the exported declarations of the package in dir
// (its non-test files), sorted: constants and variables with their type
// (or, without one, their value), functions and methods with their
// signature (receivers unnamed), types with their definition, and each
// exported field or interface method of a struct or interface type on a
// line of its own ("type T.Name type", after "type T struct"). Comments
// and unexported fields are left out.
func Declarations(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	d, err := doc.NewFromFiles(fset, files, "", doc.PreserveAST)
	if err != nil {
		return nil, err
	}
	w := writer{fset: fset}
	w.values("const", d.Consts)
	w.values("var", d.Vars)
	w.funcs(d.Funcs)
	for _, t := range d.Types {
		w.values("const", t.Consts)
		w.values("var", t.Vars)
		w.funcs(t.Funcs)
		w.funcs(t.Methods)
		w.typ(t)
	}
	slices.Sort(w.lines)
	return slices.Compact(w.lines), nil
}

type writer struct {
	fset  *token.FileSet
	lines []string
}

// node prints n on one line, with runs of white space as one space.
func (w *writer) node(n any) string {
	var b bytes.Buffer
	printer.Fprint(&b, w.fset, n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func (w *writer) add(s string) { w.lines = append(w.lines, s) }

// values lists the exported names of const or var groups. A constant
// without a type of its own takes the type of the line it repeats.
func (w *writer) values(kw string, vs []*doc.Value) {
	for _, v := range vs {
		var last ast.Expr
		for _, spec := range v.Decl.Specs {
			s := spec.(*ast.ValueSpec)
			switch {
			case s.Type != nil:
				last = s.Type
			case len(s.Values) > 0:
				last = nil
			}
			for i, name := range s.Names {
				if !name.IsExported() {
					continue
				}
				switch {
				case s.Type != nil || last != nil:
					w.add(kw + " " + name.Name + " " + w.node(last))
				case i < len(s.Values):
					w.add(kw + " " + name.Name + " = " + w.node(s.Values[i]))
				default:
					w.add(kw + " " + name.Name)
				}
			}
		}
	}
}

func (w *writer) funcs(fs []*doc.Func) {
	for _, f := range fs {
		if !ast.IsExported(f.Name) {
			continue
		}
		decl := *f.Decl
		decl.Doc, decl.Body = nil, nil
		if decl.Recv != nil {
			recv := *decl.Recv
			recv.List = []*ast.Field{{Type: decl.Recv.List[0].Type}}
			decl.Recv = &recv
		}
		w.add(w.node(&decl))
	}
}

func (w *writer) typ(t *doc.Type) {
	if !ast.IsExported(t.Name) {
		return
	}
	spec := t.Decl.Specs[0].(*ast.TypeSpec)
	for _, s := range t.Decl.Specs {
		if ts := s.(*ast.TypeSpec); ts.Name.Name == t.Name {
			spec = ts
		}
	}
	head := "type " + t.Name
	if spec.TypeParams != nil {
		var params []string
		for _, f := range spec.TypeParams.List {
			var names []string
			for _, n := range f.Names {
				names = append(names, n.Name)
			}
			params = append(params, strings.Join(names, ", ")+" "+w.node(f.Type))
		}
		head += "[" + strings.Join(params, ", ") + "]"
	}
	if spec.Assign.IsValid() {
		head += " ="
	}
	var fields *ast.FieldList
	switch x := spec.Type.(type) {
	case *ast.StructType:
		w.add(head + " struct")
		fields = x.Fields
	case *ast.InterfaceType:
		w.add(head + " interface")
		fields = x.Methods
	default:
		w.add(head + " " + w.node(spec.Type))
		return
	}
	for _, f := range fields.List {
		typ := w.node(f.Type)
		if len(f.Names) == 0 {
			// An embedded field (or interface element).
			name := typ[strings.LastIndexByte(typ, '.')+1:]
			if name = strings.TrimPrefix(name, "*"); ast.IsExported(name) {
				w.add(head + "." + name + " " + typ + " (embedded)")
			}
			continue
		}
		for _, n := range f.Names {
			if n.IsExported() {
				w.add(head + "." + n.Name + " " + typ)
			}
		}
	}
}

// Check fails t, printing what differs, when the exported declarations of
// the package in dir differ from the lines of the file pinned. With the
// environment variable UPDATE_API set to 1 it writes the file instead.
func Check(t *testing.T, dir, pinned string) {
	t.Helper()
	got, err := Declarations(dir)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(got, "\n") + "\n"
	if os.Getenv("UPDATE_API") == "1" {
		if err := os.WriteFile(pinned, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(pinned)
	if err != nil {
		t.Fatalf("%v (UPDATE_API=1 go test -run TestAPI writes it)", err)
	}
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var diff []string
	for _, l := range want {
		if _, found := slices.BinarySearch(got, l); !found {
			diff = append(diff, "- "+l)
		}
	}
	for _, l := range got {
		if !slices.Contains(want, l) {
			diff = append(diff, "+ "+l)
		}
	}
	if len(diff) > 0 {
		t.Errorf("the exported API differs from %s (- pinned, + now); if the change is intended, run UPDATE_API=1 go test -run TestAPI and review the file's diff:\n%s",
			pinned, strings.Join(diff, "\n"))
	}
}
