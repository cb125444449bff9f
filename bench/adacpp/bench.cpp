// Native C++ benchmark of ada (the amalgamation that goada vendors), on the
// inputs that the Go benchmarks in bench/ use, in the same order, written out
// by `go run ./cmd/corpora -out DIR`. Each workload mirrors the Go benchmark
// of the same name: one op is one URL, the loop cycles through the corpus
// with a wrapping index, a parse failure counts and the loop goes on, and the
// bases of Relative and Requests are parsed once before timing. The
// iteration count is calibrated the way Go's testing package does it, so the
// output is in `go test -bench` format and benchstat and cmd/ratios read it
// as one more peer, "ada". RelativeHref and RequestsHref are not ada's: they
// are the C++ side of the href controls (run_hrefs, below), under the same
// peer name so that cmd/ratios finds them:
//
//   BenchmarkAbsolute/ada-2   	 7654321	       141.2 ns/op	 538.24 MB/s	   0.512 steal-%
//
// (steal-% as steal_test.go measures it for the Go benchmarks, where
// /proc/stat can be read). No B/op or allocs/op: ada allocates (its hrefs are std::strings) and this
// program does not count allocations.
//
//   ada-bench -dir DIR [-benchtime 1s|Nx] [-bench REGEXP] [-procs N]
//
// -bench selects workloads like go test's -bench ("Absolute$", "Relative/ada";
// std::regex ECMAScript syntax, which agrees with Go's for simple patterns; a
// pattern it cannot compile selects everything). -procs is the suffix of the
// benchmark names (Go prints GOMAXPROCS there, and nothing when it is 1);
// by default $GOMAXPROCS, else the number of CPUs this process may run on.
//
// Build with build.sh (next to this file).

#include "ada.h"

#include <sched.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

namespace {

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "ada-bench: %s\n", msg.c_str());
  std::exit(1);
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) die("cannot open " + path + " (write the corpora with: go run ./cmd/corpora -out DIR)");
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// split_lines returns the LF-terminated lines of data (a last line without LF
// counts too), as views into data.
std::vector<std::string_view> split_lines(const std::string& data) {
  std::vector<std::string_view> out;
  std::string_view rest(data);
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    if (nl == std::string_view::npos) {
      out.push_back(rest);
      break;
    }
    out.push_back(rest.substr(0, nl));
    rest.remove_prefix(nl + 1);
  }
  return out;
}

// Corpus holds inputs laid out one after the other in one buffer, in their
// order and without separators, as the Go loaders lay them out (contiguous()
// in datasets.go).
struct Corpus {
  std::unique_ptr<char[]> storage;  // stays put when the Corpus moves
  std::vector<std::string_view> items;

  explicit Corpus(const std::vector<std::string_view>& v) {
    size_t total = 0;
    for (auto s : v) total += s.size();
    storage = std::make_unique<char[]>(total + 1);
    items.reserve(v.size());
    char* p = storage.get();
    for (auto s : v) {
      std::memcpy(p, s.data(), s.size());
      items.emplace_back(p, s.size());
      p += s.size();
    }
  }
};

struct Lines {
  Corpus corpus;
  int64_t avg_bytes;
};

struct Refs {
  Corpus refs;
  std::vector<int32_t> base;      // refs.items[i] resolves against bases[base[i]]
  std::vector<std::string> bases;  // the distinct bases, as strings
  int64_t avg_bytes;
};

// Hrefs is the input of the RelativeHref and RequestsHref controls:
// spanurl's href for each reference (cmd/corpora's NAME-hrefs.txt), and
// whether spanurl's (URL).Parse allocates it (fresh).
struct Hrefs {
  Corpus hrefs;
  std::vector<uint8_t> fresh;
  int64_t avg_bytes;
};

struct Manifest {
  std::map<std::string, std::pair<size_t, int64_t>> entries;  // name -> count, avg bytes

  std::pair<size_t, int64_t> get(const std::string& name) const {
    auto it = entries.find(name);
    if (it == entries.end()) die("manifest.txt has no entry for " + name);
    return it->second;
  }
};

Manifest load_manifest(const std::string& dir) {
  Manifest m;
  std::string data = read_file(dir + "/manifest.txt");
  std::istringstream in(data);
  std::string name;
  size_t count;
  int64_t avg;
  while (in >> name >> count >> avg) m.entries[name] = {count, avg};
  return m;
}

// counted_lines splits data, the contents of file, into lines and checks
// that there are as many as manifest.txt says corpus name has.
std::vector<std::string_view> counted_lines(const std::string& data, const Manifest& m,
                                            const std::string& name, const std::string& file) {
  auto lines = split_lines(data);
  size_t count = m.get(name).first;
  if (lines.size() != count)
    die(file + " has " + std::to_string(lines.size()) + " lines, manifest.txt says " +
        std::to_string(count));
  return lines;
}

Lines load_lines(const std::string& dir, const Manifest& m, const std::string& name) {
  std::string data = read_file(dir + "/" + name + ".txt");
  return Lines{Corpus(counted_lines(data, m, name, name + ".txt")), m.get(name).second};
}

Refs load_refs(const std::string& dir, const Manifest& m, const std::string& name) {
  std::string bases_data = read_file(dir + "/" + name + "-bases.txt");
  std::vector<std::string> bases;
  for (auto b : split_lines(bases_data)) bases.emplace_back(b);

  std::string data = read_file(dir + "/" + name + ".tsv");
  auto rows = counted_lines(data, m, name, name + ".tsv");
  std::vector<std::string_view> refs;
  std::vector<int32_t> base;
  refs.reserve(rows.size());
  base.reserve(rows.size());
  for (auto row : rows) {
    size_t tab = row.rfind('\t');
    if (tab == std::string_view::npos) die(name + ".tsv: a line has no TAB");
    long j = std::strtol(std::string(row.substr(tab + 1)).c_str(), nullptr, 10);
    if (j < 0 || size_t(j) >= bases.size()) die(name + ".tsv: base index out of range");
    refs.push_back(row.substr(0, tab));
    base.push_back(int32_t(j));
  }
  return Refs{Corpus(refs), std::move(base), std::move(bases), m.get(name).second};
}

// load_hrefs reads NAME-hrefs.txt, one line per reference of corpus name:
// '+' or '=' (fresh or not), then the href.
Hrefs load_hrefs(const std::string& dir, const Manifest& m, const std::string& name) {
  std::string data = read_file(dir + "/" + name + "-hrefs.txt");
  auto rows = counted_lines(data, m, name, name + "-hrefs.txt");
  std::vector<std::string_view> hrefs;
  std::vector<uint8_t> fresh;
  hrefs.reserve(rows.size());
  fresh.reserve(rows.size());
  for (auto row : rows) {
    if (row.empty() || (row[0] != '+' && row[0] != '=')) die(name + "-hrefs.txt: a line starts with neither '+' nor '='");
    fresh.push_back(row[0] == '+');
    hrefs.push_back(row.substr(1));
  }
  return Hrefs{Corpus(hrefs), std::move(fresh), m.get(name).second};
}

// ---- timing, after Go's testing package ----

struct Goal {
  bool fixed = false;          // -benchtime Nx
  uint64_t iters = 0;          // when fixed
  double seconds = 1.0;        // otherwise
};

Goal parse_benchtime(const std::string& s) {
  Goal g;
  if (!s.empty() && s.back() == 'x') {
    g.fixed = true;
    g.iters = std::strtoull(s.c_str(), nullptr, 10);
    if (g.iters == 0) die("bad -benchtime " + s);
    return g;
  }
  // A Go duration: one or more number+unit pairs ("1s", "500ms", "1m30s").
  static const std::map<std::string, double> units = {
      {"ns", 1e-9}, {"us", 1e-6}, {"µs", 1e-6}, {"ms", 1e-3}, {"s", 1}, {"m", 60}, {"h", 3600}};
  double total = 0;
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    while (j < s.size() && (std::isdigit((unsigned char)s[j]) || s[j] == '.')) j++;
    size_t k = j;
    while (k < s.size() && !std::isdigit((unsigned char)s[k]) && s[k] != '.') k++;
    auto unit = units.find(s.substr(j, k - j));
    if (j == i || unit == units.end()) die("bad -benchtime " + s);
    total += std::stod(s.substr(i, j - i)) * unit->second;
    i = k;
  }
  if (total <= 0) die("bad -benchtime " + s);
  g.seconds = total;
  return g;
}

volatile uint64_t sink;  // every run's result goes here, so nothing is optimized away
const char* volatile held;  // the last string the href controls made (see run_hrefs)

// CPUTimes are the clock ticks of all CPUs from the "cpu" line of /proc/stat,
// as steal_test.go reads them for the Go benchmarks: busy is every field but
// idle and iowait, steal what the hypervisor took. ok is false where there is
// no /proc/stat.
struct CPUTimes {
  uint64_t busy = 0, steal = 0;
  bool ok = false;
};

CPUTimes read_cpu_times() {
  CPUTimes t;
  std::FILE* f = std::fopen("/proc/stat", "r");
  if (!f) return t;
  unsigned long long v[8];
  if (std::fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
                  &v[4], &v[5], &v[6], &v[7]) == 8) {
    t.busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
    t.steal = v[7];
    t.ok = true;
  }
  std::fclose(f);
  return t;
}

struct Result {
  uint64_t n;
  double ns;           // total for n ops
  double steal = -1;   // steal-% over the last run, -1 when unknown
};

// timed runs body(n) (n ops) and returns its duration in ns; steal gets the
// steal-% of that run (see steal_test.go), or -1 when unknown.
template <class Body>
double timed(Body& body, uint64_t n, double& steal) {
  CPUTimes before = read_cpu_times();
  auto start = std::chrono::steady_clock::now();
  uint64_t s = body(n);
  auto end = std::chrono::steady_clock::now();
  CPUTimes after = read_cpu_times();
  sink = sink + s;
  steal = -1;
  if (before.ok && after.ok && after.busy > before.busy)
    steal = 100.0 * double(after.steal - before.steal) / double(after.busy - before.busy);
  return std::chrono::duration<double, std::nano>(end - start).count();
}

// predict_n is Go's predictN: aim 20% past the goal, grow at most 100x and
// at least by one, at most 1e9.
uint64_t predict_n(double goal_ns, uint64_t prev_iters, double prev_ns, uint64_t last) {
  if (prev_ns < 1) prev_ns = 1;
  double n = goal_ns * double(prev_iters) / prev_ns;
  n += n / 5;
  n = std::min(n, 100.0 * double(last));
  n = std::max(n, double(last + 1));
  n = std::min(n, 1e9);
  return uint64_t(n);
}

// measure calibrates n like `go test -bench`: one op first, then runs
// predicted to take the goal until one does (or n reaches 1e9).
template <class Body>
Result measure(Body body, const Goal& goal) {
  Result r;
  if (goal.fixed) {
    r.n = goal.iters;
    r.ns = timed(body, goal.iters, r.steal);
    return r;
  }
  const double goal_ns = goal.seconds * 1e9;
  uint64_t n = 1;
  double ns = timed(body, n, r.steal);
  while (ns < goal_ns && n < 1000000000) {
    uint64_t last = n;
    n = predict_n(goal_ns, n, ns, last);
    ns = timed(body, n, r.steal);
  }
  r.n = n;
  r.ns = ns;
  return r;
}

// ---- output in go test -bench format ----

std::string pretty(double x) {  // Go's prettyPrint for ns/op
  const char* format;
  double y = std::fabs(x);
  if (y == 0 || y >= 999.95) format = "%10.0f";
  else if (y >= 99.995) format = "%12.1f";
  else if (y >= 9.9995) format = "%13.2f";
  else if (y >= 0.99995) format = "%14.3f";
  else format = "%15.4f";
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

void report(const std::string& name, const Result& r, int64_t bytes) {
  double ns_op = r.ns / double(r.n);
  double mbs = (double(bytes) * double(r.n) / 1e6) / (r.ns / 1e9);
  std::printf("%-28s\t%8llu\t%s ns/op\t%7.2f MB/s", name.c_str(), (unsigned long long)r.n,
              pretty(ns_op).c_str(), mbs);
  if (r.steal >= 0) std::printf("\t%8.3f steal-%%", r.steal);
  std::printf("\n");
  std::fflush(stdout);
}

// ---- -bench filtering, after go test's matcher ----

// split_pattern splits a -bench pattern at the slashes outside brackets and
// parentheses, one part per level of benchmark names.
std::vector<std::string> split_pattern(const std::string& p) {
  std::vector<std::string> parts;
  std::string cur;
  int paren = 0, bracket = 0;
  for (size_t i = 0; i < p.size(); i++) {
    char c = p[i];
    if (c == '\\' && i + 1 < p.size()) {
      cur += c;
      cur += p[++i];
      continue;
    }
    if (bracket > 0) {
      if (c == ']') bracket--;
    } else if (c == '[') bracket++;
    else if (c == '(') paren++;
    else if (c == ')') paren--;
    else if (c == '/' && paren == 0) {
      parts.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  parts.push_back(cur);
  return parts;
}

struct Filter {
  std::vector<std::regex> levels;  // empty: everything

  explicit Filter(const std::string& pattern) {
    if (pattern.empty()) return;
    try {
      for (auto& part : split_pattern(pattern)) levels.emplace_back(part, std::regex::ECMAScript);
    } catch (const std::regex_error&) {
      std::fprintf(stderr, "ada-bench: cannot compile -bench %s as a std::regex: running every workload\n",
                   pattern.c_str());
      levels.clear();
    }
  }

  // match reports whether the benchmark Benchmark<workload>/ada is
  // selected: each level of its name (a workload may have levels of its
  // own, "PatternTest/books-match") against that level of the pattern.
  bool match(const std::string& workload) const {
    std::vector<std::string> names;
    const std::string full = "Benchmark" + workload + "/ada";
    std::string_view rest = full;
    for (size_t slash; (slash = rest.find('/')) != std::string_view::npos; rest.remove_prefix(slash + 1))
      names.emplace_back(rest.substr(0, slash));
    names.emplace_back(rest);
    for (size_t i = 0; i < levels.size() && i < names.size(); i++)
      if (!std::regex_search(names[i], levels[i])) return false;
    return true;
  }
};

int default_procs() {
  if (const char* e = std::getenv("GOMAXPROCS")) {
    int n = std::atoi(e);
    if (n > 0) return n;
  }
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
  return int(std::max(1u, std::thread::hardware_concurrency()));
}


// ---- the URL API's kernels (issue 32; api_test.go has spanurl's side) ----

// run_api runs the setter, SetHref, can-parse and URLSearchParams kernels
// under the names api_test.go gives spanurl's. The Set workloads have a
// second level (the attribute), so -bench selects them by the first level
// only ("Set", "SetWarm").
void run_api(const std::string& dir, const Manifest& manifest, const Filter& filter, const Goal& goal,
             const std::string& suffix) {
  auto name = [&](const std::string& workload) { return "Benchmark" + workload + "/ada" + suffix; };
  auto lines_loop = [&](const std::string& workload, const Lines& l, auto op) {
    const auto& in = l.corpus.items;
    auto body = [&](uint64_t n) {
      uint64_t s = 0;
      size_t i = 0;
      const size_t len = in.size();
      for (uint64_t k = 0; k < n; k++) {
        s += op(in[i], k);
        if (++i == len) i = 0;
      }
      return s;
    };
    report(name(workload), measure(body, goal), l.avg_bytes);
  };
  struct Setter {
    const char* name;
    void (*set)(ada::url_aggregator&, std::string_view);
    std::string_view values[2];
  };
  const Setter setters[] = {
      {"Pathname", [](ada::url_aggregator& u, std::string_view v) { u.set_pathname(v); }, {"/x/y", "/a/b/c"}},
      {"Search", [](ada::url_aggregator& u, std::string_view v) { u.set_search(v); }, {"?a=b", "?q=1&r=2"}},
      {"Host", [](ada::url_aggregator& u, std::string_view v) { u.set_host(v); },
       {"example.org", "backend.example.net"}},
      {"Hash", [](ada::url_aggregator& u, std::string_view v) { u.set_hash(v); }, {"#top", "#section-2"}},
      {"Port", [](ada::url_aggregator& u, std::string_view v) { u.set_port(v); }, {"8080", "9443"}},
  };
  bool sets = filter.match("APIParse") || filter.match("Set") || filter.match("SetWarm") ||
              filter.match("SetHref") || filter.match("Rewrite") || filter.match("SearchParams");
  if (sets) {
    const Lines absolute = load_lines(dir, manifest, "absolute");
    if (filter.match("APIParse"))
      lines_loop("APIParse", absolute, [](std::string_view s, uint64_t) -> uint64_t {
        auto u = ada::parse<ada::url_aggregator>(s);
        return u ? u->get_href().size() : 1;
      });
    if (filter.match("Set"))
      for (const auto& st : setters)
        lines_loop(std::string("Set/") + st.name, absolute, [&](std::string_view s, uint64_t) -> uint64_t {
          auto u = ada::parse<ada::url_aggregator>(s);
          if (!u) return 1;
          st.set(*u, st.values[0]);
          return u->get_href().size();
        });
    if (filter.match("SetWarm"))
      for (const auto& st : setters) {
        std::vector<ada::url_aggregator> urls;
        urls.reserve(absolute.corpus.items.size());
        for (auto s : absolute.corpus.items)
          if (auto u = ada::parse<ada::url_aggregator>(s)) urls.push_back(*u);
        auto body = [&](uint64_t n) {
          size_t i = 0;
          const size_t len = urls.size();
          for (uint64_t k = 0; k < n; k++) {
            st.set(urls[i], st.values[k & 1]);
            if (++i == len) i = 0;
          }
          return uint64_t(urls[0].get_href().size());
        };
        report(name(std::string("SetWarm/") + st.name), measure(body, goal), absolute.avg_bytes);
      }
    if (filter.match("SetHref")) {
      auto u = *ada::parse<ada::url_aggregator>("https://example.com/");
      lines_loop("SetHref", absolute, [&](std::string_view s, uint64_t) -> uint64_t {
        if (!u.set_href(s)) return 1;
        return u.get_href().size();
      });
    }
    if (filter.match("Rewrite")) {
      auto u = *ada::parse<ada::url_aggregator>("https://example.com/");
      std::string out;
      lines_loop("Rewrite", absolute, [&](std::string_view s, uint64_t) -> uint64_t {
        if (!u.set_href(s)) return 1;
        u.set_host("backend.example.net:8080");
        u.set_hash("");
        out.assign(u.get_href());
        return out.size();
      });
    }
    if (filter.match("SearchParams")) {
      // The query of each line, as api_test.go gives it ("" when none).
      std::vector<std::string> queries;
      queries.reserve(absolute.corpus.items.size());
      for (auto s : absolute.corpus.items) {
        auto u = ada::parse<ada::url_aggregator>(s);
        std::string q;
        if (u && u->has_search()) q = std::string(u->get_search()).substr(u->get_search().empty() ? 0 : 1);
        queries.push_back(q);
      }
      auto body = [&](uint64_t n) {
        uint64_t s = 0;
        size_t i = 0;
        const size_t len = queries.size();
        for (uint64_t k = 0; k < n; k++) {
          ada::url_search_params p(queries[i]);
          p.sort();
          s += p.to_string().size();
          if (++i == len) i = 0;
        }
        return s;
      };
      report(name("SearchParams"), measure(body, goal), absolute.avg_bytes);
    }
  }
  if (filter.match("CanParseMessy"))
    lines_loop("CanParseMessy", load_lines(dir, manifest, "messy"),
               [](std::string_view s, uint64_t) -> uint64_t { return ada::can_parse(s); });
  if (filter.match("CanParseHosts"))
    lines_loop("CanParseHosts", load_lines(dir, manifest, "hosturls"),
               [](std::string_view s, uint64_t) -> uint64_t { return ada::can_parse(s); });
  // CanParseBase (requests) and CanParseRelative: ada::can_parse(ref,
  // &base), the base a string that ada parses on every call, as
  // api.CanParse(ref, base) does.
  auto can_parse_refs = [&](const std::string& workload, const Refs& r) {
    const auto& refs = r.refs.items;
    std::vector<std::string_view> bases(r.bases.begin(), r.bases.end());
    auto body = [&](uint64_t n) {
      uint64_t s = 0;
      size_t i = 0;
      const size_t len = refs.size();
      for (uint64_t k = 0; k < n; k++) {
        s += ada::can_parse(refs[i], &bases[r.base[i]]);
        if (++i == len) i = 0;
      }
      return s;
    };
    report(name(workload), measure(body, goal), r.avg_bytes);
  };
  if (filter.match("CanParseBase")) can_parse_refs("CanParseBase", load_refs(dir, manifest, "requests"));
  if (filter.match("CanParseRelative")) can_parse_refs("CanParseRelative", load_refs(dir, manifest, "relative"));
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir, benchtime = "1s", pattern = ".";
  int procs = default_procs();
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a.rfind("--", 0) == 0) a = a.substr(1);
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die("missing value for " + a);
      return argv[++i];
    };
    if (a == "-dir") dir = value();
    else if (a == "-benchtime") benchtime = value();
    else if (a == "-bench") pattern = value();
    else if (a == "-procs") procs = std::atoi(value().c_str());
    else {
      std::fprintf(stderr,
                   "usage: %s -dir DIR [-benchtime 1s|Nx] [-bench REGEXP] [-procs N]\n"
                   "  DIR is written by: go run ./cmd/corpora -out DIR (in bench/)\n",
                   argv[0]);
      return 2;
    }
  }
  if (dir.empty()) die("-dir is required (write the corpora with: go run ./cmd/corpora -out DIR)");
  const Goal goal = parse_benchtime(benchtime);
  const Filter filter(pattern);
  const std::string suffix = procs > 1 ? "-" + std::to_string(procs) : "";
  const Manifest manifest = load_manifest(dir);

  auto name = [&](const std::string& workload) { return "Benchmark" + workload + "/ada" + suffix; };

  // One URL per op over a corpus of single strings.
  auto run_lines = [&](const std::string& workload, const Lines& l, auto op) {
    const auto& in = l.corpus.items;
    auto body = [&](uint64_t n) {
      uint64_t s = 0;
      size_t i = 0;
      const size_t len = in.size();
      for (uint64_t k = 0; k < n; k++) {
        s += op(in[i]);
        if (++i == len) i = 0;
      }
      return s;
    };
    report(name(workload), measure(body, goal), l.avg_bytes);
  };

  auto href = [](std::string_view s) -> uint64_t {
    auto u = ada::parse<ada::url_aggregator>(s);
    if (!u) return 1;
    return u->get_href().size();
  };

  // Relative and Requests: each distinct base parsed once, before timing. A
  // base that does not parse is null, and the reference parses as absolute
  // (as against spanurl's zero URL).
  auto run_refs = [&](const std::string& workload, const Refs& r) {
    std::vector<ada::result<ada::url_aggregator>> parsed;
    parsed.reserve(r.bases.size());
    std::vector<const ada::url_aggregator*> bases;
    for (auto& b : r.bases) {
      parsed.push_back(ada::parse<ada::url_aggregator>(b));
      bases.push_back(parsed.back() ? &*parsed.back() : nullptr);
    }
    const auto& refs = r.refs.items;
    const auto& base = r.base;
    auto body = [&](uint64_t n) {
      uint64_t s = 0;
      size_t i = 0;
      const size_t len = refs.size();
      for (uint64_t k = 0; k < n; k++) {
        auto u = ada::parse<ada::url_aggregator>(refs[i], bases[base[i]]);
        s += u ? u->get_href().size() : 1;
        if (++i == len) i = 0;
      }
      return s;
    };
    report(name(workload), measure(body, goal), r.avg_bytes);
  };

  // The controls RelativeHref and RequestsHref: no parsing, each href that
  // spanurl's (URL).Parse allocates made as a new std::string from its
  // known bytes (malloc and memcpy) and freed at the end of the op, as
  // ada's own href is: what handing out the hrefs costs in C++, beside what
  // it costs in Go (hrefs_test.go). The string's address goes to a volatile
  // so that the compiler cannot drop the allocation.
  auto run_hrefs = [&](const std::string& workload, const Hrefs& h) {
    const auto& hrefs = h.hrefs.items;
    const auto& fresh = h.fresh;
    auto body = [&](uint64_t n) {
      uint64_t s = 0;
      size_t i = 0;
      const size_t len = hrefs.size();
      for (uint64_t k = 0; k < n; k++) {
        if (fresh[i]) {
          std::string made(hrefs[i]);
          held = made.data();
          s += made.size();
        } else {
          s += hrefs[i].size();
        }
        if (++i == len) i = 0;
      }
      return s;
    };
    report(name(workload), measure(body, goal), h.avg_bytes);
  };

  // PatternTest and PatternExec: ada's url_pattern (with the std::regex
  // provider that ada ships) on the inputs of the Go benchmarks
  // (pattern_test.go), each URL given as a string, as to test() and
  // exec() in JavaScript. Before timing, one pass checks that ada judges
  // the inputs as the Go peers do (all match, or none), and says so on
  // stderr where it does not.
  using pattern_t = ada::url_pattern<ada::url_pattern_regex::std_regex_provider>;
  auto run_pattern = [&](const std::string& workload, pattern_t& p, const Lines& l, bool want, bool exec) {
    const auto& in = l.corpus.items;
    size_t judged = 0;
    for (auto s : in) {
      auto r = p.test(s);
      if (r && *r == want) judged++;
    }
    if (judged != in.size())
      std::fprintf(stderr, "ada-bench: %s: ada judges %zu of %zu inputs otherwise than the Go peers\n",
                   workload.c_str(), in.size() - judged, in.size());
    auto body = [&](uint64_t n) {
      uint64_t s = 0;
      size_t i = 0;
      const size_t len = in.size();
      for (uint64_t k = 0; k < n; k++) {
        if (exec) {
          auto r = p.exec(in[i]);
          s += r && r->has_value() ? (*r)->pathname.input.size() : 1;
        } else {
          auto r = p.test(in[i]);
          s += r && *r;
        }
        if (++i == len) i = 0;
      }
      return s;
    };
    report(name(workload), measure(body, goal), l.avg_bytes);
  };
  auto run_patterns = [&](const std::string& bench, bool exec) {
    std::string cases = read_file(dir + "/patterns.tsv");
    for (auto row : split_lines(cases)) {
      size_t t1 = row.find('\t'), t2 = row.rfind('\t');
      if (t1 == std::string_view::npos || t2 == t1) die("patterns.tsv: a line has not three fields");
      std::string case_name(row.substr(0, t1)), kind(row.substr(t1 + 1, t2 - t1 - 1));
      std::string source(row.substr(t2 + 1));
      const std::string sets[] = {"match", "miss"};
      for (const auto& set : sets) {
        std::string workload = bench + "/" + case_name + "-" + set;
        if (!filter.match(workload)) continue;
        std::variant<std::string_view, ada::url_pattern_init> input;
        if (kind == "pathname") {
          ada::url_pattern_init init;
          init.pathname = source;
          input = init;
        } else {
          input = std::string_view(source);
        }
        auto p = ada::parse_url_pattern<ada::url_pattern_regex::std_regex_provider>(std::move(input));
        if (!p) die("ada cannot compile the pattern " + source);
        std::string file = "pattern-" + case_name + "-" + set;
        run_pattern(workload, *p, load_lines(dir, manifest, file), set == "match", exec);
      }
    }
  };

  // Loaded only when a selected workload needs them; the same order as the
  // Go benchmarks (bench_test.go, pattern_test.go).
  if (filter.match("Absolute") || filter.match("CanParse")) {
    const Lines absolute = load_lines(dir, manifest, "absolute");
    if (filter.match("Absolute")) run_lines("Absolute", absolute, href);
    if (filter.match("CanParse"))
      run_lines("CanParse", absolute, [](std::string_view s) -> uint64_t { return ada::can_parse(s); });
  }
  if (filter.match("Messy")) run_lines("Messy", load_lines(dir, manifest, "messy"), href);
  if (filter.match("Relative")) run_refs("Relative", load_refs(dir, manifest, "relative"));
  if (filter.match("Requests")) run_refs("Requests", load_refs(dir, manifest, "requests"));
  if (filter.match("RequestsHref")) run_hrefs("RequestsHref", load_hrefs(dir, manifest, "requests"));
  if (filter.match("RelativeHref")) run_hrefs("RelativeHref", load_hrefs(dir, manifest, "relative"));
  if (filter.match("Hosts"))
    run_lines("Hosts", load_lines(dir, manifest, "hosturls"), [](std::string_view s) -> uint64_t {
      auto u = ada::parse<ada::url_aggregator>(s);
      if (!u) return 1;
      return u->get_hostname().size() + u->get_host().size();
    });
  run_patterns("PatternTest", false);
  run_patterns("PatternExec", true);
  run_api(dir, manifest, filter, goal, suffix);
  return 0;
}
