import tempfile
import unittest
from pathlib import Path

from harness import trace

# Lines in the form scripts/ppt-trace writes them (docs/ppt-trace.md).
LOG = """\
{"time":"2026-11-22T03:18:04.000000Z","conn":1,"event":"handshake","seq":0,"command":"handshake","summary":"handshake","req_bytes":28,"resp_bytes":23,"resp_chunks":0,"error":false}
{"time":"2026-11-22T03:18:04.100000Z","conn":1,"event":"message","seq":1,"command":"showNode","summary":"showNode node=/coads_climatology.nc","args":{"node":"/coads_climatology.nc"},"contexts":["errors"],"req_id":"r1","req_bytes":250,"resp_bytes":180,"resp_chunks":1,"error":false,"request_ms":0.010,"ttfb_ms":0.150,"rtt_ms":0.190}
{"time":"2026-11-22T03:18:04.200000Z","conn":1,"event":"message","seq":2,"command":"get","summary":"get type=dods returnAs=ascii container=/coads_climatology.nc constraint=COADSX","container":"/coads_climatology.nc","constraint":"COADSX","req_bytes":700,"resp_bytes":905,"resp_chunks":1,"error":true,"error_type":3,"request_ms":0.020,"ttfb_ms":40.100,"rtt_ms":43.980}
{"time":"2026-11-22T03:18:05.000000Z","conn":1,"event":"message","seq":3,"command":"PPT_EXIT_NOW","summary":"PPT_EXIT_NOW","req_bytes":24,"resp_bytes":0,"resp_chunks":0,"error":false,"request_ms":0.001}
{"time":"2026-11-22T03:18:05.000100Z","conn":1,"event":"close","seq":3,"req_bytes":1002,"resp_bytes":1108}
"""


class TraceTest(unittest.TestCase):
    def test_reads_messages_only(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "t.log"
            path.write_text(LOG)
            messages = trace.read_messages(path)
            self.assertEqual(trace.count_messages(path), 2)
        show, get = messages
        self.assertEqual((show.command, show.detail), ("showNode", "node=/coads_climatology.nc"))
        self.assertAlmostEqual(show.round_trip * 1000, 0.2, places=6)
        self.assertEqual((get.connection, get.response_bytes, get.error), ("1", 905, True))
        self.assertAlmostEqual(get.sent_at - show.sent_at, 0.1, places=6)
        self.assertEqual(get.label, "get type=dods returnAs=ascii container=/coads_climatology.nc constraint=COADSX")

    def test_listing_gives_offsets_and_round_trips_in_ms(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "t.log"
            path.write_text(LOG)
            rows = trace.listing(trace.read_messages(path))
        self.assertEqual([r["index"] for r in rows], [1, 2])
        self.assertAlmostEqual(rows[1]["start_ms"], 100.0, places=3)
        self.assertAlmostEqual(rows[1]["round_trip_ms"], 44.0, places=3)

    def test_missing_log_has_no_messages(self):
        self.assertEqual(trace.read_messages("/nonexistent/trace.log"), [])

    def test_garbage_names_the_line(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "t.log"
            path.write_text(LOG + "not json\n")
            with self.assertRaisesRegex(ValueError, r"t\.log:6: expected a JSON object"):
                trace.read_messages(path)


if __name__ == "__main__":
    unittest.main()
