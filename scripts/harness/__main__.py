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
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
