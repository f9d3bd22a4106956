"""The DARS benchmark's report: summary.csv, resources.csv, conversions.csv and report.md of a
scripts/dars folder, with the plots when matplotlib can draw them."""

import math
import sys
from pathlib import Path

from . import conversions, dars, report as study_report

PLOTS = (
    ("requests-per-second.png", "Requests per second per case and server; MB/s of the whole large answer"),
    ("cpu-memory.png", "CPU and memory of each server process over the run"),
    ("latency.png", "Latency percentiles under a constant rate, per case"),
    ("conversions.png", "Cost of each output form of one data request"),
)


def _n(value, digits=0):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:,.{digits}f}"


def _ms(value):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}" if value >= 10 else f"{value:,.2f}"


def _size(n):
    if n is None or (isinstance(n, float) and math.isnan(n)):
        return "–"
    for unit, scale in (("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:,.1f} {unit}"
    return f"{n:,.0f} B"


def results_table(rows, fraction=None):
    header = ["case", "server", "answer", "req/s", "MB/s", "errors", "constant rate req/s",
              "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "errors at the rate", "CPU %", "RSS MiB",
              "threads", "response cache hits / misses"]
    lines = ["| " + " | ".join(header) + " |", "|---|---|" + "---:|" * (len(header) - 2)]
    order = {name: i for i, (name, *_) in enumerate(dars.CASES)}
    for r in sorted((r for r in rows if r.server != dars.BARE), key=lambda r: order.get(r.case, 99)):
        cache = ("–" if math.isnan(r.cache_hits) else f"{r.cache_hits:,.0f} / {r.cache_misses:,.0f}")
        status = "" if r.status in ("", "200", "ok") else f" (status {r.status})"
        capped = (fraction is not None and r.rate_req_per_s == r.rate_req_per_s
                  and r.rate_req_per_s < 0.999 * fraction * r.req_per_s)
        lines.append("| " + " | ".join([
            r.case, r.server, _size(r.answer_bytes) + status, _n(r.req_per_s, 1 if r.req_per_s < 100 else 0),
            _n(r.mb_per_s, 1), _n(r.errors), _n(r.rate_req_per_s, 1 if r.rate_req_per_s < 100 else 0) + (" (cap)" if capped else ""),
            _ms(r.p50_ms), _ms(r.p90_ms), _ms(r.p99_ms), _ms(r.p999_ms), _n(r.rate_errors), _n(r.cpu_pct),
            _n(r.rss_mib), _n(r.threads), cache]) + " |")
    return "\n".join(lines)


def _find(rows, server, case):
    for r in rows:
        if r.server == server and r.case == case:
            return r
    return None


def side_by_side(rows, servers, bare):
    """The comparisons the targets are stated in, each with its figures."""
    lines = []
    ours = [s.name for s in servers if s.kind == dars.FRONTEND]
    if len(ours) >= 2:
        cached, uncached = _find(rows, ours[0], "slice"), _find(rows, ours[1], "slice")
        if cached and uncached and uncached.req_per_s > 0:
            lines.append(f"- **Repeated slice**: {ours[0]} {cached.req_per_s:,.1f} req/s against "
                         f"{uncached.req_per_s:,.1f} for {ours[1]}: **{cached.req_per_s / uncached.req_per_s:,.1f}"
                         "x** (targets: at least 100x the BES-bound rate on a real BES; the "
                         "regression check asks for 10x).")
    others = [s.name for s in servers if s.kind != dars.FRONTEND]
    if bare is not None:
        for name in ours:
            r = _find(rows, name, "large")
            if r and not math.isnan(r.stream_mb_per_s) and bare["mb_per_s"] > 0:
                lines.append(f"- **Whole large answer, one connection**: {name} "
                             f"{r.stream_mb_per_s:,.1f} MB/s against {bare['mb_per_s']:,.1f} MB/s "
                             f"for a bare PPT client on the same BES: **{100 * r.stream_mb_per_s / bare['mb_per_s']:,.1f}%** "
                             "(target: at least 98%).")
    for name in ours:
        r = _find(rows, name, "large")
        for other in others:
            o = _find(rows, other, "large")
            if (r and o and not math.isnan(r.stream_mb_per_s) and not math.isnan(o.stream_mb_per_s)
                    and o.stream_mb_per_s > 0):
                lines.append(f"- **Whole large answer against {other}**: {name} "
                             f"{r.stream_mb_per_s:,.1f} MB/s, {other} {o.stream_mb_per_s:,.1f} MB/s on "
                             f"the same BES: **{100 * r.stream_mb_per_s / o.stream_mb_per_s:,.1f}%** "
                             "(target: at least 98%).")
    if bare is not None:
        lines.append(f"- The bare PPT client (Python, reading into one reused buffer) used "
                     f"{100 * bare['cpu_share']:.0f}% of one core while streaming: "
                     + ("it was not the bottleneck." if bare["cpu_share"] < 0.8 else
                        "**it may have been the bottleneck**: its rate is a lower bound."))
    for name in ours:
        r = _find(rows, name, "large")
        if r and not math.isnan(r.mb_per_s):
            lines.append(f"- Whole large answer under wrk's 10 connections: {name} {r.mb_per_s:,.1f} MB/s "
                         "(all bytes read, answers cut off at the end included, as wrk's Transfer/sec).")
    return "\n".join(lines)


def resources_table(resources):
    """A line per server and phase: its own process, then the BES, side by side."""
    by = {(r.server, r.phase, r.process): r for r in resources}
    keys = []
    for r in resources:
        if (r.server, r.phase) not in keys:
            keys.append((r.server, r.phase))
    header = ["server", "phase", "CPU % (of one core)", "RSS MiB (largest)", "threads",
              "BES CPU %", "BES RSS MiB (largest)", "BES threads"]
    lines = ["| " + " | ".join(header) + " |", "|---|---|" + "---:|" * 6]
    for server, phase in keys:
        cells = [server, phase]
        for process in ("server", "bes"):
            r = by.get((server, phase, process))
            cells += ([f"{r.cpu_pct:,.0f}", f"{r.rss_max_mib:,.0f}", str(r.threads)] if r else ["–"] * 3)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def conversions_table(costs):
    header = ["form", "status", "bytes", "time ms (median)", "MB/s", "BES ms (trace)",
              "front end + HTTP ms", "BES share", "BES get", "requests"]
    lines = ["| " + " | ".join(header) + " |", "|---|---:|" + "---:|" * 6 + "---|---:|"]
    for c in costs:
        if c.status != 200:
            note = c.error.replace("|", "/").replace("\n", " ")[:120]
            lines.append(f"| .{c.form} | {c.status} | {_size(c.bytes)} | – | – | – | – | – | "
                         f"not served: {note} | 0 |")
            continue
        share = c.bes_seconds_median / c.seconds_median if c.seconds_median > 0 else math.nan
        lines.append(f"| .{c.form} | {c.status} | {c.bytes:,} | {_ms(c.seconds_median * 1000)} | "
                     f"{c.mb_per_s:,.1f} | {_ms(c.bes_seconds_median * 1000)} | "
                     f"{_ms(c.frontend_seconds * 1000)} | {_n(100 * share)}% | {c.bes_label} | {c.requests} |")
    return "\n".join(lines)


def write(folder, no_plots=False):
    """Writes the CSVs and report.md of a run; returns the markdown."""
    folder = Path(folder)
    rows = dars.rows(folder)
    dars.write_csv(folder / "summary.csv", rows, dars.COLUMNS)
    res = dars.resources(folder)
    if res:
        dars.write_csv(folder / "resources.csv", res)
    costs = conversions.load(folder / "raw" / "conversions.json")
    if costs:
        with open(folder / "conversions.csv", "w", encoding="utf-8") as f:
            f.write("form,url,status,content_type,requests,bytes,seconds_median,mb_per_s,"
                    "bes_seconds_median,frontend_seconds,bes_gets,bes_get\n")
            for c in costs:
                f.write(f"{c.form},\"{c.url}\",{c.status},\"{c.content_type}\",{c.requests},{c.bytes},"
                        f"{c.seconds_median:.6f},{c.mb_per_s:.3f},{c.bes_seconds_median:.6f},"
                        f"{c.frontend_seconds:.6f},{c.bes_gets},\"{c.bes_label}\"\n")
    servers = dars.read_servers(folder)
    bare = dars.bare_client(folder)
    settings = dars.read_settings(folder)
    plots, skipped = ([], "the report was made with --no-plots.") if no_plots else _plots(folder, rows, costs)
    text = [f"# DARS benchmark, {settings.get('date', '')}".rstrip(", "), "",
            "The method of \"Benchmark comparison of DARS with Thredds and Hyrax\" (G. Hope), per "
            "server and case: errors; the largest request rate with wrk (closed loop, "
            f"{settings.get('wrk', 'wrk -t2 -c10')}); then latency percentiles under a constant "
            "rate at a fraction of that rate with Gatling (open model: each request is sent when "
            "due, on an idle or a new connection, so a slow answer delays no later one and its "
            "wait counts: no coordinated omission; Gatling records whole milliseconds); CPU, "
            "memory and threads of each server process sampled from /proc idle and during each "
            "case. See docs/benchmarks.md.", ""]
    if settings:
        text += [study_report.settings_list(settings), ""]
    warning = study_report.load_warning(settings)
    if warning:
        text += [warning, ""]
    try:
        fraction = float(settings.get("rate fraction", ""))
    except ValueError:
        fraction = None
    text += ["## Results", "", results_table(rows, fraction), "",
             "req/s and MB/s: wrk's whole run; errors: answers other than 200 and socket errors "
             "of the first request and of wrk; constant rate: the rate Gatling offered (a fraction "
             "of wrk's, at most the cap), the percentiles of its requests and its failed ones (a "
             "server that cannot keep up with an open-model rate makes new connections wait: "
             "connect timeouts count here); CPU % (of one core), RSS "
             "(largest sample) and threads of the server's process during the wrk run; response "
             "cache hits and misses from the front end's /status around the wrk run.", ""]
    comparison = side_by_side(rows, servers, bare)
    if comparison:
        text += ["## Side by side", "", comparison, ""]
    if res:
        text += ["## CPU, memory and threads", "", resources_table(res), "",
                 "Each process with its descendants (a real BES forks one per connection); idle "
                 "is right after the server started, before any request; `case:NAME` is the case's "
                 "wrk run, `rate` the constant-rate run of all cases.", ""]
    if costs:
        text += ["## Conversion costs", "",
                 f"One data request, `{settings.get('conversion request', '')}`, in each output "
                 f"form ({settings.get('conversion runs', '?')} requests each after a first one), one "
                 "request after another on one connection to a front end that keeps no "
                 "data answer in its response cache, with the PPT trace between it and the BES. "
                 "The BES time is the trace's, from the request's first byte to the answer's last; "
                 "the rest is the front end, HTTP and the trace's own hop.", "",
                 conversions_table(costs), ""]
    text += ["## Plots", ""]
    if plots:
        text += [f"![{title}]({png})\n" for png, title in plots]
    else:
        text += [f"No plots: {skipped}", ""]
    markdown = "\n".join(text).rstrip() + "\n"
    (folder / "report.md").write_text(markdown, encoding="utf-8")
    return markdown


def _plots(folder, rows, costs):
    try:
        from . import dars_plots
    except ImportError as e:
        return [], (f"matplotlib cannot be imported by {sys.executable} ({e}); install "
                    "python3-matplotlib (scripts/setup), then python3 -m harness dars-report "
                    f"{folder} with scripts/ on PYTHONPATH.")
    drawn = []
    try:
        for (png, title), draw in zip(PLOTS, (dars_plots.requests_per_second, dars_plots.cpu_memory,
                                              dars_plots.latency, dars_plots.conversions)):
            if draw(folder, rows, costs, folder / png):
                drawn.append((png, title))
    except Exception as e:  # noqa: BLE001 - a broken plot must not cost the report
        return drawn, f"drawing failed: {type(e).__name__}: {e}"
    return drawn, ""
