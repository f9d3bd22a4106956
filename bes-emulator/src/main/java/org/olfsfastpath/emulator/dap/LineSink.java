package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Text output that ends a PPT chunk at every newline, as the BES's JSON, CovJSON and DAP4 CSV
 * writers do: they end each line with {@code std::endl}, which flushes the BES's stream buffer. A
 * long line leaves in pieces without a flush, so it still travels in one chunk. Characters are
 * written as ISO-8859-1. Not thread-safe.
 */
final class LineSink {
  private static final int PIECE = 16 * 1024;

  private final OutputStream out;
  private final StringBuilder line = new StringBuilder(256);

  LineSink(OutputStream out) {
    this.out = out;
  }

  LineSink append(CharSequence text) throws IOException {
    for (int i = 0; i < text.length(); i++) {
      append(text.charAt(i));
    }
    return this;
  }

  LineSink append(char c) throws IOException {
    line.append(c);
    if (c == '\n') {
      drain();
      out.flush();
    } else if (line.length() >= PIECE) {
      drain();
    }
    return this;
  }

  /** Writes out a last line that has no newline, without ending the chunk. */
  void finish() throws IOException {
    drain();
  }

  private void drain() throws IOException {
    if (line.length() > 0) {
      out.write(line.toString().getBytes(StandardCharsets.ISO_8859_1));
      line.setLength(0);
    }
  }
}
