import json
import os
import tempfile
import unittest
from pathlib import Path

from harness import gatling


def stats_json(requests):
    """js/stats.json as Gatling 3.13 writes it: a group of all requests, one entry per request
    name, percentiles1..4 as gatling.conf asks (50, 90, 99, 99.9)."""
    def stats(name, total, ko, p):
        def tok(v):
            return {"total": v, "ok": v, "ko": 0}
        return {"name": name, "numberOfRequests": {"total": total, "ok": total - ko, "ko": ko},
                "minResponseTime": tok(1), "maxResponseTime": tok(p[3] + 5),
                "meanResponseTime": tok(p[0] + 1), "standardDeviation": tok(2),
                "percentiles1": tok(p[0]), "percentiles2": tok(p[1]), "percentiles3": tok(p[2]),
                "percentiles4": tok(p[3])}
    contents = {f"req_{i}": {"type": "REQUEST", "name": name, "path": name, "pathFormatted": f"req_{i}",
                             "stats": stats(name, total, ko, p)}
                for i, (name, total, ko, p) in enumerate(requests)}
    return {"type": "GROUP", "name": "All Requests", "path": "", "pathFormatted": "group_missing-name",
            "stats": stats("All Requests", sum(r[1] for r in requests), 0, (1, 2, 3, 4)),
            "contents": contents}


class PlanTest(unittest.TestCase):
    def test_a_step_lasts_long_enough_for_its_fewest_requests(self):
        self.assertEqual(gatling.step_seconds(100.0, 20, 2), 20.0)
        self.assertEqual(gatling.step_seconds(0.25, 3, 2), 8.0)
        self.assertEqual(gatling.step_seconds(0.3, 3, 1), 3.4)
        with self.assertRaises(ValueError):
            gatling.step_seconds(0, 3, 1)

    def test_writes_and_reads_a_plan(self):
        steps = [gatling.Step("fastpath/slice", "http://127.0.0.1:1/opendap/a.nc.dods?data%5B0%5D", 16.5, 20),
                 gatling.Step("fastpath/large", "http://127.0.0.1:1/opendap/a.nc.dods", 0.2345678, 10)]
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "plan.tsv"
            gatling.write_plan(path, steps)
            self.assertEqual(path.read_text().splitlines()[1],
                             "fastpath/large\thttp://127.0.0.1:1/opendap/a.nc.dods\t0.234568\t10")
            back = gatling.read_plan(path)
        self.assertEqual([s.name for s in back], ["fastpath/slice", "fastpath/large"])
        self.assertAlmostEqual(back[1].rate, 0.234568)

    def test_a_field_with_a_tab_is_refused(self):
        with tempfile.TemporaryDirectory() as d, self.assertRaisesRegex(ValueError, "tab or newline"):
            gatling.write_plan(Path(d) / "p", [gatling.Step("a\tb", "http://x", 1, 1)])


class StatsTest(unittest.TestCase):
    def test_reads_each_request_names_counts_and_percentiles_from_the_newest_run(self):
        with tempfile.TemporaryDirectory() as d:
            old = Path(d) / "constantrate-1" / "js"
            new = Path(d) / "constantrate-2" / "js"
            for folder in (old, new):
                folder.mkdir(parents=True)
            (old / "stats.json").write_text(json.dumps(stats_json([("old/x", 1, 0, (9, 9, 9, 9))])))
            (new / "stats.json").write_text(json.dumps(stats_json(
                [("fastpath/meta-das", 1000, 0, (0, 1, 3, 12)), ("fastpath/large", 4, 1, (900, 1500, 2100, 2100))])))
            os.utime(old / "stats.json", (1, 1))
            found = gatling.read_stats(d)
        self.assertEqual(set(found), {"fastpath/meta-das", "fastpath/large"})
        large = found["fastpath/large"]
        self.assertEqual((large.requests, large.ok, large.errors), (4, 3, 1))
        self.assertEqual(large.percentiles_ms, {50.0: 900.0, 90.0: 1500.0, 99.0: 2100.0, 99.9: 2100.0})
        self.assertEqual(found["fastpath/meta-das"].percentiles_ms[99.9], 12.0)

    def test_no_run_has_no_statistics(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertEqual(gatling.read_stats(d), {})

    def test_reads_the_step_starts_among_gatlings_output(self):
        with tempfile.TemporaryDirectory() as d:
            out = Path(d) / "g.out"
            out.write_text("Simulation started...\ndars-step\tfastpath/meta-das\t1700000000123\n"
                           "---- Requests ---\ndars-step\tfastpath/slice\t1700000004000\n")
            self.assertEqual(gatling.read_step_starts(out),
                             [("fastpath/meta-das", 1700000000.123), ("fastpath/slice", 1700000004.0)])
            self.assertEqual(gatling.read_step_starts(Path(d) / "missing"), [])


if __name__ == "__main__":
    unittest.main()
