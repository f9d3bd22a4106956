"""The console's skip count against Surefire's and Failsafe's, per module and plugin (scripts/test).

The test-support module's SkipReport prints every skipped case on the console and writes the same
to target/skip-report-<plugin>.txt: the time its run started, the count, the lines. Surefire and
Failsafe count skips in their XML reports (the testsuite's skipped attribute). Both must agree in
every module, or the console says something other than the reports.
"""
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

PLUGINS = ("surefire", "failsafe")


@dataclass(frozen=True)
class Count:
    module: str
    plugin: str
    reports: int  # skipped, summed over the plugin's XML reports of this run
    console: int | None  # the skip report's count; None when it wrote none
    problem: str  # empty when the two agree

    @property
    def ok(self):
        return not self.problem


def report_skips(reports_dir, since_millis):
    """Skipped tests summed over the TEST-*.xml files written at or after since_millis."""
    total = 0
    for xml in sorted(Path(reports_dir).glob("TEST-*.xml")):
        if xml.stat().st_mtime * 1000 < since_millis - 1000:
            continue  # an earlier run's report of a test that did not run this time
        total += int(ElementTree.parse(xml).getroot().get("skipped", "0"))
    return total


def read_skip_report(path):
    """(started millis, count) from a SkipReport file."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return int(lines[0].split()[1]), int(lines[1].split()[1])


def compare(root):
    """One Count per module and plugin that ran tests under root (its target/<plugin>-reports)."""
    counts = []
    for pom in sorted(Path(root).glob("*/pom.xml")):
        module = pom.parent
        for plugin in PLUGINS:
            reports = module / "target" / f"{plugin}-reports"
            if not any(reports.glob("TEST-*.xml")):
                continue
            skip_file = module / "target" / f"skip-report-{plugin}.txt"
            if not skip_file.exists():
                counts.append(Count(module.name, plugin, report_skips(reports, 0), None,
                                    f"no {skip_file.name}: the skip report did not run"))
                continue
            started, console = read_skip_report(skip_file)
            in_reports = report_skips(reports, started)
            problem = "" if console == in_reports else (
                f"the console counted {console}, the {plugin} reports {in_reports}")
            counts.append(Count(module.name, plugin, in_reports, console, problem))
    return counts


def render(counts):
    lines = [f"{'module':<14} {'plugin':<9} {'console':>7} {'reports':>7}  result"]
    for c in counts:
        console = "-" if c.console is None else str(c.console)
        lines.append(f"{c.module:<14} {c.plugin:<9} {console:>7} {c.reports:>7}  "
                     + ("ok" if c.ok else "FAILED: " + c.problem))
    return "\n".join(lines)
