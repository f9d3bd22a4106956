"""A minimal PPT client: it warms a BES (or the emulator's JIT) before a measurement starts, and
streams a whole data answer as a bare client, the rate a front end is measured against.

Every read re-arms TCP_QUICKACK on Linux, so a BES's split writes do not stall 40 ms here.
"""

import socket
import time
from dataclasses import dataclass

HANDSHAKE = b"PPTCLIENT_TESTING_CONNECTION"
SERVER_OK = b"PPTSERVER_CONNECTION_OK"
END = b"0000000d"
NS = "http://xml.opendap.org/ns/bes/1.0#"


def show_node_document(path):
    return (f'<?xml version="1.0" encoding="UTF-8"?><request xmlns="{NS}" reqID="harness-warmup">'
            f'<setContext name="errors">xml</setContext><showNode node="{_attr(path)}"/></request>'
            ).encode("utf-8")


def get_document(path, constraint, get_type="dods", return_as=None, request_id="harness-warmup"):
    """A get as the front end sends it for a DAP2 response: the contexts, the container, a definition
    with the constraint (may be empty), and `<get type=... definition="d1" [returnAs=...]/>`."""
    returns = f' returnAs="{_attr(return_as)}"' if return_as else ""
    return (f'<?xml version="1.0" encoding="UTF-8"?><request xmlns="{NS}" reqID="{_attr(request_id)}">'
            '<setContext name="xdap_accept">3.2</setContext>'
            '<setContext name="dap_explicit_containers">no</setContext>'
            '<setContext name="errors">xml</setContext>'
            f'<setContainer name="catalogContainer" space="catalog">{_text(path)}</setContainer>'
            '<define name="d1" space="default"><container name="catalogContainer">'
            f'<constraint>{_text(constraint)}</constraint></container></define>'
            f'<get type="{_attr(get_type)}" definition="d1"{returns}/></request>').encode("utf-8")


def get_ascii_document(path, constraint):
    return get_document(path, constraint, "dods", "ascii")


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

    def _discard(self, n, scratch):
        """Reads and drops n bytes, into `scratch` (a writable memoryview) once the buffered
        bytes are used up, so that a chunk of any size costs no copy and no allocation."""
        take = min(n, len(self.buffer))
        self.buffer = self.buffer[take:]
        n -= take
        while n > 0:
            if self.quickack:
                self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
            got = self.sock.recv_into(scratch[:min(n, len(scratch))])
            if not got:
                raise OSError("the BES closed the connection in the middle of an answer")
            n -= got

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

    def stream(self, document, scratch):
        """Sends one request document and reads its answer without keeping it, as a bare client
        passing it on would; returns (payload bytes, whether the BES said status=error)."""
        self.sock.sendall(frame(document))
        payload = 0
        error = False
        while True:
            header = self._read_exactly(8)
            length = int(header[:7], 16)
            if header[7:] == b"x":
                error = error or b"status=error" in self._read_exactly(length)
            elif length == 0:
                return payload, error
            else:
                self._discard(length, scratch)
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


@dataclass(frozen=True)
class StreamResult:
    """Gets of one answer on one connection, one after another: bytes and seconds of each."""

    endpoint: str
    path: str
    constraint: str
    sizes: tuple
    seconds: tuple
    cpu_seconds: float

    @property
    def mb_per_s(self):
        """Payload megabytes (10^6 bytes) per second over all gets."""
        total = sum(self.seconds)
        return sum(self.sizes) / 1e6 / total if total > 0 else 0.0

    @property
    def cpu_share(self):
        """This client's own CPU time over the wall time of its gets: near 1.0, it was the
        bottleneck; well under, the BES was."""
        total = sum(self.seconds)
        return self.cpu_seconds / total if total > 0 else 0.0


def stream_gets(endpoint, path, constraint, count, get_type="dods", buffer_bytes=1 << 20):
    """Streams `count` whole answers of one get on one connection, timing each from sending the
    request to its last byte; raises OSError when the BES answers an error."""
    scratch = memoryview(bytearray(buffer_bytes))
    document = get_document(path, constraint, get_type, request_id="harness-bare-client")
    sizes, seconds = [], []
    connection = Connection(endpoint, timeout=600.0)
    cpu = time.process_time()
    try:
        for _ in range(count):
            began = time.perf_counter()
            size, error = connection.stream(document, scratch)
            seconds.append(time.perf_counter() - began)
            if error:
                raise OSError(f"the BES at {endpoint} answered an error to get {get_type} of {path}")
            sizes.append(size)
    finally:
        cpu = time.process_time() - cpu
        connection.close()
    return StreamResult(endpoint, path, constraint, tuple(sizes), tuple(seconds), cpu)
