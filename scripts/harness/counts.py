"""The BES emulator's command counter (scripts/bes-emulator --counts-file F).

The emulator rewrites the file after every request document, before answering it, with a
`requests=N` line (request documents, that is BES messages) and one `COMMAND=N` line per command.
"""

import re
from pathlib import Path


def read(path):
    """Command name -> count. Lines are `name count`, `name=count` or `name: count`; a file holding
    a single number is the total under the name "total". A missing file counts nothing."""
    path = Path(path)
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8").strip()
    if re.fullmatch(r"\d+", text):
        return {"total": int(text)}
    counts = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.fullmatch(r"([A-Za-z_][\w.-]*)\s*[=: ]\s*(\d+)", line)
        if not m:
            raise ValueError(f"{path}:{number}: expected 'command count' but was {line!r}")
        counts[m.group(1)] = int(m.group(2))
    return counts


def total(path):
    """BES messages so far: the `requests` line, else a bare total, else the sum of the commands."""
    counts = read(path)
    for key in ("requests", "total"):
        if key in counts:
            return counts[key]
    return sum(counts.values())
