"""The container floor (scripts/container-floor): the front end's warm answers against Tomcat's
DefaultServlet serving the same bytes, in one Tomcat on the same connector, per request: CPU time of
the server process and requests/s.

A measured run of one side is one or more wrk runs on one URL (slices, taking turns with the
other side's), each bracketed by two reads of the server process's /proc/PID/stat (utime + stime
of all its threads, the JIT's and the collector's included); a run's CPU time per request is its
slices' ticks over CLK_TCK over their requests. Each response is measured in pairs, the front end
(`war`) and DefaultServlet (`default`), alternating which goes first; the table takes the median
of each side over its runs and the ratio of the medians. Slices make a few seconds' disturbance
of the machine fall on both sides of a run alike, where one long run each put it on one side.
"""

import csv
import json
import os
import statistics
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path

from . import load, procstat

RESPONSES = ("das", "dds", "dmr", "ascii", "304")
SIDES = ("war", "default")
SIDE_NAMES = {"war": "front end", "default": "DefaultServlet"}
RUNS_FILE = "runs.jsonl"


@dataclass(frozen=True)
class Run:
    response: str
    side: str
    run: int
    requests: int
    seconds: float
    requests_per_s: float
    cpu_ticks: int
    clock_ticks: int
    bytes_read: float
    errors: int
    compiler_ticks: int = 0  # the JIT's compiler threads' share of cpu_ticks
    slice: int = 1  # which of the run's wrk runs; a run's slices are summed (whole_runs)

    @property
    def cpu_us_per_request(self):
        if self.requests <= 0:
            return float("nan")
        return self.cpu_ticks / self.clock_ticks / self.requests * 1e6

    @property
    def bytes_per_request(self):
        """Every byte wrk read over its requests: headers and body of each answer."""
        return self.bytes_read / self.requests if self.requests > 0 else float("nan")


def process_ticks(pid, proc="/proc"):
    """utime + stime of every thread of process `pid`, in clock ticks."""
    return procstat.parse_stat((Path(proc) / str(pid) / "stat").read_text()).ticks


def compiler_ticks(pid, proc="/proc"):
    """utime + stime of the JIT's compiler threads (C1 and C2 CompilerThread) of JVM `pid`, in
    clock ticks: while they still take time, the JVM is not warm, and each request measured pays
    for compiling too."""
    total = 0
    for task in (Path(proc) / str(pid) / "task").iterdir():
        try:
            if "CompilerThre" in (task / "comm").read_text():
                total += procstat.parse_stat((task / "stat").read_text()).ticks
        except (OSError, ValueError, IndexError):
            continue  # ended while being read
    return total


def whole_runs(runs):
    """The runs with each run's slices summed into one Run (slice 1), in the order first seen."""
    merged = {}
    for r in runs:
        key = (r.response, r.side, r.run)
        m = merged.get(key)
        if m is None:
            merged[key] = Run(**{**asdict(r), "slice": 1})
            continue
        seconds = m.seconds + r.seconds
        requests = m.requests + r.requests
        merged[key] = Run(
            response=m.response, side=m.side, run=m.run, requests=requests, seconds=seconds,
            requests_per_s=requests / seconds if seconds > 0 else float("nan"),
            cpu_ticks=m.cpu_ticks + r.cpu_ticks, clock_ticks=m.clock_ticks,
            bytes_read=m.bytes_read + r.bytes_read, errors=m.errors + r.errors,
            compiler_ticks=m.compiler_ticks + r.compiler_ticks, slice=1)
    return list(merged.values())


def run_summary(runs, response, index):
    """One line for run `index` of `response`: each side's requests/s and CPU per request."""
    parts = []
    for r in whole_runs(runs):
        if r.response == response and r.run == index:
            parts.append(f"{r.side} {r.requests_per_s:,.0f} req/s, {r.cpu_us_per_request:.1f} us"
                         f" CPU/request, {r.errors} errors")
    return "; ".join(parts)


def measure(pid, command, wrk_out, response, side, run, proc="/proc", slice_=1):
    """Runs `command` (a wrk command line) while reading the CPU time of `pid` before and after;
    writes wrk's output to `wrk_out` and returns the Run. Raises RuntimeError when wrk fails or
    its output cannot be read."""
    before, jit_before = process_ticks(pid, proc), compiler_ticks(pid, proc)
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          check=False)
    after, jit_after = process_ticks(pid, proc), compiler_ticks(pid, proc)
    Path(wrk_out).write_text(done.stdout + done.stderr, encoding="utf-8")
    if done.returncode != 0:
        raise RuntimeError(f"wrk exited {done.returncode}: {done.stderr.strip()[:300]}")
    try:
        r = load.parse_wrk(done.stdout)
    except ValueError as e:
        raise RuntimeError(str(e)) from e
    return Run(response=response, side=side, run=run, requests=r.requests, seconds=r.duration_s,
               requests_per_s=r.requests_per_s, cpu_ticks=after - before,
               clock_ticks=os.sysconf("SC_CLK_TCK"), bytes_read=r.bytes_read, errors=r.errors,
               compiler_ticks=jit_after - jit_before, slice=slice_)


def append_run(folder, run):
    with open(Path(folder) / RUNS_FILE, "a", encoding="utf-8") as f:
        f.write(json.dumps(asdict(run)) + "\n")


def read_runs(folder):
    path = Path(folder) / RUNS_FILE
    if not path.exists():
        return []
    return [Run(**json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


@dataclass(frozen=True)
class Answer:
    """One side's answer to one response as curl saw it (`curl -sD HEADERS -o BODY`)."""
    status: int
    header_bytes: int
    body_bytes: int
    headers: dict  # lower-case name -> value

    @property
    def bytes(self):
        return self.header_bytes + self.body_bytes


def read_answer(headers_path, body_path=None):
    raw = Path(headers_path).read_bytes()
    lines = raw.decode("iso-8859-1").split("\r\n")
    status = int(lines[0].split(" ")[1]) if lines and len(lines[0].split(" ")) > 1 else 0
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    body = 0
    if body_path is not None and Path(body_path).exists():
        body = Path(body_path).stat().st_size
    return Answer(status=status, header_bytes=len(raw), body_bytes=body, headers=headers)


def read_answers(folder):
    """{(response, side): Answer} from answers/SIDE.RESPONSE.headers (and .body)."""
    found = {}
    for response in RESPONSES:
        for side in SIDES:
            h = Path(folder) / "answers" / f"{side}.{response}.headers"
            if h.exists():
                found[(response, side)] = read_answer(h, h.with_suffix(".body"))
    return found


def header_difference(war, default):
    """A sentence on how two answers' headers differ: names only one side sends, and values of
    the same name that differ (Date left out: it differs by the second)."""
    only_war = sorted(set(war.headers) - set(default.headers))
    only_default = sorted(set(default.headers) - set(war.headers))
    differing = sorted(n for n in set(war.headers) & set(default.headers)
                       if n != "date" and war.headers[n] != default.headers[n])
    parts = []
    if only_war:
        parts.append("front end only: " + ", ".join(only_war))
    if only_default:
        parts.append("DefaultServlet only: " + ", ".join(only_default))
    if differing:
        parts.append("different values: " + ", ".join(differing))
    return "; ".join(parts) if parts else "the same headers"


@dataclass(frozen=True)
class Row:
    response: str
    runs: int
    war_requests_per_s: float
    default_requests_per_s: float
    war_cpu_us: float
    default_cpu_us: float
    war_cpu_us_range: tuple
    default_cpu_us_range: tuple
    war_bytes: float
    default_bytes: float
    war_errors: int
    default_errors: int
    # The CPU ratio of each pair of turns taken one after the other (same run, same slice): its
    # median and quartiles. Two turns 2 s apart meet much the same machine, so their spread shows
    # what the machine's drift does to one comparison; the ratio of the medians is the figure.
    turn_ratios: tuple = (float("nan"), float("nan"), float("nan"))

    @property
    def errors(self):
        return self.war_errors + self.default_errors

    @property
    def requests_per_s_ratio(self):
        return _ratio(self.war_requests_per_s, self.default_requests_per_s)

    @property
    def cpu_ratio(self):
        return _ratio(self.war_cpu_us, self.default_cpu_us)

    @property
    def best_cpu_ratio(self):
        """Each side's lowest CPU per request, front end over DefaultServlet: what the CI check
        holds. Whatever else a run meets (the JIT still compiling, a collection, the machine's
        other work on the server's core) only adds CPU time to that run, so the lowest run of
        each side is the one least disturbed; the median moves with one disturbed run of three."""
        return _ratio(self.war_cpu_us_range[0], self.default_cpu_us_range[0])


def _ratio(a, b):
    return a / b if b and b == b and a == a else float("nan")


def _median(values):
    return statistics.median(values) if values else float("nan")


def turn_ratios(runs, response):
    """(median, first quartile, third quartile) of the front end's CPU per request over
    DefaultServlet's in each pair of turns of `response` (the two sides' wrk runs of one slice of
    one run, taken one after the other); NaNs when there are none."""
    pairs = {}
    for r in runs:
        if r.response == response:
            pairs.setdefault((r.run, r.slice), {})[r.side] = r.cpu_us_per_request
    ratios = sorted(_ratio(p["war"], p["default"]) for p in pairs.values()
                    if "war" in p and "default" in p)
    ratios = [x for x in ratios if x == x]
    if not ratios:
        return (float("nan"), float("nan"), float("nan"))
    if len(ratios) == 1:
        return (ratios[0], ratios[0], ratios[0])
    q1, _, q3 = statistics.quantiles(ratios, n=4)
    return (statistics.median(ratios), q1, q3)


def rows(runs):
    """One row per response measured, in RESPONSES order: the median of each side over its whole
    runs (slices summed)."""
    turns = list(runs)
    runs = whole_runs(runs)
    out = []
    for response in RESPONSES:
        war = [r for r in runs if r.response == response and r.side == "war"]
        default = [r for r in runs if r.response == response and r.side == "default"]
        if not war and not default:
            continue

        def cpu(rs):
            return [r.cpu_us_per_request for r in rs]

        def span(rs):
            return (min(cpu(rs)), max(cpu(rs))) if rs else (float("nan"), float("nan"))

        out.append(Row(
            response=response, runs=min(len(war), len(default)),
            war_requests_per_s=_median([r.requests_per_s for r in war]),
            default_requests_per_s=_median([r.requests_per_s for r in default]),
            war_cpu_us=_median(cpu(war)), default_cpu_us=_median(cpu(default)),
            war_cpu_us_range=span(war), default_cpu_us_range=span(default),
            war_bytes=_median([r.bytes_per_request for r in war]),
            default_bytes=_median([r.bytes_per_request for r in default]),
            war_errors=sum(r.errors for r in war),
            default_errors=sum(r.errors for r in default),
            turn_ratios=turn_ratios(turns, response)))
    return out


def _f(value, spec):
    return "-" if value != value else format(value, spec)


def table(folder):
    """(markdown, rows) of a scripts/container-floor folder."""
    folder = Path(folder)
    found = rows(read_runs(folder))
    answers = read_answers(folder)
    header = ["response", "front end req/s", "DefaultServlet req/s", "req/s ratio",
              "front end CPU us/req", "DefaultServlet CPU us/req", "CPU ratio",
              "CPU ratio of turn pairs, median (quartiles)",
              "bytes/answer (front end / DefaultServlet)", "runs",
              "wrk errors (front end / DefaultServlet)"]
    lines = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    for r in found:
        lines.append("| " + " | ".join([
            _label(r.response), _f(r.war_requests_per_s, ",.0f"), _f(r.default_requests_per_s, ",.0f"),
            _f(r.requests_per_s_ratio, ".2f"),
            f"{_f(r.war_cpu_us, '.1f')} ({_f(r.war_cpu_us_range[0], '.1f')}-{_f(r.war_cpu_us_range[1], '.1f')})",
            f"{_f(r.default_cpu_us, '.1f')} ({_f(r.default_cpu_us_range[0], '.1f')}-{_f(r.default_cpu_us_range[1], '.1f')})",
            _f(r.cpu_ratio, ".2f"),
            f"{_f(r.turn_ratios[0], '.2f')} ({_f(r.turn_ratios[1], '.2f')}-{_f(r.turn_ratios[2], '.2f')})",
            f"{_f(r.war_bytes, ',.0f')} / {_f(r.default_bytes, ',.0f')}",
            str(r.runs), f"{r.war_errors} / {r.default_errors}"]) + " |")
    notes = ["Medians over the runs of each side (CPU: the range over the runs in brackets); the "
             "ratios are the front end's median over DefaultServlet's. CPU is the server "
             "process's user + system time over each wrk run (every thread: the JIT's and the "
             "collector's too) divided by wrk's requests; bytes/answer is what wrk read per "
             "request, headers included. A turn pair is one slice of one run of each side, "
             "taken one after the other: the spread of their ratios is what the machine's "
             "drift does to a single comparison."]
    runs = read_runs(folder)
    ticks = sum(r.cpu_ticks for r in runs)
    jit = sum(r.compiler_ticks for r in runs)
    if ticks:
        notes.append(f"The JIT's compiler threads took {100 * jit / ticks:.1f}% of the CPU time of "
                     "the measured runs" + (" (the server was not warm: the figures include "
                     "compiling)." if jit > 0.02 * ticks else "."))
    diffs = []
    for response in RESPONSES:
        war, default = answers.get((response, "war")), answers.get((response, "default"))
        if war is None or default is None:
            continue
        diffs.append(f"| {_label(response)} | {war.status} / {default.status} | "
                     f"{war.header_bytes} + {war.body_bytes} | {default.header_bytes} + "
                     f"{default.body_bytes} | {header_difference(war, default)} |")
    markdown = ["## The container floor", "", *lines, "", *notes, ""]
    if diffs:
        markdown += ["### The two answers (one request each, curl)", "",
                     "| response | status | front end header + body bytes | DefaultServlet header + "
                     "body bytes | headers |", "|---|---|---:|---:|---|", *diffs, ""]
    return "\n".join(markdown), found


def _label(response):
    return "304 (If-None-Match)" if response == "304" else f".{response}"


def write(folder):
    markdown, found = table(folder)
    folder = Path(folder)
    settings = folder / "settings.md"
    text = markdown if not settings.exists() else settings.read_text(encoding="utf-8") + "\n" + markdown
    (folder / "floor.md").write_text(text, encoding="utf-8")
    with open(folder / "floor.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["response", "runs", "war_requests_per_s", "default_requests_per_s",
                    "requests_per_s_ratio", "war_cpu_us_per_request", "default_cpu_us_per_request",
                    "cpu_ratio", "war_bytes_per_answer", "default_bytes_per_answer", "errors",
                    "best_cpu_ratio", "war_errors", "default_errors", "turn_cpu_ratio_median",
                    "turn_cpu_ratio_q1", "turn_cpu_ratio_q3"])
        for r in found:
            w.writerow([r.response, r.runs, f"{r.war_requests_per_s:.1f}",
                        f"{r.default_requests_per_s:.1f}", f"{r.requests_per_s_ratio:.4f}",
                        f"{r.war_cpu_us:.3f}", f"{r.default_cpu_us:.3f}", f"{r.cpu_ratio:.4f}",
                        f"{r.war_bytes:.1f}", f"{r.default_bytes:.1f}", r.errors,
                        f"{r.best_cpu_ratio:.4f}", r.war_errors, r.default_errors,
                        f"{r.turn_ratios[0]:.4f}", f"{r.turn_ratios[1]:.4f}",
                        f"{r.turn_ratios[2]:.4f}"])
    return markdown, found


def read_csv(folder):
    """{response: row dict} of a folder's floor.csv."""
    with open(Path(folder) / "floor.csv", newline="", encoding="utf-8") as f:
        return {r["response"]: r for r in csv.DictReader(f)}


def kept(before, after, requests):
    """Whether `requests` requests between two /status documents were all answered without a BES
    message: the front end counted them, and no BES group sent anything meanwhile. Returns
    (ok, what was seen)."""
    served = after["frontEnd"]["requests"] - before["frontEnd"]["requests"]
    sent = (sum(g["requests"] for g in after.get("groups", []))
            - sum(g["requests"] for g in before.get("groups", [])))
    return served >= requests and sent == 0, f"{served} requests counted, {sent} sent to the BES"


# --- profiles: async-profiler's collapsed stacks ---

OWN = "org/olfsfastpath/"


def read_collapsed(path):
    """[(frames, samples)] of a collapsed-stacks file (frames root first)."""
    stacks = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        stack, _, count = line.rpartition(" ")
        if stack and count.isdigit():
            stacks.append((stack.split(";"), int(count)))
    return stacks


def _short(frame):
    """A frame without async-profiler's type suffix (_[j], _[i], _[k]...) and with dots."""
    if frame.endswith("]") and "_[" in frame:
        frame = frame[:frame.rindex("_[")]
    return frame.replace("/", ".")


# Where a sample goes, by thread and stage: the first of these whose frame is on its stack (so the
# servlet's samples are not also the filters'). The same names on both sides of the container floor:
# the front end's servlet and DefaultServlet both extend HttpServlet, and each commits and writes its
# answer inside its service method.
STAGES = (
    ("the access log's worker", ("CountingAsyncAppender",)),
    ("the poller (Tomcat's NIO selector)", ("Poller.run",)),
    ("request threads: the servlet, its commit and write included", ("HttpServlet.service",)),
    ("request threads: the filters before the servlet", ("ApplicationFilterChain.doFilter",)),
    # Its log() on the request's thread after the answer, and its buffer's flush on Tomcat's
    # utility thread; not its invoke(), which every request's chain passes through.
    ("Tomcat's AccessLogValve (--default-access-log)",
     ("AccessLogValve.log", "AccessLogValve.backgroundProcess")),
    ("request threads: the rest (HTTP parsing, valves, recycling)", ("runWorker",)),
    ("the collector", ("GC", "Collect", "G1")),
    ("the JIT's compilers", ("CompileBroker",)),
)


def stage_of(frames):
    """The STAGES name of a stack (frames root first), or "other"."""
    for name, marks in STAGES:
        if any(mark in frame for frame in frames for mark in marks):
            return name
    return "other"


def frame_summary(stacks, own=OWN, top=25, requests=None, per_sample=1.0, unit="samples"):
    """Text: the total, the samples by thread and stage (STAGES), the hottest frames by self
    samples, our own frames by inclusive samples,
    and each sample charged to the deepest frame of our own code on its stack (what our code
    costs, the library and JDK calls it makes included). With `requests` (wrk's count over the
    profiled run), each line also gives its cost per request: samples x `per_sample` / requests,
    in `unit` (the CPU profile's interval in us, 1 byte for an allocation profile of totals)."""
    total = sum(n for _, n in stacks)
    if total == 0:
        return "no samples\n"
    leaf, inclusive, deepest, stages = {}, {}, {}, {}
    under_own = 0
    for frames, n in stacks:
        stage = stage_of(frames)
        stages[stage] = stages.get(stage, 0) + n
        leaf[_short(frames[-1])] = leaf.get(_short(frames[-1]), 0) + n
        seen = set()
        for f in frames:
            if own in f and f not in seen:
                seen.add(f)
                inclusive[_short(f)] = inclusive.get(_short(f), 0) + n
        mine = [f for f in frames if own in f]
        if mine:
            under_own += n
            d = _short(mine[-1])
            deepest[d] = deepest.get(d, 0) + n

    def cost(n):
        return f"  {n * per_sample / requests:10.3f} {unit}/req" if requests else ""

    def listing(title, counts):
        out = [title]
        for name, n in sorted(counts.items(), key=lambda kv: -kv[1])[:top]:
            out.append(f"  {100 * n / total:6.2f}%{cost(n)}  {name}")
        return out

    head = f"{total} samples"
    if requests:
        head += f" ({total * per_sample / requests:.3f} {unit}/req over {requests} requests)"
    lines = [f"{head}; {100 * under_own / total:.1f}% under a frame of our own code"
             f"{cost(under_own)}", ""]
    lines += listing("by thread and stage:", stages) + [""]
    lines += listing("hottest frames (self):", leaf) + [""]
    lines += listing("our frames (inclusive):", inclusive) + [""]
    lines += listing("charged to the deepest frame of our code (its library and JDK calls included):",
                     deepest)
    return "\n".join(lines) + "\n"
