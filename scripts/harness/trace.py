"""BES messages as the PPT trace proxy (scripts/ppt-trace --log FILE) records them.

The proxy writes one line per request/response exchange. This module turns that log into
Message values, slices it at the marks the study records around each phase, and describes one
request's conversation like the 2009 study's listing 3.
"""

import json
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Message:
    """One BES exchange: a request document and its whole response, times in seconds."""

    connection: str
    command: str
    detail: str
    sent_at: float
    done_at: float
    request_bytes: int
    response_bytes: int
    error: bool

    @property
    def round_trip(self):
        """From the request's first byte leaving the client to the response's end chunk."""
        return self.done_at - self.sent_at

    @property
    def label(self):
        return f"{self.command} {self.detail}".strip()


def _first(record, *names, default=None):
    for name in names:
        if name in record and record[name] is not None:
            return record[name]
    return default


def parse_line(line, where="trace"):
    """Parses one log line; None for blank or comment lines, ValueError for anything else odd."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{where}: expected a JSON object per line but was {text[:80]!r}: {e}") from None
    if not isinstance(record, dict):
        raise ValueError(f"{where}: expected a JSON object per line but was {text[:80]!r}")
    sent = _first(record, "sent_at", "start", "requestStart")
    done = _first(record, "done_at", "end", "responseEnd")
    if sent is None or done is None:
        raise ValueError(f"{where}: expected start and end times in {text[:120]!r}")
    return Message(
        connection=str(_first(record, "connection", "conn", default="?")),
        command=str(_first(record, "command", "cmd", default="?")),
        detail=str(_first(record, "detail", "target", default="")),
        sent_at=float(sent),
        done_at=float(done),
        request_bytes=int(_first(record, "request_bytes", "requestBytes", default=0)),
        response_bytes=int(_first(record, "response_bytes", "responseBytes", default=0)),
        error=bool(_first(record, "error", default=False)),
    )


def read_messages(path):
    """All messages in a trace log, in log order; a missing file has none."""
    path = Path(path)
    if not path.exists():
        return []
    messages = []
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        message = parse_line(line, f"{path}:{number}")
        if message is not None:
            messages.append(message)
    return messages


def count_messages(path):
    return len(read_messages(path))


def listing(messages):
    """Rows for one request's conversation: offsets from its first message, in milliseconds."""
    if not messages:
        return []
    origin = messages[0].sent_at
    return [
        {
            "index": i,
            "command": m.label,
            "connection": m.connection,
            "start_ms": (m.sent_at - origin) * 1000.0,
            "round_trip_ms": m.round_trip * 1000.0,
            "response_bytes": m.response_bytes,
            "error": m.error,
        }
        for i, m in enumerate(messages, 1)
    ]
