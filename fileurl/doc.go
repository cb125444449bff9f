// Package fileurl converts between file system paths and file: URLs, with
// the semantics of Node.js's url.pathToFileURL and url.fileURLToPath in
// POSIX and in Windows mode: the same percent-encoding, drive letters, UNC
// hosts and error cases, so that a URL made here and a URL made by Node
// for the same path are the same string.
//
//	fileurl.FromPOSIXPath("/home/me/My Documents/résumé.pdf")
//	    -> file:///home/me/My%20Documents/r%C3%A9sum%C3%A9.pdf
//	fileurl.FromWindowsPath(`C:\Users\me\a#b.txt`)  -> file:///C:/Users/me/a%23b.txt
//	fileurl.FromWindowsPath(`\\server\share\x`)      -> file://server/share/x
//	fileurl.ToWindowsPath(u)                          -> C:\Users\me\a#b.txt
//
// FromPath and ToPath use the style of the running system (Windows on
// windows, POSIX elsewhere); the others name the style, so a program can
// handle another system's paths.
//
// # Paths to URLs
//
// The path must be absolute: a POSIX path starts with "/", a Windows path
// with a drive letter and a separator ("C:\") or with two separators and a
// server (a UNC path "\\server\share\..."). The Win32 file namespace
// prefix "\\?\" (and "\\?\UNC\") is removed first. Dot segments and
// repeated separators are resolved as Node's path.resolve does, and a
// trailing separator is kept. Then "%", the C0 controls, space, '"', "#",
// "<", ">", "?", "[", "\" (POSIX only; on Windows it is a separator), "]",
// "^", "`", "{", "|", "}", "~", DEL and every byte above 0x7F are
// percent-encoded, so that no character of the path is read as a URL
// delimiter or changed by the URL parser.
//
// # URLs to paths
//
// The URL must be a file: URL. Its pathname is percent-decoded into the
// path; an encoded separator ("%2F" always, "%5C" on Windows) is refused
// rather than decoded, since it would change which directories the path
// names. On POSIX the URL must have no host ("file://localhost/x" has
// none: the URL parser drops "localhost"); on Windows a host gives a UNC
// path and no host needs a drive letter.
//
// # Where this package differs from Node
//
// Node answers these cases in ways that lose or change the path; this
// package answers as listed, and its tests check each against Node's table:
//
//   - A relative path (and a drive-relative one, "C:" or "C:x", or a rooted
//     one without a drive, "\x") is an error, ErrRelativePath: Node resolves
//     it against the process's working directory, which a library cannot
//     know is meant. Call filepath.Abs first.
//   - A NUL byte in a path, or "%00" in a URL, is an error, ErrNUL: no file
//     system accepts it, and C code would cut the path there.
//   - A UNC server that is not a valid host ("\\a b\s") is an error,
//     ErrUNC: Node silently makes a URL without a host, a local path. So
//     are "\\localhost\s", whose host the URL parser drops, a server
//     with "%", which the URL parser would decode, and a device path
//     ("\\.\pipe\x") or "\\..\s".
//   - A URL's "xn--" host is a Unicode server only where its Unicode form
//     converts back to the same host: "file://xn--a/s" is \\xn--a\s, where
//     domain to Unicode alone gives a server of U+0080, another name. A
//     host that is no valid server, as in "file://./pipe/x" (the device
//     path \\.\pipe\x otherwise), is ErrUNC, so that the path names the
//     URL's host and no other.
//   - "//server/share" on Windows is a UNC path, as Windows reads it.
//   - The root of a drive, "C:\" or "C:/", is file:///C:/ (Node gives
//     file:///C://), and file:///C: is the path C:\ (Node gives C:, a
//     drive-relative path).
//   - Go strings hold bytes: a byte of a path that is not UTF-8 is
//     percent-encoded as itself, and decoded back to itself, so that such a
//     path round-trips (Node replaces it or throws).
package fileurl
