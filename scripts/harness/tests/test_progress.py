"""Maven's downloads summed up for the console (scripts/test)."""

import unittest

from harness import progress


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class MavenProgressTest(unittest.TestCase):
    def test_transfer_lines_become_a_summary_every_few_seconds_and_a_total(self):
        clock = Clock()
        out = []

        def lines():
            yield "[INFO] Scanning for projects...\n"
            yield "Downloading from central: https://repo.maven.apache.org/maven2/a/a.pom\n"
            yield "Downloaded from central: https://repo.maven.apache.org/maven2/a/a.pom (2.6 kB at 120 kB/s)\n"
            clock.now += 2
            yield ("Downloaded from central: https://repo.maven.apache.org/maven2/org/apache/tomcat/"
                   "tomcat/11.0.24/tomcat-11.0.24.tar.gz (13 MB at 5.1 MB/s)\n")
            clock.now += 4
            yield "Downloaded from central: https://repo.maven.apache.org/maven2/b/b.jar (512 B at 1 kB/s)\n"
            yield "[INFO] BUILD SUCCESS\n"
            clock.now += 60

        files, total = progress.filter_maven(lines(), out.append, clock=clock)
        self.assertEqual((files, round(total)), (3, 13_003_112))
        self.assertEqual(out, [
            "[INFO] Scanning for projects...\n",
            "test [0:00]: Maven has downloaded 1 file, 0.0 MB so far (the largest lately: a.pom, 0.0 MB)\n",
            "test [0:06]: Maven has downloaded 3 files, 13.0 MB so far (the largest lately: "
            "tomcat-11.0.24.tar.gz, 13.0 MB)\n",
            "[INFO] BUILD SUCCESS\n",
            "test [1:06]: Maven downloaded 3 files, 13.0 MB in all, the last at 0:06\n"])

    def test_the_lines_go_on_from_the_calling_scripts_clock(self):
        # scripts/test said "test [2:05]: mvn verify ..." before Maven started: its lines carry on
        # from 2:05 under the same prefix, not from 0:00.
        clock = Clock()
        out = []

        def lines():
            clock.now += 3
            yield "Downloaded from central: https://repo.maven.apache.org/maven2/a/a.jar (1.0 MB at 1 MB/s)\n"
            clock.now += 10

        progress.filter_maven(lines(), out.append, clock=clock, since=125)
        self.assertEqual(out, [
            "test [2:08]: Maven has downloaded 1 file, 1.0 MB so far (the largest lately: a.jar, 1.0 MB)\n",
            "test [2:18]: Maven downloaded 1 file, 1.0 MB in all, the last at 2:08\n"])

    def test_with_problems_only_the_info_lines_are_left_out(self):
        out = []
        progress.filter_maven(["[INFO] Building tools\n", "[WARNING] deprecated\n",
                               "[ERROR] Failed to execute goal\n"], out.append, clock=Clock(),
                              problems_only=True)
        self.assertEqual(out, ["[WARNING] deprecated\n", "[ERROR] Failed to execute goal\n"])

    def test_a_build_that_downloads_nothing_is_passed_on_as_it_is(self):
        out = []
        progress.filter_maven(["[INFO] BUILD SUCCESS\n"], out.append, clock=Clock())
        self.assertEqual(out, ["[INFO] BUILD SUCCESS\n"])


if __name__ == "__main__":
    unittest.main()
