"""The report and plots on a results folder fabricated here, as scripts/study lays it out."""

import builtins
import contextlib
import csv
import importlib.util
import io
import json
import tempfile
import unittest
from datetime import datetime, timezone
from pathlib import Path
from unittest import mock

from harness import __main__ as cli
from harness import report, study, timing


def write_runs(path, totals):
    path.write_text(timing.HEADER + "\n" + "".join(
        f"0.00001;0.0001;0.0002;{t * 0.9:.6f};{t:.6f}\n" for t in totals))


def iso(epoch):
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def trace_line(connection, command, detail, start, end, response_bytes=100, request_ms=0.01):
    """A message record as scripts/ppt-trace writes it, with a handshake or an exit around it;
    `request_ms` of the time from start to end went to receiving the request."""
    answer_ms = (end - start) * 1000 - request_ms
    record = {"time": iso(start), "conn": int(connection), "event": "message", "seq": 1,
              "command": command, "summary": f"{command} {detail}", "req_bytes": 300,
              "resp_bytes": response_bytes, "resp_chunks": 1, "error": False,
              "request_ms": request_ms, "ttfb_ms": answer_ms - 0.5, "rtt_ms": answer_ms}
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


HAVE_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None


def add_model_rows(root, before_totals, after_totals):
    """The two 2009 OLFS model rows, with 5 and 1 BES messages per warm request."""
    with open(root / "configs.tsv", "a") as f:
        f.write("2009-olfs-model\t2009-olfs-model\tmodel\thttp://127.0.0.1:3/opendap\n"
                "2009-olfs-model-memoized\t2009-olfs-model\tmodel, memoized\thttp://127.0.0.1:4/opendap\n")
    for name, totals, per in (("2009-olfs-model", before_totals, 5),
                              ("2009-olfs-model-memoized", after_totals, 1)):
        write_runs(root / "raw" / f"{name}.ascii.txt", totals)
        write_runs(root / "raw" / f"{name}.ascii.first.txt", [0.5])
        (root / "trace" / f"{name}.marks.tsv").write_text(
            "response\tphase\tfrom\tto\truns\tsource\n"
            f"ascii\tfirst\t0\t{per}\t1\tcounts\nascii\twarm\t{per}\t{per * (1 + len(totals))}\t"
            f"{len(totals)}\tcounts\n")


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
        self.assertAlmostEqual(rows["cache-on"]["speedup_vs_2009_after"], 0.045 / 0.002)
        self.assertAlmostEqual(rows["cache-on"]["first_s"], 0.050)

    @unittest.skipUnless(HAVE_MATPLOTLIB, "matplotlib is not installed for this Python")
    def test_report_command_writes_csv_markdown_and_plots(self):
        self.assertEqual(run_cli("report", str(self.root)), 0)
        with open(self.root / "summary.csv", newline="") as f:
            summary = list(csv.DictReader(f))
        self.assertEqual([r["configuration"] for r in summary], ["cache-off", "cache-on"])
        self.assertEqual(summary[1]["bes_messages_per_warm_request"], "1")
        md = (self.root / "report.md").read_text()
        self.assertIn("| cache-on | ascii | 4 | 2.00 |", md)
        self.assertIn("| 2009 study, before | ascii | - | 400.65 | 8.60 |", md)
        self.assertIn("- cache-on against cache-off (ascii): 5.0x warm, 2.0x on the first request "
                      "after start.", md)
        self.assertIn("`showNode /coads_climatology.nc`", md)
        self.assertIn("![Response time per configuration](response-times.png)", md)
        for png in ("response-times.png", "bes-messages.png"):
            data = (self.root / png).read_bytes()
            self.assertEqual(data[:8], b"\x89PNG\r\n\x1a\n", png)
            self.assertGreater(len(data), 10_000, png)

    @unittest.skipUnless(HAVE_MATPLOTLIB, "matplotlib is not installed for this Python")
    def test_a_request_that_sent_no_bes_message_keeps_its_row_in_the_message_plot(self):
        from harness import plots
        # The response cache answers the warm request from memory: 0 messages in its phase.
        with open(self.root / "configs.tsv", "a") as f:
            f.write("response-cache\tcache-off\tboth caches\thttp://127.0.0.1:5/opendap\n")
        write_runs(self.root / "raw" / "response-cache.ascii.txt", [0.0046, 0.0044])
        (self.root / "trace" / "response-cache.log").write_text(
            trace_line("1", "get", "dods ascii", 50, 50.004, 900))
        (self.root / "trace" / "response-cache.marks.tsv").write_text(
            "response\tphase\tfrom\tto\truns\tsource\n"
            "ascii\tfirst\t0\t1\t1\ttrace\nascii\twarm\t1\t1\t2\ttrace\nascii\tone\t1\t1\t1\ttrace\n")
        measurements = study.load(self.root)
        warm = plots.labels(measurements, "one")
        self.assertEqual([label for label, *_ in warm],
                         ["cache-off  #1 showNode", "cache-off  #2 get", "cache-on  #1 get",
                          "response-cache  (0 messages)"])
        self.assertEqual(warm[-1][1:], (0.0, 2, False))
        self.assertTrue(plots.message_round_trips(measurements, self.root / "bes-messages.png"))

    def test_report_includes_the_load_section_when_present(self):
        (self.root / "load.md").write_text("## Load\n\nsome table\n")
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        self.assertIn("## Load\n\nsome table", (self.root / "report.md").read_text())

    def test_report_without_matplotlib_has_its_tables_and_says_why_there_are_no_plots(self):
        real_import = builtins.__import__

        def no_matplotlib(name, *args, **kwargs):
            if name.startswith("matplotlib"):
                raise ImportError("No module named 'matplotlib'")
            return real_import(name, *args, **kwargs)

        import harness
        loaded = harness.__dict__.pop("plots", None)  # as if it had never been imported
        try:
            with mock.patch.dict("sys.modules", {"harness.plots": None}), \
                    mock.patch("builtins.__import__", side_effect=no_matplotlib):
                self.assertEqual(run_cli("report", str(self.root)), 0)
        finally:
            if loaded is not None:
                harness.plots = loaded
        md = (self.root / "report.md").read_text()
        self.assertIn("| cache-on | ascii | 4 | 2.00 |", md)
        self.assertIn("No plots in this report: matplotlib cannot be imported", md)
        self.assertIn("python3 -m harness report", md)
        self.assertFalse((self.root / "response-times.png").exists())

    def test_conversation_table_labels_every_column(self):
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        md = (self.root / "report.md").read_text()
        self.assertIn("| # | BES command | PPT connection | sent at ms (after the first message) | "
                      "round trip ms | response bytes | BES error |", md)
        self.assertNotIn("|  |", md.split("## One request's BES conversation")[1])

    def test_every_ratio_reads_the_same_way_round_and_total_time_is_explained_once(self):
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        md = (self.root / "report.md").read_text()
        self.assertIn("| baseline/this, warm | baseline/this, first request | 2009 before/this | "
                      "2009 after/this |", md)
        # cache-on, mean 2 ms: 22.5 times as fast as the study's 45 ms, 200 times its 400.65 ms.
        self.assertIn("| cache-on | ascii | cache-off | 5.0x | 2.0x | 200.3x | 22.5x |", md)
        self.assertNotIn("this/2009", md)
        self.assertEqual(md.count("time_total"), 1, md)
        # The study's own factor is its two figures' ratio, which the table shows.
        self.assertIn("0.40065 s (sd 0.0086) before its patch, 0.045 s (sd 0.00339) after, warm: "
                      "8.9x as fast", md)
        self.assertNotIn("first access", md)  # the study gives no first-access times to compare

    def test_report_names_the_study(self):
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        self.assertIn('F. Baart, "Improving hyrax performance for small data requests", January 2009',
                      (self.root / "report.md").read_text())

    def test_model_rows_are_set_beside_the_study_with_the_difference(self):
        add_model_rows(self.root, [0.40, 0.42, 0.41, 0.41], [0.046, 0.046, 0.047, 0.045])
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        md = (self.root / "report.md").read_text()
        self.assertIn("## The 2009 study from its mechanism", md)
        self.assertIn("| 2009-olfs-model | before: 400.65 | 410.00 | 410.00 | +2.3% | +2.3% | "
                      "5 (expected 5) |", md)
        self.assertIn("| 2009-olfs-model-memoized | after: 45.00 | 46.00 | 46.00 | +2.2% | +2.2% | "
                      "1 (expected 1) |", md)
        self.assertIn("four showInfo and one get", md)
        self.assertNotIn("Outside 10%", md)

    def test_a_model_row_far_from_the_study_is_flagged(self):
        add_model_rows(self.root, [0.20, 0.20], [0.046, 0.046])
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        self.assertIn("Outside 10% of the study in this run: 2009-olfs-model.",
                      (self.root / "report.md").read_text())

    def test_a_model_row_is_split_into_its_bes_conversation_and_the_rest(self):
        add_model_rows(self.root, [0.40, 0.40], [0.050, 0.050])
        # One traced warm request of the memoized model: its get waited 42 ms for a delayed ACK.
        (self.root / "trace" / "2009-olfs-model-memoized.log").write_text(
            trace_line("1", "get", "dods ascii", 30, 30.042, 913))
        with open(self.root / "trace" / "2009-olfs-model-memoized.marks.tsv", "a") as f:
            f.write("ascii\tone\t0\t1\t1\ttrace\n")
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        md = (self.root / "report.md").read_text()
        self.assertIn("| 2009-olfs-model-memoized | after: 45.00 | 50.00 | 50.00 | +11.1% | +11.1% "
                      "| 1 (expected 1) | 42.00 | 8.00 |", md)
        self.assertIn("| 2009-olfs-model | before: 400.65 | 400.00 | 400.00 | -0.2% | -0.2% "
                      "| 5 (expected 5) | - | - |", md)
        self.assertIn("Outside 10% of the study in this run: 2009-olfs-model-memoized.", md)
        self.assertIn("the fastest whole warm request of this run took 2.00 ms", md)
        # The report points at its own section, not at "the run's report.md" (itself).
        self.assertIn("Look at which messages of one request stalled, and by how much, in the "
                      "section \"One request's BES conversation\" below, and at", md)
        self.assertNotIn("the run's report.md", md)
        target = self.root / "published"
        self.assertEqual(run_cli("publish", str(self.root), "--to", str(target)), 0)
        figures = (target / "figures.md").read_text()
        self.assertIn("in that run's own report (`results/<run>/report.md`", figures)
        self.assertEqual(figures.count("time_total"), 1)
        # The published page gives the ratios once, as a table, not again as a list.
        self.assertNotIn("against its baseline, as fast as", figures)

    def test_a_memoized_request_that_did_not_wait_is_explained_from_the_trace(self):
        # Four warm runs of the memoized model, one get each: the second's answer came late
        # (120 ms), and the third request's document was not held for the delayed ACK (8 ms).
        totals = [0.046, 0.125, 0.008, 0.046]
        add_model_rows(self.root, [0.40, 0.40], totals)
        waits = [(44, 46), (44, 120), (0, 7), (44, 45)]
        (self.root / "trace" / "2009-olfs-model-memoized.log").write_text("".join(
            trace_line("1", "get", "dods ascii", 40 + i, 40 + i + total / 1000, 913, request)
            for i, (request, total) in enumerate(waits)))
        (self.root / "trace" / "2009-olfs-model-memoized.marks.tsv").write_text(
            "response\tphase\tfrom\tto\truns\tsource\nascii\twarm\t0\t4\t4\ttrace\n")
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        md = (self.root / "report.md").read_text()
        self.assertIn("- **2009-olfs-model-memoized**, in the trace: 1 of the 4 warm requests did "
                      "not wait: the BES side acknowledged the first segment at once and the document "
                      "went through (the others' was held a median 44.0 ms). They took a median "
                      "8.0 ms (8.0-8.0 ms", md)
        self.assertIn("Each followed an exchange whose answer came late, 120-120 ms after that "
                      "request's first byte (the median exchange took 46 ms).", md)
        self.assertIn("a prompt answer keeps that mode", md)
        # A run where every request waited says so.
        (self.root / "trace" / "2009-olfs-model-memoized.log").write_text("".join(
            trace_line("1", "get", "dods ascii", 40 + i, 40.046 + i, 913, 44) for i in range(4)))
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        self.assertIn("every one of the 4 warm requests waited once, its document held for the "
                      "delayed ACK (median 44.0 ms)", (self.root / "report.md").read_text())

    def test_the_report_opens_with_the_verdict_and_the_verdict_command_prints_it(self):
        add_model_rows(self.root, [0.40, 0.42, 0.41, 0.41], [0.046, 0.050, 0.047, 0.045])
        with open(self.root / "configs.tsv", "a") as f:
            f.write("2009-cache-on\t2009-cache-off\t2009 conditions\thttp://127.0.0.1:5/opendap\n"
                    "response-cache\tcache-off\tboth caches\thttp://127.0.0.1:6/opendap\n")
        write_runs(self.root / "raw" / "2009-cache-on.ascii.txt", [0.0064, 0.0066])
        write_runs(self.root / "raw" / "response-cache.ascii.txt", [0.0046, 0.0044])
        expected = ("Verdict: the model of the 2009 OLFS took 410.0 ms against the study's 400.65 ms "
                    "before its patch (+2.3%) and 47.0 ms against the study's 45.00 ms after its "
                    "patch (+4.4%): within 4.4% of both; this front end answered the same .ascii "
                    "request in 6.5 ms under the 2009 conditions (2009-cache-on: 6.9x as fast as the "
                    "patched OLFS of 2009) and in 4.5 ms as it ships (response-cache).")
        self.assertEqual(report.verdict(study.load(self.root)), expected)
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        md = (self.root / "report.md").read_text()
        self.assertIn(f"**{expected}**", md)
        self.assertLess(md.index("Verdict"), md.index("## Configurations"))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(cli.main(["verdict", str(self.root)]), 0)
        self.assertEqual(out.getvalue(), expected + "\n")

    def test_a_verdict_says_which_rows_the_run_lacks(self):
        self.assertEqual(report.verdict(study.load(self.root)),
                         "Verdict: no row of the 2009 OLFS model in this run (2009-olfs-model and "
                         "2009-olfs-model-memoized need the BES emulator), so no comparison with the "
                         "2009 study's figures; no 2009-cache-on or response-cache row in this run "
                         "for this front end's figure.")
        add_model_rows(self.root, [0.38, 0.38], [0.045])
        (self.root / "raw" / "2009-olfs-model-memoized.ascii.txt").unlink()
        self.assertIn("took 380.0 ms against the study's 400.65 ms before its patch (-5.2%): within "
                      "5.2% of it (2009-olfs-model-memoized was not run);",
                      report.verdict(study.load(self.root)))

    def test_load_above_the_core_count_is_warned_about(self):
        (self.root / "settings.tsv").write_text(
            "key\tvalue\nmachine\t2 cores, openjdk\nload average\t3.50 1.00 0.50 at the start, "
            "0.1 0.1 0.1 at the end (1, 5, 15 min)\n")
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        self.assertIn("**Warning: the 1-minute load average at the start was 3.50 on 2 cores.**",
                      (self.root / "report.md").read_text())
        (self.root / "settings.tsv").write_text(
            "key\tvalue\nmachine\t2 cores, openjdk\nload average\t1.50 1.00 0.50 at the start\n")
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 0)
        self.assertNotIn("Warning", (self.root / "report.md").read_text())

    @unittest.skipUnless(HAVE_MATPLOTLIB, "matplotlib is not installed for this Python")
    def test_publish_copies_table_and_plots(self):
        self.assertEqual(run_cli("report", str(self.root)), 0)
        target = self.root / "published"
        self.assertEqual(run_cli("publish", str(self.root), "--to", str(target)), 0)
        figures = (target / "figures.md").read_text()
        self.assertIn("| cache-on | ascii | 4 | 2.00 |", figures)
        self.assertIn("![Response time per configuration](response-times.png)", figures)
        self.assertTrue((target / "bes-messages.png").exists())

    def test_report_fails_clearly_without_timing_files(self):
        for f in (self.root / "raw").iterdir():
            f.unlink()
        self.assertEqual(run_cli("report", "--no-plots", str(self.root)), 1)


if __name__ == "__main__":
    unittest.main()
