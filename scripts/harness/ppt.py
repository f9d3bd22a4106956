"""A minimal PPT client, to warm a BES (or the emulator's JIT) before a measurement starts.

Every read re-arms TCP_QUICKACK on Linux, so a BES's split writes do not stall 40 ms here.
"""

import socket
import time

HANDSHAKE = b"PPTCLIENT_TESTING_CONNECTION"
SERVER_OK = b"PPTSERVER_CONNECTION_OK"
END = b"0000000d"
NS = "http://xml.opendap.org/ns/bes/1.0#"


def show_node_document(path):
    return (f'<?xml version="1.0" encoding="UTF-8"?><request xmlns="{NS}" reqID="harness-warmup">'
            f'<setContext name="errors">xml</setContext><showNode node="{_attr(path)}"/></request>'
            ).encode("utf-8")


def get_ascii_document(path, constraint):
    return (f'<?xml version="1.0" encoding="UTF-8"?><request xmlns="{NS}" reqID="harness-warmup">'
            '<setContext name="xdap_accept">3.2</setContext>'
            '<setContext name="dap_explicit_containers">no</setContext>'
            '<setContext name="errors">xml</setContext>'
            f'<setContainer name="catalogContainer" space="catalog">{_text(path)}</setContainer>'
            '<define name="d1" space="default"><container name="catalogContainer">'
            f'<constraint>{_text(constraint)}</constraint></container></define>'
            '<get type="dods" definition="d1" returnAs="ascii"/></request>').encode("utf-8")


def _text(value):
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attr(value):
    return _text(value).replace('"', "&quot;")


def frame(payload):
    return f"{len(payload):07x}d".encode("ascii") + payload + END


class Connection:
    def __init__(self, endpoint, timeout=30.0):
        """endpoint: 'HOST:PORT' or 'unix:/path'."""
        if endpoint.startswith("unix:"):
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.sock.settimeout(timeout)
            self.sock.connect(endpoint[len("unix:"):])
            self.quickack = False
        else:
            host, port = endpoint.rsplit(":", 1)
            self.sock = socket.create_connection((host, int(port)), timeout=timeout)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.quickack = hasattr(socket, "TCP_QUICKACK")
        self.buffer = b""
        self.sock.sendall(HANDSHAKE)
        answer = self._read_exactly(len(SERVER_OK))
        if answer != SERVER_OK:
            raise OSError(f"expected {SERVER_OK!r} from {endpoint} but was {answer!r}")

    def _recv(self):
        if self.quickack:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
        data = self.sock.recv(65536)
        if not data:
            raise OSError("the BES closed the connection")
        return data

    def _read_exactly(self, n):
        while len(self.buffer) < n:
            self.buffer += self._recv()
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def exchange(self, document):
        """Sends one request document; returns (payload bytes, whether the BES said status=error)."""
        self.sock.sendall(frame(document))
        payload = 0
        error = False
        while True:
            header = self._read_exactly(8)
            length = int(header[:7], 16)
            body = self._read_exactly(length)
            if header[7:] == b"x":
                error = error or b"status=error" in body
            elif length == 0:
                return payload, error
            else:
                payload += length

    def close(self):
        try:
            self.sock.sendall(b"0000014xstatus=PPT_EXIT_NOW;" + END)
        except OSError:
            pass
        self.sock.close()


def warm(endpoint, path, constraint, gets, show_nodes):
    """Sends `gets` data requests and `show_nodes` showNodes on one connection; returns seconds."""
    began = time.perf_counter()
    connection = Connection(endpoint)
    try:
        for document, count in ((get_ascii_document(path, constraint), gets),
                                (show_node_document(path), show_nodes)):
            for _ in range(count):
                _, error = connection.exchange(document)
                if error:
                    raise OSError(f"the BES at {endpoint} answered an error to the warm-up request")
    finally:
        connection.close()
    return time.perf_counter() - began
