"""warm-http: COUNT requests on one kept-alive connection, or fewer when --seconds runs out."""

import argparse
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from harness.__main__ import warm_http


class _Slow(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen = 0

    def do_GET(self):
        type(self).seen += 1
        time.sleep(0.05)
        body = b"ok" if self.path == "/ok" else b"no"
        self.send_response(200 if self.path == "/ok" else 404)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class WarmHttpTest(unittest.TestCase):
    def setUp(self):
        _Slow.seen = 0
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Slow)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def test_sends_count_requests_without_a_time_bound(self):
        self.assertEqual(warm_http(argparse.Namespace(url=self.base + "/ok", count=5, seconds=0)), 0)
        self.assertEqual(_Slow.seen, 5)

    def test_stops_when_its_seconds_run_out(self):
        started = time.monotonic()
        self.assertEqual(warm_http(argparse.Namespace(url=self.base + "/ok", count=1000, seconds=0.3)), 0)
        self.assertLess(time.monotonic() - started, 5)
        # 50 ms a request: about six fit in 0.3 s, never the thousand asked for.
        self.assertGreaterEqual(_Slow.seen, 1)
        self.assertLess(_Slow.seen, 100)

    def test_fails_on_a_status_other_than_200(self):
        self.assertEqual(warm_http(argparse.Namespace(url=self.base + "/missing", count=3, seconds=0)), 1)
        self.assertEqual(_Slow.seen, 1)


if __name__ == "__main__":
    unittest.main()
