import unittest

from harness import keepalive


class ParseTest(unittest.TestCase):
    def test_defaults_and_paths(self):
        options, targets, paths = keepalive.parse(["a=http://h:1/opendap"])
        self.assertEqual(options, {"warmup": 3000, "rounds": 1000, "json": None})
        self.assertEqual(targets, ["a=http://h:1/opendap"])
        self.assertEqual(paths, keepalive.DEFAULT_PATHS)

    def test_options_before_the_targets_and_paths_after_the_dashes(self):
        options, targets, paths = keepalive.parse(
            ["--warmup", "10", "--rounds=20", "--json", "out.json", "a=http://h:1/x", "b=http://h:2/x",
             "--", "/p.das"])
        self.assertEqual(options, {"warmup": 10, "rounds": 20, "json": "out.json"})
        self.assertEqual(targets, ["a=http://h:1/x", "b=http://h:2/x"])
        self.assertEqual(paths, ["/p.das"])

    def test_bad_options_are_refused_naming_them(self):
        for argv, said in ((["--rounds", "0", "a=http://h:1/x"], "--rounds was '0'"),
                           (["--warmup", "many", "a=http://h:1/x"], "--warmup was 'many'"),
                           (["--fast", "a=http://h:1/x"], "unknown option --fast"),
                           (["--json"], "--json needs a value"),
                           ([], "usage:")):
            with self.assertRaises(SystemExit) as e:
                keepalive.parse(argv)
            self.assertIn(said, str(e.exception))


if __name__ == "__main__":
    unittest.main()
