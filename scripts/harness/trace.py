"""BES messages as the PPT trace proxy (scripts/ppt-trace --log FILE) records them.

The proxy writes one JSON object per line: handshakes, messages (a request and its response),
connection ends and problems; keys as in docs/ppt-trace.md (time, conn, event, seq, command,
summary, req_bytes, resp_bytes, error, request_ms, ttfb_ms, rtt_ms, ...). This module turns that log into
Message values, slices it at the marks the study records around each phase, and describes one
request's conversation like the 2009 study's listing 3.
"""

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

EXIT_NOW = "PPT_EXIT_NOW"


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
    elapsed: float
    # From the request's first byte reaching the proxy to its last: about 44 ms when a writer of
    # 2009 (header and document apart, no TCP_NODELAY) waited for a delayed ACK, else about 0.
    request_wait: float = 0.0

    @property
    def round_trip(self):
        """From the request's first byte reaching the proxy to the response's last."""
        return self.elapsed

    @property
    def label(self):
        return f"{self.command} {self.detail}".strip()

    @property
    def short_label(self):
        """The command and, for a get, its type: `showNode`, `get dods/ascii`."""
        fields = dict(part.split("=", 1) for part in self.detail.split() if "=" in part)
        if self.command == "get" and "type" in fields:
            return "get " + fields["type"] + ("/" + fields["returnAs"] if "returnAs" in fields else "")
        return self.command


def _epoch(text, where):
    """'2026-11-22T03:18:04.123456Z' -> seconds since the epoch."""
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc).timestamp()
    except (TypeError, ValueError):
        raise ValueError(f"{where}: expected a time such as 2026-11-22T03:18:04.123456Z but was {text!r}") from None


def parse_line(line, where="trace"):
    """Parses one log line: a Message for a BES request and its response; None for anything else
    (handshakes, connection ends, the PPT_EXIT_NOW goodbye, blank lines). ValueError names the
    line when it is not a trace record."""
    text = line.strip()
    if not text:
        return None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{where}: expected a JSON object per line but was {text[:80]!r}: {e}") from None
    if not isinstance(record, dict) or "event" not in record:
        raise ValueError(f"{where}: expected a trace record with an event but was {text[:80]!r}")
    if record["event"] != "message" or record.get("command") == EXIT_NOW:
        return None
    sent = _epoch(record.get("time"), where)
    elapsed_ms = float(record.get("request_ms", 0.0)) + float(record.get("rtt_ms", 0.0))
    command = str(record.get("command", "?"))
    summary = str(record.get("summary", ""))
    detail = summary[len(command):].strip() if summary.startswith(command) else summary
    return Message(
        connection=str(record.get("conn", "?")),
        command=command,
        detail=detail,
        sent_at=sent,
        done_at=sent + elapsed_ms / 1000.0,
        request_bytes=int(record.get("req_bytes", 0)),
        response_bytes=int(record.get("resp_bytes", 0)),
        error=bool(record.get("error", False)),
        elapsed=elapsed_ms / 1000.0,
        request_wait=float(record.get("request_ms", 0.0)) / 1000.0,
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
