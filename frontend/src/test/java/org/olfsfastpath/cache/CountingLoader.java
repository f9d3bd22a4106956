package org.olfsfastpath.cache;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A response loader standing in for a BES get: answers fixed bytes, and counts every open and every
 * close of the streams it hands out.
 */
final class CountingLoader implements ResponseLoader {
  static final Instant MODIFIED = Instant.parse("2026-11-22T01:52:59Z");

  final AtomicInteger opens = new AtomicInteger();
  final AtomicInteger closes = new AtomicInteger();
  private final byte[] body;

  CountingLoader(byte[] body) {
    this.body = body.clone();
  }

  static CountingLoader text(String body) {
    return new CountingLoader(body.getBytes(StandardCharsets.UTF_8));
  }

  /** A dataset as the data-source cache would describe it; each call makes a new instance. */
  static DataSource source(String path) {
    return new DataSource(path, true, MODIFIED, 3, false, List.of());
  }

  /** {@code n} bytes of a DAS-like text. */
  static byte[] bytes(int n) {
    byte[] out = new byte[n];
    byte[] pattern =
        "Attributes { sst { String units \"degC\"; } }\n".getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < n; i++) {
      out[i] = pattern[i % pattern.length];
    }
    return out;
  }

  @Override
  public InputStream open() throws IOException {
    opens.incrementAndGet();
    return new ByteArrayInputStream(body) {
      @Override
      public void close() {
        closes.incrementAndGet();
      }
    };
  }

  @Override
  public String toString() {
    return "CountingLoader(" + body.length + " bytes)";
  }
}
