"""CPU, memory and threads of server processes, sampled from /proc while a benchmark runs.

A server is named by the port it listens on: `pid_listening(port)` finds the process (the JVM
of a Tomcat, the BES emulator, a real BES's listener, an upstream OLFS on this host). Each sample
covers that process and its descendants, so that a real BES, which forks one child per
connection, counts its children too; the children already ended count through the parent's
cutime and cstime. The sampler writes one TSV line per process and tick; `window` turns the lines
of a time window into CPU %, RSS and threads.
"""

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

HEADER = "time\tname\tpid\tcpu_ticks\trss_kib\tthreads\tprocesses"
_LISTEN = "0A"


def _listening_inodes(port, proc):
    inodes = set()
    for table in ("tcp", "tcp6"):
        path = Path(proc) / "net" / table
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            if len(fields) < 10:
                continue
            local, state, inode = fields[1], fields[3], fields[9]
            if state == _LISTEN and int(local.rsplit(":", 1)[1], 16) == port:
                inodes.add(inode)
    return inodes


def pid_listening(port, proc="/proc"):
    """The pid of the process listening on TCP `port` on this host, or None when no process that
    can be seen (another user's, without root) listens there."""
    wanted = {f"socket:[{inode}]" for inode in _listening_inodes(port, proc)}
    return _pid_holding(wanted, proc) if wanted else None


def pid_listening_unix(socket_path, proc="/proc"):
    """The pid of the process listening on the Unix socket `socket_path`, or None."""
    table = Path(proc) / "net" / "unix"
    if not table.exists():
        return None
    inodes = set()
    for line in table.read_text().splitlines()[1:]:
        fields = line.split()
        # Num RefCount Protocol Flags Type St Inode Path; flag 0x10000 is a listening socket.
        if len(fields) >= 8 and fields[7] == socket_path and int(fields[3], 16) & 0x10000:
            inodes.add(fields[6])
    wanted = {f"socket:[{inode}]" for inode in inodes}
    return _pid_holding(wanted, proc) if wanted else None


def _pid_holding(wanted, proc):
    for entry in Path(proc).iterdir():
        if not entry.name.isdigit():
            continue
        try:
            for fd in (entry / "fd").iterdir():
                if os.readlink(fd) in wanted:
                    return int(entry.name)
        except OSError:
            continue  # gone, or not ours to read
    return None


@dataclass(frozen=True)
class ProcStat:
    pid: int
    ppid: int
    ticks: int           # utime + stime
    children_ticks: int  # cutime + cstime: children that ended and were waited for
    threads: int
    rss_pages: int


def parse_stat(text):
    """One /proc/PID/stat line. The command name may hold spaces and parentheses: the fields
    are read after its last ')'."""
    pid = int(text[:text.index(" ")])
    rest = text[text.rindex(")") + 2:].split()
    # rest[0] is field 3 (state): field N is rest[N - 3].
    return ProcStat(pid=pid, ppid=int(rest[1]), ticks=int(rest[11]) + int(rest[12]),
                    children_ticks=int(rest[13]) + int(rest[14]), threads=int(rest[17]),
                    rss_pages=int(rest[21]))


def _all_stats(proc):
    stats = {}
    for entry in Path(proc).iterdir():
        if entry.name.isdigit():
            try:
                stats[int(entry.name)] = parse_stat((entry / "stat").read_text())
            except (OSError, ValueError, IndexError):
                continue  # ended while being read
    return stats


@dataclass(frozen=True)
class Sample:
    time: float
    name: str
    pid: int
    cpu_ticks: int
    rss_kib: int
    threads: int
    processes: int


def tree_sample(stats, pid, name, now, page_kib):
    """The process `pid` and its descendants in one sample, or None when it is gone."""
    root = stats.get(pid)
    if root is None:
        return None
    children = {}
    for s in stats.values():
        children.setdefault(s.ppid, []).append(s)
    members, todo = [], [root]
    while todo:
        s = todo.pop()
        members.append(s)
        todo.extend(children.get(s.pid, ()))
    return Sample(time=now, name=name, pid=pid,
                  cpu_ticks=sum(s.ticks for s in members) + root.children_ticks,
                  rss_kib=sum(s.rss_pages for s in members) * page_kib,
                  threads=sum(s.threads for s in members), processes=len(members))


def format_sample(s):
    return f"{s.time:.3f}\t{s.name}\t{s.pid}\t{s.cpu_ticks}\t{s.rss_kib}\t{s.threads}\t{s.processes}"


def sample(named_pids, out, interval=0.5, proc="/proc", ticks=None):
    """Appends a sample of each (name, pid) to `out` every `interval` seconds until SIGTERM or
    SIGINT, or `ticks` samples when given (tests)."""
    page_kib = os.sysconf("SC_PAGE_SIZE") // 1024
    stopped = []
    previous = {sig: signal.signal(sig, lambda *_: stopped.append(True))
                for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        _sample_until(named_pids, Path(out), interval, proc, ticks, page_kib, stopped)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _sample_until(named_pids, out, interval, proc, ticks, page_kib, stopped):
    new = not out.exists() or out.stat().st_size == 0
    with open(out, "a", encoding="utf-8") as f:
        if new:
            f.write(HEADER + "\n")
        done = 0
        while not stopped and (ticks is None or done < ticks):
            began = time.time()
            stats = _all_stats(proc)
            for name, pid in named_pids:
                s = tree_sample(stats, pid, name, began, page_kib)
                if s is not None:
                    f.write(format_sample(s) + "\n")
            f.flush()
            done += 1
            time.sleep(max(0.0, interval - (time.time() - began)))


def read_samples(path):
    """The samples of a sampler's file; a missing file has none."""
    path = Path(path)
    if not path.exists():
        return []
    samples = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if number == 1 or not line.strip():
            continue
        t, name, pid, ticks, rss, threads, processes = line.split("\t")
        samples.append(Sample(float(t), name, int(pid), int(ticks), int(rss), int(threads),
                              int(processes)))
    return samples


@dataclass(frozen=True)
class Usage:
    """What one process did in a time window: CPU in % of one core (200% is both of two cores
    busy), and the largest RSS (MiB) and thread count seen."""

    cpu_pct: float
    rss_mib: float
    rss_max_mib: float
    threads: int
    samples: int


def window(samples, name, start, end, clock_ticks=None):
    """Usage of the process `name` between `start` and `end` (seconds since the epoch), or None
    with fewer than two samples in it. CPU is the ticks spent between the first and last sample
    over the time between them."""
    clock_ticks = clock_ticks or os.sysconf("SC_CLK_TCK")
    inside = [s for s in samples if s.name == name and start <= s.time <= end]
    if len(inside) < 2:
        return None
    first, last = inside[0], inside[-1]
    elapsed = last.time - first.time
    cpu = 100.0 * (last.cpu_ticks - first.cpu_ticks) / clock_ticks / elapsed if elapsed > 0 else 0.0
    return Usage(cpu_pct=max(cpu, 0.0), rss_mib=last.rss_kib / 1024,
                 rss_max_mib=max(s.rss_kib for s in inside) / 1024,
                 threads=max(s.threads for s in inside), samples=len(inside))


def series(samples, name, clock_ticks=None):
    """(times, cpu %, rss MiB) of one process: CPU between each sample and the one before."""
    clock_ticks = clock_ticks or os.sysconf("SC_CLK_TCK")
    mine = [s for s in samples if s.name == name]
    times, cpu, rss = [], [], []
    for before, after in zip(mine, mine[1:]):
        elapsed = after.time - before.time
        if elapsed <= 0:
            continue
        times.append(after.time)
        cpu.append(max(0.0, 100.0 * (after.cpu_ticks - before.cpu_ticks) / clock_ticks / elapsed))
        rss.append(after.rss_kib / 1024)
    return times, cpu, rss
