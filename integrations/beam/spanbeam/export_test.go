package spanbeam

// The DoFns, for the benchmarks of their per-element cost.
type (
	ParseURLFn = parseURLFn
	ParseLogFn = parseLogFn
)
