//go:build (!amd64 && !arm64) || noasm

package asm

// archKernels: this build has no assembly kernels; Classify is ClassifyGeneric.
func archKernels() []kernel { return nil }

// benchKernels: Classify is ClassifyGeneric on this build.
func benchKernels() []benchKernel {
	return []benchKernel{{"generic", func() func() { return func() {} }}}
}

// archSummaryKernels: ClassifySummary is classifySummaryGo on this build.
func archSummaryKernels() []summaryKernel { return nil }
