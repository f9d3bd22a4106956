package org.olfsfastpath.pages;

/** How much a computed answer size can be trusted. */
enum SizeKind {
  /** The answer will be exactly this many bytes. */
  EXACT,
  /** At least this many bytes: strings or sequence rows add what the data holds. */
  AT_LEAST,
  /** An estimate: text answers and files whose bytes depend on the values. */
  ABOUT;

  /** The weaker of two kinds, for a sum. */
  SizeKind and(SizeKind other) {
    return ordinal() >= other.ordinal() ? this : other;
  }

  /** The name the page and its script use: {@code exact}, {@code at-least}, {@code about}. */
  String token() {
    return switch (this) {
      case EXACT -> "exact";
      case AT_LEAST -> "at-least";
      case ABOUT -> "about";
    };
  }
}
