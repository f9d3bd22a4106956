"""scripts/cluster: several front ends behind nginx, one front end and one BES stopped and started
again under load. Reads nginx's access log, the front ends' status documents and the run's events;
waits for the recovery; writes the table per window, the recovery times and the checks."""

import csv
import json
import math
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from . import checks, timing

# nginx's log_format of the run (scripts/cluster writes it into nginx.conf): one request per line,
# tab-separated. $msec is when the answer ended; $upstream_addr and $upstream_status list every
# front end tried, in order, separated by ", ".
LOG_FORMAT = ("$msec\\t$status\\t$request_time\\t$upstream_addr\\t$upstream_status\\t"
              "$upstream_response_time\\t$request_uri")

WINDOWS = ("before", "down", "restarting", "after")


@dataclass(frozen=True)
class Request:
    t: float
    status: int
    seconds: float
    upstreams: tuple
    upstream_statuses: tuple
    uri: str

    @property
    def front_end(self):
        """The front end that gave the answer: the last one tried, or None (nginx answered)."""
        return self.upstreams[-1] if self.upstreams and ":" in self.upstreams[-1] else None

    @property
    def failed_over(self):
        return len(self.upstreams) > 1


def parse_request(line):
    """One line of the access log; raises ValueError naming what is wrong."""
    fields = line.rstrip("\n").split("\t")
    if len(fields) != 7:
        raise ValueError(f"expected 7 tab-separated fields in the access log but was {line!r}")

    def listed(text):
        # ", " between the front ends tried; " : " between upstream groups after a redirect.
        return tuple(x.strip() for x in text.replace(" : ", ", ").split(",") if x.strip() not in ("", "-"))

    return Request(t=float(fields[0]), status=int(fields[1]), seconds=float(fields[2]),
                   upstreams=listed(fields[3]), upstream_statuses=listed(fields[4]), uri=fields[6])


def read_access_log(path, offset=0):
    """The requests of nginx's access log from byte offset on, and the offset after the last
    whole line (for reading a log that is still being written)."""
    requests = []
    with open(path, "rb") as f:
        f.seek(offset)
        data = f.read()
    end = data.rfind(b"\n") + 1
    for line in data[:end].decode("utf-8", "replace").splitlines():
        if line.strip():
            requests.append(parse_request(line))
    return requests, offset + end


# --- The run's events and components -------------------------------------------------------------

def read_events(path):
    """events.tsv: time (epoch seconds)<TAB>event<TAB>subject, in any order; returned sorted."""
    events = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            t, event, subject = line.split("\t")
            events.append((float(t), event, subject))
    return sorted(events)


def append_event(path, event, subject, t=None):
    with open(path, "a", encoding="utf-8") as f:
        f.write(f"{time.time() if t is None else t:.6f}\t{event}\t{subject}\n")


def read_components(path):
    """components.tsv: kind (bes, frontend, nginx)<TAB>name<TAB>HOST:PORT<TAB>stopped (yes/no)."""
    rows = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            kind, name, address, stopped = line.split("\t")
            rows.append({"kind": kind, "name": name, "address": address, "stopped": stopped == "yes"})
    return rows


def first(events, event, subject=None):
    for t, e, s in events:
        if e == event and (subject is None or s == subject):
            return t
    return None


# --- Status documents ------------------------------------------------------------------------------

def bes_counts(status):
    """Per BES (host:port) of a status document: whether it is ejected, and the commands it
    answered (sent, less those in flight and those that failed on the way)."""
    counts = {}
    for group in status.get("groups", []):
        for b in group.get("bes", []):
            failed = sum(b.get(k, 0) for k in ("connectFailures", "ioFailures", "timeouts",
                                                "exhausted", "streamFailures"))
            counts[b["bes"]] = {"ejected": bool(b.get("ejected")),
                                "answered": b.get("requests", 0) - b.get("inFlight", 0) - failed}
    return counts


def fetch_status(url, timeout=2.0):
    """A front end's status document, or None when it does not answer."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return json.loads(r.read().decode("utf-8"))
    except (OSError, ValueError):
        return None


class BesRecovery:
    """Watches one BES come back in every front end, from their status documents: the first
    command it answered in any front end after its start, and when every front end had it in
    service again with a command answered. A front end that did not answer at the first look, or
    whose counters went down (a new Tomcat), counts from zero."""

    def __init__(self, bes):
        self.bes = bes
        self.baseline = {}
        self.first_success = None
        self.everywhere = None

    def observe(self, t, statuses):
        """statuses: front-end name -> status document or None. Returns True once the BES is back
        in every front end."""
        back = True
        for name, status in statuses.items():
            if status is None:
                self.baseline[name] = 0
                back = False
                continue
            c = bes_counts(status).get(self.bes)
            if c is None:
                back = False
                continue
            base = self.baseline.setdefault(name, c["answered"])
            if c["answered"] < base:
                base = self.baseline[name] = 0
            answered = c["answered"] > base
            if answered and self.first_success is None:
                self.first_success = t
            back = back and answered and not c["ejected"]
        if back and self.everywhere is None:
            self.everywhere = t
        return self.everywhere is not None


def first_success_through(requests, address, since):
    """When nginx first logged an answer (2xx or 304) that came from the front end at address,
    at or after since; None if none."""
    for r in requests:
        if r.t >= since and r.front_end == address and (200 <= r.status < 300 or r.status == 304):
            return r.t
    return None


def wait_recovered(folder, timeout=120.0, interval=0.1):
    """Waits until every stopped front end has answered through nginx and every stopped BES is
    back in every front end (after their `start` events); appends `recovered` (first success) and,
    for a BES, `everywhere` events, and writes each front end's status document of that moment to
    status/NAME.recovered.json. Returns the names that did not recover within timeout."""
    folder = Path(folder)
    components = read_components(folder / "components.tsv")
    events_path = folder / "events.tsv"
    events = read_events(events_path)
    log = folder / "nginx" / "logs" / "access.log"
    status_urls = {c["name"]: f"http://{c['address']}/opendap/status"
                   for c in components if c["kind"] == "frontend"}
    frontends = {c["name"]: c for c in components if c["kind"] == "frontend" and c["stopped"]}
    bes = {c["name"]: BesRecovery(c["address"]) for c in components if c["kind"] == "bes" and c["stopped"]}
    pending_fe = dict(frontends)
    pending_bes = dict(bes)
    offset, requests = 0, []
    deadline = time.monotonic() + timeout
    statuses = {}
    while True:
        if log.exists():
            new, offset = read_access_log(log, offset)
            requests += new
        for name, c in list(pending_fe.items()):
            t = first_success_through(requests, c["address"], first(events, "start", name) or 0)
            if t is not None:
                append_event(events_path, "recovered", name, t)
                del pending_fe[name]
        now = time.time()
        statuses = {name: fetch_status(url, timeout=min(2.0, interval * 10)) for name, url in status_urls.items()}
        for name, watch in list(pending_bes.items()):
            if watch.observe(now, statuses):
                append_event(events_path, "recovered", name, watch.first_success)
                append_event(events_path, "everywhere", name, watch.everywhere)
                del pending_bes[name]
        if not pending_fe and not pending_bes:
            break
        if time.monotonic() > deadline:
            break
        time.sleep(interval)
    (folder / "status").mkdir(exist_ok=True)
    for name, status in statuses.items():
        if status is not None:
            (folder / "status" / f"{name}.recovered.json").write_text(json.dumps(status, indent=1))
    return sorted(pending_fe) + sorted(pending_bes)


# --- The report ------------------------------------------------------------------------------------

def windows(events):
    """The measured windows, (name, start, end): before the first stop, while stopped, from the
    first start until everything recovered (the `after` event), after; from `load-start` to
    `load-end`."""
    start, end = first(events, "load-start"), first(events, "load-end")
    stop = min((t for t, e, _ in events if e == "stop"), default=None)
    restart = min((t for t, e, _ in events if e == "start"), default=None)
    after = first(events, "after")
    if None in (start, end, stop, restart):
        raise ValueError("events.tsv needs load-start, stop, start and load-end events")
    after = end if after is None else after
    return [("before", start, stop), ("down", stop, restart), ("restarting", restart, after),
            ("after", after, end)]


def _statuses(requests):
    counts = {}
    for r in requests:
        counts[r.status] = counts.get(r.status, 0) + 1
    return ", ".join(f"{s}: {n}" for s, n in sorted(counts.items())) or "-"


def window_rows(requests, events, names):
    """One row per window: requests, rate, answers by status, failovers in nginx, answers per
    front end (names: address -> name), latency percentiles (nginx's $request_time, 1 ms
    resolution)."""
    rows = []
    for name, a, b in windows(events):
        inside = [r for r in requests if a <= r.t < b]
        seconds = max(b - a, 1e-9)
        times = sorted(r.seconds for r in inside)
        per_fe = {n: 0 for n in names.values()}
        for r in inside:
            fe = names.get(r.front_end)
            if fe is not None:
                per_fe[fe] += 1
        rows.append({
            "window": name, "seconds": round(b - a, 3), "requests": len(inside),
            "requests_per_s": len(inside) / seconds,
            "answers": _statuses(inside),
            "server_errors": sum(1 for r in inside if r.status >= 500),
            "failed_over": sum(1 for r in inside if r.failed_over),
            "per_front_end": ", ".join(f"{n}: {c}" for n, c in per_fe.items()),
            "p50_ms": timing.percentile(times, 0.5) * 1000 if times else math.nan,
            "p99_ms": timing.percentile(times, 0.99) * 1000 if times else math.nan,
            "max_ms": times[-1] * 1000 if times else math.nan,
        })
    return rows


def recovery_rows(events, components):
    """One row per stopped component: when it stopped (seconds into the measured load), how long
    it was down, start to listening, listening to its first success, and for a BES when every
    front end had it back."""
    start = first(events, "load-start")
    rows = []
    for c in components:
        if not c["stopped"]:
            continue
        n = c["name"]
        stop, begun = first(events, "stop", n), first(events, "start", n)
        listening, ok = first(events, "listening", n), first(events, "recovered", n)
        everywhere = first(events, "everywhere", n)

        def span(a, b):
            return None if a is None or b is None else b - a

        rows.append({"component": n, "kind": c["kind"], "address": c["address"],
                     "stopped_at_s": span(start, stop), "down_s": span(stop, begun),
                     "start_to_listening_s": span(begun, listening),
                     "listening_to_first_success_s": span(listening, ok),
                     "start_to_first_success_s": span(begun, ok),
                     "start_to_everywhere_s": span(begun, everywhere)})
    return rows


def read_leftovers(path):
    """leftovers.tsv, written after everything was stopped: what<TAB>count (processes still
    running, ports still listening)."""
    found = {}
    if Path(path).exists():
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                what, n = line.split("\t")
                found[what] = int(n)
    return found


def at_least_one(name, count):
    return checks.Check(name, ">= 1", str(count), count >= 1)


def run_checks(requests, events, components, statuses_recovered, statuses_end, leftovers):
    """What machine noise cannot move: no 5xx outside the window from the first stop to the
    recovery, nor from a request that never tried a stopped front end; every BES and every front
    end served after the recovery; everything stopped recovered; nothing left running."""
    (_, start, _), (_, stop, _), _, (_, after, end) = windows(events)
    stopped_fe = {c["address"] for c in components if c["kind"] == "frontend" and c["stopped"]}
    measured = [r for r in requests if start <= r.t < end]
    found = [
        checks.exactly("5xx answers outside the window from the first stop to the recovery", 0,
                       sum(1 for r in measured if r.status >= 500 and not stop <= r.t < after)),
        checks.exactly("5xx answers that tried no stopped front end", 0,
                       sum(1 for r in measured if r.status >= 500 and not stopped_fe & set(r.upstreams))),
    ]
    for c in components:
        if c["stopped"]:
            found.append(checks.exactly(f"{c['name']} recovered (1 = yes)", 1,
                                        1 if first(events, "recovered", c["name"]) is not None else 0))
    for c in components:
        if c["kind"] == "frontend":
            served = sum(1 for r in measured if r.t >= after and r.front_end == c["address"])
            found.append(at_least_one(f"{c['name']}: answers through nginx after the recovery", served))
    for c in components:
        if c["kind"] == "bes":
            answered = 0
            for name, end_status in statuses_end.items():
                now = bes_counts(end_status).get(c["address"], {}).get("answered", 0)
                then = bes_counts(statuses_recovered.get(name, {})).get(c["address"], {}).get("answered", 0)
                answered += now - then if now >= then else now
            found.append(at_least_one(f"{c['name']}: commands answered after the recovery (all front ends)",
                                      answered))
    for what in ("processes left running", "ports left listening"):
        found.append(checks.exactly(what, 0, leftovers.get(what)))
    return found


def _ms(value):
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.1f}"


def _s(value):
    return "-" if value is None else f"{value:.2f}"


def read_settings(folder):
    path = Path(folder) / "settings.tsv"
    if not path.exists():
        return []
    return [tuple(line.split("\t", 1)) for line in path.read_text(encoding="utf-8").splitlines() if "\t" in line]


def read_wrk_summary(folder):
    """The JSON line the wrk script printed at the end of the measured run, or None."""
    path = Path(folder) / "wrk.txt"
    if not path.exists():
        return None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("cluster-summary "):
            return json.loads(line[len("cluster-summary "):])
    return None


def report(folder):
    """Reads a scripts/cluster results folder; returns (markdown, window rows, recovery rows,
    checks)."""
    folder = Path(folder)
    components = read_components(folder / "components.tsv")
    events = read_events(folder / "events.tsv")
    requests, _ = read_access_log(folder / "nginx" / "logs" / "access.log")
    names = {c["address"]: c["name"] for c in components if c["kind"] == "frontend"}
    rows = window_rows(requests, events, names)
    recovery = recovery_rows(events, components)

    def statuses(suffix):
        return {p.name[:-len(suffix)]: json.loads(p.read_text()) for p in sorted((folder / "status").glob("*" + suffix))}

    found = run_checks(requests, events, components, statuses(".recovered.json"), statuses(".end.json"),
                       read_leftovers(folder / "leftovers.tsv"))
    lines = ["## Several front ends", ""]
    for key, value in read_settings(folder):
        lines.append(f"- {key}: {value}")
    lines += ["", "| window | seconds | requests | requests/s | answers by status | failed over in nginx | "
              "answered by | p50 ms | p99 ms | max ms |", "|---|---:|---:|---:|---|---:|---|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['window']} | {r['seconds']:.1f} | {r['requests']} | {r['requests_per_s']:.0f} | "
                     f"{r['answers']} | {r['failed_over']} | {r['per_front_end']} | {_ms(r['p50_ms'])} | "
                     f"{_ms(r['p99_ms'])} | {_ms(r['max_ms'])} |")
    lines += ["", "| stopped | stopped at s | down s | start to listening s | listening to first success s | "
              "start to first success s | start to back in every front end s |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    for r in recovery:
        lines.append(f"| {r['component']} ({r['kind']} {r['address']}) | {_s(r['stopped_at_s'])} | {_s(r['down_s'])} | "
                     f"{_s(r['start_to_listening_s'])} | {_s(r['listening_to_first_success_s'])} | "
                     f"{_s(r['start_to_first_success_s'])} | {_s(r['start_to_everywhere_s'])} |")
    wrk = read_wrk_summary(folder)
    if wrk is not None:
        errors = ", ".join(f"{k} {wrk[k]}" for k in ("connect", "read", "write", "timeout"))
        lines += ["", f"wrk: {wrk['requests']} requests in {wrk['duration_us'] / 1e6:.1f} s, "
                      f"{wrk['status']} answers not 2xx/3xx, socket errors: {errors}."]
    lines += ["", "```", checks.render(found), "```", ""]
    return "\n".join(lines), rows, recovery, found


def write(folder):
    markdown, rows, recovery, found = report(folder)
    folder = Path(folder)
    (folder / "cluster.md").write_text(markdown, encoding="utf-8")
    for name, data in (("cluster.tsv", rows), ("recovery.tsv", recovery)):
        if data:
            with open(folder / name, "w", newline="", encoding="utf-8") as f:
                w = csv.DictWriter(f, fieldnames=list(data[0]), delimiter="\t")
                w.writeheader()
                w.writerows(data)
    with open(folder / "checks.tsv", "w", encoding="utf-8") as f:
        for c in found:
            f.write(f"{c.name}\t{c.expected}\t{c.actual}\t{'ok' if c.ok else 'FAILED'}\n")
    return markdown, found
