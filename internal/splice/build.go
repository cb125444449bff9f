package splice

import "unsafe"

// build writes href[:a] + pre + value + post + href[b:] into dst's memory
// and returns it as a string over that memory with dst (resliced to the
// new length). pre and post are written only when they are not 0. When href already lies
// at the start of dst's memory the prefix stays where it is and only the
// tail moves (copy is a memmove); when dst has too little room the result
// goes to new memory, of exactly its size for a nil dst (one allocation,
// nothing wasted) and with room to grow for a non-nil one (a buffer the
// caller reuses). The caller guarantees that no string over dst's memory
// other than href is reachable, since dst is written.
func build(dst []byte, href string, a, b int, pre byte, value string, post byte) (string, []byte) {
	if same(href[a:b], pre, value, post) {
		return href, dst // the setter changes nothing: the URL keeps its very href
	}
	n := len(href) - (b - a) + len(value)
	if pre != 0 {
		n++
	}
	if post != 0 {
		n++
	}
	mid := n - (len(href) - b) // where href[b:] goes
	if cap(dst) >= n && len(href) > 0 && cap(dst) >= len(href) &&
		unsafe.StringData(href) == unsafe.SliceData(dst[:1]) {
		full := dst[:cap(dst)]
		copy(full[mid:], full[b:len(href)])
		out := full[:n]
		fill(out, a, pre, value, post)
		return unsafe.String(unsafe.SliceData(out), n), out
	}
	var out []byte
	if cap(dst) >= n && !overlaps(dst, href) {
		out = dst[:n]
	} else if dst == nil {
		out = make([]byte, n)
	} else {
		// A buffer that is reused gets room for the next href to grow.
		out = make([]byte, n, n+n/4+16)
	}
	copy(out, href[:a])
	fill(out, a, pre, value, post)
	copy(out[mid:], href[b:])
	return unsafe.String(unsafe.SliceData(out), n), out
}

// same reports whether old is pre + value + post (pre and post when not
// 0).
func same(old string, pre byte, value string, post byte) bool {
	if pre != 0 {
		if old == "" || old[0] != pre {
			return false
		}
		old = old[1:]
	}
	if post != 0 {
		if old == "" || old[len(old)-1] != post {
			return false
		}
		old = old[:len(old)-1]
	}
	return old == value
}

// overlaps reports whether href lies anywhere in dst's memory other than
// at its start (which build edits in place).
func overlaps(dst []byte, href string) bool {
	if cap(dst) == 0 || len(href) == 0 {
		return false
	}
	d := uintptr(unsafe.Pointer(unsafe.SliceData(dst[:1])))
	h := uintptr(unsafe.Pointer(unsafe.StringData(href)))
	return h-d < uintptr(cap(dst))
}

// fill writes pre, value and post (pre and post when not 0) at out[i:].
func fill(out []byte, i int, pre byte, value string, post byte) {
	if pre != 0 {
		out[i] = pre
		i++
	}
	i += copy(out[i:], value)
	if post != 0 {
		out[i] = post
	}
}
