"""The DARS benchmark (scripts/dars): its cases and URLs, and the summary of a run's raw files.

The method is that of "Benchmark comparison of DARS with Thredds and Hyrax" (G. Hope): metadata
(.das and .dds) of a dataset, a small slice through every chunk of a large dataset, the whole
small dataset and the whole large one, per server: errors, the largest request rate (wrk, closed
loop), latency percentiles under a constant rate at a fraction of it (Gatling, open model), and
CPU, memory and threads of the server's process, idle and during each case.

A run's folder (results/<time>/dars/) holds, besides what the report is made of:

  servers.tsv            name, kind (frontend or also), base URL, description
  urls.tsv               server, case, URL
  events.tsv             time, server, phase (idle, case:NAME, rate), start or end
  raw/first/S.C.tsv      the first request of each case: status, bytes, seconds, content type
  raw/wrk/S.C.txt        wrk's output for the case
  raw/stream/S.large.tsv the whole large answer on one connection (curl): status, bytes, seconds
  raw/status/S.C.{before,after}.json   the front end's /status around the case
  raw/gatling/S.plan.tsv, S.out, S/     the constant-rate plan, Gatling's output and report
  raw/samples/S.tsv      the process samples (procstat)
  raw/bare-ppt.json      the bare PPT client's gets of the whole large answer
  raw/conversions.json   the conversion costs (conversions.py)
"""

import csv
import json
import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from urllib.parse import quote

from . import gatling, load, procstat

# The datasets the emulator serves and `scripts/dars --make-data` writes, named for their shape.
LARGE = "/dars/float32_116x1000x1000.nc"   # data(time=116, lat=1000, lon=1000), chunks 1x250x250, deflated
SMALL = "/dars/float32_190x1000.nc"        # data(time=190, lon=1000), chunked, not compressed
# Every time step, and 9 of 1,000 rows and columns 120 apart: each 250 x 250 chunk holds 2 or 3
# of the rows and of the columns picked, so every one of the 1,856 chunks must be read and
# inflated for 116 x 9 x 9 float32 values, 37,584 bytes of data (about 40 KB with the DDS).
SLICE = "data[0:1:115][0:120:999][0:120:999]"

# The cases: name, which dataset (large or small), suffix, constraint key (slice or none).
CASES = (
    ("meta-das", "large", ".das", None, "the DAS of the large dataset"),
    ("meta-dds", "large", ".dds", None, "the DDS of the large dataset"),
    ("slice", "large", ".dods", "slice", "about 40 KB through every chunk of the large dataset"),
    ("small", "small", ".dods", None, "the whole small dataset"),
    ("large", "large", ".dods", None, "the whole large dataset"),
)

# The output forms of the conversion costs: name, suffix, DAP version of the constraint.
FORMS = (
    ("dods", ".dods", 2), ("dap", ".dap", 4), ("ascii", ".ascii", 2), ("csv", ".csv", 2),
    ("json", ".json", 2), ("nc", ".nc", 2), ("dap.csv", ".dap.csv", 4), ("covjson", ".covjson", 2),
)

FRONTEND = "frontend"
ALSO = "also"
BARE = "bare-ppt-client"


def dap2_query(ce):
    """A DAP2 constraint as a query string, brackets and all percent-encoded (Tomcat refuses a raw
    '[' in a query)."""
    return quote(ce, safe=",:=()*-_.~")


def dap4_ce(ce):
    """The DAP4 form of a DAP2 projection list: 'a[0:1:2],b' -> '/a[0:1:2];/b'."""
    parts = [p.strip() for p in ce.split(",") if p.strip()]
    return ";".join(p if p.startswith("/") else "/" + p for p in parts)


def url(base, dataset, suffix, ce="", dap=2):
    """The URL of one response: BASE + dataset path + suffix [+ ? constraint]; the constraint is
    DAP2 (a query of its own) or, for dap=4, given in DAP2 and sent as dap4.ce."""
    path = base.rstrip("/") + quote(dataset if dataset.startswith("/") else "/" + dataset) + suffix
    if not ce:
        return path
    if dap == 4:
        return path + "?dap4.ce=" + quote(dap4_ce(ce), safe="")
    return path + "?" + dap2_query(ce)


def case_urls(base, large=LARGE, small=SMALL, slice_ce=SLICE):
    """[(case, url)] for one server, in the cases' order."""
    datasets = {"large": large, "small": small}
    return [(name, url(base, datasets[dataset], suffix, slice_ce if ce == "slice" else ""))
            for name, dataset, suffix, ce, _ in CASES]


def form_urls(base, dataset, ce=""):
    """[(form, url)] of the conversion costs: one data request in each output form."""
    return [(name, url(base, dataset, suffix, ce, dap)) for name, suffix, dap in FORMS]


# --- The constant-rate plan --------------------------------------------------------------------

WRK_CONNECTIONS = 10  # scripts/dars runs wrk -t2 -c10


def plan_step(name, url, result, answer_bytes, fraction, seconds, min_requests, cap=math.inf,
              max_seconds=math.inf):
    """One case's constant-rate step, or None and why not. `result` is the case's wrk run
    (load.WrkResult); `answer_bytes` the size of one whole answer of the case as curl got it, or
    None. The rate is `fraction` of wrk's rate, at most `cap`; when wrk finished fewer answers than
    it had connections (whole large answers in a short run), wrk's bytes per second over the
    answer's size instead, if that is more. The step lasts `seconds`, or long enough for
    `min_requests`, but never longer than `max_seconds`, the run's own limit; a rate that would not
    send one request in that time is refused, as is a case whose wrk run completed no request (it
    has no measured rate: what it read says nothing of how fast whole answers come)."""
    if result.requests <= 0:
        return None, (f"wrk completed no request in {result.duration_s:g} s, so the case has no "
                      "measured rate: no constant-rate step")
    capacity = result.requests_per_s
    if answer_bytes and result.requests < WRK_CONNECTIONS and result.duration_s > 0:
        capacity = max(capacity, result.bytes_read / result.duration_s / answer_bytes)
    if capacity <= 0:
        return None, "nothing read under wrk, no constant-rate step"
    rate = min(capacity * fraction, cap)
    if rate * max_seconds < 1:
        return None, (f"{rate:.3g} req/s would not send one request in {max_seconds:g} s, the "
                      "longest step this run allows: no constant-rate step")
    return gatling.Step(name, url, rate,
                        min(gatling.step_seconds(rate, seconds, min_requests), max_seconds)), ""


def plan(folder, server, fraction, seconds, min_requests, cap=math.inf, max_seconds=math.inf):
    """The constant-rate plan of one server, every server alike: ([Step], [(case, why no step)])
    from its wrk runs and its first or whole answers in a run's folder."""
    folder = Path(folder)
    urls = {r["case"]: r["url"] for r in read_tsv(folder / "urls.tsv") if r["server"] == server}
    steps, skipped = [], []
    for case, *_ in CASES:
        wrk = folder / "raw" / "wrk" / f"{server}.{case}.txt"
        if case not in urls or not wrk.exists():
            continue
        try:
            result = load.parse_wrk(wrk.read_text(encoding="utf-8"))
        except ValueError as e:
            skipped.append((case, f"no constant-rate step: {e}"))
            continue
        answered = [r for r in read_requests(folder / "raw" / "first" / f"{server}.{case}.tsv")
                    + read_requests(folder / "raw" / "stream" / f"{server}.{case}.tsv")
                    if r.status == 200 and r.bytes > 0]
        step, why = plan_step(f"{server}/{case}", urls[case], result,
                              answered[0].bytes if answered else None, fraction, seconds,
                              min_requests, cap, max_seconds)
        if step is None:
            skipped.append((case, why))
        else:
            steps.append(step)
    return steps, skipped


# --- Reading a run ---------------------------------------------------------------------------

def read_tsv(path):
    path = Path(path)
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def read_settings(folder):
    return {r["key"]: r["value"] for r in read_tsv(Path(folder) / "settings.tsv")}


@dataclass(frozen=True)
class Server:
    name: str
    kind: str
    base_url: str
    description: str


def read_servers(folder):
    return [Server(r["name"], r["kind"], r["base_url"], r["description"])
            for r in read_tsv(Path(folder) / "servers.tsv")]


def read_events(folder):
    """{(server, phase): (start, end)} from events.tsv, and a `rate:CASE` phase for each step of
    a constant-rate run, from the step's start to the next one's (the last to the run's end);
    an end missing is None."""
    folder = Path(folder)
    windows = {}
    for r in read_tsv(folder / "events.tsv"):
        key = (r["server"], r["phase"])
        start, end = windows.get(key, (None, None))
        if r["event"] == "start":
            start = float(r["time"])
        else:
            end = float(r["time"])
        windows[key] = (start, end)
    for (server, phase), (_, rate_end) in list(windows.items()):
        if phase != "rate":
            continue
        starts = gatling.read_step_starts(folder / "raw" / "gatling" / f"{server}.out")
        for i, (step, at) in enumerate(starts):
            case = step.split("/", 1)[-1]
            until = starts[i + 1][1] if i + 1 < len(starts) else rate_end
            windows[(server, f"rate:{case}")] = (at, until)
    return windows


@dataclass(frozen=True)
class Request:
    """One request of a case measured on its own: HTTP status, bytes, seconds."""

    status: int
    bytes: int
    seconds: float
    content_type: str = ""


def read_requests(path):
    """The lines curl wrote with -w '%{http_code}\\t%{size_download}\\t%{time_total}[\\t%{content_type}]'."""
    path = Path(path)
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            f = line.split("\t")
            out.append(Request(int(f[0]), int(float(f[1])), float(f[2]), f[3] if len(f) > 3 else ""))
    return out


def _status_counts(path):
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    rc = doc.get("responseCache") or {}
    return rc.get("hitCount"), rc.get("missCount")


@dataclass
class Row:
    """One line of summary.csv: a server and a case."""

    server: str
    case: str
    url: str = ""
    status: str = ""
    answer_bytes: float = math.nan
    requests: float = math.nan
    req_per_s: float = math.nan
    errors: float = math.nan  # the first request and wrk's: answers other than 200, socket errors
    mb_per_s: float = math.nan
    stream_mb_per_s: float = math.nan
    rate_req_per_s: float = math.nan
    rate_requests: float = math.nan
    rate_errors: float = math.nan  # Gatling's failed requests at the constant rate
    p50_ms: float = math.nan
    p90_ms: float = math.nan
    p99_ms: float = math.nan
    p999_ms: float = math.nan
    cpu_pct: float = math.nan
    rss_mib: float = math.nan
    threads: float = math.nan
    bes_cpu_pct: float = math.nan
    cache_hits: float = math.nan
    cache_misses: float = math.nan


COLUMNS = [f.name for f in fields(Row)]


def _rate_stats(folder, server):
    return gatling.read_stats(Path(folder) / "raw" / "gatling" / server)


def rows(folder):
    """The summary of a run: a Row per server and case, then the bare PPT client's row."""
    folder = Path(folder)
    raw = folder / "raw"
    windows = read_events(folder)
    urls = {(r["server"], r["case"]): r["url"] for r in read_tsv(folder / "urls.tsv")}
    out = []
    for server in read_servers(folder):
        samples = procstat.read_samples(raw / "samples" / f"{server.name}.tsv")
        latencies = _rate_stats(folder, server.name)
        plan = {s.name: s for s in (gatling.read_plan(raw / "gatling" / f"{server.name}.plan.tsv")
                                    if (raw / "gatling" / f"{server.name}.plan.tsv").exists() else [])}
        for case, *_ in CASES:
            row = Row(server.name, case, urls.get((server.name, case), ""))
            first = read_requests(raw / "first" / f"{server.name}.{case}.tsv")
            stream = read_requests(raw / "stream" / f"{server.name}.{case}.tsv")
            answered = first or stream
            errors = 0
            if answered:
                row.status = str(answered[0].status)
                row.answer_bytes = answered[0].bytes
                errors += sum(1 for r in answered if r.status != 200)
            good = [r for r in stream if r.status == 200 and r.seconds > 0]
            if good:
                row.stream_mb_per_s = sum(r.bytes for r in good) / 1e6 / sum(r.seconds for r in good)
            wrk_path = raw / "wrk" / f"{server.name}.{case}.txt"
            if wrk_path.exists():
                try:
                    w = load.parse_wrk(wrk_path.read_text(encoding="utf-8"))
                    row.requests, row.req_per_s, row.mb_per_s = w.requests, w.requests_per_s, w.mb_per_s
                    errors += w.errors
                except ValueError:
                    errors += 1  # wrk failed: the case was not measured
                    row.status = (row.status + " " if row.status else "") + "wrk failed"
            step = f"{server.name}/{case}"
            if step in plan:
                row.rate_req_per_s = plan[step].rate
            lat = latencies.get(step)
            if lat is not None:
                row.rate_requests, row.rate_errors = lat.requests, lat.errors
                row.p50_ms, row.p90_ms, row.p99_ms, row.p999_ms = (
                    lat.percentiles_ms[p] for p in gatling.PERCENTILES)
            row.errors = errors if (answered or wrk_path.exists()) else math.nan
            start, end = windows.get((server.name, f"case:{case}"), (None, None))
            if start is not None and end is not None:
                usage = procstat.window(samples, "server", start, end)
                if usage is not None:
                    row.cpu_pct, row.rss_mib, row.threads = usage.cpu_pct, usage.rss_max_mib, usage.threads
                bes = procstat.window(samples, "bes", start, end)
                if bes is not None:
                    row.bes_cpu_pct = bes.cpu_pct
            before = _status_counts(raw / "status" / f"{server.name}.{case}.before.json")
            after = _status_counts(raw / "status" / f"{server.name}.{case}.after.json")
            if before and after and None not in before + after:
                row.cache_hits, row.cache_misses = after[0] - before[0], after[1] - before[1]
            out.append(row)
    bare = bare_client(folder)
    if bare is not None:
        out.append(Row(BARE, "large", url=f"ppt://{bare['endpoint']}{bare['path']}", status="ok",
                       answer_bytes=bare["sizes"][0] if bare["sizes"] else math.nan,
                       requests=len(bare["sizes"]),
                       req_per_s=len(bare["sizes"]) / sum(bare["seconds"]) if sum(bare["seconds"]) else math.nan,
                       errors=0, mb_per_s=bare["mb_per_s"], stream_mb_per_s=bare["mb_per_s"]))
    return out


def bare_client(folder):
    path = Path(folder) / "raw" / "bare-ppt.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


@dataclass(frozen=True)
class Resource:
    """One process in one phase: idle, a case (its wrk run) or the constant-rate run."""

    server: str
    process: str
    phase: str
    cpu_pct: float
    rss_mib: float
    rss_max_mib: float
    threads: int


def resources(folder):
    """CPU, memory and threads of each sampled process in each phase of its server."""
    folder = Path(folder)
    windows = read_events(folder)
    out = []
    for server in read_servers(folder):
        samples = procstat.read_samples(folder / "raw" / "samples" / f"{server.name}.tsv")
        names = sorted({s.name for s in samples}, key=lambda n: (n != "server", n))
        phases = [p for (s, p) in windows if s == server.name]
        for process in names:
            for phase in phases:
                start, end = windows[(server.name, phase)]
                if start is None or end is None:
                    continue
                u = procstat.window(samples, process, start, end)
                if u is not None:
                    out.append(Resource(server.name, process, phase, u.cpu_pct, u.rss_mib,
                                        u.rss_max_mib, u.threads))
    return out


def _cell(value):
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        return f"{value:.6g}" if abs(value) < 1e6 else f"{value:.0f}"
    return value


def write_csv(path, items, columns=None):
    items = list(items)
    columns = columns or ([f.name for f in fields(items[0])] if items else COLUMNS)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(columns)
        for item in items:
            d = asdict(item)
            w.writerow([_cell(d[c]) for c in columns])
