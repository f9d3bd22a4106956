package org.olfsfastpath.log;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.EncoderBase;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Encodes each access line ({@link AccessLineLayout}) as UTF-8 through one builder kept from line
 * to line: a line costs a string and its bytes, where a layout and Logback's wrapping encoder made
 * a builder as well and grew it (about 1 KB of garbage a request). Used by the access log's
 * appender alone, which its worker thread alone calls ({@link CountingAsyncAppender}), so the
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
    // Two array copies the JIT vectorizes (a user's name may be anything: UTF-8 then, as the
    // pattern's encoder writes it); a loop over the builder's chars cost three times the layout.
    return line.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public byte @Nullable [] footerBytes() {
    return null;
  }
}
