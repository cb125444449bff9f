// runner.js runs the operation sequences of diff_test.go through the npm
// package whatwg-url (the URL Standard's reference implementation) and
// writes the results as JSON.
//
//   node runner.js DIR < cases.json > results.json
//
// DIR holds node_modules/whatwg-url (see setup.sh). The input is an array
// of cases, {init: {kind, string?, pairs?}, ops: [[name, ...args]]}; the
// output is an array with, for each case, {init: "ok" or an error name,
// steps: [[result, state]]}, where state is url.href for a URL case and
// the params' serialization otherwise.
"use strict";

const path = require("path");
const dir = process.argv[2];
if (!dir) {
  process.stderr.write("usage: node runner.js DIR < cases.json\n");
  process.exit(2);
}
const { URL, URLSearchParams } = require(path.join(path.resolve(dir), "node_modules", "whatwg-url"));

function errorName(e) {
  return e && e.name ? e.name : String(e);
}

function runCase(c) {
  let url = null;
  let params;
  try {
    switch (c.init.kind) {
      case "string":
        params = new URLSearchParams(c.init.string);
        break;
      case "pairs":
        params = new URLSearchParams(c.init.pairs);
        break;
      case "record": {
        // Keys arrive in the order the Go side gives them; none is an
        // array index, so the object keeps that order.
        const o = {};
        for (const [k, v] of c.init.pairs) {
          o[k] = v;
        }
        params = new URLSearchParams(o);
        break;
      }
      case "url":
        url = new URL(c.init.string);
        params = url.searchParams;
        break;
      default:
        throw new Error("unknown init kind " + c.init.kind);
    }
  } catch (e) {
    return { init: errorName(e), steps: [] };
  }
  const steps = [];
  for (const [op, ...args] of c.ops) {
    let result = null;
    try {
      result = apply(url, params, op, args);
    } catch (e) {
      result = errorName(e);
    }
    steps.push([result, url ? url.href : params.toString()]);
  }
  return { init: "ok", steps };
}

function apply(url, params, op, args) {
  switch (op) {
    case "append": params.append(args[0], args[1]); return null;
    case "delete": params.delete(args[0]); return null;
    case "deleteValue": params.delete(args[0], args[1]); return null;
    case "get": return params.get(args[0]);
    case "getAll": return params.getAll(args[0]);
    case "has": return params.has(args[0]);
    case "hasValue": return params.has(args[0], args[1]);
    case "set": params.set(args[0], args[1]); return null;
    case "sort": params.sort(); return null;
    case "size": return params.size;
    case "toString": return params.toString();
    case "entries": return [...params];
    case "href": return url.href;
    case "search": return url.search;
    case "setHref": url.href = args[0]; return null;
    case "setProtocol": url.protocol = args[0]; return null;
    case "setUsername": url.username = args[0]; return null;
    case "setPassword": url.password = args[0]; return null;
    case "setHost": url.host = args[0]; return null;
    case "setHostname": url.hostname = args[0]; return null;
    case "setPort": url.port = args[0]; return null;
    case "setPathname": url.pathname = args[0]; return null;
    case "setSearch": url.search = args[0]; return null;
    case "setHash": url.hash = args[0]; return null;
  }
  throw new Error("unknown op " + op);
}

const chunks = [];
process.stdin.on("data", (d) => chunks.push(d));
process.stdin.on("end", () => {
  const cases = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  process.stdout.write(JSON.stringify(cases.map(runCase)));
});
