"""The report and plots on a results folder fabricated here, as scripts/study lays it out."""

import contextlib
import csv
import io
import json
import tempfile
import unittest
from datetime import datetime, timezone
from pathlib import Path

from harness import __main__ as cli
from harness import report, study, timing


def write_runs(path, totals):
    path.write_text(timing.HEADER + "\n" + "".join(
        f"0.00001;0.0001;0.0002;{t * 0.9:.6f};{t:.6f}\n" for t in totals))


def iso(epoch):
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def trace_line(connection, command, detail, start, end, response_bytes=100):
    """A message record as scripts/ppt-trace writes it, with a handshake or an exit around it."""
    record = {"time": iso(start), "conn": int(connection), "event": "message", "seq": 1,
              "command": command, "summary": f"{command} {detail}", "req_bytes": 300,
              "resp_bytes": response_bytes, "resp_chunks": 1, "error": False,
              "request_ms": 0.01, "ttfb_ms": (end - start) * 1000 - 0.5,
              "rtt_ms": (end - start) * 1000 - 0.01}
    noise = {"time": iso(start), "conn": int(connection), "event": "handshake", "seq": 0,
             "command": "handshake", "req_bytes": 28, "resp_bytes": 23}
    exit_now = dict(record, command="PPT_EXIT_NOW", summary="PPT_EXIT_NOW")
    return json.dumps(noise) + "\n" + json.dumps(record) + "\n" + json.dumps(exit_now) + "\n"


def make_folder(root):
    root = Path(root)
    (root / "raw").mkdir()
    (root / "trace").mkdir()
    (root / "configs.tsv").write_text(
        "name\tbaseline\tdescription\tbase_url\n"
        "cache-off\tcache-off\tno cache\thttp://127.0.0.1:1/opendap\n"
        "cache-on\tcache-off\tcache\thttp://127.0.0.1:2/opendap\n")
    (root / "settings.tsv").write_text("key\tvalue\nruns\t4\nsleep\t0.3\n")
    write_runs(root / "raw" / "cache-off.ascii.txt", [0.010, 0.010, 0.012, 0.008])
    write_runs(root / "raw" / "cache-off.ascii.first.txt", [0.100])
    write_runs(root / "raw" / "cache-on.ascii.txt", [0.002, 0.002, 0.003, 0.001])
    write_runs(root / "raw" / "cache-on.ascii.first.txt", [0.050])
    # cache-off: first request 2 messages, 4 warm requests 8 messages, one more request 2.
    log = "".join(trace_line("1", "showNode", "/coads_climatology.nc", 10 + i, 10.004 + i)
                  + trace_line("1", "get", "dods ascii", 10.005 + i, 10.009 + i, 2000)
                  for i in range(6))
    (root / "trace" / "cache-off.log").write_text(log)
    (root / "trace" / "cache-off.marks.tsv").write_text(
        "response\tphase\tfrom\tto\truns\tsource\n"
        "ascii\tfirst\t0\t2\t1\ttrace\nascii\twarm\t2\t10\t4\ttrace\nascii\tone\t10\t12\t1\ttrace\n")
    log = (trace_line("1", "showNode", "/coads_climatology.nc", 20, 20.001)
           + "".join(trace_line("1", "get", "dods ascii", 20.002 + i, 20.003 + i, 2000)
                     for i in range(6)))
    (root / "trace" / "cache-on.log").write_text(log)
    (root / "trace" / "cache-on.marks.tsv").write_text(
        "response\tphase\tfrom\tto\truns\tsource\n"
        "ascii\tfirst\t0\t2\t1\ttrace\nascii\twarm\t2\t6\t4\ttrace\nascii\tone\t6\t7\t1\ttrace\n")
    return root


def run_cli(*args):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return cli.main(list(args))


class ReportTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = make_folder(self.dir.name)

    def tearDown(self):
        self.dir.cleanup()

    def test_load_attributes_messages_to_phases(self):
        off, on = study.load(self.root)
        self.assertEqual((off.configuration.name, on.configuration.name), ("cache-off", "cache-on"))
        self.assertEqual(off.messages("first"), 2)
        self.assertEqual(off.messages("warm"), 2)
        self.assertEqual(on.messages("first"), 2)
        self.assertEqual(on.messages("warm"), 1)
        self.assertEqual([m.command for m in on.conversations["one"]], ["get"])
        self.assertEqual([m.command for m in off.conversations["first"]], ["showNode", "get"])

    def test_rows_compute_speedups_against_the_baseline_and_2009(self):
        rows = {r["configuration"]: r for r in report.rows(study.load(self.root))}
        self.assertAlmostEqual(rows["cache-off"]["mean_s"], 0.010)
        self.assertIsNone(rows["cache-off"]["speedup_vs_baseline_warm"])
        self.assertAlmostEqual(rows["cache-on"]["speedup_vs_baseline_warm"], 5.0)
        self.assertAlmostEqual(rows["cache-on"]["speedup_vs_baseline_first"], 2.0)
        self.assertAlmostEqual(rows["cache-on"]["speedup_vs_baseline_p50"], 5.0)
        self.assertAlmostEqual(rows["cache-on"]["speedup_vs_2009_before"], 0.40065 / 0.002)
        self.assertAlmostEqual(rows["cache-on"]["ratio_to_2009_after"], 0.002 / 0.045)
        self.assertAlmostEqual(rows["cache-on"]["first_s"], 0.050)

    def test_report_command_writes_csv_markdown_and_plots(self):
        self.assertEqual(run_cli("report", str(self.root)), 0)
        with open(self.root / "summary.csv", newline="") as f:
            summary = list(csv.DictReader(f))
        self.assertEqual([r["configuration"] for r in summary], ["cache-off", "cache-on"])
        self.assertEqual(summary[1]["bes_messages_per_warm_request"], "1")
        md = (self.root / "report.md").read_text()
        self.assertIn("| cache-on | ascii | 4 | 2.00 |", md)
        self.assertIn("| 2009 study, before | ascii | - | 400.65 | 8.60 |", md)
        self.assertIn("factor 5.0x warm, 2.0x on the first request", md)
        self.assertIn("`showNode /coads_climatology.nc`", md)
        self.assertIn("![Response time per run](response-times.png)", md)
        for png in ("response-times.png", "bes-messages.png"):
            data = (self.root / png).read_bytes()
            self.assertEqual(data[:8], b"\x89PNG\r\n\x1a\n", png)
            self.assertGreater(len(data), 10_000, png)

    def test_report_includes_the_load_section_when_present(self):
        (self.root / "load.md").write_text("## Load\n\nsome table\n")
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        self.assertIn("## Load\n\nsome table", (self.root / "report.md").read_text())

    def test_publish_copies_table_and_plots(self):
        self.assertEqual(run_cli("report", str(self.root)), 0)
        target = self.root / "published"
        self.assertEqual(run_cli("publish", str(self.root), "--to", str(target)), 0)
        figures = (target / "figures.md").read_text()
        self.assertIn("| cache-on | ascii | 4 | 2.00 |", figures)
        self.assertIn("![Response time per run](response-times.png)", figures)
        self.assertTrue((target / "bes-messages.png").exists())

    def test_report_fails_clearly_without_timing_files(self):
        for f in (self.root / "raw").iterdir():
            f.unlink()
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 1)


if __name__ == "__main__":
    unittest.main()
