"""The BES emulator's command counter (scripts/bes-emulator --counts-file F)."""

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
    """Commands counted so far, over every command name (a total line, if any, wins)."""
    counts = read(path)
    if "total" in counts:
        return counts["total"]
    return sum(counts.values())
