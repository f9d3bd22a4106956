import os
import tempfile
import time
import unittest
from pathlib import Path

from harness import skips


def module(root, name, plugin, skipped_per_report, console=None, started=None):
    """A module folder with a pom, the plugin's reports, and the skip report's file."""
    folder = Path(root, name)
    reports = folder / "target" / f"{plugin}-reports"
    reports.mkdir(parents=True, exist_ok=True)
    (folder / "pom.xml").write_text("<project/>")
    for i, skipped in enumerate(skipped_per_report):
        (reports / f"TEST-T{i}.xml").write_text(
            f'<testsuite name="T{i}" tests="3" skipped="{skipped}" failures="0" errors="0"/>')
    if console is not None:
        started = int(time.time() * 1000) - 5000 if started is None else started
        (folder / "target" / f"skip-report-{plugin}.txt").write_text(
            f"started {started}\nskipped {console}\n" + "".join(
                f"SKIPPED T > t{i}(): why\n" for i in range(console)))
    return reports


class SkipCountsTest(unittest.TestCase):
    def test_agreeing_counts_pass_per_module_and_plugin(self):
        with tempfile.TemporaryDirectory() as root:
            module(root, "tools", "surefire", [2, 0, 2], console=4)
            module(root, "webapp", "failsafe", [0], console=0)
            counts = skips.compare(root)
        self.assertEqual([(c.module, c.plugin, c.console, c.reports, c.ok) for c in counts],
                         [("tools", "surefire", 4, 4, True), ("webapp", "failsafe", 0, 0, True)])

    def test_a_disagreement_fails_and_says_both(self):
        with tempfile.TemporaryDirectory() as root:
            module(root, "frontend", "surefire", [3, 11], console=14)
            module(root, "frontend", "failsafe", [1], console=0)
            counts = skips.compare(root)
        self.assertEqual([c.ok for c in counts], [True, False])
        self.assertIn("the console counted 0, the failsafe reports 1", skips.render(counts))

    def test_a_module_whose_skip_report_never_ran_fails(self):
        with tempfile.TemporaryDirectory() as root:
            module(root, "ppt", "surefire", [0])
            counts = skips.compare(root)
        self.assertFalse(counts[0].ok)
        self.assertIn("did not run", counts[0].problem)

    def test_an_earlier_runs_report_is_not_counted(self):
        with tempfile.TemporaryDirectory() as root:
            reports = module(root, "tools", "surefire", [1, 2], console=2)
            old = reports / "TEST-T0.xml"
            an_hour_ago = time.time() - 3600
            os.utime(old, (an_hour_ago, an_hour_ago))
            counts = skips.compare(root)
        self.assertEqual((counts[0].reports, counts[0].ok), (2, True))


if __name__ == "__main__":
    unittest.main()
