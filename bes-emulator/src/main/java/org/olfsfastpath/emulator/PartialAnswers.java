package org.olfsfastpath.emulator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.olfsfastpath.ppt.PptFraming;

/**
 * The payload a reply would have sent (its data chunks' bytes, without framing), for the faults
 * that send part of it: at most its first {@link #RENDER_LIMIT} bytes, so that a large answer is
 * never held.
 */
final class PartialAnswers {
  /**
   * Faults that send part of an answer (truncated chunk, stall or error mid-response, close before
   * the end) work on at most its first 16 MiB, so that a large answer is never held; every answer
   * of the built-in datasets but the 33 MB xml_data of coads fits whole.
   */
  static final int RENDER_LIMIT = 16 << 20;

  private static final int RENDER_CHUNK = 64 * 1024;

  private PartialAnswers() {}

  /** The first {@link #RENDER_LIMIT} bytes (at most) of {@code reply}'s payload. */
  static byte[] render(Reply reply) throws IOException {
    PayloadCapture capture = new PayloadCapture();
    try {
      reply.writeTo(new ResponseWriter(capture, false, RENDER_CHUNK, 0));
    } catch (PayloadCapture.Enough enough) {
      // The rest of a large answer is not generated.
    }
    return capture.payload();
  }

  /**
   * Keeps the data chunks' payload of what a fast-mode writer writes (whole chunks in each call)
   * and ends the answer by throwing {@link Enough} through the generator once it holds {@link
   * #RENDER_LIMIT} bytes.
   */
  private static final class PayloadCapture extends OutputStream {
    /** Ends a large answer early; not a failure. */
    static final class Enough extends IOException {
      private static final long serialVersionUID = 1L;

      Enough() {
        super("rendered the first " + RENDER_LIMIT + " bytes of the answer");
      }
    }

    private final ByteArrayOutputStream payload = new ByteArrayOutputStream();

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] chunks, int offset, int length) throws IOException {
      int at = offset;
      int end = offset + length;
      while (at < end) {
        int chunk = PptFraming.parseLength(chunks, at, PptFraming.MAX_ENCODABLE_LENGTH);
        boolean data = chunks[at + 7] == PptFraming.DATA;
        at += PptFraming.HEADER_LENGTH;
        if (data) {
          payload.write(chunks, at, Math.min(chunk, RENDER_LIMIT - payload.size()));
          if (payload.size() == RENDER_LIMIT) {
            throw new Enough();
          }
        }
        at += chunk;
      }
    }

    byte[] payload() {
      return payload.toByteArray();
    }
  }
}
