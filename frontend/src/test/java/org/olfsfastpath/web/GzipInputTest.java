package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The gzip encoding read as a stream is what a gzip reader takes back to the original bytes. */
final class GzipInputTest {
  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(ints = {0, 1, 100, 16 * 1024, 16 * 1024 + 1, 1_000_000})
  void roundTrip_readInPiecesOfEverySize(int length) throws IOException {
    byte[] original = new byte[length];
    Random random = new Random(length);
    for (int i = 0; i < length; i++) {
      original[i] = (byte) ("0123456789.,\n ".charAt(random.nextInt(14)));
    }
    ByteArrayOutputStream encoded = new ByteArrayOutputStream();
    boolean[] closed = new boolean[1];
    InputStream source =
        new ByteArrayInputStream(original) {
          @Override
          public void close() {
            closed[0] = true;
          }
        };
    try (GzipInput in = new GzipInput(source)) {
      byte[] piece = new byte[1 + random.nextInt(9000)];
      for (int n; (n = in.read(piece, 0, 1 + random.nextInt(piece.length))) >= 0; ) {
        encoded.write(piece, 0, n);
      }
      assertEquals(-1, in.read());
    }
    assertTrue(closed[0], "closing closes the source (and with it the BES response)");
    byte[] decoded =
        new GZIPInputStream(new ByteArrayInputStream(encoded.toByteArray())).readAllBytes();
    assertArrayEquals(original, decoded);
    if (length >= 16 * 1024) {
      // Fourteen symbols at random: under 4 bits of entropy a byte.
      assertTrue(encoded.size() < length * 6 / 10, "compressed: " + encoded.size());
    }
  }
}
