package asm

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// benchKernel is a kernel for BenchmarkClassify: force makes Classify use it and returns a
// function that undoes that.
type benchKernel struct {
	name  string
	force func() (restore func())
}

// kernel is one implementation under test.
type kernel struct {
	name string
	fn   func(dst []Block, s string) int
}

// allKernels lists every implementation this machine can run: the portable one, Classify
// itself (whatever init chose) and each architecture kernel the CPU supports
// (archKernels, from the per-architecture test file).
func allKernels() []kernel {
	return append([]kernel{{"generic", ClassifyGeneric}, {"Classify", Classify}}, archKernels()...)
}

// want is the obviously-correct definition, written independently of classOf: one byte at
// a time, straight from the class lists in the Block documentation.
func want(s string, maxBlocks int) []Block {
	var out []Block
	for k := 0; k < maxBlocks && 64*k < len(s); k++ {
		var b Block
		for i := 0; i < 64 && 64*k+i < len(s); i++ {
			c := s[64*k+i]
			bit := uint64(1) << i
			if strings.IndexByte(`:/?#@%.[]\`, c) >= 0 {
				b.Struct |= bit
			}
			if c <= 0x20 || c == '"' || c == '<' || c == '>' || c >= 0x7F {
				b.Bad |= bit
			}
			if strings.IndexByte("`{}'^|", c) >= 0 {
				b.Extra |= bit
			}
			if c >= 'A' && c <= 'Z' {
				b.Upper |= bit
			}
			if c == '/' {
				b.Slash |= bit
			}
			if c == '.' {
				b.Dot |= bit
			}
			if c == ':' || c == '\\' {
				b.ColonBackslash |= bit
			}
			if c == '?' || c == '#' {
				b.Term |= bit
			}
		}
		out = append(out, b)
	}
	return out
}

// check runs fn on s with a dst of dstLen blocks and compares with want. The blocks past
// the returned count must be untouched, so dst is pre-filled with a sentinel.
func check(t *testing.T, k kernel, s string, dstLen int) {
	t.Helper()
	sentinel := Block{0xdead, 0xbeef, 0xf00d, 0xcafe, 0xface, 0xfeed, 0xc0de, 0xbead}
	dst := make([]Block, dstLen)
	for i := range dst {
		dst[i] = sentinel
	}
	n := k.fn(dst, s)
	w := want(s, dstLen)
	if n != len(w) {
		t.Fatalf("%s(len(dst)=%d, %q): returned %d, want %d", k.name, dstLen, s, n, len(w))
	}
	for i := 0; i < n; i++ {
		if dst[i] != w[i] {
			t.Fatalf("%s(len(dst)=%d, len(s)=%d %q): block %d = %s, want %s",
				k.name, dstLen, len(s), s, i, fmtBlock(dst[i]), fmtBlock(w[i]))
		}
	}
	for i := n; i < dstLen; i++ {
		if dst[i] != sentinel {
			t.Fatalf("%s(len(dst)=%d, len(s)=%d): wrote block %d past the returned count", k.name, dstLen, len(s), i)
		}
	}
}

func fmtBlock(b Block) string {
	return fmt.Sprintf("{Struct:%016x Bad:%016x Extra:%016x Upper:%016x Slash:%016x Dot:%016x ColonBackslash:%016x Term:%016x}",
		b.Struct, b.Bad, b.Extra, b.Upper, b.Slash, b.Dot, b.ColonBackslash, b.Term)
}

// blocksFor is the number of blocks needed for n bytes, so dst is never the limit.
func blocksFor(n int) int { return (n + 63) / 64 }

// classBlock is the one-byte Block that class bits k describe: bit j of k is field j.
func classBlock(k uint8) Block {
	f := func(bit uint8) uint64 { return uint64(k/bit) & 1 }
	return Block{Struct: f(classStruct), Bad: f(classBad), Extra: f(classExtra), Upper: f(classUpper),
		Slash: f(classSlash), Dot: f(classDot), ColonBackslash: f(classColonBackslash), Term: f(classTerm)}
}

// TestClassOf pins the class table against the independent definition, and checks the
// relations the kernels rely on: the base classes are disjoint, the others are disjoint
// subsets of Struct.
func TestClassOf(t *testing.T) {
	for c := 0; c < 256; c++ {
		w := want(string([]byte{byte(c)}), 1)[0]
		k := classOf(byte(c))
		if b := classBlock(k); b != w {
			t.Errorf("classOf(%#02x) = %s, want %s", c, fmtBlock(b), fmtBlock(w))
		}
		if base := k & classBase; base&(base-1) != 0 {
			t.Errorf("classOf(%#02x) = %#02x: in two base classes", c, k)
		}
		if sub := k &^ classBase; sub&(sub-1) != 0 || sub != 0 && k&classStruct == 0 {
			t.Errorf("classOf(%#02x) = %#02x: subclasses not disjoint subsets of Struct", c, k)
		}
	}
}

// TestLengthsAndAlignments covers every length 0..300 at every alignment 0..63, on a
// buffer that mixes every class, so each SIMD lane, each tail size and each load alignment
// is exercised. The substring sits at the end of its own allocation in half the cases, so a
// kernel that over-reads would read past the string (the race/asan builds notice).
func TestLengthsAndAlignments(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "aZ:/?#@%.[]\\`{}'^|\x00\x1f \x7f\x80\xff\"<>AMz09-_~!$&()*+,;=\t\n\r"
	buf := make([]byte, 64+300)
	for i := range buf {
		buf[i] = alphabet[rng.IntN(len(alphabet))]
	}
	for _, k := range allKernels() {
		for off := 0; off < 64; off++ {
			for n := 0; n <= 300; n++ {
				s := string(buf[off : off+n])
				check(t, k, s, blocksFor(n))
				check(t, k, s, blocksFor(n)+1)
			}
		}
	}
}

// TestRandom compares every kernel with the definition on random bytes of random lengths.
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range allKernels() {
		for iter := 0; iter < 3000; iter++ {
			b := make([]byte, rng.IntN(400))
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			check(t, k, string(b), blocksFor(len(b))+rng.IntN(2))
		}
	}
}

// TestEveryByteEveryPosition puts each of the 256 byte values at each position of a
// 64-byte block (and of shorter blocks), surrounded by bytes of another class, so a wrong
// table entry or a lane mix-up shows up at its exact position.
func TestEveryByteEveryPosition(t *testing.T) {
	for _, k := range allKernels() {
		for _, bg := range []byte{'a', 0, '/'} {
			for c := 0; c < 256; c++ {
				for _, n := range []int{1, 3, 17, 63, 64, 65, 130} {
					b := []byte(strings.Repeat(string(rune(0)), n))
					for i := range b {
						b[i] = bg
					}
					for pos := 0; pos < n; pos++ {
						b[pos] = byte(c)
						check(t, k, string(b), blocksFor(n))
						b[pos] = bg
					}
				}
			}
		}
	}
}

// TestBoundaries runs strings made only of bytes next to class boundaries.
func TestBoundaries(t *testing.T) {
	edges := []byte{0x00, 0x08, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x26, 0x27, 0x28,
		0x2D, 0x2E, 0x2F, 0x30, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F, 0x40, 0x41, 0x5A, 0x5B,
		0x5C, 0x5D, 0x5E, 0x5F, 0x60, 0x61, 0x7A, 0x7B, 0x7C, 0x7D, 0x7E, 0x7F, 0x80, 0x81, 0xBF,
		0xC0, 0xC1, 0xDF, 0xE0, 0xEF, 0xF0, 0xFE, 0xFF}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, k := range allKernels() {
		for iter := 0; iter < 2000; iter++ {
			b := make([]byte, rng.IntN(200))
			for i := range b {
				b[i] = edges[rng.IntN(len(edges))]
			}
			check(t, k, string(b), blocksFor(len(b)))
		}
	}
}

// TestShortDst checks that only len(dst) blocks are filled, including an empty or nil dst.
func TestShortDst(t *testing.T) {
	s := strings.Repeat("https://Example.com/a%20b?q=`x`#\x7f", 20)
	for _, k := range allKernels() {
		if n := k.fn(nil, s); n != 0 {
			t.Errorf("%s(nil, s) = %d, want 0", k.name, n)
		}
		if n := k.fn([]Block{}, s); n != 0 {
			t.Errorf("%s([]Block{}, s) = %d, want 0", k.name, n)
		}
		for _, n := range []int{0, 1, 63, 64, 65, 127, 128, 129, 200, len(s)} {
			for d := 0; d <= blocksFor(n)+1; d++ {
				check(t, k, s[:n], d)
			}
		}
	}
}

// TestBitsPastEnd checks that positions past the end are zero even when the padding a kernel
// might use (zero bytes, which are Bad) would set them, and for inputs made of one byte of
// each class.
func TestBitsPastEnd(t *testing.T) {
	for _, k := range allKernels() {
		for n := 1; n < 200; n++ {
			var dst [4]Block
			s := strings.Repeat("\x00", n) // every byte Bad
			got := k.fn(dst[:], s)
			for i := 0; i < got; i++ {
				valid := 64
				if rest := n - 64*i; rest < 64 {
					valid = rest
				}
				wantBad := ^uint64(0)
				if valid < 64 {
					wantBad = 1<<valid - 1
				}
				b := dst[i]
				if b.Bad != wantBad || b.Struct|b.Extra|b.Upper|b.Slash|b.Dot|b.ColonBackslash|b.Term != 0 {
					t.Fatalf("%s(%d NULs): block %d = %s", k.name, n, i, fmtBlock(b))
				}
			}
			for _, c := range []byte("/.:?#@`A\x80") {
				check(t, k, strings.Repeat(string([]byte{c}), n), 4)
			}
		}
	}
}

// TestBlockDocs checks the class lists in the documentation of Block's fields against
// classOf: every quoted byte (or 'X'-'Y' range) in the comment of a field is in its class,
// and nothing else is. Bad is described in prose and left to TestClassOf.
func TestBlockDocs(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "classify_generic.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	bitOf := map[string]uint8{"Struct": classStruct, "Extra": classExtra, "Upper": classUpper,
		"Slash": classSlash, "Dot": classDot, "ColonBackslash": classColonBackslash, "Term": classTerm}
	quoted := regexp.MustCompile(`'(\\.|[^'])'(-'(\\.|[^'])')?`)
	unquote := func(q string) byte {
		r, err := strconv.Unquote(q)
		if err != nil || len(r) != 1 {
			t.Fatalf("bad quoted byte %s in the Block docs", q)
		}
		return r[0]
	}
	seen := 0
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "Block" {
			return true
		}
		for _, field := range ts.Type.(*ast.StructType).Fields.List {
			name := field.Names[0].Name
			bit, ok := bitOf[name]
			if !ok {
				continue
			}
			seen++
			var doc [256]bool
			for _, m := range quoted.FindAllStringSubmatch(field.Doc.Text(), -1) {
				lo, hi := unquote("'"+m[1]+"'"), unquote("'"+m[1]+"'")
				if m[3] != "" {
					hi = unquote("'" + m[3] + "'")
				}
				for c := int(lo); c <= int(hi); c++ {
					doc[c] = true
				}
			}
			for c := range doc {
				if in := classOf(byte(c))&bit != 0; in != doc[c] {
					t.Errorf("Block.%s: byte %#02x: documented %v, classOf says %v", name, c, doc[c], in)
				}
			}
		}
		return false
	})
	if seen != len(bitOf) {
		t.Errorf("found the docs of %d fields of Block, want %d", seen, len(bitOf))
	}
}

func TestNoAllocs(t *testing.T) {
	s := strings.Repeat("https://example.com/path?q=1#f", 7)[:200]
	var dst [4]Block
	for _, k := range allKernels() {
		if a := testing.AllocsPerRun(100, func() { k.fn(dst[:], s) }); a != 0 {
			t.Errorf("%s: %v allocs per run, want 0", k.name, a)
		}
	}
}

func FuzzClassify(f *testing.F) {
	f.Add("https://user:pass@example.com:8080/a/b?q=1#frag", 2)
	f.Add("", 1)
	f.Add(strings.Repeat("\x80A`", 50), 3)
	f.Add(strings.Repeat("a", 300)+"\"", 4) // a Bad byte only past dst
	f.Fuzz(func(t *testing.T, s string, dstLen int) {
		if dstLen < 0 || dstLen > 64 {
			dstLen = blocksFor(len(s))
		}
		for _, k := range allKernels() {
			check(t, k, s, dstLen)
		}
		// The summaries too: of all of s, also past dst (summaryAVX2 on
		// the AVX2 machine).
		for _, k := range allSummaryKernels() {
			checkSummary(t, k, s, dstLen)
		}
	})
}

// benchInput is a URL-like string of n bytes.
func benchInput(n int) string {
	const u = "https://www.example.com/Some/Path/index.html?query=value&other=1#Fragment-"
	return strings.Repeat(u, n/len(u)+1)[:n]
}

// BenchmarkClassify measures each kernel as callers see it: through Classify (inlined, a
// direct call) with the kernel forced where the architecture allows it (benchKernels), so
// the numbers include the call and dispatch overhead that matters on ~76-byte URLs.
func BenchmarkClassify(b *testing.B) {
	for _, k := range benchKernels() {
		b.Run(k.name, func(b *testing.B) {
			restore := k.force()
			defer restore()
			for _, n := range []int{16, 76, 300, 4096} {
				s := benchInput(n)
				b.Run(fmt.Sprint(n), func(b *testing.B) {
					var dst [8]Block
					b.SetBytes(int64(n))
					for b.Loop() {
						for rest := s; len(rest) > 0; {
							m := Classify(dst[:], rest)
							rest = rest[min(64*m, len(rest)):]
						}
					}
				})
			}
		})
	}
}
