"""Reads one study's results folder: configurations, timing files, trace marks.

Layout written by scripts/study (all paths relative to the folder):
  configs.tsv                     name, baseline, description, base URL (tab-separated, header)
  settings.tsv                    key, value: runs, sleep, date, bes, machine
  raw/CONFIG.RESPONSE.first.txt   the first request after start (curl-timing.sh, 1 run)
  raw/CONFIG.RESPONSE.txt         the timing loop (curl-timing.sh, RUNS runs)
  trace/CONFIG.log                the PPT trace between the front end and the BES, if any
  trace/CONFIG.marks.tsv          response, phase (first|warm|one), from, to, runs, source
The message counts in the marks are positions in the trace log (source "trace") or in the
BES emulator's command counter (source "counts"), taken before and after each phase.
"""

import csv
from dataclasses import dataclass, field
from pathlib import Path

from . import timing, trace

# The 2009 study, its figures (Total_time, seconds) and factors, set beside ours in the report.
STUDY_CITATION = 'F. Baart, "Improving hyrax performance for small data requests", January 2009'
STUDY_BEFORE_MEAN = 0.40065
STUDY_BEFORE_SD = 0.0086
STUDY_AFTER_MEAN = 0.045
STUDY_AFTER_SD = 0.00339
# One message that waits for a delayed ACK costs about this much on Linux (the 40 ms delayed-ACK
# timer and its scheduling, measured in this study's traces): the step the plots mark.
DELAYED_ACK_MS = 44

# The rows that model the OLFS of January 2009 (scripts/olfs-2009-model), each with the study's
# figure it reproduces, the BES messages per warm request it sends, and what it is, in two
# sentences.
MODEL_ROWS = {
    "2009-olfs-model": (
        "before", STUDY_BEFORE_MEAN, 5,
        "The OLFS of January 2009 sent four showInfo and one get to the BES for every request, and "
        "both it and the BES wrote each message's chunk header apart from its payload without "
        "TCP_NODELAY, so Nagle's algorithm held the rest of each message until the other side's "
        "delayed ACK, about 44 ms later. After the study's 0.3 s pause only the first answer is "
        "acknowledged at once, so a request costs five stalled requests and four stalled answers, "
        "about 9 x 44 ms = 0.40 s."),
    "2009-olfs-model-memoized": (
        "after", STUDY_AFTER_MEAN, 1,
        "The study's patch kept each dataset's showInfo answer across requests, so a warm request "
        "sends the get alone. While the BES answers promptly, that get's document waits once for "
        "the BES's delayed ACK (Nagle holds it behind its chunk header), and its answer, the first "
        "after the pause, is acknowledged at once: about 45 ms."),
}

# This front end's rows for the verdict, in the order it names them: the request under the 2009
# study's conditions (a plain TCP client, a BES writing as that of 2009, the data-source cache as
# the study's patch kept showInfo), and the front end as it ships (both caches).
VERDICT_ROWS = (
    ("2009-cache-on", "under the 2009 conditions"),
    ("response-cache", "as it ships"),
)


@dataclass(frozen=True)
class Configuration:
    name: str
    baseline: str
    description: str
    base_url: str


@dataclass(frozen=True)
class Mark:
    response: str
    phase: str
    start: int
    end: int
    runs: int
    source: str

    @property
    def messages(self):
        return self.end - self.start

    @property
    def per_request(self):
        return self.messages / self.runs if self.runs else float("nan")


@dataclass
class Measurement:
    """One configuration on one response: its runs, the first request, and its BES messages."""

    configuration: Configuration
    response: str
    warm: list
    first: list
    marks: dict = field(default_factory=dict)
    conversations: dict = field(default_factory=dict)

    @property
    def stats(self):
        return timing.summarize(r.total for r in self.warm)

    @property
    def first_total(self):
        return self.first[0].total if self.first else None

    def messages(self, phase):
        mark = self.marks.get(phase)
        return mark.per_request if mark else None


def read_tsv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def read_configurations(folder):
    rows = read_tsv(Path(folder) / "configs.tsv")
    return [Configuration(r["name"], r.get("baseline") or "", r.get("description") or "",
                          r.get("base_url") or "") for r in rows]


def read_settings(folder):
    path = Path(folder) / "settings.tsv"
    if not path.exists():
        return {}
    return {r["key"]: r["value"] for r in read_tsv(path)}


def read_marks(path):
    path = Path(path)
    if not path.exists():
        return []
    return [Mark(r["response"], r["phase"], int(r["from"]), int(r["to"]), int(r["runs"]),
                 r.get("source") or "trace") for r in read_tsv(path)]


def load(folder):
    """All measurements in the folder, in configuration order then response order of the files."""
    folder = Path(folder)
    measurements = []
    for config in read_configurations(folder):
        marks = read_marks(folder / "trace" / f"{config.name}.marks.tsv")
        log = folder / "trace" / f"{config.name}.log"
        messages = trace.read_messages(log) if any(m.source == "trace" for m in marks) else []
        responses = []
        for path in sorted((folder / "raw").glob(f"{config.name}.*.txt")):
            rest = path.name[len(config.name) + 1:-len(".txt")]
            if "." not in rest:
                responses.append(rest)
        order = ["ascii", "das", "dds", "dods", "dmr"]
        responses.sort(key=lambda r: (order.index(r) if r in order else len(order), r))
        for response in responses:
            warm = timing.read_runs(folder / "raw" / f"{config.name}.{response}.txt")
            first_path = folder / "raw" / f"{config.name}.{response}.first.txt"
            first = timing.read_runs(first_path) if first_path.exists() else []
            m = Measurement(config, response, warm, first)
            for mark in marks:
                if mark.response != response:
                    continue
                m.marks[mark.phase] = mark
                if mark.source == "trace" and mark.phase in ("first", "warm", "one"):
                    m.conversations[mark.phase] = messages[mark.start:mark.end]
            measurements.append(m)
    return measurements
