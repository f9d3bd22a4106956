import json
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from harness import conversions

ERROR_PAGE = (b'<!DOCTYPE html>\n<html><head><meta charset="UTF-8"><title>Error 500</title></head>\n'
              b"<body><h1>Error 500</h1>\n<p>File cannot be converted to CovJSON format &amp; more</p></body></html>")


class Server:
    """An HTTP server answering .dods with 3,000 bytes (Content-Length), .ascii with 5,000 bytes
    chunked, .covjson with the front end's error page; each data answer appends a get to a trace
    log, as the PPT trace proxy would for the BES's answer."""

    def __init__(self, log):
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                if self.path.endswith(".covjson"):
                    self.send_response(500)
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", str(len(ERROR_PAGE)))
                    self.end_headers()
                    self.wfile.write(ERROR_PAGE)
                    return
                chunked = ".ascii" in self.path
                body = b"a" * (5000 if chunked else 3000)
                server.logged += 1
                with open(log, "a") as f:
                    f.write(json.dumps({
                        "time": "2026-11-25T10:00:00.%06dZ" % server.logged, "conn": 1, "event": "message",
                        "seq": server.logged, "command": "get",
                        "summary": "get type=dods" + (" returnAs=ascii" if chunked else "") + " container=/a.nc",
                        "req_bytes": 700, "resp_bytes": len(body) + 100, "error": False,
                        "request_ms": 0.5, "ttfb_ms": 1.0, "rtt_ms": 1.5}) + "\n")
                self.send_response(200)
                self.send_header("Content-Type", "text/plain" if chunked else "application/octet-stream")
                if chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    for piece in (body[:1234], body[1234:]):
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                    self.wfile.write(b"0\r\n\r\n")
                else:
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)

        self.logged = 0
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class ConversionsTest(unittest.TestCase):
    def test_the_text_of_an_error_page(self):
        self.assertEqual(conversions.error_text(ERROR_PAGE), "File cannot be converted to CovJSON format & more")
        self.assertEqual(conversions.error_text(b'Error {\n  code = 1001;\n};'), "Error { code = 1001; };")

    def test_timed_gets_count_the_bytes_of_plain_and_chunked_answers(self):
        with tempfile.TemporaryDirectory() as d:
            server = Server(Path(d) / "trace.log")
            try:
                plain = conversions.timed_gets(server.base + "/a.nc.dods", 2)
                chunked = conversions.timed_gets(server.base + "/a.nc.ascii", 2)
            finally:
                server.close()
        self.assertEqual([(t.status, t.bytes) for t in plain], [(200, 3000)] * 2)
        self.assertEqual([(t.status, t.bytes, t.content_type) for t in chunked], [(200, 5000, "text/plain")] * 2)
        self.assertTrue(all(t.seconds > 0 for t in plain + chunked))

    def test_each_form_gets_its_requests_bes_time_from_the_trace(self):
        with tempfile.TemporaryDirectory() as d:
            log = Path(d) / "trace.log"
            log.write_text("")
            server = Server(log)
            try:
                costs = conversions.measure([("dods", server.base + "/a.nc.dods"),
                                             ("ascii", server.base + "/a.nc.ascii"),
                                             ("covjson", server.base + "/a.nc.covjson")], log, runs=3)
            finally:
                server.close()
            conversions.save(costs, Path(d) / "c.json")
            again = conversions.load(Path(d) / "c.json")
        dods, ascii_, covjson = costs
        self.assertEqual((dods.status, dods.requests, dods.bytes, dods.bes_gets, dods.bes_bytes, dods.bes_label),
                         (200, 3, 3000, 3, 3100, "get dods"))
        self.assertAlmostEqual(dods.bes_seconds_median, 0.002)
        self.assertEqual((ascii_.bytes, ascii_.bes_gets, ascii_.bes_label), (5000, 3, "get dods/ascii"))
        self.assertGreater(dods.mb_per_s, 0)
        self.assertEqual((covjson.status, covjson.requests, covjson.error),
                         (500, 0, "File cannot be converted to CovJSON format & more"))
        self.assertEqual(again, costs)


if __name__ == "__main__":
    unittest.main()
