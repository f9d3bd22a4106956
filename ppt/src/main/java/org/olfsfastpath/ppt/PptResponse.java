package org.olfsfastpath.ppt;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One response message, read as a stream of data chunks and never buffered whole.
 *
 * <p>Extension chunks before the first data chunk have been read when the response is handed out,
 * so {@link #isError()} is known before any payload byte: the caller decides between a data answer
 * and an error document before it commits anything to its own client. An error that arrives after
 * data chunks surfaces from {@link #body()} as a {@link PptStreamErrorException}.
 *
 * <p>Closing a response that was not read to its end aborts the connection: draining an unread body
 * of hundreds of megabytes would cost more than a new connection.
 */
public final class PptResponse implements Closeable {
  private static final int MAX_ERROR_DOCUMENT = 1 << 20;

  private final PptConnection connection;
  private final Map<String, String> extensions;
  private final byte[] header = new byte[PptFraming.HEADER_LENGTH];
  private final Body body = new Body();
  private int remaining;
  private boolean complete;
  private long bytesRead;

  private PptResponse(PptConnection connection, Map<String, String> extensions) {
    this.connection = connection;
    this.extensions = extensions;
  }

  static PptResponse begin(PptConnection connection) throws IOException {
    PptResponse response = new PptResponse(connection, new LinkedHashMap<>());
    response.readLeadingChunks();
    return response;
  }

  private void readLeadingChunks() throws IOException {
    // One byte first, to tell a BES that closed instead of answering from one that answered badly.
    if (connection.read(header, 0, 1) < 0) {
      throw new PptProtocolException(
          "BES closed the connection instead of answering the request"
              + " (its process may have exited)");
    }
    connection.readFully(header, 1, header.length - 1, "a chunk header", 1);
    int length = PptFraming.parseLength(header, 0, connection.maxChunkLength());
    while (true) {
      if (length < 0) {
        length = nextHeader();
      }
      if (header[7] == PptFraming.EXTENSION) {
        extensions.putAll(readExtensions(length));
        length = -1;
        continue;
      }
      if (length == 0) {
        finish();
      } else {
        remaining = length;
      }
      return;
    }
  }

  private int nextHeader() throws IOException {
    connection.readFully(header, 0, header.length, "a chunk header");
    return PptFraming.parseLength(header, 0, connection.maxChunkLength());
  }

  private Map<String, String> readExtensions(int length) throws IOException {
    // parseLength already capped an extension chunk at PptFraming.MAX_EXTENSION_LENGTH.
    byte[] payload = new byte[length];
    connection.readFully(payload, 0, length, "an extension chunk");
    Map<String, String> parsed = PptFraming.parseExtensions(payload);
    if ("true".equals(parsed.get("exit"))) {
      connection.markExit();
    }
    return parsed;
  }

  private void finish() {
    complete = true;
  }

  /**
   * Whether the BES marked this response {@code status=error;}: the body is a BES error document.
   */
  public boolean isError() {
    return "error".equals(extensions.get("status"));
  }

  /** Whether the BES said its process exits after this response ({@code exit=true;}). */
  public boolean isFatal() {
    return "true".equals(extensions.get("exit"));
  }

  /** The extensions that preceded the first data chunk. */
  public Map<String, String> extensions() {
    return Map.copyOf(extensions);
  }

  /** Whether the end chunk has been read. */
  public boolean isComplete() {
    return complete;
  }

  /** Payload bytes read so far. */
  public long bytesRead() {
    return bytesRead;
  }

  /** The response payload as a stream of the data chunks' bytes. Not thread-safe. */
  public InputStream body() {
    return body;
  }

  /**
   * Reads the whole payload, for small answers such as showNode.
   *
   * @throws PptProtocolException if the payload exceeds {@code maxBytes}
   */
  public byte[] readAll(int maxBytes) throws IOException {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes was " + maxBytes + ", must be >= 0");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(maxBytes, 8192));
    byte[] chunk = new byte[8192];
    int n;
    while ((n = body.read(chunk, 0, chunk.length)) >= 0) {
      if (out.size() + n > maxBytes) {
        connection.fail();
        throw new PptProtocolException("BES response exceeds the limit of " + maxBytes + " bytes");
      }
      out.write(chunk, 0, n);
    }
    return out.toByteArray();
  }

  /** Ends the response; if it was not read to the end, the connection is aborted. */
  @Override
  public void close() {
    if (!complete) {
      connection.fail();
    }
  }

  private final class Body extends BlockInputStream {
    @Override
    public int read(byte[] dst, int offset, int length) throws IOException {
      Objects.checkFromIndexSize(offset, length, dst.length);
      if (length == 0) {
        return 0;
      }
      PptStreamErrorException midStream = null;
      try {
        while (remaining == 0) {
          if (complete) {
            return -1;
          }
          int next = nextHeader();
          if (header[7] == PptFraming.EXTENSION) {
            Map<String, String> ext = readExtensions(next);
            if ("error".equals(ext.get("status"))) {
              midStream = midStreamError(ext);
              break;
            }
          } else if (next == 0) {
            finish();
            return -1;
          } else {
            remaining = next;
          }
        }
        if (midStream == null) {
          int n = connection.read(dst, offset, Math.min(length, remaining));
          if (n < 0) {
            throw new PptProtocolException(
                "BES closed the connection inside a data chunk with "
                    + remaining
                    + " bytes still expected");
          }
          remaining -= n;
          bytesRead += n;
          return n;
        }
      } catch (IOException | RuntimeException e) {
        connection.fail();
        throw e;
      }
      // Thrown outside the try: the message is complete and the connection is still in step.
      throw midStream;
    }

    private PptStreamErrorException midStreamError(Map<String, String> ext) throws IOException {
      ByteArrayOutputStream document = new ByteArrayOutputStream();
      while (true) {
        int length = nextHeader();
        if (header[7] == PptFraming.EXTENSION) {
          readExtensions(length);
          continue;
        }
        if (length == 0) {
          break;
        }
        if (document.size() + length > MAX_ERROR_DOCUMENT) {
          throw new PptProtocolException(
              "error document after data exceeds " + MAX_ERROR_DOCUMENT + " bytes");
        }
        byte[] part = new byte[length];
        connection.readFully(part, 0, length, "an error document");
        document.write(part, 0, length);
      }
      // The end chunk has been read: the BES process is ready for the next request, so the
      // connection stays usable; only this response failed.
      finish();
      return new PptStreamErrorException(ext, document.toByteArray());
    }

    @Override
    public int available() {
      return 0;
    }

    @Override
    public void close() {
      PptResponse.this.close();
    }
  }
}
