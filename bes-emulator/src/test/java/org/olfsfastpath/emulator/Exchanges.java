package org.olfsfastpath.emulator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.olfsfastpath.ppt.PptConnection;
import org.olfsfastpath.ppt.PptEndpoint;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptOptions;
import org.olfsfastpath.ppt.PptResponse;

/** Talking to an emulator from tests: through the project's PPT client, or through a raw socket. */
final class Exchanges {
  static final PptOptions OPTIONS =
      PptOptions.newBuilder()
          .connectTimeout(Duration.ofSeconds(5))
          .readTimeout(Duration.ofSeconds(10))
          .writeTimeout(Duration.ofSeconds(10))
          .build();

  /** A whole answer: whether it was an error, and its payload as text. */
  record Answer(boolean isError, boolean isFatal, String body) {}

  private Exchanges() {}

  /** Starts the emulator and returns its port. */
  static int start(BesEmulator bes) throws IOException {
    bes.start();
    return bes.port();
  }

  static PptConnection open(PptEndpoint endpoint) throws IOException {
    return PptConnection.open(endpoint, OPTIONS);
  }

  static Answer send(PptConnection connection, byte[] document) throws IOException {
    try (PptResponse response = connection.send(document)) {
      byte[] body = response.readAll(64 << 20);
      return new Answer(
          response.isError(), response.isFatal(), new String(body, StandardCharsets.ISO_8859_1));
    }
  }

  /** Opens a connection, sends one request, reads the answer and says PPT_EXIT_NOW. */
  static Answer once(BesEmulator bes, byte[] document) throws IOException {
    try (PptConnection connection = open(bes.endpoint())) {
      return send(connection, document);
    }
  }

  /** A raw client socket that has completed the handshake. */
  static Socket rawConnect(int port) throws IOException {
    Socket socket = new Socket();
    socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
    socket.setSoTimeout(10_000);
    socket.getOutputStream().write(PptFraming.CLIENT_HANDSHAKE.getBytes(StandardCharsets.US_ASCII));
    byte[] ok = readExactly(socket.getInputStream(), PptFraming.SERVER_OK.length());
    if (!new String(ok, StandardCharsets.US_ASCII).equals(PptFraming.SERVER_OK)) {
      throw new IOException("handshake answered " + new String(ok, StandardCharsets.ISO_8859_1));
    }
    return socket;
  }

  /** Sends a request on a raw socket and returns the answer's raw bytes up to the end chunk. */
  static byte[] rawExchange(Socket socket, byte[] document) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(PptFraming.encodeMessage(document));
    out.flush();
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    while (true) {
      byte[] header = readExactly(in, PptFraming.HEADER_LENGTH);
      wire.write(header);
      int length = PptFraming.parseLength(header, 0, PptFraming.MAX_ENCODABLE_LENGTH);
      if (header[7] == PptFraming.DATA && length == 0) {
        return wire.toByteArray();
      }
      wire.write(readExactly(in, length));
    }
  }

  /** Chunk descriptions of raw answer bytes, e.g. {@code [x:status=error;, d:537, d:0]}. */
  static List<String> chunks(byte[] wire) throws IOException {
    List<String> chunks = new ArrayList<>();
    int at = 0;
    while (at < wire.length) {
      int length = PptFraming.parseLength(wire, at, PptFraming.MAX_ENCODABLE_LENGTH);
      char type = (char) wire[at + 7];
      chunks.add(
          type == 'x'
              ? "x:" + new String(wire, at + 8, length, StandardCharsets.US_ASCII)
              : "d:" + length);
      at += 8 + length;
    }
    return chunks;
  }

  static byte[] readExactly(InputStream in, int length) throws IOException {
    byte[] buffer = new byte[length];
    int done = 0;
    while (done < length) {
      int n = in.read(buffer, done, length - done);
      if (n < 0) {
        throw new IOException("end of stream after " + done + " of " + length + " bytes");
      }
      done += n;
    }
    return buffer;
  }
}
