package layers

import (
	"bufio"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// modulePath is the import path of the module whose graph is checked.
const modulePath = "github.com/spanurl/spanurl"

// table places every package of the module, by its path inside the
// module, in a layer: a package may import only packages of lower layers,
// so two packages of one layer never import each other. DESIGN.md has the
// same table (its "Layers" section); TestDesignTable keeps the two equal.
var table = [][]string{
	0: {"record", "internal/asm", "internal/uts46", "internal/pct", "internal/mask", "internal/jsonstr", "internal/apipin", "internal/lineartest", "internal/inlinetest", "internal/testvectors", "internal/wptpattern"},
	1: {"internal/offsets", "internal/form", "internal/reqtarget"},
	2: {"internal/fast", "internal/slow", "internal/splice"},
	3: {"span"},
	4: {"api"},
	5: {"httpurl", "urlkey", "fileurl"},
	6: {"urlpattern", "accesslog"},
	7: {"cmd/spanurl", "examples/crawl", "examples/logs", "examples/proxy", "api/internal/whatwgdiff", "internal/layers", "internal/testreport"},
}

// testOnly are the packages that only _test.go files may import: they find
// test data and know how the tests are built, which no library code needs.
// The tests of every layer may import them, so they import no package of
// the module themselves.
var testOnly = map[string]bool{"internal/testvectors": true, "internal/apipin": true, "internal/lineartest": true, "internal/inlinetest": true}

// layerOf returns the layer of every package in table.
func layerOf() map[string]int {
	m := map[string]int{}
	for layer, pkgs := range table {
		for _, p := range pkgs {
			m[p] = layer
		}
	}
	return m
}

// pkg is one package of the module as its source files say: the module
// packages it imports, each with the files that import it.
type pkg struct {
	imports map[string][]file
}

type file struct {
	name string
	test bool // a _test.go file
}

// TestImportsGoDown fails when a package imports a package of its own
// layer or of a higher one, when a package that only tests may import is
// imported by library code or imports the module, or when a package is not
// in the table (or the table names one that does not exist): a new package
// is placed deliberately, in the lowest layer above everything it imports.
func TestImportsGoDown(t *testing.T) {
	graph := loadGraph(t, moduleRoot(t))
	layers := layerOf()
	for _, rel := range sortedKeys(graph) {
		if _, ok := layers[rel]; !ok {
			t.Errorf("package %s is in no layer: add it to the table in internal/layers and in DESIGN.md", rel)
		}
	}
	for rel := range layers {
		if _, ok := graph[rel]; !ok {
			t.Errorf("the layer table lists %s, which has no Go files: remove it from internal/layers and DESIGN.md", rel)
		}
	}
	for _, rel := range sortedKeys(graph) {
		from, ok := layers[rel]
		if !ok {
			continue
		}
		p := graph[rel]
		for _, imp := range sortedKeys(p.imports) {
			if imp == rel {
				continue // an external test package importing the package it tests
			}
			if testOnly[rel] {
				t.Errorf("%s imports %s in %s: a package only tests import imports no package of the module",
					rel, imp, fileNames(p.imports[imp]))
				continue
			}
			if testOnly[imp] {
				for _, f := range p.imports[imp] {
					if !f.test {
						t.Errorf("%s/%s imports %s, which only tests may import", rel, f.name, imp)
					}
				}
				continue // from the tests of any layer
			}
			to, ok := layers[imp]
			if !ok || to < from {
				continue
			}
			t.Errorf("%s (layer %d) imports %s (layer %d) in %s: imports go to lower layers only",
				rel, from, imp, to, fileNames(p.imports[imp]))
		}
	}
}

// TestFastSlowIndependent: internal/fast and internal/slow never depend on
// each other, directly or through another package, in their code or their
// tests. The slow path is the oracle the fast path is tested against; code
// they shared would be code that no differential test checks.
func TestFastSlowIndependent(t *testing.T) {
	graph := loadGraph(t, moduleRoot(t))
	for _, pair := range [][2]string{{"internal/fast", "internal/slow"}, {"internal/slow", "internal/fast"}} {
		if _, ok := graph[pair[0]]; !ok {
			t.Fatalf("package %s not found", pair[0])
		}
		if path := dependsOn(graph, pair[0], pair[1]); path != nil {
			t.Errorf("%s depends on %s: %s", pair[0], pair[1], strings.Join(path, " -> "))
		}
	}
}

// dependsOn returns a chain of imports from a to b, or nil when there is
// none. The chain starts with any file of a, its tests included; the
// packages after a count with their library code only, which is what a
// reaches.
func dependsOn(graph map[string]*pkg, a, b string) []string {
	prev := map[string]string{a: ""}
	queue := []string{a}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		p, ok := graph[cur]
		if !ok {
			continue
		}
		for _, imp := range sortedKeys(p.imports) {
			if _, seen := prev[imp]; seen || cur != a && !inLibrary(p.imports[imp]) {
				continue
			}
			prev[imp] = cur
			if imp == b {
				path := []string{b}
				for n := cur; n != ""; n = prev[n] {
					path = append(path, n)
				}
				slices.Reverse(path)
				return path
			}
			queue = append(queue, imp)
		}
	}
	return nil
}

// TestDesignTable: the layer table of DESIGN.md (the rows of the table in
// its "Layers" section: a layer number, then the packages in backquotes)
// lists the same packages in the same layers as table.
func TestDesignTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(moduleRoot(t), "DESIGN.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := designTable(string(data))
	if len(doc) == 0 {
		t.Fatal(`DESIGN.md has no layer table: a "## Layers" section with rows "| N | ` + "`pkg`, `pkg`" + ` | ... |"`)
	}
	layers := layerOf()
	for p, layer := range doc {
		if want, ok := layers[p]; !ok {
			t.Errorf("DESIGN.md puts %s in layer %d; the table in internal/layers does not list it", p, layer)
		} else if want != layer {
			t.Errorf("DESIGN.md puts %s in layer %d; the table in internal/layers in layer %d", p, layer, want)
		}
	}
	for p, layer := range layers {
		if _, ok := doc[p]; !ok {
			t.Errorf("the table in internal/layers puts %s in layer %d; DESIGN.md does not list it", p, layer)
		}
	}
}

var (
	layerRow    = regexp.MustCompile(`^\|\s*([0-9]+)\s*\|([^|]*)\|`)
	backquoted  = regexp.MustCompile("`([^`]+)`")
	designLayer = "## Layers"
)

// designTable reads the layer of each package from the rows of the first
// table in DESIGN.md's "Layers" section.
func designTable(doc string) map[string]int {
	m := map[string]int{}
	in := false
	sc := bufio.NewScanner(strings.NewReader(doc))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			if in {
				break
			}
			in = strings.TrimSpace(line) == designLayer
			continue
		}
		if !in {
			continue
		}
		row := layerRow.FindStringSubmatch(line)
		if row == nil {
			continue
		}
		layer, _ := strconv.Atoi(row[1])
		for _, q := range backquoted.FindAllStringSubmatch(row[2], -1) {
			m[q[1]] = layer
		}
	}
	return m
}

// moduleRoot walks up from the working directory to the go.mod of
// modulePath.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && moduleOf(string(data)) == modulePath {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no go.mod of %s above the working directory", modulePath)
		}
		dir = parent
	}
}

// moduleOf returns the module path a go.mod file declares.
func moduleOf(gomod string) string {
	sc := bufio.NewScanner(strings.NewReader(gomod))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}

// loadGraph reads from the source the imports of every package in the
// module, test files included, by path inside the module ("." for the
// root). It finds the packages by walking the module's directories,
// leaving out nested modules (bench/ has its own go.mod) and testdata,
// vendor and hidden directories, as "go list ./..." does; then it adds
// every module package that those import and the walk left out
// (internal/testvectors is one). A file whose build constraint is "ignore"
// (a generator run by hand) is in no package and is skipped; every other
// constraint is disregarded, as the layers hold for every platform and
// set of tags.
func loadGraph(t *testing.T, root string) map[string]*pkg {
	t.Helper()
	var queue []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if p != root {
			name := d.Name()
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		rel, err := filepath.Rel(root, p)
		queue = append(queue, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	graph := map[string]*pkg{}
	seen := map[string]bool{}
	fset := token.NewFileSet()
	for len(queue) > 0 {
		rel := queue[0]
		queue = queue[1:]
		if seen[rel] {
			continue
		}
		seen[rel] = true
		dir := filepath.Join(root, filepath.FromSlash(rel))
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatalf("package %s: %v", rel, err)
		}
		p := &pkg{imports: map[string][]file{}}
		files := 0
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ImportsOnly|parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			if ignored(f) {
				continue
			}
			files++
			for _, spec := range f.Imports {
				path, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					t.Fatal(err)
				}
				imp, ok := strings.CutPrefix(path, modulePath+"/")
				if path == modulePath {
					imp, ok = ".", true
				}
				if !ok {
					continue
				}
				p.imports[imp] = append(p.imports[imp], file{name, strings.HasSuffix(name, "_test.go")})
				queue = append(queue, imp)
			}
		}
		if files > 0 {
			graph[rel] = p
		}
	}
	return graph
}

// ignored reports whether f's //go:build line is "ignore", which keeps a
// file out of every build.
func ignored(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil {
				continue
			}
			if tag, ok := expr.(*constraint.TagExpr); ok && tag.Tag == "ignore" {
				return true
			}
		}
	}
	return false
}

// inLibrary reports whether any of files is not a _test.go file.
func inLibrary(files []file) bool {
	for _, f := range files {
		if !f.test {
			return true
		}
	}
	return false
}

func fileNames(files []file) string {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.name
	}
	return strings.Join(names, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
