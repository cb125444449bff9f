package fast

// Results are returned as (href string, p offsets.Packed, ok bool), and a
// base is taken as (href string, p offsets.Packed), never as a struct of
// the two: the compiler keeps a struct in registers only up to 32 bytes,
// and copying a larger one through memory stalled on store-to-load
// forwarding at every call and return.
