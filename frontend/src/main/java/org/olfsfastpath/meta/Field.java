package org.olfsfastpath.meta;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One value of a discovery record, with where it came from.
 *
 * @param value the value; null exactly when {@code origin} is {@link Origin#MISSING}
 * @param origin where it came from
 * @param source what it was read from, for people: {@code NC_GLOBAL.title}, {@code COADSX values},
 *     {@code BES.ServerAdministrator}, {@code dataset name}
 * @param notes what was done to it on the way: cut, cleaned, year 0, not a date
 */
public record Field<T>(@Nullable T value, Origin origin, String source, List<String> notes) {
  public Field {
    Objects.requireNonNull(origin, "origin == null");
    Objects.requireNonNull(source, "source == null");
    notes = List.copyOf(notes);
    if ((value == null) != (origin == Origin.MISSING)) {
      throw new IllegalArgumentException(
          "a value must be null exactly when it is missing, but was " + value + " " + origin);
    }
  }

  /** A value nothing gave, with why (or what would have given it) in {@code source}. */
  public static <T> Field<T> missing(String source) {
    return new Field<>(null, Origin.MISSING, source, List.of());
  }

  /** A value from {@code origin} without notes. */
  public static <T> Field<T> of(T value, Origin origin, String source) {
    return new Field<>(Objects.requireNonNull(value, "value == null"), origin, source, List.of());
  }

  /** Whether there is a value. */
  public boolean isPresent() {
    return value != null;
  }

  /**
   * The value of a field that is never missing.
   *
   * @throws IllegalStateException if it is missing
   */
  public T get() {
    if (value == null) {
      throw new IllegalStateException("missing: " + source);
    }
    return value;
  }

  /** The value, or {@code other} when missing. */
  public T orElse(T other) {
    return value != null ? value : other;
  }
}
