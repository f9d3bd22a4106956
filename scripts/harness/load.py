"""wrk output, the 1,024-connection burst, and the load table."""

import asyncio
import csv
import json
import math
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from . import timing

_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}
_COUNT = {"": 1.0, "k": 1e3, "M": 1e6, "G": 1e9}
# wrk prints amounts of data in binary multiples: 4.41GB is 4.41 * 2^30 bytes.
_BYTES = {"B": 1.0, "KB": 2.0 ** 10, "MB": 2.0 ** 20, "GB": 2.0 ** 30, "TB": 2.0 ** 40, "PB": 2.0 ** 50}


def seconds(text):
    """'1.23ms' -> 0.00123; wrk's latency units are us, ms, s, m, h."""
    m = re.fullmatch(r"([0-9.]+)(us|ms|s|m|h)", text.strip())
    if not m:
        raise ValueError(f"expected a wrk duration such as 1.23ms but was {text!r}")
    return float(m.group(1)) * _UNITS[m.group(2)]


def data_bytes(text):
    """'4.41GB' -> 4.41 * 2^30; wrk's units are B, KB, MB, GB, TB, PB, powers of 1024."""
    m = re.fullmatch(r"([0-9.]+)(B|KB|MB|GB|TB|PB)", text.strip())
    if not m:
        raise ValueError(f"expected a wrk amount of data such as 4.41GB but was {text!r}")
    return float(m.group(1)) * _BYTES[m.group(2)]


def count(text):
    """'4.10k' -> 4100.0."""
    m = re.fullmatch(r"([0-9.]+)([kMG]?)", text.strip())
    if not m:
        raise ValueError(f"expected a wrk count such as 4.10k but was {text!r}")
    return float(m.group(1)) * _COUNT[m.group(2)]


@dataclass
class WrkResult:
    requests: int
    duration_s: float
    requests_per_s: float
    latency_mean_s: float
    latency_sd_s: float
    latency_max_s: float
    percentiles: dict
    thread_rate_mean: float
    thread_rate_sd: float
    socket_errors: dict = field(default_factory=dict)
    non_2xx_3xx: int = 0
    bytes_read: float = 0.0  # everything read, answers cut off at the end of the run included

    @property
    def mb_per_s(self):
        """Megabytes (10^6 bytes) read per second, as wrk's Transfer/sec counts them: the bytes
        of answers still streaming when the run ended count too."""
        return self.bytes_read / 1e6 / self.duration_s if self.duration_s > 0 else 0.0

    @property
    def errors(self):
        return sum(self.socket_errors.values()) + self.non_2xx_3xx

    @property
    def steady(self):
        """Whether wrk's threads held a roughly constant rate: per-thread sd within 20% of the mean."""
        return self.thread_rate_mean > 0 and self.thread_rate_sd <= 0.2 * self.thread_rate_mean


def parse_wrk(text):
    """Parses the output of `wrk --latency`; raises ValueError naming what is missing."""
    def find(pattern, what):
        m = re.search(pattern, text, re.MULTILINE)
        if not m:
            raise ValueError(f"wrk output has no {what}: {text[:200]!r}")
        return m

    lat = find(r"^\s*Latency\s+(\S+)\s+(\S+)\s+(\S+)\s+\S+%?\s*$", "Latency line")
    rate = find(r"^\s*Req/Sec\s+(\S+)\s+(\S+)\s+(\S+)", "Req/Sec line")
    total = find(r"^\s*(\d+) requests in ([0-9.]+\w+), ([0-9.]+[KMGTP]?B) read", "requests line")
    rps = find(r"^Requests/sec:\s+([0-9.]+)", "Requests/sec line")
    percentiles = {}
    for p, value in re.findall(r"^\s+(\d+(?:\.\d+)?)%\s+(\S+)\s*$", text, re.MULTILINE):
        percentiles[float(p)] = seconds(value)
    errors = {}
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    if m:
        errors = dict(zip(("connect", "read", "write", "timeout"), (int(g) for g in m.groups())))
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return WrkResult(
        requests=int(total.group(1)), duration_s=seconds(total.group(2)),
        requests_per_s=float(rps.group(1)), latency_mean_s=seconds(lat.group(1)),
        latency_sd_s=seconds(lat.group(2)), latency_max_s=seconds(lat.group(3)),
        percentiles=percentiles, thread_rate_mean=count(rate.group(1)),
        thread_rate_sd=count(rate.group(2)), socket_errors=errors,
        non_2xx_3xx=int(m.group(1)) if m else 0, bytes_read=data_bytes(total.group(3)))


@dataclass
class BurstResult:
    connections: int
    ok: int
    errors: dict
    wall_s: float
    latencies: list

    @property
    def error_count(self):
        return sum(self.errors.values())


async def _one(host, port, target, start, timeout):
    reader = writer = None
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        await start.wait()
        began = time.perf_counter()
        writer.write(f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n"
                     .encode("ascii"))
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), timeout)
        elapsed = time.perf_counter() - began
        status = data.split(b"\r\n", 1)[0].split(b" ")
        if len(status) < 2 or status[1] != b"200":
            return ("status " + (status[1].decode("ascii", "replace") if len(status) > 1 else "none"), None)
        return ("ok", elapsed)
    except asyncio.TimeoutError:
        return ("timeout", None)
    except OSError as e:
        return (type(e).__name__, None)
    finally:
        if writer is not None:
            writer.close()


async def _burst(url, connections, timeout):
    parts = urlsplit(url)
    target = parts.path + ("?" + parts.query if parts.query else "")
    start = asyncio.Event()
    tasks = [asyncio.create_task(_one(parts.hostname, parts.port or 80, target, start, timeout))
             for _ in range(connections)]
    # Let every connection open (those beyond Tomcat's accept backlog wait in the kernel),
    # then release all the requests at once.
    await asyncio.sleep(0.5)
    began = time.perf_counter()
    start.set()
    results = await asyncio.gather(*tasks)
    wall = time.perf_counter() - began
    errors = {}
    latencies = []
    for kind, elapsed in results:
        if kind == "ok":
            latencies.append(elapsed)
        else:
            errors[kind] = errors.get(kind, 0) + 1
    return BurstResult(connections, len(latencies), errors, wall, latencies)


def burst(url, connections=1024, timeout=60.0):
    """Opens `connections` connections to url at once, sends one GET on each at the same moment,
    and counts the answers that are not HTTP 200 (or never come) as errors."""
    return asyncio.run(_burst(url, connections, timeout))


def record_path(folder, name, response):
    return Path(folder) / "load" / f"{name}.{response}.wrk.txt"


def table(folder):
    """Reads load/*.wrk.txt and load/*.burst.json of a folder; returns (markdown, rows)."""
    folder = Path(folder)
    rows = []
    for path in sorted((folder / "load").glob("*.wrk.txt"), key=lambda p: p.stat().st_mtime):
        name, response = path.name[:-len(".wrk.txt")].rsplit(".", 1)
        r = parse_wrk(path.read_text())
        rows.append({"configuration": name, "test": f"wrk {response}", "requests_per_s": r.requests_per_s,
                     "p50_ms": r.percentiles.get(50.0, math.nan) * 1000,
                     "p90_ms": r.percentiles.get(90.0, math.nan) * 1000,
                     "p99_ms": r.percentiles.get(99.0, math.nan) * 1000,
                     "max_ms": r.latency_max_s * 1000, "requests": r.requests,
                     "non_2xx_3xx": r.non_2xx_3xx, "socket_errors": sum(r.socket_errors.values()),
                     "steady": r.steady,
                     "thread_rate": f"{r.thread_rate_mean:.0f} ± {r.thread_rate_sd:.0f}"})
    for path in sorted((folder / "load").glob("*.burst.json"), key=lambda p: p.stat().st_mtime):
        b = json.loads(path.read_text())
        lat = b["latencies"]
        s = timing.summarize(lat) if lat else None
        rows.append({"configuration": path.name[:-len(".burst.json")], "test": f"burst {b['connections']}",
                     "requests_per_s": b["ok"] / b["wall_s"] if b["wall_s"] else math.nan,
                     "p50_ms": s.p50 * 1000 if s else math.nan,
                     "p90_ms": s.p90 * 1000 if s else math.nan,
                     "p99_ms": timing.percentile(lat, 0.99) * 1000 if lat else math.nan,
                     "max_ms": s.max * 1000 if s else math.nan, "requests": b["connections"],
                     "non_2xx_3xx": sum(v for k, v in b["errors"].items() if k.startswith("status")),
                     "socket_errors": sum(v for k, v in b["errors"].items() if not k.startswith("status")),
                     "steady": None, "thread_rate": "-"})
    header = ["configuration", "test", "requests/s", "p50 ms", "p90 ms", "p99 ms", "max ms",
              "requests", "non-2xx/3xx", "socket errors", "wrk threads req/s (mean ± sd)"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    unsteady = []
    for r in rows:
        lines.append("| " + " | ".join([
            r["configuration"], r["test"], f"{r['requests_per_s']:.0f}", f"{r['p50_ms']:.2f}",
            f"{r['p90_ms']:.2f}", f"{r['p99_ms']:.2f}", f"{r['max_ms']:.1f}", str(r["requests"]),
            str(r["non_2xx_3xx"]), str(r["socket_errors"]),
            r["thread_rate"] + ("" if r["steady"] is not False else " (not steady)")]) + " |")
        if r["steady"] is False:
            unsteady.append(f"{r['configuration']} {r['test']}")
    notes = ["wrk is a closed-loop generator: each connection sends its next request when the "
             "previous answer arrives, so it measures capacity, not latency at a fixed offered "
             "rate, and its percentiles do not count requests a constant-rate client would have "
             "sent while the server was slow (coordinated omission)."]
    if unsteady:
        notes.append("wrk could not hold a constant rate (per-thread requests/s varied by more "
                     "than 20% of the mean) in: " + ", ".join(unsteady) + ".")
    else:
        notes.append("Every wrk run held a steady rate (per-thread requests/s within 20% of "
                     "the mean).")
    markdown = "\n".join(["## Load", "", "\n".join(lines), "", *notes, ""])
    return markdown, rows


def write(folder):
    markdown, rows = table(folder)
    folder = Path(folder)
    (folder / "load.md").write_text(markdown, encoding="utf-8")
    if rows:
        with open(folder / "load.csv", "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    return markdown, rows


def save_burst(result, path):
    Path(path).write_text(json.dumps(asdict(result)), encoding="utf-8")
