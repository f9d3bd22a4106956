package org.olfsfastpath.dap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a DAP2 constraint alone says of the most values its answer holds. */
final class ConstraintBoundTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // Each range's count multiplies; a Grid's maps add at most the counts' sum.
        "SST[0:1:0][0:1:9][0:1:9] | 121",
        "SST[0][0:9][0:9] | 121",
        "COADSX[10:5:40] | 14",
        "SST[0][0][0],COADSX[0:9] | 24",
        " SST[0][0][0] , COADSY[3] | 6",
        // A field of a structure array.
        "s[0:1].x[0:2] | 11",
        // Unbounded: nothing, a variable whole, a selection, a function, an open range, a bad one.
        " | -1",
        "SST | -1",
        "SST[0][0][0],COADSX | -1",
        "SST[0][0][0]&SST>0 | -1",
        "geogrid(SST,1,2,3,4) | -1",
        "SST[0:*][0][0] | -1",
        "SST[9:0][0][0] | -1",
        "SST[0:0:9][0][0] | -1",
        "SST[-1][0][0] | -1",
        "s[0].x | -1",
        "SST[0 | -1",
      })
  void values(String constraint, long expected) {
    OptionalLong values = ConstraintBound.values(constraint == null ? "" : constraint);
    assertEquals(expected, values.isPresent() ? values.getAsLong() : -1, String.valueOf(values));
  }

  @org.junit.jupiter.api.Test
  void aHugeSlice_saturates_ratherThanOverflow() {
    assertEquals(
        Long.MAX_VALUE,
        ConstraintBound.values("x[0:999999999999][0:999999999999][0:999999999999]").getAsLong());
  }
}
