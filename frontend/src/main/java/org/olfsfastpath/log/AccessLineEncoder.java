package org.olfsfastpath.log;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.EncoderBase;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Encodes each access line ({@link AccessLineLayout}) as UTF-8 through one builder kept from line
 * to line: a line costs one array, the bytes written, where a layout and Logback's wrapping encoder
 * made a builder, a string and the bytes (about 1 KB of garbage a request). Used by the access
 * log's appender alone, which its worker thread alone calls ({@link CountingAsyncAppender}), so the
 * builder is plain state.
 */
final class AccessLineEncoder extends EncoderBase<ILoggingEvent> {
  private final AccessLineLayout layout;
  private final StringBuilder line = new StringBuilder(512);

  AccessLineEncoder(AccessLineLayout layout) {
    this.layout = layout;
  }

  @Override
  public byte @Nullable [] headerBytes() {
    return null;
  }

  @Override
  public byte[] encode(ILoggingEvent event) {
    line.setLength(0);
    layout.write(event, line);
    int length = line.length();
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      char c = line.charAt(i);
      if (c >= 0x80) {
        // A user's name may be anything: UTF-8 then, as the pattern's encoder writes it.
        return line.toString().getBytes(StandardCharsets.UTF_8);
      }
      bytes[i] = (byte) c;
    }
    return bytes;
  }

  @Override
  public byte @Nullable [] footerBytes() {
    return null;
  }
}
