package splice

import "unsafe"

// build replaces u.Href[a:b] with pre + value + post (pre and post when
// not 0), writing the new href into *dst's memory, and returns the change
// in length; the caller moves the offsets. When u.Href already lies at the
// start of *dst's memory the prefix stays where it is and only the tail
// moves (copy is a memmove); when *dst has too little room the result
// goes to new memory, of exactly its size for a nil *dst (one allocation,
// nothing wasted) and with room to grow for a non-nil one (a buffer the
// caller reuses), and *dst becomes that memory. The caller guarantees that
// no string over *dst's memory other than u.Href is reachable, since it is
// written. When the setter changes nothing, u.Href stays the very same
// string and *dst is untouched.
func (u *URL) build(dst *[]byte, a, b int, pre byte, value string, post byte) int {
	href := u.Href
	n := len(href) - (b - a) + len(value)
	if pre != 0 {
		n++
	}
	if post != 0 {
		n++
	}
	if n == len(href) && same(href[a:b], pre, value, post) {
		return 0 // the setter changes nothing: the URL keeps its very href
	}
	mid := n - (len(href) - b) // where href[b:] goes
	buf := *dst
	if cap(buf) >= n && cap(buf) >= len(href) && len(href) > 0 &&
		unsafe.StringData(href) == unsafe.SliceData(buf) {
		out := buf[:cap(buf)]
		if b < len(href) && mid != b {
			copy(out[mid:], out[b:len(href)])
		}
		out = out[:n]
		fill(out, a, pre, value, post)
		u.Href = unsafe.String(unsafe.SliceData(out), n)
		*dst = out
		return n - len(href)
	}
	var out []byte
	if cap(buf) >= n && !overlaps(buf, href) {
		out = buf[:n]
	} else if buf == nil {
		out = make([]byte, n)
	} else {
		// A buffer that is reused gets room for the next href to grow.
		out = make([]byte, n, n+n/4+16)
	}
	copy(out, href[:a])
	fill(out, a, pre, value, post)
	copy(out[mid:], href[b:])
	u.Href = unsafe.String(unsafe.SliceData(out), n)
	*dst = out
	return n - len(href)
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
