"""Maven's downloads as a few progress lines: scripts/test pipes `mvn -B` (without -ntp) through
this, so that a first build on a fresh machine says what it fetches and how much, rather than
hundreds of "Downloading from central" lines or (with -ntp) nothing for minutes."""

import re
import time

DOWNLOADED = re.compile(r"^(?:\[INFO\] )?Downloaded from [^:]+: (\S+) \(([\d.]+) (B|kB|MB|GB) at ")
DOWNLOADING = re.compile(r"^(?:\[INFO\] )?Downloading from [^:]+: ")
UNITS = {"B": 1, "kB": 1000, "MB": 1000 ** 2, "GB": 1000 ** 3}


def size(value, unit):
    return float(value) * UNITS[unit]


def megabytes(count):
    return f"{count / 1000 ** 2:.1f} MB"


def elapsed(seconds):
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def filter_maven(lines, write, prog="test", every=5.0, clock=time.monotonic, problems_only=False,
                 since=0):
    """Passes every line of `lines` to `write` except Maven's transfer lines (with
    `problems_only`, only the [ERROR] and [WARNING] lines); of the transfers it writes a summary
    at most every `every` seconds while they come (files and bytes so far, the largest file of the
    moment), and the total at the end. Returns (files, bytes).

    Its lines carry `prog`'s own clock: `since` is the time that clock showed when Maven started
    (the calling script's seconds so far), so that "test [m:ss]:" goes on from the script's last
    line instead of starting again at 0:00."""
    start = clock() - since
    files = 0
    total = 0.0
    largest = None
    last_summary = None
    last_download = start

    def summary(final):
        count = f"{files} file{'s' if files != 1 else ''}"
        if final:
            text = (f"Maven downloaded {count}, {megabytes(total)} in all, the last at "
                    f"{elapsed(last_download - start)}")
        else:
            text = f"Maven has downloaded {count}, {megabytes(total)} so far"
            if largest:
                text += f" (the largest lately: {largest[0]}, {megabytes(largest[1])})"
        write(f"{prog} [{elapsed(clock() - start)}]: {text}\n")

    for line in lines:
        if DOWNLOADING.match(line):
            continue
        downloaded = DOWNLOADED.match(line)
        if not downloaded:
            if not problems_only or line.startswith(("[ERROR]", "[WARNING]")):
                write(line)
            continue
        files += 1
        bytes_ = size(downloaded.group(2), downloaded.group(3))
        total += bytes_
        name = downloaded.group(1).rsplit("/", 1)[-1]
        if largest is None or bytes_ > largest[1]:
            largest = (name, bytes_)
        now = last_download = clock()
        if last_summary is None or now - last_summary >= every:
            summary(False)
            last_summary = now
            largest = None
    if files:
        summary(True)
    return files, total
