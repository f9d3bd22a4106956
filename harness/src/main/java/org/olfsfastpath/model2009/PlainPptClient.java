package org.olfsfastpath.model2009;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptProtocolException;

/**
 * One PPT connection written the way the OLFS of 2009 wrote it: a plain {@link Socket} with
 * TCP_NODELAY off and no TCP_QUICKACK, and each request as three {@code write()} calls straight on
 * the socket's stream: the chunk header, the document, then the end chunk. Over TCP, Nagle's
 * algorithm holds each of the later writes until the peer acknowledges the one before, and a peer
 * that delays its acknowledgements makes that a stall of about 40 ms; this client reproduces that
 * on purpose. (The project's own client, {@code org.olfsfastpath.ppt.PptConnection}, does the
 * opposite: one write per message, TCP_NODELAY on, QUICKACK re-armed.)
 *
 * <p>Not thread-safe: one exchange at a time, as the 2009 client pool lent it.
 */
final class PlainPptClient implements Closeable {
  /**
   * The largest data chunk accepted; the BES's chunks are its send buffer size, megabytes on
   * loopback.
   */
  private static final int MAX_CHUNK = 64 * 1024 * 1024;

  /** One answer: the data chunks joined, and whether the BES flagged it as an error. */
  record Answer(boolean error, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.ISO_8859_1);
    }
  }

  private final Socket socket;
  private final OutputStream out;
  private final DataInputStream in;
  private final String peer;
  private int exchanges;

  private PlainPptClient(Socket socket, String peer) throws IOException {
    this.socket = socket;
    this.out = socket.getOutputStream();
    this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
    this.peer = peer;
  }

  /**
   * Connects and does the PPT handshake: the client's greeting, then the server's answer, read
   * before anything else is sent (a BES refuses a request that arrives with the greeting).
   *
   * @throws IOException if the connection fails or the server refuses the handshake
   */
  static PlainPptClient connect(String host, int port, int timeoutMillis) throws IOException {
    Socket socket = new Socket();
    try {
      socket.setTcpNoDelay(false);
      socket.connect(new InetSocketAddress(host, port), timeoutMillis);
      socket.setSoTimeout(timeoutMillis);
      PlainPptClient client = new PlainPptClient(socket, host + ":" + port);
      client.handshake();
      return client;
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
  }

  private void handshake() throws IOException {
    out.write(PptFraming.CLIENT_HANDSHAKE.getBytes(StandardCharsets.US_ASCII));
    out.flush();
    byte[] answer = new byte[PptFraming.SERVER_OK.length()];
    in.readFully(answer);
    String text = new String(answer, StandardCharsets.US_ASCII);
    if (!text.equals(PptFraming.SERVER_OK)) {
      throw new PptProtocolException(
          "expected "
              + PptFraming.SERVER_OK
              + " from the BES at "
              + peer
              + " but was \""
              + text
              + "\"");
    }
  }

  /**
   * Sends one request document and reads its whole answer.
   *
   * @throws IOException if the connection fails or the answer is not PPT
   */
  Answer exchange(byte[] document) throws IOException {
    // Three writes, as the 2009 client's chunked stream made them: header, payload, end chunk.
    out.write(PptFraming.header(document.length, PptFraming.DATA));
    out.write(document);
    out.write(PptFraming.endChunk());
    out.flush();
    exchanges++;
    return readAnswer();
  }

  private Answer readAnswer() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    boolean error = false;
    byte[] header = new byte[PptFraming.HEADER_LENGTH];
    while (true) {
      try {
        in.readFully(header);
      } catch (EOFException e) {
        throw new EOFException(
            "the BES at " + peer + " closed the connection in the middle of an answer");
      }
      if (PptFraming.isEndChunk(header, 0)) {
        return new Answer(error, body.toByteArray());
      }
      int length = PptFraming.parseLength(header, 0, MAX_CHUNK);
      byte[] payload = new byte[length];
      in.readFully(payload);
      if (PptFraming.type(header, 0) == PptFraming.EXTENSION) {
        Map<String, String> extensions = PptFraming.parseExtensions(payload);
        error |= "error".equals(extensions.get("status"));
      } else {
        body.write(payload);
      }
    }
  }

  /** Messages exchanged on this connection so far. */
  int exchanges() {
    return exchanges;
  }

  /** Says goodbye ({@code status=PPT_EXIT_NOW;}) as the 2009 client did, then closes. */
  @Override
  public void close() {
    try {
      out.write(PptFraming.encodeExitMessage());
      out.flush();
    } catch (IOException ignored) {
      // Closing anyway.
    }
    try {
      socket.close();
    } catch (IOException ignored) {
      // Nothing left to do.
    }
  }
}
