package org.olfsfastpath.soak;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * A download on a slow link whose answer is checked: one HTTP/1.1 GET on a socket with a small
 * receive buffer, its body read at a set rate (a scientist's 20 KB/s), de-chunked as it comes and
 * hashed, never held ({@link SlowReader} is the client that gives up after a while). The rate can
 * change while it reads ({@link #readAtFullSpeed()}), and it can hang up part way with a reset
 * ({@link #hangUpAfter}), as a client that gives up does. Its progress is readable from other
 * threads ({@link #received()}).
 */
public final class SlowDownload implements Callable<SlowDownload.Result> {
  /** What the client got. */
  public record Result(
      int status, long bytes, String sha256, boolean complete, @Nullable String failure) {
    public String outcome() {
      if (failure != null && bytes == 0 && status == 0) {
        return "failed";
      }
      return complete ? Integer.toString(status) : "truncated";
    }
  }

  private static final int PIECE = 4096;

  private final int port;
  private final String localAddress;
  private final String target;
  private final int receiveBuffer;
  private final AtomicLong received = new AtomicLong();
  private volatile long bytesPerSecond;
  private volatile long hangUpAfter = -1;
  private volatile boolean started;

  /**
   * @param target the path and query, e.g. {@code /opendap/big/40MiB.nc.dods}
   * @param bytesPerSecond how fast the body is read; 0 for as fast as it comes
   * @param receiveBuffer the socket's receive buffer (SO_RCVBUF), so that the server meets a slow
   *     reader soon instead of after megabytes of kernel buffers
   */
  public SlowDownload(int port, String target, long bytesPerSecond, int receiveBuffer) {
    this(port, "127.0.0.1", target, bytesPerSecond, receiveBuffer);
  }

  /**
   * The same, connecting from {@code localAddress}, a loopback address of its own ({@code
   * 127.0.0.x}, every one of which is this machine on Linux), so the front end tells it apart.
   */
  public SlowDownload(
      int port, String localAddress, String target, long bytesPerSecond, int receiveBuffer) {
    this.port = port;
    this.localAddress = localAddress;
    this.target = target;
    this.bytesPerSecond = bytesPerSecond;
    this.receiveBuffer = receiveBuffer;
  }

  /** Reads the rest as fast as it comes. */
  public void readAtFullSpeed() {
    bytesPerSecond = 0;
  }

  /** Closes the connection with a reset once {@code bytes} of the body have been read. */
  public SlowDownload hangUpAfter(long bytes) {
    this.hangUpAfter = bytes;
    return this;
  }

  /** Body bytes read so far. */
  public long received() {
    return received.get();
  }

  /** Whether the response's headers have come. */
  public boolean started() {
    return started;
  }

  @Override
  public Result call() {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    int status = 0;
    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(receiveBuffer);
      socket.bind(new InetSocketAddress(InetAddress.getByName(localAddress), 0));
      socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
      socket.setSoTimeout(120_000);
      socket
          .getOutputStream()
          .write(
              ("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "Connection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      InputStream in = new BufferedInputStream(socket.getInputStream(), PIECE);
      String head = head(in);
      status = Integer.parseInt(head.substring(9, 12));
      started = true;
      String lower = head.toLowerCase(Locale.ROOT);
      boolean chunked = lower.contains("\r\ntransfer-encoding: chunked");
      long length = contentLength(lower);
      Body body = new Body(in, digest, socket);
      boolean complete = chunked ? body.chunked() : body.fixed(length);
      return new Result(status, received.get(), hex(digest), complete, null);
    } catch (IOException | RuntimeException e) {
      return new Result(status, received.get(), hex(digest), false, e.toString());
    }
  }

  private static String hex(MessageDigest digest) {
    return HexFormat.of().formatHex(digest.digest());
  }

  private static String head(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("the server closed before the end of the headers: " + head);
      }
      head.write(b);
      matched =
          (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1)
              ? matched + 1
              : (b == '\r' ? 1 : 0);
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  private static long contentLength(String lowerHead) {
    int at = lowerHead.indexOf("\r\ncontent-length:");
    if (at < 0) {
      return -1;
    }
    int end = lowerHead.indexOf("\r\n", at + 2);
    return Long.parseLong(lowerHead.substring(at + 17, end).strip());
  }

  /** The body as it comes: counted, hashed, read no faster than the rate allows. */
  private final class Body {
    private final InputStream in;
    private final MessageDigest digest;
    private final Socket socket;
    private final byte[] piece = new byte[PIECE];
    private final long start = System.nanoTime();
    private long paced;

    Body(InputStream in, MessageDigest digest, Socket socket) {
      this.in = in;
      this.digest = digest;
      this.socket = socket;
    }

    /** Reads a chunked body; false if it ended before its last chunk. */
    boolean chunked() throws IOException {
      while (true) {
        String line = line();
        if (line == null) {
          return false;
        }
        int semicolon = line.indexOf(';');
        long size =
            Long.parseLong((semicolon < 0 ? line : line.substring(0, semicolon)).strip(), 16);
        if (size == 0) {
          return line() != null; // The blank line after the last chunk.
        }
        if (!data(size)) {
          return false;
        }
        if (line() == null) {
          return false;
        }
      }
    }

    /** Reads {@code length} bytes, or to the end when the length is unknown. */
    boolean fixed(long length) throws IOException {
      return data(length < 0 ? Long.MAX_VALUE : length) || length < 0;
    }

    private boolean data(long size) throws IOException {
      long left = size;
      while (left > 0) {
        int n = in.read(piece, 0, (int) Math.min(piece.length, left));
        if (n < 0) {
          return false;
        }
        digest.update(piece, 0, n);
        left -= n;
        long total = received.addAndGet(n);
        long hangUp = hangUpAfter;
        if (hangUp >= 0 && total >= hangUp) {
          socket.setSoLinger(true, 0); // A reset, as a client that gives up sends.
          socket.close();
          throw new IOException("hung up after " + total + " bytes");
        }
        pace(n);
      }
      return true;
    }

    private void pace(int n) throws IOException {
      long rate = bytesPerSecond;
      if (rate <= 0) {
        return;
      }
      paced += n;
      long due = start + paced * 1_000_000_000L / rate;
      long wait = due - System.nanoTime();
      if (wait > 0) {
        try {
          Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      }
    }

    /** A CRLF-ended line, or null at the end of the stream. */
    private @Nullable String line() throws IOException {
      StringBuilder line = new StringBuilder();
      while (true) {
        int b = in.read();
        if (b < 0) {
          return null;
        }
        if (b == '\n') {
          int last = line.length() - 1;
          return last >= 0 && line.charAt(last) == '\r' ? line.substring(0, last) : line.toString();
        }
        line.append((char) b);
      }
    }
  }
}
