package org.olfsfastpath.ppt;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/** Random PPT-ish byte streams for fuzz tests: mostly valid pieces, some garbage. */
final class PptFuzz {
  /** Extension payloads, the first {@link #WELL_FORMED_EXTENSIONS} well-formed. */
  static final String[] EXTENSIONS = {
    "status=error;", "exit=true;status=error;", "status=PPT_EXIT_NOW;", "flag;", "a=b=c;",
    "status=error", "=x;", "a=;", ";;", "",
  };

  private static final int WELL_FORMED_EXTENSIONS = 5;

  private PptFuzz() {}

  /** A stream of up to ten pieces; in half of the streams every piece is well-formed. */
  static byte[] randomStream(Random random) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int pieces = 1 + random.nextInt(10);
    boolean wellFormed = random.nextBoolean();
    for (int i = 0; i < pieces; i++) {
      int kind = random.nextInt(wellFormed ? 75 : 100);
      if (kind < 40) {
        byte[] payload = new byte[1 + random.nextInt(random.nextBoolean() ? 40 : 3000)];
        random.nextBytes(payload);
        write(out, header(payload.length, 'd', random));
        write(out, payload);
      } else if (kind < 60) {
        write(out, "0000000d".getBytes(StandardCharsets.US_ASCII));
      } else if (kind < 75) {
        String[] choices =
            wellFormed ? Arrays.copyOf(EXTENSIONS, WELL_FORMED_EXTENSIONS) : EXTENSIONS;
        byte[] text = choices[random.nextInt(choices.length)].getBytes(StandardCharsets.US_ASCII);
        write(out, header(text.length, 'x', random));
        write(out, text);
      } else if (kind < 83) {
        // A header claiming more than the 4096-byte cap the fuzz tests use.
        write(
            out, header(4097 + random.nextInt(1 << 20), random.nextBoolean() ? 'd' : 'x', random));
      } else if (kind < 91) {
        byte[] garbage = new byte[1 + random.nextInt(12)];
        random.nextBytes(garbage);
        write(out, garbage);
      } else {
        byte[] header = header(random.nextInt(64), 'd', random);
        header[random.nextInt(8)] = (byte) random.nextInt(256);
        write(out, header);
      }
    }
    byte[] all = out.toByteArray();
    // Sometimes cut the stream anywhere, as an early close would.
    return random.nextInt(wellFormed ? 8 : 4) == 0 && all.length > 0
        ? Arrays.copyOf(all, random.nextInt(all.length))
        : all;
  }

  /** Piece sizes that add up to {@code length}. */
  static int[] randomSplits(Random random, int length) {
    int[] pieces = new int[length + 1];
    int count = 0;
    int left = length;
    while (left > 0) {
      int n = 1 + random.nextInt(Math.min(left, random.nextBoolean() ? 9 : 700));
      pieces[count++] = n;
      left -= n;
    }
    return Arrays.copyOf(pieces, count);
  }

  private static byte[] header(int length, char type, Random random) {
    String hex = String.format(Locale.ROOT, "%07x", length);
    if (random.nextInt(8) == 0) {
      hex = hex.toUpperCase(Locale.ROOT);
    }
    return (hex + type).getBytes(StandardCharsets.US_ASCII);
  }

  private static void write(ByteArrayOutputStream out, byte[] bytes) {
    out.write(bytes, 0, bytes.length);
  }
}
