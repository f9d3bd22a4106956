"""What each output form of one data request costs (scripts/dars, after OGSA-DAI's profiling by
B. Dobrzelecki, 2006): for .dods, .dap, .ascii, .csv, .json, .nc, .dap.csv and .covjson of the same
data, the time, bytes and throughput at the client, and the BES's share of that time from the PPT
trace between the front end and the BES.

The front end runs with data answers kept out of its response cache, so that every request
reaches the BES, and the requests go one after another on one kept-alive connection, so that each
get in the trace belongs to exactly one of them.
"""

import html
import http.client
import json
import re
import statistics
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urlsplit

from . import trace


@dataclass(frozen=True)
class Timed:
    status: int
    bytes: int
    seconds: float
    content_type: str


def _connect(url):
    parts = urlsplit(url)
    return http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=600)


def _target(url):
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


def timed_gets(url, count, connection=None, scratch=None):
    """`count` GETs of url one after another on one connection; each timed from sending the
    request to the answer's last byte, its body counted and dropped."""
    scratch = scratch or bytearray(1 << 20)
    own = connection is None
    connection = connection or _connect(url)
    out = []
    try:
        for _ in range(count):
            began = time.perf_counter()
            connection.request("GET", _target(url))
            response = connection.getresponse()
            size = 0
            while True:
                n = response.readinto(scratch)
                if not n:
                    break
                size += n
            out.append(Timed(response.status, size, time.perf_counter() - began,
                             response.getheader("Content-Type", "")))
            if response.will_close:
                connection.close()
                connection = _connect(url)
    finally:
        if own:
            connection.close()
    return out


def settled_messages(log, quiet=0.3, limit=10.0):
    """The trace's messages once no new one has been logged for `quiet` seconds (the proxy logs a
    message when its answer has passed), waiting at most `limit` seconds."""
    deadline = time.monotonic() + limit
    messages = trace.read_messages(log)
    while time.monotonic() < deadline:
        time.sleep(quiet)
        again = trace.read_messages(log)
        if len(again) == len(messages):
            return again
        messages = again
    return messages


@dataclass(frozen=True)
class FormCost:
    """One output form: the client's view (status, bytes, seconds per request) and the BES's
    (the trace's gets sent for those requests)."""

    form: str
    url: str
    status: int
    content_type: str
    requests: int
    bytes: int
    seconds_median: float
    seconds_mean: float
    bes_gets: int
    bes_seconds_median: float
    bes_bytes: int
    bes_label: str
    error: str

    @property
    def mb_per_s(self):
        return self.bytes / 1e6 / self.seconds_median if self.seconds_median > 0 else 0.0

    @property
    def frontend_seconds(self):
        """What the client waited beyond the BES's own time: the front end and HTTP."""
        return max(self.seconds_median - self.bes_seconds_median, 0.0)


def _gets(messages):
    return [m for m in messages if m.command == "get"]


def measure(forms, log, runs):
    """Measures each (form, url): one request first (its status decides; an answer other than
    200 is recorded with the error text and not repeated), then `runs` timed ones, and the gets
    the trace logged for them."""
    costs = []
    scratch = bytearray(1 << 20)
    for form, url in forms:
        first = _first(url)
        if first["status"] != 200:
            costs.append(FormCost(form, url, first["status"], first["content_type"], 0, first["bytes"],
                                  0.0, 0.0, 0, 0.0, 0, "", first["text"]))
            continue
        before = len(settled_messages(log))
        timed = timed_gets(url, runs, scratch=scratch)
        messages = settled_messages(log)[before:]
        gets = _gets(messages)
        bad = [t.status for t in timed if t.status != 200]
        seconds = [t.seconds for t in timed]
        costs.append(FormCost(
            form, url, bad[0] if bad else 200, timed[0].content_type, len(timed), timed[-1].bytes,
            statistics.median(seconds), statistics.fmean(seconds), len(gets),
            statistics.median([m.elapsed for m in gets]) if gets else 0.0,
            gets[-1].response_bytes if gets else 0, gets[-1].short_label if gets else "",
            f"{len(bad)} of {len(timed)} answers were not 200" if bad else ""))
    return costs


def error_text(body, limit=300):
    """What an error answer says, in one line: the first paragraph of an HTML page (the front
    end's error pages name the BES's message there), else the body itself."""
    text = body.decode("utf-8", "replace")
    paragraph = re.search(r"<p>(.*?)</p>", text, re.S | re.I)
    if paragraph:
        text = paragraph.group(1)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    return " ".join(text.split())[:limit]


def _first(url):
    connection = _connect(url)
    try:
        connection.request("GET", _target(url))
        response = connection.getresponse()
        body = response.read()
        return {"status": response.status, "bytes": len(body),
                "content_type": response.getheader("Content-Type", ""),
                "text": error_text(body) if response.status != 200 else ""}
    finally:
        connection.close()


def save(costs, path):
    Path(path).write_text(json.dumps([asdict(c) for c in costs], indent=1), encoding="utf-8")


def load(path):
    path = Path(path)
    if not path.exists():
        return []
    return [FormCost(**d) for d in json.loads(path.read_text(encoding="utf-8"))]
