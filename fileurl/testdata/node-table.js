// Writes node-table.json: what Node's url.pathToFileURL and url.fileURLToPath
// answer for the paths and URLs below, in POSIX and in Windows mode.
//
//   node fileurl/testdata/node-table.js > fileurl/testdata/node-table.json
//
// Node resolves a relative path against its working directory, so every
// path here is absolute in its style; TestNodeTable in fileurl_test.go reads
// the table and lists where spanurl answers otherwise, and why.
"use strict";
const url = require("node:url");

const posixPaths = [
  "/", "/a", "/a/b", "/a/b/", "/a//b", "//a//b", "/a/./b", "/a/b/.", "/a/b/..",
  "/a/../b", "/../a", "/a/b/../../..", "/.../", "/%2e%2e", "/a%b", "/a/b/%",
  "/a b", "/a#b", "/a?b", "/a\\b", "/a\tb", "/a\nb", "/a\rb", "/a\u0001b", "/a\u007fb",
  "/a\"b", "/a<b>", "/a[b]", "/a{b}", "/a|b", "/a^b", "/a`b", "/a~b", "/a'b",
  "/a;b=c&d", "/a:b", "/a@b", "/a$b", "/a!b", "/a(b)", "/a*b+c,d",
  "/C:/x", "/C|/x", "/é", "/😀", "/日本/語", "/home/user/My Documents/résumé.pdf",
];

const windowsPaths = [
  "C:\\", "C:/", "C:\\a", "C:\\a\\b", "C:\\a\\b\\", "C:/a/b", "C:\\a/b", "c:\\x",
  "C:\\a\\\\b", "C:\\a\\.\\b\\.", "C:\\a\\..\\b", "C:\\a\\..\\..\\..\\b",
  "C:\\a b\\c#d?e%f", "C:\\a[b]^c`d{e}|f~g", "C:\\é", "C:\\😀", "C:\\a\tb",
  "\\\\server\\", "\\\\server\\share", "\\\\server\\share\\x", "\\\\SERVER\\share",
  "\\\\server\\share\\a\\..\\b", "\\\\server\\share\\a b#c", "\\\\server\\share\\é",
  "\\\\münchen\\share\\x", "\\\\1.2.3.4\\s", "\\\\0x7f.1\\s", "\\\\[::1]\\s\\x",
  "\\\\?\\C:\\x", "\\\\?\\C:\\a\\..\\b", "\\\\?\\UNC\\server\\share\\x",
  "//server/share/x", "\\\\.\\pipe\\x", "\\\\server", "\\\\\\x", "\\\\a b\\s",
  "\\\\ser%ver\\s", "/",
];

const posixURLs = [
  "file:///", "file:///a/b", "file:///a/b/", "file:///a%20b", "file:///a%2fb",
  "file:///a%2Fb/", "file:///a%5Cb", "file:///a%25b", "file:///%C3%A9", "file:///a%00b",
  "file://localhost/a", "file://host/a", "file:////a", "file:///C:/a", "http://x/",
];

const windowsURLs = [
  "file:///C:/a", "file:///C:/", "file:///C:/a/", "file:///C|/a", "file:///c:/a%20b",
  "file:///C:/a%25b", "file:///C:/a%5Cb", "file:///C:/a%5cb", "file:///C:/a%2Fb",
  "file:///C:", "file:///a", "file:////server/share", "file://localhost/C:/a",
  "file://server/share/x", "file://server/share/a%20b", "file://server/", "file://server",
  "file://xn--mnchen-3ya/s/x", "file://%C3%A9/x", "file://host/C:/x", "file://[::1]/s",
  "file:///C:/a%00b", "http://x/",
];

function answer(f) {
  try {
    return { out: f() };
  } catch (e) {
    return { error: e.code || e.name };
  }
}

const table = {
  node: process.version,
  posixToURL: posixPaths.map((p) => ({ in: p, ...answer(() => url.pathToFileURL(p, { windows: false }).href) })),
  windowsToURL: windowsPaths.map((p) => ({ in: p, ...answer(() => url.pathToFileURL(p, { windows: true }).href) })),
  urlToPOSIX: posixURLs.map((u) => ({ in: u, ...answer(() => url.fileURLToPath(u, { windows: false })) })),
  urlToWindows: windowsURLs.map((u) => ({ in: u, ...answer(() => url.fileURLToPath(u, { windows: true })) })),
};
process.stdout.write(JSON.stringify(table, null, 1) + "\n");
