package org.olfsfastpath.dap;

import java.util.OptionalLong;

/**
 * The most values a DAP2 constraint can select, read from the constraint alone, before any answer
 * or description of the dataset is at hand: the first request for a small slice can then be known
 * small. Only a projection of variables that each carry an index range on every dimension is
 * bounded: the BES refuses a constraint whose ranges do not match the variable's dimensions ("The
 * number of dimensions in the constraint must match the number in the array"), so the ranges'
 * counts multiply to the values sent, and a Grid's maps add at most their sum. Anything the
 * constraint cannot bound is unbounded: no constraint (the whole dataset), a variable named whole,
 * a selection ({@code &}), a server function, an open range ({@code *}).
 */
public final class ConstraintBound {
  private ConstraintBound() {}

  /**
   * The most values {@code constraint} selects, array values and map values together.
   *
   * @param constraint a decoded DAP2 constraint ({@code SST[0:1:0][0:1:9][0:1:9],COADSX[0:9]})
   * @return the bound, or empty when the constraint does not bound the answer
   */
  public static OptionalLong values(String constraint) {
    String ce = constraint.strip();
    if (ce.isEmpty() || ce.indexOf('&') >= 0 || ce.indexOf('(') >= 0) {
      return OptionalLong.empty();
    }
    long total = 0;
    int start = 0;
    int depth = 0;
    for (int i = 0; i <= ce.length(); i++) {
      char c = i < ce.length() ? ce.charAt(i) : ',';
      if (c == '[') {
        depth++;
      } else if (c == ']') {
        depth--;
      } else if (i == ce.length() && depth != 0) {
        return OptionalLong.empty(); // A range left open.
      } else if (c == ',' && depth == 0) {
        long one = projection(ce.substring(start, i));
        if (one < 0) {
          return OptionalLong.empty();
        }
        total = saturatedAdd(total, one);
        start = i + 1;
      }
    }
    return OptionalLong.of(total);
  }

  /** The values one projection selects, or -1 when it is not bounded. */
  private static long projection(String projection) {
    String p = projection.strip();
    int open = p.indexOf('[');
    if (p.isEmpty() || open <= 0) {
      return -1; // A variable named whole (or nothing at all).
    }
    long product = 1;
    long maps = 0;
    int i = open;
    while (i < p.length()) {
      char c = p.charAt(i);
      if (c == '.') {
        // A field of a structure array: its own ranges multiply with its parent's.
        int next = p.indexOf('[', i);
        if (next < 0) {
          return -1;
        }
        i = next;
        continue;
      }
      if (c != '[') {
        i++;
        continue;
      }
      int close = p.indexOf(']', i);
      if (close < 0) {
        return -1;
      }
      long count = count(p.substring(i + 1, close));
      if (count < 0) {
        return -1;
      }
      product = saturatedMultiply(product, count);
      maps = saturatedAdd(maps, count);
      i = close + 1;
    }
    return saturatedAdd(product, maps);
  }

  /** The indexes {@code i}, {@code a:b} or {@code a:s:b} select, or -1 if not bounded. */
  private static long count(String range) {
    String[] parts = range.split(":", -1);
    long[] numbers = new long[parts.length];
    for (int k = 0; k < parts.length; k++) {
      String part = parts[k].strip();
      if (part.isEmpty() || part.length() > 18) {
        return -1;
      }
      for (int j = 0; j < part.length(); j++) {
        if (part.charAt(j) < '0' || part.charAt(j) > '9') {
          return -1; // "*", a name, a sign: not a bound the BES holds to.
        }
      }
      numbers[k] = Long.parseLong(part);
    }
    return switch (numbers.length) {
      case 1 -> 1;
      case 2 -> numbers[1] < numbers[0] ? -1 : numbers[1] - numbers[0] + 1;
      case 3 ->
          numbers[1] < 1 || numbers[2] < numbers[0]
              ? -1
              : (numbers[2] - numbers[0]) / numbers[1] + 1;
      default -> -1;
    };
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  private static long saturatedMultiply(long a, long b) {
    return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }
}
