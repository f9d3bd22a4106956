package org.olfsfastpath.emulator;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.olfsfastpath.ppt.PptFraming;
import org.olfsfastpath.ppt.PptProtocolException;

/**
 * One PPT chunk of a recorded answer: its type byte and payload. The end chunk is implied and not
 * stored.
 */
record Frame(byte type, byte[] payload) {
  Frame {
    Objects.requireNonNull(payload, "payload == null");
    if (type != PptFraming.DATA && type != PptFraming.EXTENSION) {
      throw new IllegalArgumentException("frame type was " + type + ", must be 'd' or 'x'");
    }
  }

  boolean isData() {
    return type == PptFraming.DATA;
  }

  /**
   * Splits raw response bytes (a capture's {@code .wire}) into chunks up to the end chunk.
   *
   * @throws PptProtocolException if the bytes are not PPT framing or stop before the end chunk
   */
  static List<Frame> parse(byte[] wire) throws IOException {
    List<Frame> frames = new ArrayList<>();
    int at = 0;
    while (true) {
      if (at + PptFraming.HEADER_LENGTH > wire.length) {
        throw new PptProtocolException(
            "expected a chunk header at byte " + at + " but the recording ends");
      }
      int length = PptFraming.parseLength(wire, at, PptFraming.MAX_ENCODABLE_LENGTH);
      byte type = wire[at + 7];
      at += PptFraming.HEADER_LENGTH;
      if (type == PptFraming.DATA && length == 0) {
        return frames;
      }
      if (at + length > wire.length) {
        throw new PptProtocolException(
            "expected "
                + length
                + " chunk bytes at byte "
                + at
                + " but the recording ends after "
                + (wire.length - at));
      }
      byte[] payload = new byte[length];
      System.arraycopy(wire, at, payload, 0, length);
      frames.add(new Frame(type, payload));
      at += length;
    }
  }
}
