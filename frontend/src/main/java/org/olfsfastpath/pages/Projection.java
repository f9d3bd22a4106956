package org.olfsfastpath.pages;

import java.util.List;
import java.util.Objects;
import org.olfsfastpath.pages.DatasetModel.Dimension;
import org.olfsfastpath.pages.DatasetModel.Variable;

/**
 * One variable of a selection as the answer carries it: how many indexes of each dimension, and
 * whether the constraint slices it ({@code COADSX[10:5:40]}) or names it whole ({@code COADSX}).
 *
 * @param variable the variable
 * @param counts per dimension, the number of indexes selected
 * @param sliced whether the constraint gives it index ranges
 */
record Projection(Variable variable, long[] counts, boolean sliced) {
  Projection {
    Objects.requireNonNull(variable, "variable == null");
    counts = counts.clone();
  }

  /** {@code variable} whole. */
  static Projection whole(Variable variable) {
    List<Dimension> dims = variable.dimensions();
    long[] counts = new long[dims.size()];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = dims.get(i).size();
    }
    return new Projection(variable, counts, false);
  }

  /** The number of indexes {@code start:stride:stop} selects. */
  static long count(long start, long stride, long stop) {
    return stop < start ? 0 : (stop - start) / stride + 1;
  }

  @Override
  public long[] counts() {
    return counts.clone();
  }
}
