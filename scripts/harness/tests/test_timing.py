import tempfile
import unittest
from pathlib import Path

from harness import timing


class TimingTest(unittest.TestCase):
    def test_reads_curl_timing_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "t.txt"
            path.write_text(timing.HEADER + "\n0.1;0.2;0.3;0.4;0.5\n0.01;0.02;0.03;0.04;0.05\n")
            runs = timing.read_runs(path)
        self.assertEqual([r.total for r in runs], [0.5, 0.05])
        self.assertEqual(runs[0], timing.Run(0.1, 0.2, 0.3, 0.4, 0.5))

    def test_wrong_header_names_file_and_header(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "t.txt"
            path.write_text("a;b\n1;2\n")
            with self.assertRaisesRegex(ValueError, r"t\.txt: expected the header .* but was 'a;b'"):
                timing.read_runs(path)

    def test_short_line_names_line_number(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "t.txt"
            path.write_text(timing.HEADER + "\n1;2;3;4;5\n1;2;3\n")
            with self.assertRaisesRegex(ValueError, r"t\.txt:3: expected 5 fields but was 3"):
                timing.read_runs(path)

    def test_summary_matches_hand_computed_values(self):
        s = timing.summarize([1.0, 2.0, 3.0, 4.0, 10.0])
        self.assertEqual(s.n, 5)
        self.assertAlmostEqual(s.mean, 4.0)
        self.assertAlmostEqual(s.sd, (sum((v - 4.0) ** 2 for v in [1, 2, 3, 4, 10]) / 4) ** 0.5)
        self.assertAlmostEqual(s.p50, 3.0)
        self.assertAlmostEqual(s.p90, 7.6)  # 4 + (10 - 4) * 0.6, numpy's linear rule
        self.assertEqual(s.max, 10.0)

    def test_single_value_has_zero_sd(self):
        s = timing.summarize([0.25])
        self.assertEqual((s.mean, s.sd, s.p50, s.p90, s.max), (0.25, 0.0, 0.25, 0.25, 0.25))

    def test_percentile_rejects_out_of_range_fraction(self):
        with self.assertRaisesRegex(ValueError, "fraction was 1.5"):
            timing.percentile([1.0], 1.5)

    def test_summarize_rejects_empty(self):
        with self.assertRaises(ValueError):
            timing.summarize([])


if __name__ == "__main__":
    unittest.main()
