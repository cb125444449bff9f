package slow

import "github.com/spanurl/spanurl/record"

// The list operations on a URL's path, on record.URL's form of it (see
// record.URL: a list path is kept serialized), and the standard's Windows
// drive letter definitions that the file states use.

// firstPathSegment returns url's path[0] (a list path), and false if the
// path is empty.
func firstPathSegment(u *record.URL) ([]byte, bool) {
	if len(u.Path) == 0 {
		return nil, false
	}
	seg := u.Path[1:]
	for i, b := range seg {
		if b == '/' {
			return seg[:i], true
		}
	}
	return seg, true
}

// appendPathSegment appends segment to url's list path.
func appendPathSegment(u *record.URL, segment []byte) {
	u.Path = append(u.Path, '/')
	u.Path = append(u.Path, segment...)
}

// shortenPath runs the standard's "shorten a url's path".
// https://url.spec.whatwg.org/#shorten-a-urls-path
func shortenPath(u *record.URL) {
	// 3. A file URL's lone normalized Windows drive letter stays.
	p := u.Path
	if string(u.Scheme) == "file" && len(p) == 3 && p[0] == '/' && isNormalizedWindowsDriveLetter(p[1:]) {
		return
	}
	// 4. Remove the path's last item, if any.
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			u.Path = p[:i]
			return
		}
	}
}

// isWindowsDriveLetter reports whether s is exactly a Windows drive letter:
// an ASCII alpha followed by ':' or '|'.
func isWindowsDriveLetter(s []byte) bool {
	return len(s) == 2 && isAlpha(int(s[0])) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedWindowsDriveLetter reports whether s is an ASCII alpha
// followed by ':'.
func isNormalizedWindowsDriveLetter(s []byte) bool {
	return len(s) == 2 && isAlpha(int(s[0])) && s[1] == ':'
}

// startsWithWindowsDriveLetter reports whether s starts with a Windows drive
// letter: length at least 2, the first two bytes a drive letter, and the
// length exactly 2 or the third byte one of / \ ? #.
func startsWithWindowsDriveLetter(s []byte) bool {
	if len(s) < 2 || !isWindowsDriveLetter(s[:2]) {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}
