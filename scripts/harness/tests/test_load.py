import json
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from harness import counts, load

WRK_OK = """Running 2s test @ http://127.0.0.1:18765/a.txt
  2 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     9.13ms   13.59ms 120.10ms   94.31%
    Req/Sec   428.58    180.09   777.00     67.50%
  Latency Distribution
     50%    6.00ms
     75%    7.82ms
     90%   11.41ms
     99%   84.73ms
  1707 requests in 2.00s, 313.58KB read
Requests/sec:    851.69
Transfer/sec:    156.45KB
"""

WRK_ERRORS = """Running 1s test @ http://127.0.0.1:1/x
  2 threads and 1024 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   250.00us   10.00us   1.20s    90.00%
    Req/Sec     4.10k   100.00     5.00k    70.00%
  Latency Distribution
     50%  240.00us
     75%  260.00us
     90%  300.00us
     99%    1.10s
  8200 requests in 1.00s, 1.00MB read
  Socket errors: connect 3, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 7
Requests/sec:   8200.00
Transfer/sec:      1.00MB
"""


class WrkParseTest(unittest.TestCase):
    def test_parses_rate_latency_and_percentiles(self):
        r = load.parse_wrk(WRK_OK)
        self.assertEqual(r.requests, 1707)
        self.assertAlmostEqual(r.requests_per_s, 851.69)
        self.assertAlmostEqual(r.latency_mean_s, 0.00913)
        self.assertAlmostEqual(r.latency_max_s, 0.1201)
        self.assertAlmostEqual(r.percentiles[99.0], 0.08473)
        self.assertEqual(r.errors, 0)
        self.assertFalse(r.steady)  # 180 of 428 per thread: not a constant rate

    def test_counts_socket_errors_non_2xx_and_units(self):
        r = load.parse_wrk(WRK_ERRORS)
        self.assertEqual(r.socket_errors, {"connect": 3, "read": 2, "write": 0, "timeout": 1})
        self.assertEqual(r.non_2xx_3xx, 7)
        self.assertEqual(r.errors, 13)
        self.assertAlmostEqual(r.percentiles[50.0], 0.00024)
        self.assertAlmostEqual(r.percentiles[99.0], 1.1)
        self.assertAlmostEqual(r.thread_rate_mean, 4100.0)
        self.assertTrue(r.steady)

    def test_bytes_read_in_binary_multiples_give_megabytes_per_second(self):
        # wrk's "4.41GB read" is 4.41 * 2^30 bytes; MB/s counts 10^6 bytes, over the run's duration.
        big = WRK_OK.replace("1707 requests in 2.00s, 313.58KB read", "89 requests in 2.00s, 4.41GB read")
        r = load.parse_wrk(big)
        self.assertAlmostEqual(r.bytes_read, 4.41 * 2 ** 30)
        self.assertAlmostEqual(r.mb_per_s, 4.41 * 2 ** 30 / 1e6 / 2.0)
        self.assertAlmostEqual(load.parse_wrk(WRK_OK).bytes_read, 313.58 * 1024)
        self.assertAlmostEqual(load.parse_wrk(WRK_ERRORS).bytes_read, 2 ** 20)

    def test_an_amount_of_data_without_a_wrk_unit_is_refused(self):
        with self.assertRaisesRegex(ValueError, "amount of data"):
            load.data_bytes("4.41 GiB")

    def test_rejects_output_without_results(self):
        with self.assertRaisesRegex(ValueError, "no Latency line"):
            load.parse_wrk("unable to connect to 127.0.0.1:1 Connection refused\n")

    def test_table_flags_unsteady_runs_and_reads_bursts(self):
        with tempfile.TemporaryDirectory() as d:
            (Path(d) / "load").mkdir()
            load.record_path(d, "cache-on", "das").write_text(WRK_OK)
            (Path(d) / "load" / "cache-on.burst.json").write_text(json.dumps(
                {"connections": 4, "ok": 3, "errors": {"timeout": 1}, "wall_s": 0.5,
                 "latencies": [0.1, 0.2, 0.3]}))
            markdown, rows = load.write(d)
            self.assertTrue((Path(d) / "load.csv").exists())
        self.assertEqual([r["test"] for r in rows], ["wrk das", "burst 4"])
        self.assertEqual(rows[1]["socket_errors"], 1)
        self.assertAlmostEqual(rows[1]["requests_per_s"], 6.0)
        self.assertIn("| cache-on | wrk das | 852 | 6.00 | 11.41 | 84.73 |", markdown)
        self.assertIn("could not hold a constant rate", markdown)
        self.assertIn("cache-on wrk das", markdown)


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        status = 200 if self.path == "/ok" else 404
        self.send_response(status)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"hi")

    def log_message(self, *args):
        pass


class BurstTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        ThreadingHTTPServer.request_queue_size = 128
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        cls.thread = threading.Thread(target=cls.server.serve_forever, daemon=True)
        cls.thread.start()
        cls.base = f"http://127.0.0.1:{cls.server.server_address[1]}"

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def test_counts_every_200(self):
        r = load.burst(self.base + "/ok", connections=20, timeout=10)
        self.assertEqual((r.ok, r.error_count), (20, 0))
        self.assertEqual(len(r.latencies), 20)

    def test_counts_other_statuses_as_errors(self):
        r = load.burst(self.base + "/missing", connections=5, timeout=10)
        self.assertEqual(r.ok, 0)
        self.assertEqual(r.errors, {"status 404": 5})

    def test_counts_refused_connections_as_errors(self):
        r = load.burst("http://127.0.0.1:1/ok", connections=3, timeout=5)
        self.assertEqual(r.ok, 0)
        self.assertEqual(r.errors, {"ConnectionRefusedError": 3})


class CountsTest(unittest.TestCase):
    def test_sums_command_lines(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "c.txt"
            path.write_text("showNode 3\nget=5\n")
            self.assertEqual(counts.read(path), {"showNode": 3, "get": 5})
            self.assertEqual(counts.total(path), 8)
            path.write_text("requests=7\nshowNode=3\nget=4\n")
            self.assertEqual(counts.total(path), 7)
            path.write_text("42\n")
            self.assertEqual(counts.total(path), 42)
            self.assertEqual(counts.total(Path(d) / "absent"), 0)

    def test_bad_line_names_file_and_line(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "c.txt"
            path.write_text("showNode 3\n???\n")
            with self.assertRaisesRegex(ValueError, r"c\.txt:2: expected 'command count'"):
                counts.read(path)


if __name__ == "__main__":
    unittest.main()
