package org.olfsfastpath.pages;

import java.util.List;

/**
 * How one variable adds to one answer's size, as a function of the counts selected along its
 * dimensions: text (the DDS or DMR lines that describe it) and data (its values). The page's script
 * evaluates the same terms ({@code form.js}, {@code termBytes}), so the size it shows live is the
 * size this class computes.
 *
 * <pre>
 * text = whole ? text + sum(digits[i] * digitsOf(count[i]))
 *              : slicedText + sum(slicedDigits[i] * digitsOf(count[i]))
 * data = prefix + width * n (rounded up to 4 bytes when pad) + sum(maps[i] * count[i])
 *        + perRow * rows          n = product of the counts, rows = n / the last count
 * </pre>
 *
 * @param text text bytes when the variable is sent whole, besides the counts' digits
 * @param digits per dimension, how often its count is written in the text when whole
 * @param slicedText text bytes when the variable is sliced
 * @param slicedDigits per dimension, how often its count is written when sliced
 * @param prefix data bytes that do not depend on the counts (array lengths)
 * @param width data bytes per value
 * @param pad whether the values are padded to a multiple of 4 bytes (DAP2 Byte arrays)
 * @param maps per dimension, data bytes per selected index (a DAP2 Grid's maps)
 * @param perRow bytes per row of the last dimension (the row labels of text answers)
 * @param kind whether this variable's share is exact
 * @param dimensions the shared dimensions a DMR declares for the variable sent whole
 */
record SizeTerm(
    long text,
    int[] digits,
    long slicedText,
    int[] slicedDigits,
    long prefix,
    long width,
    boolean pad,
    long[] maps,
    long perRow,
    SizeKind kind,
    List<String> dimensions) {
  SizeTerm {
    digits = digits.clone();
    slicedDigits = slicedDigits.clone();
    maps = maps.clone();
    dimensions = List.copyOf(dimensions);
  }

  /** The text bytes for {@code counts}, whole or sliced. */
  long textBytes(long[] counts, boolean sliced) {
    long bytes = sliced ? slicedText : text;
    int[] perDigit = sliced ? slicedDigits : digits;
    for (int i = 0; i < counts.length && i < perDigit.length; i++) {
      bytes += perDigit[i] * digitsOf(counts[i]);
    }
    return bytes;
  }

  /** The data bytes for {@code counts}. */
  long dataBytes(long[] counts) {
    long n = 1;
    for (long count : counts) {
      n *= count;
    }
    long values = width * n;
    if (pad) {
      values = (values + 3) / 4 * 4;
    }
    long bytes = prefix + values;
    for (int i = 0; i < counts.length && i < maps.length; i++) {
      bytes += maps[i] * counts[i];
    }
    if (perRow != 0) {
      long last = counts.length == 0 ? 1 : counts[counts.length - 1];
      bytes += perRow * (counts.length <= 1 ? 1 : last == 0 ? 0 : n / last);
    }
    return bytes;
  }

  static int digitsOf(long count) {
    return Long.toString(count).length();
  }
}
