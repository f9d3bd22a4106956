package org.olfsfastpath.bes;

import static org.olfsfastpath.spec.Checks.requireArgument;

import java.util.Locale;

/**
 * A part of a number of connections, written as a count ({@code 8}) or a percentage of them ({@code
 * 25%}): a client's share of a group's connections, a pool's reserve for short requests. Immutable.
 */
final class Portion {
  private final int count;
  private final int percent;

  private Portion(int count, int percent) {
    this.count = count;
    this.percent = percent;
  }

  /**
   * Reads {@code 8} or {@code 25%} (0-100%, a count 0-10000).
   *
   * @throws IllegalArgumentException naming {@code name}, if it is neither
   */
  static Portion parse(String name, String text) {
    String value = text.strip();
    boolean percentage = value.endsWith("%");
    String digits = percentage ? value.substring(0, value.length() - 1).strip() : value;
    int number;
    try {
      number = Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          String.format(
              Locale.US,
              "%s was '%s', must be a count of connections (8) or a percentage of them (25%%)",
              name,
              text),
          e);
    }
    if (percentage) {
      requireArgument(number >= 0 && number <= 100, "%s was %s, must be 0%%-100%%", name, value);
      return new Portion(-1, number);
    }
    requireArgument(
        number >= 0 && number <= 10_000,
        "%s was %s, must be a count 0-10000 or a" + " percentage",
        name,
        value);
    return new Portion(number, -1);
  }

  /**
   * This part of {@code total} connections: the count (at most {@code total}), or the percentage
   * rounded down, but at least 1 when the percentage is not 0 and {@code total} is.
   */
  int of(int total) {
    if (count >= 0) {
      return Math.min(count, total);
    }
    int part = (int) ((long) total * percent / 100);
    return percent > 0 && total > 0 ? Math.max(1, part) : part;
  }

  @Override
  public String toString() {
    return count >= 0 ? Integer.toString(count) : percent + "%";
  }
}
