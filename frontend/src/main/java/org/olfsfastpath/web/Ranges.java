package org.olfsfastpath.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.http.ByteRanges;

/**
 * Byte ranges (RFC 9110) for the answers that take them: whole files and answers kept in memory,
 * whose length is known before a byte is sent. Sets {@code Accept-Ranges}, and for a GET's {@code
 * Range} the 206's or the 416's status and headers; a 416 is answered here whole. Stateless.
 */
final class Ranges {
  private Ranges() {}

  /**
   * Decides the part of an answer of {@code length} bytes a request gets and sets what the decision
   * says: the whole answer sets nothing but {@code Accept-Ranges}, a part its 206 status, {@code
   * Content-Range} and {@code Content-Length}, an unsatisfiable range the whole 416.
   *
   * @param etag the answer's strong ETag as sent, or null
   * @param lastModifiedMillis its Last-Modified time, or -1
   */
  static ByteRanges.Decision apply(
      Exchange ex, long length, @Nullable String etag, long lastModifiedMillis) {
    ex.header("Accept-Ranges", "bytes");
    if (!ex.req.getMethod().equals("GET")) {
      return ByteRanges.WHOLE;
    }
    ByteRanges.Decision decision =
        ByteRanges.decide(
            ex.req.getHeader("Range"),
            ex.req.getHeader("If-Range"),
            length,
            etag,
            lastModifiedMillis);
    if (decision instanceof ByteRanges.Part part) {
      ex.resp.setStatus(HttpServletResponse.SC_PARTIAL_CONTENT);
      ex.header("Content-Range", part.contentRange());
      ex.resp.setContentLengthLong(part.count());
    } else if (decision instanceof ByteRanges.Unsatisfiable none) {
      ex.resp.setStatus(HttpServletResponse.SC_REQUESTED_RANGE_NOT_SATISFIABLE);
      ex.header("Content-Range", none.contentRange());
      ex.header("Cache-Control", "no-store");
      ex.resp.setContentLength(0);
    }
    return decision;
  }

  /**
   * {@code in} from byte {@code first} on, {@code count} bytes of it; closing it closes {@code in}.
   */
  static InputStream slice(InputStream in, long first, long count) throws IOException {
    in.skipNBytes(first);
    return new FilterInputStream(in) {
      private long left = count;

      @Override
      public int read() throws IOException {
        if (left <= 0) {
          return -1;
        }
        int b = super.read();
        if (b < 0) {
          throw shortBy(left);
        }
        left--;
        return b;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (left <= 0) {
          return -1;
        }
        int n = super.read(b, off, (int) Math.min(len, left));
        if (n < 0) {
          throw shortBy(left);
        }
        left -= n;
        return n;
      }
    };
  }

  /** A range whose answer ended early is not the range announced: never a short 206. */
  private static EOFException shortBy(long left) {
    return new EOFException("the answer ended " + left + " bytes before the end of the range");
  }
}
