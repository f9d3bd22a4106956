"""The constant-rate load of scripts/dars: the plan Gatling's ConstantRate simulation reads, and
what it wrote (scripts/harness/gatling/: why Gatling, in docs/benchmarks.md).

Gatling writes its statistics per request name into js/stats.json under its run folder, with
the four percentiles its gatling.conf asks for (50, 90, 99, 99.9) in whole milliseconds, and the
simulation prints a `dars-step` line with the time each step starts.
"""

import json
import math
from dataclasses import dataclass
from pathlib import Path

PERCENTILES = (50.0, 90.0, 99.0, 99.9)


@dataclass(frozen=True)
class Step:
    name: str
    url: str
    rate: float
    seconds: float


def step_seconds(rate, duration, min_requests):
    """How long a step runs: `duration`, or longer when that would send fewer than
    `min_requests` at `rate` (a whole 464 MB answer may come once a few seconds)."""
    if rate <= 0:
        raise ValueError(f"rate was {rate}, must be positive")
    return max(float(duration), math.ceil(min_requests / rate * 10) / 10)


def write_plan(path, steps):
    lines = []
    for s in steps:
        for field in (s.name, s.url):
            if "\t" in field or "\n" in field:
                raise ValueError(f"a plan field holds a tab or newline: {field!r}")
        lines.append(f"{s.name}\t{s.url}\t{s.rate:.6g}\t{s.seconds:.6g}")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_plan(path):
    steps = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, url, rate, seconds = line.split("\t")
            steps.append(Step(name, url, float(rate), float(seconds)))
    return steps


@dataclass(frozen=True)
class Latency:
    """One request name's statistics from Gatling: counts and milliseconds (whole ones, as
    Gatling records them)."""

    requests: int
    ok: int
    errors: int
    mean_ms: float
    max_ms: float
    percentiles_ms: dict  # {50.0: ..., 90.0: ..., 99.0: ..., 99.9: ...}


def _latency(stats):
    def total(key):
        return stats[key]["total"]
    return Latency(requests=int(total("numberOfRequests")), ok=int(stats["numberOfRequests"]["ok"]),
                   errors=int(stats["numberOfRequests"]["ko"]), mean_ms=float(total("meanResponseTime")),
                   max_ms=float(total("maxResponseTime")),
                   percentiles_ms={p: float(total(f"percentiles{i}"))
                                   for i, p in enumerate(PERCENTILES, 1)})


def read_stats(results):
    """{request name: Latency} from the newest Gatling run under `results` (its -rf folder);
    empty when there is none (Gatling writes no report when no request was sent)."""
    found = sorted(Path(results).glob("*/js/stats.json"), key=lambda p: p.stat().st_mtime)
    if not found:
        return {}
    document = json.loads(found[-1].read_text(encoding="utf-8"))
    out = {}
    for entry in document.get("contents", {}).values():
        if entry.get("type") == "REQUEST":
            out[entry["name"]] = _latency(entry["stats"])
    return out


def read_step_starts(output):
    """[(step name, seconds since the epoch)] from the simulation's standard output."""
    path = Path(output)
    if not path.exists():
        return []
    starts = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        fields = line.split("\t")
        if len(fields) == 3 and fields[0] == "dars-step":
            starts.append((fields[1], int(fields[2]) / 1000.0))
    return starts
