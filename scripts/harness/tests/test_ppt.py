import socket
import threading
import unittest
import xml.etree.ElementTree as ET

from harness import ppt

NS = "{" + ppt.NS + "}"


class FakeBes:
    """A PPT server on 127.0.0.1 answering every request document with the given chunks, written
    as the BES writes them (header and payload apart), and remembering the documents."""

    def __init__(self, chunks):
        self.chunks = chunks
        self.documents = []
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen()
        self.endpoint = f"127.0.0.1:{self.server.getsockname()[1]}"
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _read(self, conn, n):
        data = b""
        while len(data) < n:
            more = conn.recv(n - len(data))
            if not more:
                raise EOFError
            data += more
        return data

    def _serve(self):
        conn, _ = self.server.accept()
        with conn:
            self._read(conn, len(ppt.HANDSHAKE))
            conn.sendall(ppt.SERVER_OK)
            try:
                while True:
                    header = self._read(conn, 8)
                    body = self._read(conn, int(header[:7], 16))
                    if header[7:] == b"x":
                        return  # PPT_EXIT_NOW
                    self._read(conn, 8)  # the end chunk
                    self.documents.append(body)
                    for kind, payload in self.chunks:
                        conn.sendall(f"{len(payload):07x}".encode("ascii") + kind)
                        conn.sendall(payload)
                    conn.sendall(ppt.END)
            except EOFError:
                return

    def close(self):
        self.server.close()
        self.thread.join(5)


class DocumentTest(unittest.TestCase):
    def test_a_get_as_the_front_end_sends_it_for_dap2(self):
        root = ET.fromstring(ppt.get_document("/dars/a&b.nc", "data[0:1:2]", "dods", request_id="r1"))
        self.assertEqual(root.get("reqID"), "r1")
        self.assertEqual([(c.get("name"), c.text) for c in root.findall(NS + "setContext")],
                         [("xdap_accept", "3.2"), ("dap_explicit_containers", "no"), ("errors", "xml")])
        self.assertEqual(root.findtext(NS + "setContainer"), "/dars/a&b.nc")
        self.assertEqual(root.findtext(f"{NS}define/{NS}container/{NS}constraint"), "data[0:1:2]")
        get = root.find(NS + "get")
        self.assertEqual((get.get("type"), get.get("definition"), get.get("returnAs")), ("dods", "d1", None))

    def test_the_warm_up_get_is_still_dods_returned_as_ascii(self):
        get = ET.fromstring(ppt.get_ascii_document("/coads_climatology.nc", "COADSX")).find(NS + "get")
        self.assertEqual((get.get("type"), get.get("returnAs")), ("dods", "ascii"))


class StreamTest(unittest.TestCase):
    def test_streams_chunks_of_any_size_without_keeping_them(self):
        # A chunk far larger than the reading buffer, then small ones, as a BES on loopback sends.
        chunks = [(b"d", b"x" * 3_000_000), (b"d", b"y" * 10), (b"d", b"z" * 70_000)]
        bes = FakeBes(chunks)
        try:
            result = ppt.stream_gets(bes.endpoint, "/dars/big.nc", "", count=2, buffer_bytes=4096)
        finally:
            bes.close()
        self.assertEqual(result.sizes, (3_070_010, 3_070_010))
        self.assertEqual(len(result.seconds), 2)
        self.assertGreater(result.mb_per_s, 0)
        self.assertGreaterEqual(result.cpu_share, 0)
        self.assertEqual(len(bes.documents), 2)
        self.assertIn(b'<get type="dods" definition="d1"/>', bes.documents[0])
        self.assertIn(b"harness-bare-client", bes.documents[0])

    def test_an_error_answer_is_an_oserror_naming_the_get(self):
        bes = FakeBes([(b"x", b"status=error;"), (b"d", b"<BESError>...</BESError>")])
        try:
            with self.assertRaisesRegex(OSError, "answered an error to get dods of /nope.nc"):
                ppt.stream_gets(bes.endpoint, "/nope.nc", "", count=1)
        finally:
            bes.close()


if __name__ == "__main__":
    unittest.main()
