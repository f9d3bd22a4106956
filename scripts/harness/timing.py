"""The study's semicolon timing files and the statistics reported on them."""

import math
from dataclasses import dataclass
from pathlib import Path

HEADER = "Lookup_time;Connect_time;Pretransfer_time;Starttransfer_time;Total_time"
FIELDS = tuple(HEADER.split(";"))


@dataclass(frozen=True)
class Run:
    """One curl run: the five phase times in seconds, cumulative from the start of the request."""

    lookup: float
    connect: float
    pretransfer: float
    starttransfer: float
    total: float


@dataclass(frozen=True)
class Stats:
    """Summary of a sample; times in seconds. sd is the sample standard deviation (n - 1)."""

    n: int
    mean: float
    sd: float
    p50: float
    p90: float
    max: float


def read_runs(path):
    """Reads a file written by scripts/curl-timing.sh; raises ValueError naming the bad line."""
    path = Path(path)
    lines = path.read_text(encoding="ascii").splitlines()
    if not lines or lines[0].strip() != HEADER:
        first = lines[0] if lines else "an empty file"
        raise ValueError(f"{path}: expected the header {HEADER!r} but was {first!r}")
    runs = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        parts = line.strip().split(";")
        if len(parts) != len(FIELDS):
            raise ValueError(f"{path}:{number}: expected {len(FIELDS)} fields but was {len(parts)}: {line!r}")
        try:
            runs.append(Run(*(float(p) for p in parts)))
        except ValueError:
            raise ValueError(f"{path}:{number}: expected numbers of seconds but was {line!r}") from None
    return runs


def percentile(values, fraction):
    """Linear interpolation between closest ranks (numpy's default), for 0 <= fraction <= 1."""
    if not values:
        raise ValueError("percentile of no values")
    if not 0 <= fraction <= 1:
        raise ValueError(f"fraction was {fraction}, must be between 0 and 1")
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarize(values):
    """Mean, sample standard deviation, p50, p90 and max of a non-empty sequence."""
    values = list(values)
    if not values:
        raise ValueError("no values to summarize")
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return Stats(n=n, mean=mean, sd=sd, p50=percentile(values, 0.5), p90=percentile(values, 0.9),
                 max=max(values))
