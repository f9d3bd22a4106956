"""scripts/cluster's reading of nginx's access log, the status documents and the run's events."""

import json
import tempfile
import unittest
from pathlib import Path

from harness import cluster

FE1, FE2 = "127.0.0.1:8001", "127.0.0.1:8002"
BES1, BES2 = "127.0.0.1:10022", "127.0.0.1:10023"
T0 = 1_700_000_000.0


def line(t, status, upstreams, upstream_statuses, uri="/opendap/a.nc.das", seconds=0.001):
    return f"{T0 + t:.3f}\t{status}\t{seconds:.3f}\t{upstreams}\t{upstream_statuses}\t0.001\t{uri}\n"


def status_doc(*members):
    """A status document with one / group of BES (address, ejected, requests, failures)."""
    return {"frontEnd": {"requests": 1}, "groups": [{"prefix": "/", "bes": [
        {"bes": address, "ejected": ejected, "inFlight": 0, "requests": requests,
         "connectFailures": failures, "ioFailures": 0, "timeouts": 0, "exhausted": 0,
         "streamFailures": 0} for address, ejected, requests, failures in members]}]}


EVENTS = [(0, "load-start", "all"), (10, "stop", "bes2"), (10.2, "stop", "fe2"), (20, "start", "bes2"),
          (20, "start", "fe2"), (20.6, "listening", "bes2"), (30, "listening", "fe2"),
          (24, "recovered", "bes2"), (32, "recovered", "fe2"), (33, "everywhere", "bes2"),
          (33.5, "after", "all"), (53.5, "load-end", "all")]
COMPONENTS = [("bes", "bes1", BES1, "no"), ("bes", "bes2", BES2, "yes"),
              ("frontend", "fe1", FE1, "no"), ("frontend", "fe2", FE2, "yes"),
              ("nginx", "nginx", "127.0.0.1:8080", "no")]


def folder_with(d, log_lines, end_statuses=None, recovered_statuses=None, leftovers=(0, 0)):
    d = Path(d)
    (d / "nginx" / "logs").mkdir(parents=True)
    (d / "status").mkdir()
    (d / "nginx" / "logs" / "access.log").write_text("".join(log_lines))
    (d / "events.tsv").write_text("".join(f"{T0 + t:.6f}\t{e}\t{s}\n" for t, e, s in EVENTS))
    (d / "components.tsv").write_text("".join("\t".join(c) + "\n" for c in COMPONENTS))
    (d / "leftovers.tsv").write_text(f"processes left running\t{leftovers[0]}\nports left listening\t{leftovers[1]}\n")
    recovered = recovered_statuses or {"fe1": status_doc((BES1, False, 100, 0), (BES2, False, 50, 9)),
                                       "fe2": status_doc((BES1, False, 5, 0), (BES2, False, 5, 0))}
    end = end_statuses or {"fe1": status_doc((BES1, False, 200, 0), (BES2, False, 150, 9)),
                           "fe2": status_doc((BES1, False, 80, 0), (BES2, False, 90, 0))}
    for name, doc in recovered.items():
        (d / "status" / f"{name}.recovered.json").write_text(json.dumps(doc))
    for name, doc in end.items():
        (d / "status" / f"{name}.end.json").write_text(json.dumps(doc))
    return d


def healthy_log():
    lines = []
    for i in range(100):  # before: both front ends, 10 per second
        lines.append(line(i * 0.1, 200, FE1 if i % 2 else FE2, "200"))
    lines.append(line(10.1, 200, f"{FE2}, {FE1}", "502, 200"))  # fe2 refused, nginx went on to fe1
    for i in range(200):  # down and restarting: fe1 alone
        lines.append(line(10.5 + i * 0.1, 200, FE1, "200"))
    lines.append(line(32, 200, FE2, "200"))
    for i in range(200):  # after
        lines.append(line(33.55 + i * 0.1, 200, FE1 if i % 2 else FE2, "200"))
    return lines


class AccessLogTest(unittest.TestCase):
    def test_a_request_that_failed_over_lists_every_front_end_tried(self):
        r = cluster.parse_request(line(1.5, 200, f"{FE2}, {FE1}", "502, 200", "/opendap/x.nc.dods?a"))
        self.assertEqual(r.upstreams, (FE2, FE1))
        self.assertEqual(r.upstream_statuses, ("502", "200"))
        self.assertEqual(r.front_end, FE1)
        self.assertTrue(r.failed_over)
        self.assertEqual(r.uri, "/opendap/x.nc.dods?a")
        self.assertAlmostEqual(r.t, T0 + 1.5)

    def test_an_answer_of_nginx_itself_has_no_front_end(self):
        r = cluster.parse_request(line(1, 502, "opendap", "-"))
        self.assertIsNone(r.front_end)
        self.assertFalse(r.failed_over)

    def test_a_line_of_another_format_is_named(self):
        with self.assertRaisesRegex(ValueError, "7 tab-separated fields"):
            cluster.parse_request("127.0.0.1 - - [date] GET /")

    def test_the_log_format_has_the_fields_the_parser_reads(self):
        self.assertEqual(cluster.LOG_FORMAT.split("\\t")[:5],
                         ["$msec", "$status", "$request_time", "$upstream_addr", "$upstream_status"])
        self.assertEqual(len(cluster.LOG_FORMAT.split("\\t")), 7)

    def test_a_log_being_written_is_read_up_to_its_last_whole_line(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "access.log"
            path.write_text(line(1, 200, FE1, "200") + line(2, 200, FE2, "200")[:10])
            first, offset = cluster.read_access_log(path)
            self.assertEqual(len(first), 1)
            with open(path, "a") as f:
                f.write(line(2, 200, FE2, "200")[10:])
            second, _ = cluster.read_access_log(path, offset)
        self.assertEqual([r.front_end for r in second], [FE2])

    def test_first_success_through_a_front_end_after_its_start(self):
        requests = [cluster.parse_request(x) for x in (
            line(1, 200, FE2, "200"), line(5, 502, f"{FE2}, {FE1}", "502, 502"),
            line(6, 200, f"{FE2}, {FE1}", "502, 200"), line(7, 304, FE2, "304"))]
        self.assertEqual(cluster.first_success_through(requests, FE2, T0 + 2), T0 + 7)
        self.assertIsNone(cluster.first_success_through(requests, FE2, T0 + 8))


class BesRecoveryTest(unittest.TestCase):
    def test_back_once_every_front_end_answered_with_it_in_service(self):
        watch = cluster.BesRecovery(BES2)
        self.assertFalse(watch.observe(1, {"fe1": status_doc((BES2, True, 40, 3)), "fe2": None}))
        self.assertFalse(watch.observe(2, {"fe1": status_doc((BES2, False, 41, 3)), "fe2": None}))
        self.assertEqual(watch.first_success, 2)
        # fe2 is a new Tomcat: its commands count from zero.
        self.assertFalse(watch.observe(3, {"fe1": status_doc((BES2, False, 60, 3)),
                                           "fe2": status_doc((BES2, True, 0, 0))}))
        self.assertTrue(watch.observe(4, {"fe1": status_doc((BES2, False, 70, 3)),
                                          "fe2": status_doc((BES2, False, 2, 0))}))
        self.assertEqual((watch.first_success, watch.everywhere), (2, 4))

    def test_failed_commands_are_not_successes(self):
        watch = cluster.BesRecovery(BES2)
        watch.observe(1, {"fe1": status_doc((BES2, False, 40, 3))})
        self.assertFalse(watch.observe(2, {"fe1": status_doc((BES2, False, 45, 8))}))
        self.assertIsNone(watch.first_success)

    def test_counters_that_went_down_are_a_new_front_end(self):
        watch = cluster.BesRecovery(BES2)
        watch.observe(1, {"fe1": status_doc((BES2, False, 400, 0))})
        self.assertTrue(watch.observe(2, {"fe1": status_doc((BES2, False, 3, 0))}))


class ReportTest(unittest.TestCase):
    def test_windows_table_and_recovery_of_a_healthy_run(self):
        with tempfile.TemporaryDirectory() as d:
            folder_with(d, healthy_log())
            markdown, found = cluster.write(d)
            tsv = (Path(d) / "cluster.tsv").read_text().splitlines()
            recovery = (Path(d) / "recovery.tsv").read_text().splitlines()
            checks_tsv = (Path(d) / "checks.tsv").read_text()
        self.assertTrue(all(c.ok for c in found), markdown)
        self.assertEqual(tsv[0].split("\t")[:4], ["window", "seconds", "requests", "requests_per_s"])
        header = tsv[0].split("\t")
        rows = {r.split("\t")[0]: dict(zip(header, r.split("\t"))) for r in tsv[1:]}
        self.assertEqual(rows["before"]["requests"], "100")
        self.assertEqual(rows["before"]["seconds"], "10.0")
        self.assertEqual(rows["down"]["failed_over"], "1")
        self.assertEqual(rows["down"]["server_errors"], "0")
        self.assertEqual(rows["after"]["requests"], "200")
        self.assertIn("| after | 20.0 | 200 | 10 | 200: 200 | 0 | fe1: 100, fe2: 100 |", markdown)
        self.assertEqual(recovery[0].split("\t")[:3], ["component", "kind", "address"])
        self.assertIn("| bes2 (bes 127.0.0.1:10023) | 10.00 | 10.00 | 0.60 | 3.40 | 4.00 | 13.00 |", markdown)
        self.assertIn("| fe2 (frontend 127.0.0.1:8002) | 10.20 | 9.80 | 10.00 | 2.00 | 12.00 | - |", markdown)
        self.assertNotIn("FAILED", checks_tsv)

    def test_a_5xx_outside_the_window_fails(self):
        with tempfile.TemporaryDirectory() as d:
            folder_with(d, healthy_log() + [line(40, 503, f"{FE1}, {FE2}", "503, 503")])
            _, found = cluster.write(d)
        failed = {c.name for c in found if not c.ok}
        self.assertEqual(failed, {"5xx answers outside the window from the first stop to the recovery"})

    def test_a_5xx_in_the_window_fails_only_when_it_never_tried_the_stopped_front_end(self):
        with tempfile.TemporaryDirectory() as d:
            folder_with(d, healthy_log() + [line(12, 502, f"{FE2}, {FE1}", "502, 502"),
                                            line(13, 503, FE1, "503")])
            _, found = cluster.write(d)
        by_name = {c.name: c for c in found}
        self.assertTrue(by_name["5xx answers outside the window from the first stop to the recovery"].ok)
        self.assertEqual(by_name["5xx answers that tried no stopped front end"].actual, "1")

    def test_a_bes_without_commands_after_the_recovery_fails(self):
        recovered = {"fe1": status_doc((BES1, False, 100, 0), (BES2, True, 50, 9))}
        end = {"fe1": status_doc((BES1, False, 300, 0), (BES2, True, 50, 9))}
        with tempfile.TemporaryDirectory() as d:
            folder_with(d, healthy_log(), end, recovered)
            _, found = cluster.write(d)
        failed = {c.name for c in found if not c.ok}
        self.assertEqual(failed, {"bes2: commands answered after the recovery (all front ends)"})

    def test_a_front_end_without_answers_after_the_recovery_and_leftovers_fail(self):
        log = [x for x in healthy_log() if not (FE2 in x and float(x.split("\t")[0]) > T0 + 33)]
        with tempfile.TemporaryDirectory() as d:
            folder_with(d, log, leftovers=(1, 2))
            _, found = cluster.write(d)
        failed = {c.name for c in found if not c.ok}
        self.assertEqual(failed, {"fe2: answers through nginx after the recovery",
                                  "processes left running", "ports left listening"})

    def test_a_component_that_never_recovered_fails(self):
        global EVENTS
        kept = EVENTS
        EVENTS = [e for e in EVENTS if not (e[1] == "recovered" and e[2] == "fe2")]
        try:
            with tempfile.TemporaryDirectory() as d:
                folder_with(d, healthy_log())
                _, found = cluster.write(d)
        finally:
            EVENTS = kept
        self.assertEqual({c.name for c in found if not c.ok}, {"fe2 recovered (1 = yes)"})

    def test_the_regression_check_takes_the_checks_of_a_cluster_folder(self):
        import contextlib
        import io
        from harness import __main__ as cli
        with tempfile.TemporaryDirectory() as d:
            folder_with(d, healthy_log() + [line(40, 503, FE1, "503"), line(41, 200, FE2, "200")])
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                rc = cli.main(["check", "--cluster", d])
        self.assertEqual(rc, 1)
        self.assertIn("cluster: 5xx answers outside the window from the first stop to the recovery", printed.getvalue())
        self.assertRegex(printed.getvalue(), r"cluster: fe2: answers through nginx after the recovery +>= 1 +101 +ok")
        self.assertIn("8 of 10 checks held, 2 FAILED", printed.getvalue())

    def test_events_without_a_stop_are_refused(self):
        with self.assertRaisesRegex(ValueError, "load-start, stop, start and load-end"):
            cluster.windows([(1.0, "load-start", "all"), (2.0, "load-end", "all")])


if __name__ == "__main__":
    unittest.main()
