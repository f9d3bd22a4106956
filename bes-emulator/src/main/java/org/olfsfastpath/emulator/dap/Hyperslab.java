package org.olfsfastpath.emulator.dap;

import java.io.IOException;
import java.util.List;

/**
 * Walks the values a set of slices selects from a variable, one row (run along the last dimension)
 * at a time, in row-major order.
 */
final class Hyperslab {
  /** Receives one row: {@code count} values at {@code first}, {@code first + step}, ... */
  interface RowVisitor {
    /**
     * @param row the indices of the row within the constrained shape, one per leading dimension (do
     *     not keep: the array is reused)
     */
    void row(int[] row, int first, int step, int count) throws IOException;
  }

  /**
   * Puts {@code count} values, at {@code first}, {@code first + step}, ..., into {@code buffer} at
   * {@code at} in one encoding; answers the position after them.
   */
  interface Encoder {
    int put(Values values, int first, int step, int count, byte[] buffer, int at);
  }

  private Hyperslab() {}

  /**
   * Writes the values the slices select from {@code variable}, {@code width} bytes each as {@code
   * encoder} puts them: whole rows at a time, each cut to what fits in the sink's buffer.
   */
  static void write(
      Variable variable, List<Slice> slices, ByteSink sink, int width, Encoder encoder)
      throws IOException {
    Values values = variable.values();
    // No value is wider than 8 bytes.
    int batchLimit = sink.capacity() / 8;
    forEachRow(
        variable,
        slices,
        (row, first, step, count) -> {
          int index = first;
          int remaining = count;
          while (remaining > 0) {
            int batch = Math.min(remaining, batchLimit);
            int position = sink.reserve(batch * width);
            sink.advance(encoder.put(values, index, step, batch, sink.buffer(), position));
            index += batch * step;
            remaining -= batch;
          }
        });
  }

  static void forEachRow(Variable variable, List<Slice> slices, RowVisitor visitor)
      throws IOException {
    int rank = slices.size();
    List<Dimension> dimensions = variable.dimensions();
    int[] dimensionStride = new int[rank];
    int stride = 1;
    for (int d = rank - 1; d >= 0; d--) {
      dimensionStride[d] = stride;
      stride *= dimensions.get(d).size();
    }
    Slice last = slices.get(rank - 1);
    int[] row = new int[rank - 1];
    while (true) {
      int first = last.start();
      for (int d = 0; d < rank - 1; d++) {
        first += slices.get(d).index(row[d]) * dimensionStride[d];
      }
      visitor.row(row, first, last.stride(), last.count());
      int d = rank - 2;
      while (d >= 0 && ++row[d] == slices.get(d).count()) {
        row[d] = 0;
        d--;
      }
      if (d < 0) {
        return;
      }
    }
  }
}
