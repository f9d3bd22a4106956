"""Command line of the harness: python3 -m harness COMMAND ... (with scripts/ on PYTHONPATH)."""

import argparse
import sys
import time
from pathlib import Path


# The study's plots: file name and title, in report order.
RESPONSE_TIMES = ("response-times.png", "Response time per configuration")
BES_MESSAGES = ("bes-messages.png", "Round trip of each BES message in one request")


def _measurements(command, folder):
    """A study folder's measurements, or None after saying that it has none."""
    from . import study
    measurements = study.load(folder)
    if not measurements:
        print(f"harness {command}: no timing files under {folder / 'raw'}", file=sys.stderr)
        return None
    return measurements


def report(args):
    from . import report as rep
    folder = Path(args.folder)
    measurements = _measurements("report", folder)
    if measurements is None:
        return 1
    rep.write_csv(measurements, folder / "summary.csv")
    plots, skipped = [], ""
    if args.no_plots:
        skipped = "the report was made with --no-plots."
    else:
        plots, skipped = _plots(measurements, folder)
        if skipped:
            print(f"harness report: no plots: {skipped}", file=sys.stderr)
    rep.write_markdown(folder, measurements, folder / "report.md", plots, skipped)
    print(rep.results_table(measurements))
    print()
    print(rep.ratios_table(measurements))
    return 0


def verdict(args):
    """The study's verdict line (report.verdict), as the report opens with it."""
    from . import report as rep
    measurements = _measurements("verdict", Path(args.folder))
    if measurements is None:
        return 1
    print(rep.verdict(measurements))
    return 0


def _plots(measurements, folder):
    """Draws the plots that can be drawn: (name, title) pairs, and why there are none, if so.
    A report is never lost to a plot: without matplotlib, or when drawing fails, it has its
    tables and says why the plots are missing."""
    try:
        from . import plots as pl
    except ImportError as e:
        return [], (f"matplotlib cannot be imported by {sys.executable} ({e}). Install it "
                    "(Debian: python3-matplotlib, which scripts/setup installs when run as root; or "
                    "pip install matplotlib), then redo the report: python3 -m harness report "
                    f"{folder} with scripts/ on PYTHONPATH.")
    plots = []
    try:
        pl.response_times(measurements, folder / RESPONSE_TIMES[0])
        plots.append(RESPONSE_TIMES)
        if pl.message_round_trips(measurements, folder / BES_MESSAGES[0]):
            plots.append(BES_MESSAGES)
    except Exception as e:  # noqa: BLE001 - a broken plot must not cost the report
        return plots, f"drawing failed: {type(e).__name__}: {e}"
    return plots, ""


def publish(args):
    """Copies a study's table, ratios, settings and plots to a docs folder for the README."""
    import shutil
    from . import report as rep, study
    folder = Path(args.folder)
    target = Path(args.to)
    target.mkdir(parents=True, exist_ok=True)
    measurements = _measurements("publish", folder)
    if measurements is None:
        return 1
    text = ["# Current figures", "",
            "Made by `scripts/study --publish` (see docs/benchmarks.md); regenerate them on a quiet "
            "machine.", "", f"**{rep.verdict(measurements)}**", "",
            rep.settings_list(study.read_settings(folder)), "",
            rep.TOTAL_TIME, "", rep.results_table(measurements), "", rep.RATIOS, "",
            rep.ratios_table(measurements), ""]
    model = rep.model_section(measurements, conversations=(
        "in that run's own report (`results/<run>/report.md`, section \"One request's BES "
        "conversation\", which this page does not copy)"))
    if model:
        text += ["## The 2009 study from its mechanism", "", model, ""]
    for png, title in (RESPONSE_TIMES, BES_MESSAGES):
        if (folder / png).exists():
            shutil.copyfile(folder / png, target / png)
            text += [f"![{title}]({png})", ""]
    if (folder / "load.md").exists():
        text += [(folder / "load.md").read_text(encoding="utf-8")]
    (target / "figures.md").write_text("\n".join(text).rstrip() + "\n", encoding="utf-8")
    print(f"published {folder} to {target / 'figures.md'}", file=sys.stderr)
    return 0


def count(args):
    from . import trace
    messages = trace.read_messages(args.log)
    print(sum(1 for m in messages if args.command is None or m.command == args.command))
    return 0


def check(args):
    from . import checks
    found = []
    if args.recorded:
        found += checks.read_checks(args.recorded)
    if args.study:
        found += checks.study_checks(args.study, **{k: v for k, v in (
            ("min_delay_saved_ms", args.min_delay_saved_ms), ("min_stall_ratio", args.min_stall_ratio)) if v is not None})
    if args.dars:
        found += checks.dars_checks(args.dars, args.min_slice_ratio)
    if args.wars:
        found += checks.wars_checks(args.wars)
    if args.floor:
        found += checks.floor_checks(args.floor, **({} if args.max_floor_cpu_ratio is None
                                                    else {"max_cpu_ratio": args.max_floor_cpu_ratio}))
    if args.cluster:
        from . import cluster
        found += [checks.Check("cluster: " + c.name, c.expected, c.actual, c.ok)
                  for c in cluster.report(args.cluster)[3]]
    if not found:
        print("regression check: nothing was checked", file=sys.stderr)
        return 1
    print(checks.render(found))
    return 0 if all(c.ok for c in found) else 1


def count_commands(args):
    from . import counts
    if args.command:
        print(counts.read(args.file).get(args.command, 0))
    else:
        print(counts.total(args.file))
    return 0


def burst(args):
    from . import load
    result = load.burst(args.url, args.connections, args.timeout)
    if args.out:
        load.save_burst(result, args.out)
    print(f"burst of {result.connections} connections: {result.ok} answered 200 in "
          f"{result.wall_s:.2f} s, errors {result.errors or 'none'}")
    return 0 if result.error_count == 0 else 1


def load_table(args):
    from . import load
    markdown, rows = load.write(args.folder)
    print(markdown)
    return 0 if rows else 1


def warm_bes(args):
    from . import ppt
    seconds = ppt.warm(args.endpoint, args.path, args.ce, args.gets, args.show_nodes)
    print(f"warmed {args.endpoint} with {args.gets} gets and {args.show_nodes} showNodes "
          f"in {seconds:.1f} s", file=sys.stderr)
    return 0


def warm_http(args):
    import http.client
    from urllib.parse import urlsplit
    parts = urlsplit(args.url)
    target = parts.path + ("?" + parts.query if parts.query else "")
    connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=60)
    started = time.monotonic()
    sent = 0
    try:
        while sent < args.count:
            if args.seconds > 0 and time.monotonic() - started >= args.seconds:
                break
            connection.request("GET", target)
            response = connection.getresponse()
            response.read()
            sent += 1
            if response.status != 200:
                print(f"warm-http: request {sent} of {args.count}: expected HTTP 200 but was "
                      f"{response.status} for {args.url}", file=sys.stderr)
                return 1
    finally:
        connection.close()
    print(f"warm-http: {sent} of {args.count} requests in {time.monotonic() - started:.1f} s"
          + (f" (at most {args.seconds:g} s)" if args.seconds > 0 else ""), file=sys.stderr)
    return 0


def timing_line(args):
    """One line on a configuration's timing files, for the study's progress: per response, the
    first request and the median of the timed runs."""
    from . import timing
    raw = Path(args.raw)
    parts = []
    for path in sorted(raw.glob(f"{args.configuration}.*.txt")):
        response = path.name[len(args.configuration) + 1:-len(".txt")]
        if "." in response:
            continue
        runs = timing.read_runs(path)
        first = raw / f"{args.configuration}.{response}.first.txt"
        first_runs = timing.read_runs(first) if first.exists() else []
        text = f".{response}"
        if first_runs:
            text += f" first request {first_runs[0].total * 1000:.1f} ms,"
        if runs:
            stats = timing.summarize(r.total for r in runs)
            text += f" median {stats.p50 * 1000:.1f} ms over {stats.n} runs"
        parts.append(text)
    if not parts:
        return 1
    print("; ".join(parts))
    return 0


def skip_counts(args):
    from . import skips
    counts = skips.compare(args.root)
    print(skips.render(counts))
    if not counts:
        print("skip counts: no test reports under " + args.root, file=sys.stderr)
        return 1
    return 0 if all(c.ok for c in counts) else 1


def maven_progress(args):
    from . import progress

    def write(text):
        sys.stdout.write(text)
        sys.stdout.flush()

    progress.filter_maven(iter(sys.stdin.readline, ""), write, prog=args.prog,
                          problems_only=args.problems_only, since=args.since)
    return 0


def cluster_wait(args):
    from . import cluster
    missing = cluster.wait_recovered(args.folder, args.timeout, args.interval)
    if missing:
        print(f"cluster-wait: not recovered within {args.timeout:g} s: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


def cluster_log_format(args):
    from . import cluster
    print(cluster.LOG_FORMAT)
    return 0


def cluster_report(args):
    from . import cluster
    markdown, found = cluster.write(args.folder)
    print(markdown)
    return 0 if all(c.ok for c in found) else 1


def dars_urls(args):
    from . import dars
    for case, url in dars.case_urls(args.base, args.large, args.small, args.slice):
        print(f"{case}\t{url}")
    return 0


def dars_forms(args):
    from . import dars
    for form, url in dars.form_urls(args.base, args.dataset, args.ce):
        print(f"{form}\t{url}")
    return 0


def pid_of_port(args):
    from . import procstat
    where = args.where
    if where.startswith("unix:"):
        pid = procstat.pid_listening_unix(where[len("unix:"):])
    elif where.isdigit():
        pid = procstat.pid_listening(int(where))
    else:
        print(f"pid-of-port: expected a port or unix:PATH but was {where!r}", file=sys.stderr)
        return 2
    if pid is None:
        print(f"pid-of-port: no process that can be seen listens on {where}", file=sys.stderr)
        return 1
    print(pid)
    return 0


def wrk_summary(args):
    from . import load
    try:
        r = load.parse_wrk(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        print(f"no wrk result: {e}")
        return 1
    print(f"{r.requests_per_s:,.1f} req/s, {r.mb_per_s:,.1f} MB/s, {r.requests} requests, "
          f"{r.errors} errors")
    return 0


def sample(args):
    from . import procstat
    named = []
    for spec in args.process:
        name, _, pid = spec.partition("=")
        if not name or not pid.isdigit():
            print(f"sample: expected NAME=PID but was {spec!r}", file=sys.stderr)
            return 2
        named.append((name, int(pid)))
    procstat.sample(named, args.out, args.interval)
    return 0


def dars_plan(args):
    """The constant-rate plan of one server (dars.plan): each case at a fraction of wrk's rate,
    saying which cases have no step and why."""
    from . import dars, gatling
    steps, skipped = dars.plan(args.folder, args.server, args.fraction, args.seconds,
                               args.min_requests, args.cap, args.max_seconds)
    for case, why in skipped:
        print(f"dars-plan: {args.server} {case}: {why}", file=sys.stderr)
    gatling.write_plan(args.out, steps)
    for s in steps:
        print(f"{s.name}: {s.rate:.3g} req/s for {s.seconds:g} s")
    return 0 if steps else 1


def ppt_stream(args):
    import json
    from dataclasses import asdict
    from . import ppt
    result = ppt.stream_gets(args.endpoint, args.path, args.ce, args.count)
    record = asdict(result) | {"mb_per_s": result.mb_per_s, "cpu_share": result.cpu_share}
    if args.out:
        Path(args.out).write_text(json.dumps(record, indent=1), encoding="utf-8")
    print(f"bare PPT client: {len(result.sizes)} gets of {args.path}, {result.mb_per_s:.1f} MB/s, "
          f"client CPU {100 * result.cpu_share:.0f}% of one core")
    return 0


def dars_conversions(args):
    from . import conversions, dars
    forms = dars.form_urls(args.base, args.dataset, args.ce)
    if args.forms:
        wanted = args.forms.split(",")
        unknown = [f for f in wanted if f not in {name for name, _ in forms}]
        if unknown:
            print(f"dars-conversions: unknown forms {unknown}", file=sys.stderr)
            return 2
        forms = [(name, url) for name, url in forms if name in wanted]
    costs = conversions.measure(forms, args.trace, args.runs)
    conversions.save(costs, args.out)
    for c in costs:
        if c.status == 200:
            print(f".{c.form}: {c.bytes:,} bytes, {c.seconds_median * 1000:.1f} ms, "
                  f"BES {c.bes_seconds_median * 1000:.1f} ms ({c.bes_gets} gets)")
        else:
            print(f".{c.form}: status {c.status}: {c.error[:100]}")
    return 0


def dars_report(args):
    from . import dars_report as rep
    print(rep.write(args.folder, args.no_plots))
    return 0


def make_data(args):
    from . import dars_data
    for path in dars_data.make(args.directory):
        print(path)
    return 0


def floor_run(args):
    from . import floor
    try:
        command = args.command[1:] if args.command[:1] == ["--"] else args.command
        run = floor.measure(args.pid, command, args.wrk_out, args.response, args.side, args.index,
                            slice_=args.slice)
    except (OSError, RuntimeError) as e:
        print(f"floor-run: {args.side} {args.response}: {e}", file=sys.stderr)
        return 1
    floor.append_run(args.folder, run)
    print(f"{run.requests_per_s:,.0f} req/s, {run.cpu_us_per_request:.1f} us CPU/request, "
          f"{run.requests} requests, {run.errors} errors")
    return 0


def floor_run_summary(args):
    from . import floor
    print(floor.run_summary(floor.read_runs(args.folder), args.response, args.index))
    return 0


def floor_ticks(args):
    from . import floor
    print(floor.process_ticks(args.pid), floor.compiler_ticks(args.pid))
    return 0


def floor_table(args):
    from . import floor
    markdown, found = floor.write(args.folder)
    if not found:
        print(f"floor-table: no runs in {args.folder}", file=sys.stderr)
        return 1
    print(markdown)
    return 0


def floor_kept(args):
    """COUNT requests to URL (with HEADER), /status read before and after: fails unless none
    reached the BES."""
    import json
    import urllib.request

    def status():
        with urllib.request.urlopen(args.status, timeout=10) as r:
            return json.loads(r.read())

    from . import floor
    before = status()
    for _ in range(args.count):
        request = urllib.request.Request(args.url)
        if args.header:
            name, _, value = args.header.partition(":")
            request.add_header(name.strip(), value.strip())
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                r.read()
        except urllib.error.HTTPError as e:
            if e.code != 304:
                raise
    ok, seen = floor.kept(before, status(), args.count)
    print(f"{args.url}: {seen}")
    return 0 if ok else 1


def floor_frames(args):
    from . import floor
    requests = None
    if args.wrk:
        from . import load
        requests = load.parse_wrk(Path(args.wrk).read_text(encoding="utf-8")).requests
    print(floor.frame_summary(floor.read_collapsed(args.collapsed), top=args.top, requests=requests,
                              per_sample=args.per_sample, unit=args.unit), end="")
    return 0


def main(argv=None):
    from . import dars  # the DARS datasets' names, as defaults of its commands
    parser = argparse.ArgumentParser(prog="python3 -m harness")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("report", help="write summary.csv, report.md and plots of a study folder")
    p.add_argument("folder")
    p.add_argument("--no-plots", action="store_true")
    p.set_defaults(run=report)
    p = sub.add_parser("verdict", help="print a study's verdict: the 2009 model against the 2009 "
                                       "study's figures, and this front end's figure")
    p.add_argument("folder")
    p.set_defaults(run=verdict)
    p = sub.add_parser("publish", help="copy a study's table and plots to a docs folder")
    p.add_argument("folder")
    p.add_argument("--to", default="docs/benchmarks")
    p.set_defaults(run=publish)
    p = sub.add_parser("count-messages", help="print how many BES messages a trace log holds")
    p.add_argument("log")
    p.add_argument("--command", help="count only this command, e.g. showNode")
    p.set_defaults(run=count)
    p = sub.add_parser("check", help="the CI regression checks; exits 1 when one fails")
    p.add_argument("--recorded", help="name<TAB>expected<TAB>actual lines from the shell part")
    p.add_argument("--study", help="a quick study folder with summary.csv")
    p.add_argument("--cluster", help="a scripts/cluster results folder")
    p.add_argument("--dars", help="a scripts/dars results folder")
    p.add_argument("--wars", help="the two WARs' kept-alive timing (scripts/keepalive-timing --json)")
    p.add_argument("--min-slice-ratio", type=float, default=10.0)
    p.add_argument("--min-delay-saved-ms", type=float, help="default: checks.MIN_DELAY_SAVED_MS")
    p.add_argument("--min-stall-ratio", type=float, help="default: checks.MIN_STALL_RATIO")
    p.add_argument("--floor", help="a scripts/container-floor results folder")
    p.add_argument("--max-floor-cpu-ratio", type=float, help="default: checks.MAX_FLOOR_CPU_RATIO")
    p.set_defaults(run=check)
    p = sub.add_parser("count-commands", help="print the BES commands an emulator counts file holds")
    p.add_argument("file")
    p.add_argument("--command", help="count only this command, e.g. showNode")
    p.set_defaults(run=count_commands)
    p = sub.add_parser("burst", help="one request on each of N connections at once; fails on any error")
    p.add_argument("url")
    p.add_argument("--connections", type=int, default=1024)
    p.add_argument("--timeout", type=float, default=60.0)
    p.add_argument("--out")
    p.set_defaults(run=burst)
    p = sub.add_parser("load-table", help="write load.md and load.csv from a folder's load/ files")
    p.add_argument("folder")
    p.set_defaults(run=load_table)
    p = sub.add_parser("warm-bes", help="send warm-up requests straight to a BES (HOST:PORT or unix:PATH)")
    p.add_argument("endpoint")
    p.add_argument("--path", default="/coads_climatology.nc")
    p.add_argument("--ce", default="COADSX")
    p.add_argument("--gets", type=int, default=1000)
    p.add_argument("--show-nodes", type=int, default=20)
    p.set_defaults(run=warm_bes)
    p = sub.add_parser("warm-http", help="COUNT requests on one kept-alive connection, or as many as"
                       " --seconds allow; fails on a non-200")
    p.add_argument("url")
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--seconds", type=float, default=0, help="stop sending after this long (0: no bound)")
    p.set_defaults(run=warm_http)
    p = sub.add_parser("timing-line", help="one line on a configuration's timing files (first request, median)")
    p.add_argument("raw")
    p.add_argument("configuration")
    p.set_defaults(run=timing_line)
    p = sub.add_parser("maven-progress", help="mvn -B's output with its downloads summed up")
    p.add_argument("--prog", default="test")
    p.add_argument("--problems-only", action="store_true",
                   help="pass on only Maven's [ERROR] and [WARNING] lines besides the summaries")
    p.add_argument("--since", type=int, default=0,
                   help="seconds on the caller's clock when Maven started (bash's $SECONDS), so the "
                        "lines go on from the caller's time")
    p.set_defaults(run=maven_progress)
    p = sub.add_parser("cluster-wait", help="wait until what scripts/cluster stopped and started again serves")
    p.add_argument("folder")
    p.add_argument("--timeout", type=float, default=120.0)
    p.add_argument("--interval", type=float, default=0.1)
    p.set_defaults(run=cluster_wait)
    p = sub.add_parser("cluster-log-format", help="print the log_format of nginx's access log that cluster-report reads")
    p.set_defaults(run=cluster_log_format)
    p = sub.add_parser("cluster-report", help="write cluster.md, cluster.tsv and checks.tsv of a scripts/cluster folder")
    p.add_argument("folder")
    p.set_defaults(run=cluster_report)
    p = sub.add_parser("dars-urls", help="print CASE<TAB>URL of the DARS cases under a base URL")
    p.add_argument("base")
    p.add_argument("--large", default=dars.LARGE)
    p.add_argument("--small", default=dars.SMALL)
    p.add_argument("--slice", default=dars.SLICE)
    p.set_defaults(run=dars_urls)
    p = sub.add_parser("dars-forms", help="print FORM<TAB>URL of one data request in each output form")
    p.add_argument("base")
    p.add_argument("--dataset", required=True)
    p.add_argument("--ce", default="", help="a DAP2 projection; DAP4 forms get it as dap4.ce")
    p.set_defaults(run=dars_forms)
    p = sub.add_parser("pid-of-port", help="print the pid of the process listening on a TCP port or unix:PATH")
    p.add_argument("where", help="PORT or unix:PATH")
    p.set_defaults(run=pid_of_port)
    p = sub.add_parser("wrk-summary", help="print req/s, MB/s, requests and errors of a wrk output file")
    p.add_argument("file")
    p.set_defaults(run=wrk_summary)
    p = sub.add_parser("sample", help="sample CPU, RSS and threads of processes (and their children) until stopped")
    p.add_argument("process", nargs="+", help="NAME=PID")
    p.add_argument("--out", required=True)
    p.add_argument("--interval", type=float, default=0.5)
    p.set_defaults(run=sample)
    p = sub.add_parser("dars-plan", help="write a server's constant-rate plan from its wrk runs")
    p.add_argument("folder")
    p.add_argument("server")
    p.add_argument("--fraction", type=float, required=True)
    p.add_argument("--seconds", type=float, required=True)
    p.add_argument("--cap", type=float, default=float("inf"), help="the highest rate offered, req/s")
    p.add_argument("--min-requests", type=int, default=2)
    p.add_argument("--max-seconds", type=float, default=float("inf"),
                   help="the longest step the run allows; a rate that sends no request in it is refused")
    p.add_argument("--out", required=True)
    p.set_defaults(run=dars_plan)
    p = sub.add_parser("ppt-stream", help="stream whole answers of one get as a bare PPT client; print MB/s")
    p.add_argument("endpoint", help="HOST:PORT or unix:PATH")
    p.add_argument("--path", required=True)
    p.add_argument("--ce", default="")
    p.add_argument("--count", type=int, default=3)
    p.add_argument("--out")
    p.set_defaults(run=ppt_stream)
    p = sub.add_parser("dars-conversions", help="time one data request in each output form, BES time from the trace")
    p.add_argument("base")
    p.add_argument("--dataset", required=True)
    p.add_argument("--ce", default="")
    p.add_argument("--forms", default="", help="comma-separated subset, e.g. dods,ascii")
    p.add_argument("--trace", required=True)
    p.add_argument("--runs", type=int, default=10)
    p.add_argument("--out", required=True)
    p.set_defaults(run=dars_conversions)
    p = sub.add_parser("dars-report", help="write summary.csv, report.md and plots of a scripts/dars folder")
    p.add_argument("folder")
    p.add_argument("--no-plots", action="store_true")
    p.set_defaults(run=dars_report)
    p = sub.add_parser("skip-counts", help="the console's skip count against Surefire's and Failsafe's, per module")
    p.add_argument("root", help="the project's root folder")
    p.set_defaults(run=skip_counts)
    p = sub.add_parser("make-data", help="write the DARS datasets as netCDF-4 files into a directory")
    p.add_argument("directory")
    p.set_defaults(run=make_data)
    p = sub.add_parser("floor-run", help="one wrk run, with the server process's CPU time over it")
    p.add_argument("folder")
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--response", required=True)
    p.add_argument("--side", required=True)
    p.add_argument("--run", dest="index", type=int, required=True, help="which run of the side and response")
    p.add_argument("--slice", type=int, default=1, help="which of the run's wrk runs (summed per run)")
    p.add_argument("--wrk-out", required=True)
    p.add_argument("command", nargs=argparse.REMAINDER, help="-- the wrk command line")
    p.set_defaults(run=floor_run)
    p = sub.add_parser("floor-run-summary", help="one line for one run of a response: each side, slices summed")
    p.add_argument("folder")
    p.add_argument("--response", required=True)
    p.add_argument("--run", dest="index", type=int, required=True)
    p.set_defaults(run=floor_run_summary)
    p = sub.add_parser("floor-ticks", help="print the CPU ticks of a JVM and of its JIT compiler threads")
    p.add_argument("pid", type=int)
    p.set_defaults(run=floor_ticks)
    p = sub.add_parser("floor-table", help="write floor.md and floor.csv of a scripts/container-floor folder")
    p.add_argument("folder")
    p.set_defaults(run=floor_table)
    p = sub.add_parser("floor-kept", help="fail unless COUNT requests to URL send no BES message")
    p.add_argument("status", help="the front end's /status URL")
    p.add_argument("url")
    p.add_argument("--header", help="NAME: VALUE sent with each request")
    p.add_argument("--count", type=int, default=20)
    p.set_defaults(run=floor_kept)
    p = sub.add_parser("floor-frames", help="the hottest frames and our own code's of a collapsed profile")
    p.add_argument("collapsed")
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--wrk", help="wrk's output of the profiled run: costs per request")
    p.add_argument("--per-sample", type=float, default=1.0, help="what one sample is worth")
    p.add_argument("--unit", default="samples", help="the unit of --per-sample, e.g. us or B")
    p.set_defaults(run=floor_frames)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
