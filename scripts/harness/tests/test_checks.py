import tempfile
import unittest
from pathlib import Path

from harness import checks

SUMMARY_HEADER = ("configuration,response,runs,mean_s,sd_s,p50_s,p90_s,max_s,first_s,"
                  "bes_messages_first,bes_messages_per_warm_request,speedup_vs_baseline_warm,"
                  "speedup_vs_baseline_p50,speedup_vs_baseline_first,speedup_vs_2009_before,speedup_vs_2009_after\n")


def summary(folder, rows):
    """rows: (configuration, BES messages per warm request, speed-up of the median[, median in s])."""
    Path(folder, "summary.csv").write_text(SUMMARY_HEADER + "".join(
        f"{c},ascii,10,0.01,0.001,{p50},0.01,0.01,0.1,2,{warm},,{speedup},,40,0.2\n"
        for c, warm, speedup, p50 in (row if len(row) == 4 else (*row, 0.01) for row in rows)))


class ChecksTest(unittest.TestCase):
    def test_passes_when_messages_and_ratios_hold(self):
        with tempfile.TemporaryDirectory() as d:
            summary(d, [("2009-delay-cache-off", 2, "", 0.050), ("2009-delay-cache-on", 1, 5.0, 0.010),
                        ("2009-cache-off", 2, ""), ("2009-cache-on", 1, 1.9)])
            found = checks.study_checks(d)
        self.assertEqual(len(found), 6)
        self.assertTrue(all(c.ok for c in found), checks.render(found))

    def test_fails_on_an_extra_message_or_a_lost_gain(self):
        with tempfile.TemporaryDirectory() as d:
            summary(d, [("2009-delay-cache-off", 2, "", 0.050), ("2009-delay-cache-on", 2, 1.7, 0.030),
                        ("2009-cache-off", 2, ""), ("2009-cache-on", 1, 1.2)])
            found = {c.name: c for c in checks.study_checks(d)}
        self.assertFalse(found["2009-delay-cache-on ascii: BES messages per warm request"].ok)
        saved = found["2009-delay-cache-on: median Total_time saved against its cache-off (ms)"]
        self.assertEqual((saved.ok, saved.actual), (False, "20.00"))
        ratio = found["2009-cache-on: median Total_time speed-up against its cache-off"]
        self.assertEqual((ratio.ok, ratio.actual), (False, "1.20"))
        self.assertIn("FAILED", checks.render(list(found.values())))

    def test_a_loaded_machine_that_slows_both_medians_alike_still_passes(self):
        # The CI run that shrank the ratio to 4.46: 56.3 ms cache off, 12.6 ms cache on.
        with tempfile.TemporaryDirectory() as d:
            summary(d, [("2009-delay-cache-off", 2, "", 0.0563), ("2009-delay-cache-on", 1, 4.46, 0.0126)])
            found = {c.name: c for c in checks.study_checks(d)}
        saved = found["2009-delay-cache-on: median Total_time saved against its cache-off (ms)"]
        self.assertEqual((saved.ok, saved.actual), (True, "43.70"))

    def test_a_missing_cache_off_median_fails_the_delay_check(self):
        with tempfile.TemporaryDirectory() as d:
            summary(d, [("2009-delay-cache-on", 1, "", 0.010)])
            found = {c.name: c for c in checks.study_checks(d)}
        saved = found["2009-delay-cache-on: median Total_time saved against its cache-off (ms)"]
        self.assertEqual((saved.ok, saved.actual), (False, "missing"))

    def test_the_response_cache_sends_no_message_for_a_warm_small_answer(self):
        with tempfile.TemporaryDirectory() as d:
            summary(d, [("response-cache", 0, "")])
            found = {c.name: c for c in checks.study_checks(d)}
        self.assertEqual(found["response-cache ascii: BES messages per warm request"].expected, "= 0")
        self.assertTrue(all(c.ok for c in found.values()), checks.render(list(found.values())))

    def test_the_2009_olfs_model_sends_five_messages_and_memoized_one(self):
        with tempfile.TemporaryDirectory() as d:
            summary(d, [("2009-olfs-model", 5, ""), ("2009-olfs-model-memoized", 1, 8.0)])
            found = {c.name: c for c in checks.study_checks(d)}
        self.assertEqual(found["2009-olfs-model ascii: BES messages per warm request"].expected, "= 5")
        self.assertTrue(all(c.ok for c in found.values()), checks.render(list(found.values())))
        with tempfile.TemporaryDirectory() as d:
            summary(d, [("2009-olfs-model", 2, ""), ("2009-olfs-model-memoized", 2, 8.0)])
            found = checks.study_checks(d)
        self.assertEqual([c.ok for c in found], [False, False])

    def test_recorded_checks_compare_exactly(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d, "checks.tsv")
            path.write_text("warm\t1\t1\ncold\t2\t3\n304\t0\t\n")
            found = checks.read_checks(path)
        self.assertEqual([c.ok for c in found], [True, False, False])
        self.assertEqual(found[2].actual, "missing")
        self.assertTrue(checks.render(found).endswith("1 of 3 checks held, 2 FAILED"))


def wars(folder, jakarta, javax):
    """A keepalive-timing --json file: medians per path of each WAR."""
    import json
    path = Path(folder, "wars.json")
    path.write_text(json.dumps({"warmup": 1, "rounds": 1, "fronts": {
        "jakarta": {p: {"median_ms": m, "p90_ms": m} for p, m in jakarta.items()},
        "javax": {p: {"median_ms": m, "p90_ms": m} for p, m in javax.items()}}}))
    return path


class WarsChecksTest(unittest.TestCase):
    def test_medians_within_noise_either_way_pass(self):
        with tempfile.TemporaryDirectory() as d:
            found = checks.wars_checks(wars(d, {"/a.das": 0.40, "/a.ascii": 1.0},
                                            {"/a.das": 0.52, "/a.ascii": 0.8}))
        self.assertEqual([c.ok for c in found], [True, True])
        self.assertEqual(found[1].actual, "1.30")

    def test_a_javax_war_much_slower_or_faster_fails(self):
        with tempfile.TemporaryDirectory() as d:
            found = checks.wars_checks(wars(d, {"/a.das": 0.40, "/a.ascii": 1.0},
                                            {"/a.das": 0.20, "/a.ascii": 1.6}))
        self.assertEqual([c.ok for c in found], [False, False])

    def test_a_path_timed_for_one_war_only_fails(self):
        with tempfile.TemporaryDirectory() as d:
            found = checks.wars_checks(wars(d, {"/a.das": 0.40}, {}))
        self.assertEqual([(c.ok, c.actual) for c in found], [(False, "missing")])


if __name__ == "__main__":
    unittest.main()
