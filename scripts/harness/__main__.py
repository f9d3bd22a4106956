"""Command line of the harness: python3 -m harness COMMAND ... (with scripts/ on PYTHONPATH)."""

import argparse
import sys
from pathlib import Path


def report(args):
    from . import report as rep, study
    folder = Path(args.folder)
    measurements = study.load(folder)
    if not measurements:
        print(f"harness report: no timing files under {folder / 'raw'}", file=sys.stderr)
        return 1
    rep.write_csv(measurements, folder / "summary.csv")
    plots = []
    if not args.no_plots:
        from . import plots as pl
        pl.response_times(measurements, folder / "response-times.png")
        plots.append(("response-times.png", "Response time per run"))
        if pl.message_round_trips(measurements, folder / "bes-messages.png"):
            plots.append(("bes-messages.png", "Round trip of each BES message in one request"))
    rep.write_markdown(folder, measurements, folder / "report.md", plots)
    print(rep.results_table(measurements))
    print()
    print(rep.ratios_table(measurements))
    return 0


def count(args):
    from . import trace
    print(trace.count_messages(args.log))
    return 0


def count_commands(args):
    from . import counts
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


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m harness")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("report", help="write summary.csv, report.md and plots of a study folder")
    p.add_argument("folder")
    p.add_argument("--no-plots", action="store_true")
    p.set_defaults(run=report)
    p = sub.add_parser("count-messages", help="print how many BES messages a trace log holds")
    p.add_argument("log")
    p.set_defaults(run=count)
    p = sub.add_parser("count-commands", help="print the BES commands an emulator counts file holds")
    p.add_argument("file")
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
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
