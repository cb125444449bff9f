// Package asm classifies URL bytes, 64 at a time, for the fast URL scanner.
//
// The scanner does not look at bytes one by one. It asks Classify for eight bitmasks per
// 64-byte block (see Block) and walks the set bits with bits.TrailingZeros64: Struct tells
// it where components may end, Bad that the input needs the slow path (or percent-encoding),
// Extra marks bytes whose legality depends on the component, and Upper finds ASCII letters
// a scheme or host must lowercase. Slash, Dot, ColonBackslash and Term are subsets of Struct,
// for the delimiters the scanner looks for one kind at a time.
//
// Kernels, all behind Classify:
//
//   - amd64 with AVX-512 F/BW/VL/VBMI, GFNI and BMI2: one VPERMI2B lookup per 64 bytes in a
//     128-entry table of class bytes (one bit per mask), then a bit-matrix transpose
//     (VPSHUFB, VGF2P8AFFINEQB, VPERMB) that turns the 64 class bytes into the eight masks.
//     Masked loads handle the last partial block.
//   - amd64 with AVX2 and BMI2: exact-match nibble tables (VPSHUFB), range compares and
//     byte compares on two 32-byte halves per block, VPMOVMSKB into the masks.
//   - arm64: NEON, TBL/TBX over the same 128-entry idea, pairwise adds in place of a
//     movemask, in two passes per block (four masks each).
//   - everything else (other architectures, older amd64 CPUs, the noasm build tag):
//     ClassifyGeneric, table-driven Go, which is also the reference every kernel is tested
//     against.
//
// ClassifySummary is Classify that also returns a Summary of all of the string (whether a
// Bad and whether an Extra byte occur anywhere in it, also past the blocks that fit), so
// that a scanner learns whether a URL has any at all without a second pass: the AVX-512
// kernel ORs the masks of every block as it goes, the AVX2 kernel the Bad and Extra masks
// of the blocks it fills and then, past them, only looks for those two classes
// (summaryAVX2: no masks made or stored), and the other builds classify the rest into a
// window of their own.
//
// Join writes two strings one after the other into a buffer, which is how the fast path
// builds a resolved href. With AVX-512 it copies each string in 64-byte chunks and one
// masked tail, with no jump on the length; memmove's jumps on the length mispredict when
// the lengths vary from call to call, as the references of a crawl do. JoinGeneric (two
// copies) is its reference and its version elsewhere.
//
// PrefetchPast is a hint with no effect on results: it warms the cache lines past a new
// allocation, where the Go allocator usually puts the next object of the same size class,
// so that the next href the fast path allocates is written to cached memory. It is
// PREFETCHT0 on amd64, PRFM PSTL1KEEP on arm64 and nothing elsewhere.
//
// On amd64 the kernel is chosen once, during package initialization, from
// golang.org/x/sys/cpu. Build with -tags noasm to use the portable code everywhere.
//
// Files are named by the builds that compile them, one job (classify, summary, join,
// prefetch) per stem, as in the standard library's internal/bytealg but for one name:
//
//   - job.go and job_generic.go: portable Go, compiled into every build. The _generic
//     file holds the exported reference (ClassifyGeneric, JoinGeneric) that the kernels
//     are tested against, which is why it is compiled everywhere.
//   - job_GOARCH.go and job_GOARCH.s: that architecture's kernel and its dispatch, built
//     without the noasm tag only.
//   - job_native.go: the Go declaration of a function written in assembly for each
//     architecture that has a kernel for the job (one job_GOARCH.s each), as in bytealg.
//   - job_other.go: the same functions for the builds with no kernel for the job (other
//     architectures, or -tags noasm), on the portable code. This is what bytealg names
//     _generic.
//
// The one exception is summary on amd64: its kernels make the Summary as they classify,
// and summaryAVX2 is written with the AVX2 classify kernel's macros, so amd64's summary
// code (classifySummary, summaryPast, summaryAVX2) sits with classify in
// classify_amd64.go and classify_amd64.s, and summary_other.go serves every other build
// (arm64, and amd64 with -tags noasm).
//
// Test files follow the file they test (job_GOARCH_test.go, job_other_test.go), and
// job_guard_test.go places inputs against inaccessible pages (linux only), as
// summary_guard_amd64_test.go does for summaryAVX2.
//
// Every kernel is derived from one predicate, classOf, which returns one bit per field of
// Block: the tables and constants the assembly reads are built from it at init, so the
// classes cannot drift apart between implementations, and TestClassOf checks it against an
// independent transcription of the Block documentation.
package asm
