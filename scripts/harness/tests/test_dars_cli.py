"""scripts/dars refuses what it cannot run, at once, before it builds or starts anything."""

import subprocess
import unittest
from pathlib import Path

DARS = Path(__file__).resolve().parents[2] / "dars"


def dars(*args):
    done = subprocess.run([str(DARS), "--no-setup", *args], capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


class DarsCommandLineTest(unittest.TestCase):
    def test_help_names_every_case_and_option(self):
        rc, out, _ = dars("--help")
        self.assertEqual(rc, 0)
        for word in ("meta-das", "slice", "large", "fastpath-no-data-cache", "--quick", "--bes-get-ms",
                     "--also NAME=URL", "--make-data DIR", "--rate-cap"):
            self.assertIn(word, out)

    def test_an_unknown_argument_is_named(self):
        rc, _, err = dars("--frobnicate")
        self.assertEqual(rc, 2)
        self.assertIn("unknown argument '--frobnicate'", err)

    def test_bad_values_are_refused_before_anything_starts(self):
        for args, message in (
                (("--rate-fraction", "2"), "--rate-fraction was '2'"),
                (("--rate-fraction", "0"), "--rate-fraction was '0'"),
                (("--duration", "20s"), "--duration was '20s', must be a whole number"),
                (("--runs", "0"), "must be at least 1"),
                (("--bes", "bes-without-port"), "--bes was 'bes-without-port', must be HOST:PORT"),
                (("--bes-socket", "/nonexistent/bes.sock"), "is not a Unix socket"),
                (("--bes", "127.0.0.1:1", "--bes-get-ms", "300"), "are for the emulator, not for a real BES"),
                (("--also", "olfs"), "--also was 'olfs', must be NAME=http://...")):
            rc, _, err = dars(*args)
            self.assertNotEqual(rc, 0, args)
            self.assertIn(message, err, args)
            self.assertNotIn("results go to", err, f"{args}: refused only after it had begun")

    def test_an_option_given_as_name_equals_value_is_read(self):
        rc, _, err = dars("--rate-fraction=3")
        self.assertNotEqual(rc, 0)
        self.assertIn("--rate-fraction was '3'", err)


if __name__ == "__main__":
    unittest.main()
