"""The CI regression checks: figures that do not depend on machine noise, and side-by-side ratios."""

import csv
from dataclasses import dataclass
from pathlib import Path

from . import study


@dataclass(frozen=True)
class Check:
    name: str
    expected: str
    actual: str
    ok: bool


def exactly(name, expected, actual):
    return Check(name, f"= {expected}", "missing" if actual is None else f"{actual:g}",
                 actual is not None and abs(actual - expected) < 1e-9)


def at_least(name, minimum, actual):
    return Check(name, f">= {minimum:g}", "missing" if actual is None else f"{actual:.2f}",
                 actual is not None and actual >= minimum)


def within(name, low, high, actual):
    return Check(name, f"{low:.3g} to {high:.3g}", "missing" if actual is None else f"{actual:.2f}",
                 actual is not None and low <= actual <= high)


def at_most(name, maximum, actual):
    return Check(name, f"<= {maximum:g}", "missing" if actual is None else f"{actual:.2f}",
                 actual is not None and actual <= maximum)


def _float(value):
    return None if value in (None, "") else float(value)


# The delay profile's showNode takes 40 ms in the emulator (scripts/harness/lib.sh); the data-source
# cache removes that message from every warm request, so its median must be at least this much
# shorter. A difference, not a ratio: a loaded machine adds about the same time to both medians,
# which shrinks their ratio (4.5 instead of 8 on a CI machine with a load of 2.4) but not the time
# the cache takes off.
MIN_DELAY_SAVED_MS = 30.0
MIN_STALL_RATIO = 1.5


def study_checks(folder, min_delay_saved_ms=MIN_DELAY_SAVED_MS, min_stall_ratio=MIN_STALL_RATIO):
    """Checks on a quick study run: BES messages per warm request of each configuration (2 cache
    off, 1 cache on, 0 with the response cache, which keeps metadata and small data answers; the
    2009 OLFS model 5, memoized 1), and what the cache gains, measured side by side under the two
    2009 profiles: the time taken off under the delay profile, the speed-up under the stall one."""
    with open(Path(folder) / "summary.csv", newline="", encoding="utf-8") as f:
        rows = {(r["configuration"], r["response"]): r for r in csv.DictReader(f)}
    checks = []
    for (config, response), r in rows.items():
        warm = _float(r["bes_messages_per_warm_request"])
        if warm is None:
            continue
        if config in study.MODEL_ROWS:
            expected = study.MODEL_ROWS[config][2]
        elif config == "response-cache":
            expected = 0
        else:
            expected = 2 if config.endswith("cache-off") else 1
        checks.append(exactly(f"{config} {response}: BES messages per warm request", expected, warm))
    # Medians: one request slowed by something else on the machine must not decide.
    on, off = rows.get(("2009-delay-cache-on", "ascii")), rows.get(("2009-delay-cache-off", "ascii"))
    if on is not None:
        saved = None
        if off is not None and _float(off["p50_s"]) is not None and _float(on["p50_s"]) is not None:
            saved = (_float(off["p50_s"]) - _float(on["p50_s"])) * 1000
        checks.append(at_least("2009-delay-cache-on: median Total_time saved against its cache-off (ms)",
                               min_delay_saved_ms, saved))
    r = rows.get(("2009-cache-on", "ascii"))
    if r is not None:
        checks.append(at_least("2009-cache-on: median Total_time speed-up against its cache-off",
                               min_stall_ratio, _float(r["speedup_vs_baseline_p50"])))
    return checks


def dars_checks(folder, min_slice_ratio=10.0):
    """Checks on a scripts/dars run: every case of each of our front ends answered 200 and saw no
    error (its first request and wrk's closed loop, which never offers more than the server
    takes; the errors at Gatling's open-model rate are reported, not checked, since a loaded
    machine can push that rate past what the server keeps up with), and the first front end
    (the default, data answers cached) served the repeated slice at least `min_slice_ratio` times
    as fast as the second (data answers not cached), side by side in the same run."""
    from . import dars
    ours = [s.name for s in dars.read_servers(folder) if s.kind == dars.FRONTEND]
    found = {(r.server, r.case): r for r in dars.rows(folder)}
    checks = []
    for server in ours:
        for case, *_ in dars.CASES:
            r = found.get((server, case))
            answered = r is not None and r.status == "200"
            checks.append(exactly(f"dars {server} {case}: answered 200 (1 = yes)", 1, 1 if answered else 0))
            errors = None if r is None or r.errors != r.errors else r.errors  # NaN: never measured
            checks.append(exactly(f"dars {server} {case}: errors (first request and wrk)", 0, errors))
    if len(ours) >= 2:
        cached, uncached = found.get((ours[0], "slice")), found.get((ours[1], "slice"))
        ratio = None
        if cached and uncached and uncached.req_per_s > 0 and cached.req_per_s == cached.req_per_s:
            ratio = cached.req_per_s / uncached.req_per_s
        checks.append(at_least(f"dars slice: {ours[0]} req/s over {ours[1]}'s", min_slice_ratio, ratio))
    else:
        checks.append(Check("dars: two front ends measured", "= 2", str(len(ours)), False))
    return checks


# The javax WAR in Tomcat 9 against the Jakarta WAR in Tomcat 11, one kept-alive connection each,
# interleaved request by request: the same code with its names rewritten, in another Tomcat line, so
# their medians must agree within the noise of a shared 2-core machine, either way.
MAX_WARS_RATIO = 1.5


def wars_checks(path, max_ratio=MAX_WARS_RATIO):
    """Checks on the two WARs' kept-alive timing (scripts/keepalive-timing --json, front ends named
    jakarta and javax): for each path timed, the javax WAR's median over the Jakarta WAR's lies
    between 1/max_ratio and max_ratio."""
    import json
    fronts = json.loads(Path(path).read_text(encoding="utf-8"))["fronts"]
    jakarta, javax = fronts.get("jakarta", {}), fronts.get("javax", {})
    checks = []
    for timed in sorted(set(jakarta) | set(javax)):
        ratio = None
        if timed in jakarta and timed in javax and jakarta[timed]["median_ms"] > 0:
            ratio = javax[timed]["median_ms"] / jakarta[timed]["median_ms"]
        checks.append(within(f"wars: kept-alive median, javax WAR over Jakarta WAR: {timed}",
                             1 / max_ratio, max_ratio, ratio))
    if not checks:
        checks.append(Check("wars: paths timed", ">= 1", "0", False))
    return checks


# The front end's warm answer against Tomcat's DefaultServlet serving the same bytes in the same
# Tomcat, each pinned to its own core (scripts/container-floor --quick): the server's CPU time per
# request, front end over DefaultServlet. A ratio measured side by side, so a loaded machine moves
# both; before the request path's optimisation a busy 2-core machine (load average 17-26) gave
# 1.23 to 1.27 for the .das, 1.59 once the access log and the cache headers came (load 11-20);
# after it (issue 31) 1.50 and 1.81 in two busy runs, the front end's own CPU per request down
# from 47.5 to 40 us while DefaultServlet's moved with the load: 1.6 stays, as a tighter bound
# would fail on a noisy CI machine's load alone (issue 31 aims at 1.1). The check holds each side's
# lowest run (floor.Row.best_cpu_ratio), not the medians: two CI runs of one commit on the idle
# machine gave medians of 1.51 and 1.70, the second with two of the front end's three 3 s runs
# 25% above its third while the JIT still compiled (the lowest runs: 1.39); a disturbance only
# adds CPU time, so the lowest run is the steadiest figure of a quick run.
MAX_FLOOR_CPU_RATIO = 1.6


def floor_checks(folder, max_cpu_ratio=MAX_FLOOR_CPU_RATIO, responses=("das",)):
    """Checks on a scripts/container-floor run: for each of `responses`, no wrk error on the front
    end, and the CPU time per request of the front end over DefaultServlet's, each side's lowest
    run, at most `max_cpu_ratio`. DefaultServlet's own wrk errors (a read error now and then, as
    Tomcat closes a kept-alive connection) are the reference's: floor.md shows them, the check
    does not hold them."""
    from . import floor
    found = floor.read_csv(folder)
    checks = []
    for response in responses:
        r = found.get(response)
        errors = None if r is None else _float(r.get("war_errors", r["errors"]))
        checks.append(exactly(f"container floor .{response}: wrk errors on the front end", 0,
                              errors))
        ratio = None if r is None else _float(r["best_cpu_ratio"])
        if ratio is not None and ratio != ratio:
            ratio = None
        checks.append(at_most(f"container floor .{response}: CPU per request, front end over "
                              "DefaultServlet, lowest runs", max_cpu_ratio, ratio))
    return checks


def read_checks(path):
    """Checks the shell part recorded, one per line: name<TAB>expected number<TAB>actual number."""
    checks = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        name, expected, actual = line.split("\t")
        checks.append(exactly(name, float(expected), _float(actual)))
    return checks


def render(checks):
    width = max((len(c.name) for c in checks), default=10)
    lines = [f"{'check'.ljust(width)}  expected   actual  result"]
    for c in checks:
        lines.append(f"{c.name.ljust(width)}  {c.expected:<9}  {c.actual:>6}  {'ok' if c.ok else 'FAILED'}")
    failed = sum(not c.ok for c in checks)
    lines.append(f"regression check: {len(checks) - failed} of {len(checks)} checks held"
                 + (f", {failed} FAILED" if failed else ""))
    return "\n".join(lines)
