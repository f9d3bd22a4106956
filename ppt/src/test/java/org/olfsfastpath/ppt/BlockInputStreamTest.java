package org.olfsfastpath.ppt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class BlockInputStreamTest {

  /** Answers its bytes a block of at most two at a time, and notes each block asked for. */
  private static final class Blocks extends BlockInputStream {
    private final byte[] bytes;
    private int next;
    final List<Integer> asked = new ArrayList<>();

    Blocks(byte... bytes) {
      this.bytes = bytes;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      asked.add(len);
      if (next == bytes.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, 2), bytes.length - next);
      System.arraycopy(bytes, next, b, off, n);
      next += n;
      return n;
    }
  }

  @Test
  void read_oneByte_isABlockOfOne_unsigned_thenMinusOneAtTheEnd() throws Exception {
    Blocks in = new Blocks((byte) 0x00, (byte) 0x7F, (byte) 0x80, (byte) 0xFF);

    assertEquals(0, in.read());
    assertEquals(0x7F, in.read());
    assertEquals(0x80, in.read());
    assertEquals(0xFF, in.read());
    assertEquals(-1, in.read());
    assertEquals(List.of(1, 1, 1, 1, 1), in.asked);
  }

  @Test
  void read_mixesWithBlockReads_inOrder() throws Exception {
    Blocks in = new Blocks((byte) 1, (byte) 2, (byte) 3, (byte) 4);
    byte[] two = new byte[2];

    assertEquals(1, in.read());
    assertEquals(2, in.read(two, 0, 2));
    assertEquals(4, in.read());
    assertEquals(2, two[0]);
    assertEquals(3, two[1]);
  }
}
